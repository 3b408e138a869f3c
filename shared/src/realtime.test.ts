import { describe, expect, it } from 'vitest';
import { mergeById, ROOMS } from './realtime.js';

const item = (id: string, updatedAt: string, label = '') => ({ _id: id, updatedAt, label });

describe('mergeById', () => {
  const list = [item('a', '2026-01-01T10:00:00.000Z'), item('b', '2026-01-01T10:05:00.000Z')];

  it('inserts an unknown item at the front', () => {
    const incoming = item('c', '2026-01-01T09:00:00.000Z');
    expect(mergeById(list, incoming)).toEqual([incoming, ...list]);
  });

  it('replaces an item with a newer version in place', () => {
    const newer = item('b', '2026-01-01T10:06:00.000Z', 'picked');
    expect(mergeById(list, newer)).toEqual([list[0], newer]);
  });

  it('ignores a late event older than the held item', () => {
    expect(mergeById(list, item('b', '2026-01-01T10:04:00.000Z', 'stale'))).toBe(list);
  });

  it('ignores a repeated event, so merging twice equals merging once', () => {
    const newer = item('a', '2026-01-01T11:00:00.000Z', 'delivered');
    const once = mergeById(list, newer);
    expect(mergeById(once, { ...newer })).toBe(once);
  });
});

describe('ROOMS', () => {
  it('names per-agent and per-shopper rooms by id', () => {
    expect(ROOMS.agent('a1')).toBe('agent:a1');
    expect(ROOMS.user('u1')).toBe('user:u1');
  });
});
