import { describe, expect, it } from 'vitest';
import { anotherSite, parseOrigin, sameSite } from './origins.js';

describe('parseOrigin', () => {
  it('answers the origin as browsers send it: lower case, no default port, no slash', () => {
    expect(parseOrigin('HTTPS://Shop.Example.IN:443/')).toBe('https://shop.example.in');
    expect(parseOrigin('http://127.0.0.1:4173')).toBe('http://127.0.0.1:4173');
    expect(parseOrigin('http://[::1]:80')).toBe('http://[::1]');
  });

  it.each([
    'shop.example.in',
    'ws://shop.example.in',
    'https://shop.example.in/x',
    'https://shop.example.in?',
    'https://shop.example.in#',
    'https://a:b@shop.example.in',
    'null',
  ])('is null for %j', (text) => {
    expect(parseOrigin(text)).toBeNull();
  });
});

describe('sameSite', () => {
  it.each([
    ['https://shop.example.in', 'https://www.shop.example.in'],
    ['https://shop.example.co.in', 'https://app.example.co.in:8443'],
    ['http://localhost:4000', 'http://localhost:5173'],
    ['http://127.0.0.1:4000', 'http://127.0.0.1:5173'],
  ])('%s and %s are one site', (a, b) => {
    expect(sameSite(a, b)).toBe(true);
  });

  it.each([
    ['https://shop.example.in', 'https://shop.other.in'],
    // Public suffixes, private ones included: two shops' pages are two sites.
    ['https://a.example.co.in', 'https://b.co.in'],
    ['https://kirana.github.io', 'https://mallory.github.io'],
    ['http://localhost:4000', 'http://127.0.0.1:4000'],
    // Schemeful same-site: HTTP and HTTPS of one domain are two sites to cookies.
    ['http://shop.example.in', 'https://shop.example.in'],
  ])('%s and %s are two sites', (a, b) => {
    expect(sameSite(a, b)).toBe(false);
  });
});

describe('anotherSite', () => {
  it('is true when any listed origin is another site than PUBLIC_URL', () => {
    expect(anotherSite('https://shop.example.in', [])).toBe(false);
    expect(anotherSite('https://shop.example.in', ['https://app.shop.example.in'])).toBe(false);
    expect(
      anotherSite('https://shop.example.in', ['https://app.shop.example.in', 'https://x.in']),
    ).toBe(true);
  });
});
