import { describe, expect, it } from 'vitest';
import { parseOrigin, readOrigin } from './origin.js';

describe('parseOrigin', () => {
  it('answers the origin as browsers send it: lower case, no default port, no slash', () => {
    expect(parseOrigin('HTTPS://Shop.Example.IN:443/')).toBe('https://shop.example.in');
    expect(parseOrigin('http://127.0.0.1:4173')).toBe('http://127.0.0.1:4173');
    expect(parseOrigin('http://[::1]:80')).toBe('http://[::1]');
  });

  it.each([
    'shop.example.in',
    '/api',
    'ws://shop.example.in',
    'https://shop.example.in/x',
    'https://shop.example.in/?x=1',
    'https://shop.example.in?',
    'https://shop.example.in#',
    'https://a:b@shop.example.in',
    'null',
  ])('is null for %j', (text) => {
    expect(parseOrigin(text)).toBeNull();
  });
});

describe('readOrigin', () => {
  it('says why a text is no address of an origin', () => {
    expect(readOrigin('http://exa mple')).toEqual({ ok: false, problem: 'not-a-url' });
    expect(readOrigin('file:///etc/passwd')).toEqual({ ok: false, problem: 'not-http' });
    expect(readOrigin('http://a:b@shop.example/seller')).toEqual({
      ok: false,
      problem: 'credentials',
    });
  });

  it('takes a page’s address for its origin, saying it was not the origin alone', () => {
    expect(readOrigin('HTTPS://Shop.Example:443/seller/orders?x=1#y')).toEqual({
      ok: true,
      origin: 'https://shop.example',
      bare: false,
    });
    expect(readOrigin('http://shop.example:80/')).toEqual({
      ok: true,
      origin: 'http://shop.example',
      bare: true,
    });
  });
});
