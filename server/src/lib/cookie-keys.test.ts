import Keygrip from 'keygrip';
import { describe, expect, test, vi } from 'vitest';
import { cookieKeys } from './cookie-keys.js';

/** How often Keygrip itself checked a signature (its HMACs). */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('keygrip', async (importOriginal) => {
  const { default: Real } = await importOriginal<{ default: typeof Keygrip }>();
  function Counting(secrets: string[]) {
    const keygrip = new Real(secrets);
    const index = keygrip.index.bind(keygrip);
    keygrip.index = (data: string, digest: string) => {
      checks.count += 1;
      return index(data, digest);
    };
    return keygrip;
  }
  return { default: Counting };
});

describe('cookie keys', () => {
  const keygrip = new Keygrip(['new secret', 'old secret']);
  const keys = cookieKeys(['new secret', 'old secret']);
  const byOldKey = new Keygrip(['old secret']).sign('kirana_user=token');

  test('sign and check as Keygrip does, the key found by its index, again when remembered', () => {
    const signature = keys.sign('kirana_user=token');

    expect(signature).toBe(keygrip.sign('kirana_user=token'));
    for (let time = 0; time < 2; time += 1) {
      expect(keys.index('kirana_user=token', signature)).toBe(0);
      expect(keys.index('kirana_user=token', byOldKey)).toBe(1);
      expect(keys.verify('kirana_user=token', signature)).toBe(true);
    }
  });

  test('a good signature is checked with the keys once, a forged one every time', () => {
    const signature = keys.sign('kirana_user=once');
    const before = checks.count;
    for (let time = 0; time < 3; time += 1) keys.index('kirana_user=once', signature);
    expect(checks.count - before).toBe(1);

    const forgedBefore = checks.count;
    for (let time = 0; time < 3; time += 1) keys.index('kirana_user=once', 'forged');
    expect(checks.count - forgedBefore).toBe(3);
  });

  test('a signature of other data, or a forged one, is refused every time', () => {
    const signature = keys.sign('kirana_user=token');
    expect(keys.index('kirana_user=token', signature)).toBe(0);

    for (let time = 0; time < 2; time += 1) {
      expect(keys.index('kirana_user=other', signature)).toBe(-1);
      expect(keys.index('kirana_user=token', `${signature}x`)).toBe(-1);
      expect(keys.verify('kirana_user=token', 'forged')).toBe(false);
    }
  });
});
