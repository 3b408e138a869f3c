import type { Logger } from './logger.js';

/**
 * Runs `round` every `everyMs` until stopped; a round never overlaps the next, and a failing one
 * is logged as `name` and does not stop the next. The timer never holds the process open.
 */
export function repeatEvery(
  everyMs: number,
  round: () => Promise<unknown>,
  logger: Logger,
  name: string,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(() => {
      running = round()
        .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
