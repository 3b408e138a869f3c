import { describe, expect, it } from 'vitest';
import {
  AGENT_MESSAGES,
  MESSAGES,
  PROMISE_MESSAGES,
  SELLER_MESSAGES,
  SHOP_MESSAGES,
} from './messages.js';

describe('MESSAGES', () => {
  it('holds every area’s texts, none of them hidden by another area’s text of the same key', () => {
    const areas = [SHOP_MESSAGES, PROMISE_MESSAGES, SELLER_MESSAGES, AGENT_MESSAGES];
    const keys = areas.flatMap((texts) => Object.keys(texts));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(MESSAGES).sort()).toEqual(keys.sort());
  });
});

describe('a failed backup’s texts', () => {
  it('say the tool’s first line, cut to 200 characters, and something when it said nothing', () => {
    expect(SELLER_MESSAGES.backupFailed('pg_dump: error: connection refused\n  details')).toBe(
      'Backup failed: pg_dump: error: connection refused',
    );
    const long = SELLER_MESSAGES.backupFailedBody('x'.repeat(500));
    expect(long).toBe(`${'x'.repeat(199)}…`);
    expect(SELLER_MESSAGES.backupFailed('  \n')).toBe('Backup failed: no reason given');
  });
});
