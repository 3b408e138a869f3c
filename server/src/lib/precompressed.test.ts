import { gunzipSync } from 'node:zlib';
import { describe, expect, test, vi } from 'vitest';
import { chooseCoding, EncodedAnswer } from './precompressed.js';

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

describe('EncodedAnswer', () => {
  test('makes each coding once, shares it while it is made, and counts its bytes', async () => {
    const answer = EncodedAnswer.json({ success: true, words: 'doodh '.repeat(500) });
    const grown = vi.fn();
    answer.grown = grown;
    const [first, second] = await Promise.all([answer.in('gzip'), answer.in('gzip')]);

    expect(first).toBe(second);
    expect(gunzipSync(first).equals(answer.identity)).toBe(true);
    expect(await answer.in('br')).not.toBe(first);
    expect(grown).toHaveBeenCalledTimes(2);
    expect(answer.bytes).toBe(
      answer.identity.length + first.length + (await answer.in('br')).length,
    );
    expect(answer.value()).toEqual({ success: true, words: 'doodh '.repeat(500) });
  });

  test('holds its bytes and codings in memory of their own, however short', async () => {
    // A short Buffer.from is a slice of Node's shared pool; zlib answers from its output chunk.
    const pooled = Buffer.from(JSON.stringify({ success: true, products: [] }));
    const answer = new EncodedAnswer(pooled, 'json');
    const codings = await Promise.all([answer.in('gzip'), answer.in('br')]);

    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    expect(answer.identity.equals(pooled)).toBe(true);
    for (const bytes of [answer.identity, ...codings])
      expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});
