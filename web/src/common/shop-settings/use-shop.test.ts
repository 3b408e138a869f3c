import { describe, expect, it } from 'vitest';
import { BEHIND_RETRY_MS, refetchDelay } from './use-shop';

describe('refetchDelay', () => {
  const change = '2026-11-27T01:30:00.000Z';
  const at = Date.parse(change);

  it('asks a moment after a change still ahead', () => {
    expect(refetchDelay(change, at - 60_000)).toBe(61_000);
  });

  it('asks again a while later when the change has passed by this clock but not the server', () => {
    // The server answered with the same change: its clock is behind, so this one must try again.
    expect(refetchDelay(change, at + 500)).toBe(BEHIND_RETRY_MS);
    expect(refetchDelay(change, at + 10 * 60_000)).toBe(BEHIND_RETRY_MS);
  });
});
