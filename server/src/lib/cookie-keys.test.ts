import Keygrip from 'keygrip';
import { describe, expect, test } from 'vitest';
import { cookieKeys } from './cookie-keys.js';

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
