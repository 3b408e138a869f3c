import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRefreshLoop, type Reach } from './refresh-loop';

let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a refresh loop', () => {
  it('runs now, then every interval after a run that reached the server', async () => {
    const task = vi.fn(async (): Promise<Reach> => 'reached');
    stop = startRefreshLoop(task, { everyMs: 30_000 });
    expect(task).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('tries again soon after a run that failed or threw, as after an unreachable server', async () => {
    const task = vi
      .fn<() => Promise<Reach>>()
      .mockRejectedValueOnce(new Error('a bug'))
      .mockResolvedValue('reached');
    stop = startRefreshLoop(task, { everyMs: 30_000 });
    await vi.advanceTimersByTimeAsync(2_500);
    expect(task).toHaveBeenCalledTimes(2);

    const throwing = vi.fn((): void => {
      throw new Error('a bug');
    });
    stop();
    stop = startRefreshLoop(throwing, { everyMs: 30_000 });
    await vi.advanceTimersByTimeAsync(2_500);
    expect(throwing).toHaveBeenCalledTimes(2);
  });

  it('runs no more once stopped', async () => {
    const task = vi.fn(async (): Promise<Reach> => 'unreachable');
    stop = startRefreshLoop(task, { everyMs: 30_000 });
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
