import { describe, expect, it } from 'vitest';
import { parseServerOrigin, readServerOrigin, serverOrigin, serverUrl } from './server-origin';

/** A page whose only tag is `<meta name="kirana-api" content={content}>`. */
const pageWith = (content: string) => ({
  querySelector: (selector: string) =>
    selector === 'meta[name="kirana-api"]' ? ({ content } as HTMLMetaElement) : null,
});

describe('the server origin in the meta tag', () => {
  it('is empty, the page’s own origin, when the tag is absent or empty', () => {
    expect(parseServerOrigin(undefined)).toBe('');
    expect(parseServerOrigin('')).toBe('');
    expect(parseServerOrigin('  ')).toBe('');
    expect(readServerOrigin({ querySelector: () => null })).toBe('');
    expect(readServerOrigin(pageWith(''))).toBe('');
  });

  it('is read outside a browser page as the same origin', () => {
    expect(readServerOrigin(undefined)).toBe('');
    expect(serverOrigin).toBe('');
  });

  it('is an http(s) origin without its trailing slash', () => {
    expect(readServerOrigin(pageWith('http://127.0.0.1:4173'))).toBe('http://127.0.0.1:4173');
    expect(parseServerOrigin(' https://API.Example.in/ ')).toBe('https://api.example.in');
    expect(parseServerOrigin('https://api.example.in:443')).toBe('https://api.example.in');
  });

  it.each(['api.example.in', 'https://api.example.in/shop'])(
    'refuses "%s", naming the tag',
    (content) => {
      expect(() => parseServerOrigin(content)).toThrow(/<meta name="kirana-api">/);
    },
  );
});

describe('serverUrl', () => {
  it('puts a root-relative path on the configured server', () => {
    expect(serverUrl('/uploads/demo/apple-800.webp', 'http://127.0.0.1:4173')).toBe(
      'http://127.0.0.1:4173/uploads/demo/apple-800.webp',
    );
    expect(serverUrl('/payments/sandbox/checkout.js', '')).toBe('/payments/sandbox/checkout.js');
  });

  it('keeps absolute and protocol-relative URLs as given', () => {
    const image = 'https://cdn.example.in/uploads/apple-800.webp';
    expect(serverUrl(image, 'http://127.0.0.1:4173')).toBe(image);
    expect(serverUrl('//cdn.example.in/a.webp', 'http://127.0.0.1:4173')).toBe(
      '//cdn.example.in/a.webp',
    );
  });
});
