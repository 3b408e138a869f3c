import { describe, expect, it } from 'vitest';
import { AGENT_MESSAGES, MESSAGES, SELLER_MESSAGES, SHOP_MESSAGES } from './messages.js';

describe('MESSAGES', () => {
  it('holds every area’s texts, none of them hidden by another area’s text of the same key', () => {
    const areas = [SHOP_MESSAGES, SELLER_MESSAGES, AGENT_MESSAGES];
    const keys = areas.flatMap((texts) => Object.keys(texts));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(MESSAGES).sort()).toEqual(keys.sort());
  });
});
