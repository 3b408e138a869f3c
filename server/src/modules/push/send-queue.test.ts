import { describe, expect, it } from 'vitest';
import { SendQueue } from './send-queue.js';

/** A send that finishes when the test says, answering its name. */
function controlled() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const send = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve) => finish.set(name, () => resolve(name)));
  };
  return { started, send, finish: (name: string) => finish.get(name)!() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the send queue', () => {
  it('sends at most `concurrency` at once, the others in the order they came', async () => {
    const queue = new SendQueue<string>({ concurrency: 2, mostWaiting: 10 });
    const { started, send, finish } = controlled();
    const outcomes = ['a', 'b', 'c', 'd'].map((name) => queue.add(name, send(name)));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect([queue.inFlight, queue.size]).toEqual([2, 2]);
    finish('b');
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const name of ['a', 'c', 'd']) {
      await tick();
      finish(name);
    }
    expect(await Promise.all(outcomes)).toEqual(['a', 'b', 'c', 'd']);
    expect([queue.inFlight, queue.size]).toEqual([0, 0]);
  });

  it('a newer message with a waiting one’s key takes its place in line; the older is never sent', async () => {
    const queue = new SendQueue<string>({ concurrency: 1, mostWaiting: 10 });
    const { started, send, finish } = controlled();
    const first = queue.add('phone-1 order-1', send('first'));
    const older = queue.add('phone-1 order-2', send('older'));
    const other = queue.add('phone-2 order-2', send('other'));
    const newer = queue.add('phone-1 order-2', send('newer'));
    expect(await older).toBe('replaced');
    // The one in flight is not replaced: the newer waits behind it.
    const again = queue.add('phone-1 order-1', send('again'));
    for (const name of ['first', 'newer', 'other', 'again']) {
      await tick();
      finish(name);
    }
    expect(await Promise.all([first, newer, other, again])).toEqual([
      'first',
      'newer',
      'other',
      'again',
    ]);
    expect(started).toEqual(['first', 'newer', 'other', 'again']);
  });

  it('a full line drops its oldest waiting message for a new one', async () => {
    const queue = new SendQueue<string>({ concurrency: 1, mostWaiting: 2 });
    const { started, send, finish } = controlled();
    const outcomes = ['a', 'b', 'c', 'd'].map((name) => queue.add(name, send(name)));
    expect(queue.size).toBe(2);
    expect(await outcomes[1]).toBe('dropped');
    for (const name of ['a', 'c', 'd']) {
      await tick();
      finish(name);
    }
    expect(await Promise.all(outcomes)).toEqual(['a', 'dropped', 'c', 'd']);
    expect(started).toEqual(['a', 'c', 'd']);
  });

  it('drops the waiting messages asked for, e.g. a subscription’s switched off', async () => {
    const queue = new SendQueue<string>({ concurrency: 1, mostWaiting: 10 });
    const { send, finish } = controlled();
    const outcomes = ['x 1', 'y 1', 'x 2', 'y 2'].map((key) => queue.add(key, send(key)));
    queue.drop((key) => key.startsWith('y '));
    for (const name of ['x 1', 'x 2']) {
      await tick();
      finish(name);
    }
    expect(await Promise.all(outcomes)).toEqual(['x 1', 'dropped', 'x 2', 'dropped']);
  });

  it('a send that fails rejects its own message only, and the line goes on', async () => {
    const queue = new SendQueue<string>({ concurrency: 1, mostWaiting: 10 });
    const failing = queue.add('a', () => Promise.reject(new Error('database down')));
    const next = queue.add('b', async () => 'b');
    await expect(failing).rejects.toThrow('database down');
    expect(await next).toBe('b');
  });

  it('once closed, drops what waits and what comes, so a shutdown waits only for the sends in flight', async () => {
    const queue = new SendQueue<string>({ concurrency: 1, mostWaiting: 10 });
    const { started, send, finish } = controlled();
    const inFlight = queue.add('a', send('a'));
    const waiting = queue.add('b', send('b'));
    await tick();
    queue.close();
    const late = queue.add('c', send('c'));
    expect(await waiting).toBe('dropped');
    expect(await late).toBe('dropped');
    finish('a');
    expect(await inFlight).toBe('a');
    await tick();
    expect(started).toEqual(['a']);
  });
});
