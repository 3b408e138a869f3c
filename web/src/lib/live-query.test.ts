import { describe, expect, it } from 'vitest';
import { layOver, receiveInto, type Versioned } from './live-query';

const item = (_id: string, minute: number, name = _id) => ({
  _id,
  name,
  updatedAt: new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString(),
});
type Item = Versioned & { name: string };
const byId = (a: Item, b: Item) => a._id.localeCompare(b._id);

describe('receiveInto', () => {
  it('puts a new item in its place by the order', () => {
    const list = [item('a', 1), item('c', 1)];
    expect(receiveInto(list, item('b', 2), byId).map((held) => held._id)).toEqual(['a', 'b', 'c']);
  });

  it('replaces an item with a newer copy, and keeps the list itself for an older or equal one', () => {
    const list = [item('a', 5), item('b', 5)];
    expect(receiveInto(list, item('a', 6, 'newer'), byId)[0]?.name).toBe('newer');
    expect(receiveInto(list, item('a', 4, 'older'), byId)).toBe(list);
    expect(receiveInto(list, item('a', 5, 'again'), byId)).toBe(list);
  });
});

describe('layOver', () => {
  it('takes the answer, sorted, when nothing was held', () => {
    expect(layOver(undefined, [item('b', 1), item('a', 1)], byId, true)).toEqual([
      item('a', 1),
      item('b', 1),
    ]);
  });

  it('keeps the newer copy of each item, whichever side brought it', () => {
    const held = [item('a', 5, 'live'), item('b', 1, 'old')];
    const fetched = [item('a', 2, 'late answer'), item('b', 3, 'fresh')];
    expect(layOver(held, fetched, byId, false).map((kept) => kept.name)).toEqual(['live', 'fresh']);
  });

  it('keeps held items the answer lacks only for a list that never loses one', () => {
    const held = [item('a', 1), item('b', 1)];
    const fetched = [item('a', 1)];
    expect(layOver(held, fetched, byId, true)).toBe(held);
    expect(layOver(held, fetched, byId, false)).toEqual([item('a', 1)]);
  });

  it('answers the held list itself when the answer changes nothing', () => {
    const held = [item('a', 1), item('b', 2)];
    expect(layOver(held, [item('b', 2), item('a', 1)], byId, false)).toBe(held);
  });
});
