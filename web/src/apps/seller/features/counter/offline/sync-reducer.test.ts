import { describe, expect, it } from 'vitest';
import { startingSync, syncReducer, toSend, type SyncEvent, type SyncState } from './sync-reducer';

const run = (state: SyncState, ...events: SyncEvent[]) => events.reduce(syncReducer, state);
const keys = (state: SyncState) => state.waiting.map((sale) => sale.key);
const archived = { code: 'CONFLICT', message: 'Tea is no longer sold' };
const tea = { product: 'tea', name: 'Tea', pastCount: 2 };

/** Offline, two sales made: a, then b. */
const twoKeptOffline = () =>
  run(
    startingSync(),
    { type: 'connection lost' },
    { type: 'kept', key: 'a' },
    { type: 'kept', key: 'b' },
  );

describe('the sync of sales made offline, event by event', () => {
  it('keeps a sale made offline in the queue, sending nothing while offline', () => {
    const state = run(startingSync(), { type: 'connection lost' }, { type: 'kept', key: 'a' });
    expect(state).toMatchObject({ online: false, sending: null, sendNext: null });
    expect(keys(state)).toEqual(['a']);
  });

  it('sends the queue oldest first once the connection is back, one sale at a time', () => {
    const back = run(twoKeptOffline(), { type: 'connection back' });
    expect(back.sendNext).toBe('a');
    const sending = run(back, { type: 'send started', key: 'a' });
    expect(sending).toMatchObject({ sending: 'a', sendNext: null });
    // Kept meanwhile: it waits its turn.
    expect(run(sending, { type: 'kept', key: 'c' }).sendNext).toBeNull();
    const answered = run(sending, { type: 'answered', key: 'a', flagged: [] });
    expect(answered).toMatchObject({ sending: null, sendNext: 'b' });
    expect(keys(answered)).toEqual(['b']);
    const done = run(
      answered,
      { type: 'send started', key: 'b' },
      { type: 'answered', key: 'b', flagged: [] },
    );
    expect(done).toMatchObject({ waiting: [], sending: null, sendNext: null });
  });

  it('tells what a recorded sale sold past the count', () => {
    const state = run(
      twoKeptOffline(),
      { type: 'connection back' },
      { type: 'send started', key: 'a' },
      { type: 'answered', key: 'a', flagged: [tea] },
    );
    expect(state.notice).toEqual({ kind: 'recorded', key: 'a', flagged: [tea] });
    // Said once.
    expect(run(state, { type: 'connection lost' }).notice).toBeNull();
  });

  it('keeps a sale whose answer was lost, and sends it again under its key once back', () => {
    const lost = run(
      twoKeptOffline(),
      { type: 'connection back' },
      { type: 'send started', key: 'a' },
      { type: 'lost', key: 'a' },
    );
    expect(lost).toMatchObject({ online: false, sending: null, sendNext: null });
    expect(keys(lost)).toEqual(['a', 'b']);
    // The probe finds the server: the same sale first, its key the same.
    const back = run(lost, { type: 'connection back' });
    expect(back.sendNext).toBe('a');
    // Recorded the first time after all: the key answers that sale, and the queue goes on.
    const answered = run(
      back,
      { type: 'send started', key: 'a' },
      { type: 'answered', key: 'a', flagged: [] },
    );
    expect(keys(answered)).toEqual(['b']);
    expect(answered.sendNext).toBe('b');
  });

  it('retries while the connection comes and goes, never two sends at once', () => {
    let state = run(
      twoKeptOffline(),
      { type: 'connection back' },
      { type: 'send started', key: 'a' },
    );
    // The till finds the server gone mid-send: the send in flight is left to its answer.
    state = run(state, { type: 'connection lost' }, { type: 'connection back' });
    expect(state).toMatchObject({ sending: 'a', sendNext: null });
    state = run(state, { type: 'lost', key: 'a' }, { type: 'connection back' });
    expect(state.sendNext).toBe('a');
    state = run(state, { type: 'send started', key: 'a' }, { type: 'lost', key: 'a' });
    state = run(state, { type: 'connection back' });
    expect(state.sendNext).toBe('a');
    expect(keys(state)).toEqual(['a', 'b']);
  });

  it('keeps a refused sale with its reason, and goes on with the next', () => {
    const refused = run(
      twoKeptOffline(),
      { type: 'connection back' },
      { type: 'send started', key: 'a' },
      { type: 'refused', key: 'a', refusal: archived },
    );
    expect(refused.notice).toEqual({ kind: 'refused', key: 'a', refusal: archived });
    expect(refused.sendNext).toBe('b');
    expect(refused.waiting.filter((sale) => sale.refused)).toEqual([
      { key: 'a', refused: archived },
    ]);
    const rest = run(
      refused,
      { type: 'send started', key: 'b' },
      { type: 'answered', key: 'b', flagged: [] },
    );
    // Waits for the seller: not sent again on its own.
    expect(rest).toMatchObject({ sendNext: null, waiting: [{ key: 'a', refused: archived }] });
  });

  it('sends a refused sale again on the seller’s word, under its key', () => {
    const refused = run(
      startingSync(),
      { type: 'kept', key: 'a' },
      { type: 'send started', key: 'a' },
      { type: 'refused', key: 'a', refusal: archived },
    );
    const again = run(refused, { type: 'send again', key: 'a' });
    expect(toSend(again)).toEqual([{ key: 'a', refused: null }]);
    expect(again.sendNext).toBe('a');
  });

  it('drops a sale only when refused, on the seller’s word', () => {
    const waiting = twoKeptOffline();
    expect(run(waiting, { type: 'dropped', key: 'a' })).toBe(waiting);
    const refused = run(
      waiting,
      { type: 'connection back' },
      { type: 'send started', key: 'a' },
      { type: 'refused', key: 'a', refusal: archived },
      { type: 'connection lost' },
      { type: 'dropped', key: 'a' },
    );
    expect(keys(refused)).toEqual(['b']);
  });

  it('after a reload mid-send, reads the sale again and sends it again under its key', () => {
    // The tab went while a was sent: the new tab knows only what the database holds.
    const reloaded = run(startingSync(), {
      type: 'loaded',
      sales: [
        { key: 'a', refused: null },
        { key: 'b', refused: archived },
        { key: 'c', refused: null },
      ],
    });
    expect(reloaded.sendNext).toBe('a');
    expect(keys(reloaded)).toEqual(['a', 'b', 'c']);
    // The server recorded it before the reload: its key answers that sale.
    const answered = run(
      reloaded,
      { type: 'send started', key: 'a' },
      { type: 'answered', key: 'a', flagged: [] },
    );
    expect(answered.sendNext).toBe('c');
  });

  it('loads the queue offline without sending, a sale kept before it was read last', () => {
    const state = run(
      startingSync(false),
      { type: 'kept', key: 'new' },
      {
        type: 'loaded',
        sales: [
          { key: 'old', refused: null },
          { key: 'new', refused: null },
        ],
      },
      { type: 'kept', key: 'newer' },
    );
    expect(keys(state)).toEqual(['old', 'new', 'newer']);
    expect(state.sendNext).toBeNull();
  });

  it('takes an answer as the connection back', () => {
    const state = run(
      twoKeptOffline(),
      { type: 'connection back' },
      { type: 'send started', key: 'a' },
      { type: 'connection lost' },
      { type: 'answered', key: 'a', flagged: [] },
    );
    expect(state).toMatchObject({ online: true, sendNext: 'b' });
  });

  it('stops the queue when the server asks for a login, says so once, and sends nothing more', () => {
    const sending = run(
      twoKeptOffline(),
      { type: 'connection back' },
      { type: 'send started', key: 'a' },
    );
    const stopped = run(sending, { type: 'lost', key: 'a', signedOut: true });
    expect(stopped).toMatchObject({ online: true, signedOut: true, sending: null, sendNext: null });
    expect(stopped.notice).toEqual({ kind: 'signed out' });
    expect(keys(stopped)).toEqual(['a', 'b']);
    const again = run(stopped, { type: 'connection back' }, { type: 'kept', key: 'c' });
    expect(again.sendNext).toBeNull();
    expect(run(again, { type: 'lost', key: 'a', signedOut: true }).notice).toBeNull();
  });

  it('takes the sales read again after another tab changed them as the database says them', () => {
    const sending = run(
      twoKeptOffline(),
      { type: 'connection back' },
      { type: 'send started', key: 'a' },
    );
    // Another tab recorded b and kept c.
    const read = run(sending, {
      type: 'read again',
      sales: [
        { key: 'a', refused: null },
        { key: 'c', refused: null },
      ],
    });
    expect(keys(read)).toEqual(['a', 'c']);
    expect(read).toMatchObject({ sending: 'a', sendNext: null });
    expect(run(read, { type: 'answered', key: 'a', flagged: [] }).sendNext).toBe('c');
  });
});
