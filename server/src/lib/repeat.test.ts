import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.js';
import { repeatEvery } from './repeat.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('repeatEvery', () => {
  it('runs a round every interval, never two at once, and on after a failing one', async () => {
    vi.useFakeTimers();
    const logger = createLogger('silent');
    const failed = vi.spyOn(logger, 'error');
    let running = 0;
    let most = 0;
    const round = vi.fn(async () => {
      running += 1;
      most = Math.max(most, running);
      // A slow round: longer than the interval.
      await new Promise((resolve) => setTimeout(resolve, 25_000));
      running -= 1;
      if (round.mock.calls.length === 1) throw new Error('provider down');
    });
    const job = repeatEvery(10_000, round, logger, 'test job');

    await vi.advanceTimersByTimeAsync(9_999);
    expect(round).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(1);
    // The next starts 10 s after the slow one ended, not while it runs.
    await vi.advanceTimersByTimeAsync(25_000 + 9_999);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    expect(failed).toHaveBeenCalledWith(expect.anything(), 'test job failed');

    // Stopping waits for the round under way, and no other starts.
    const stopped = job.stop();
    await vi.advanceTimersByTimeAsync(25_000);
    await stopped;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(round).toHaveBeenCalledTimes(2);
  });
});
