import { describe, expect, it } from 'vitest';
import { anotherSite, sameSite, trustedOrigin } from './origins.js';

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

describe('trustedOrigin', () => {
  const server = {
    publicUrl: 'https://shop.example.in',
    publicOrigins: ['https://app.example.in'],
    host: 'shop.example.in:8443',
  };

  it.each(['https://shop.example.in', 'https://app.example.in', 'http://shop.example.in:8443'])(
    'trusts %s: this server’s, listed, or the host the request was addressed to',
    (origin) => {
      expect(trustedOrigin(origin, server)).toBe(true);
    },
  );

  it.each(['https://evil.example', 'null', 'https://shop.example.in:8444'])(
    'does not trust %s',
    (origin) => {
      expect(trustedOrigin(origin, server)).toBe(false);
    },
  );
});
