import { describe, expect, it } from 'vitest';
import { latestSender } from './latest-sender';

/** A send function whose calls stay pending until the test resolves or rejects them. */
function controlledSend() {
  const calls: { value: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  const send = (value: number) =>
    new Promise<void>((resolve, reject) => calls.push({ value, resolve, reject }));
  return { calls, send };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('latestSender', () => {
  it('sends one value at a time and then only the latest of those pushed meanwhile', async () => {
    const { calls, send } = controlledSend();
    const sender = latestSender(send);

    sender.push(1);
    sender.push(2);
    sender.push(3);
    await tick();
    expect(calls.map((call) => call.value)).toEqual([1]);

    calls[0]!.resolve();
    await tick();
    expect(calls.map((call) => call.value)).toEqual([1, 3]);

    calls[1]!.resolve();
    await sender.idle();
    expect(calls).toHaveLength(2);
  });

  it('goes on with the next value after a failed send', async () => {
    const { calls, send } = controlledSend();
    const sender = latestSender(send);

    sender.push(1);
    sender.push(2);
    calls[0]!.reject(new Error('offline'));
    await tick();
    expect(calls.map((call) => call.value)).toEqual([1, 2]);
    calls[1]!.resolve();
    await sender.idle();
  });

  it('forgets a waiting value when dropped', async () => {
    const { calls, send } = controlledSend();
    const sender = latestSender(send);

    sender.push(1);
    sender.push(2);
    sender.drop();
    calls[0]!.resolve();
    await sender.idle();
    expect(calls.map((call) => call.value)).toEqual([1]);
  });

  it('is idle at once when nothing was pushed', async () => {
    const sender = latestSender(async () => undefined);
    await expect(sender.idle()).resolves.toBeUndefined();
  });
});
