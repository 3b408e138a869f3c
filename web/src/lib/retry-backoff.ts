import { AGENT_POLL_MS } from '@kirana/shared';

export const FIRST_RETRY_MS = 2_000;

/**
 * How long to wait before retry number `attempt` (1, 2, 3 …) after the server could not be
 * reached: 2 s, 4 s, 8 s … doubling up to the 30 s refresh interval, each spread by ±20 % so that
 * every phone on a flaky tower does not retry in the same instant. `random` is in [0, 1).
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.max(1, Math.floor(attempt));
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.min(step - 1, 16), AGENT_POLL_MS);
  const spread = 0.8 + 0.4 * random();
  return Math.round(Math.min(base * spread, AGENT_POLL_MS));
}
