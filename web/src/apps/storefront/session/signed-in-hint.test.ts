import { SIGNED_IN_HINT_COOKIE } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { mayBeSignedIn } from './signed-in-hint';

describe('mayBeSignedIn', () => {
  it('is false when the store has left no hint cookie', () => {
    expect(mayBeSignedIn('', '')).toBe(false);
    expect(mayBeSignedIn('theme=dark; other=1', '')).toBe(false);
    expect(mayBeSignedIn(`not_${SIGNED_IN_HINT_COOKIE}=1`, '')).toBe(false);
  });

  it('is true when the hint cookie is there', () => {
    expect(mayBeSignedIn(`theme=dark; ${SIGNED_IN_HINT_COOKIE}=1`, '')).toBe(true);
  });

  it('is true on a page of another origin, which cannot read the API server’s cookies', () => {
    expect(mayBeSignedIn('', 'https://api.example.in')).toBe(true);
  });

  it('is true outside a browser page', () => {
    expect(mayBeSignedIn(undefined, '')).toBe(true);
  });
});
