import { describe, expect, test } from 'vitest';
import { chooseCoding } from './precompressed.js';

describe('chooseCoding', () => {
  test.each([
    // What browsers send: every coding weighed alike, so ours break the tie.
    ['gzip, deflate, br, zstd', 'br'],
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['deflate, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    // q=0 refuses a coding, whatever else the header says.
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['*;q=0, gzip', 'gzip'],
    // The client's weights come before ours.
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.5, identity', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['zstd', 'identity'],
    // Nothing acceptable at all: identity anyway rather than a 406.
    ['identity;q=0, *;q=0', 'identity'],
    ['BR', 'br'],
  ])('Accept-Encoding %j gets %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});
