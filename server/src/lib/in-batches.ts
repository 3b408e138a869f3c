/**
 * `handle` run on batches of items, one batch at a time: an item arriving while no batch runs
 * starts one at once, alone; the items arriving while one runs make the next, in their order. So
 * a quiet server waits for nothing, and a busy one pays `handle`'s fixed cost (a query) once for
 * many items. Each item's promise settles when its batch has been handled: rejected with the
 * batch's error when `handle` throws (the next batch still runs).
 */
export function inBatches<T>(handle: (batch: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: { item: T; settle: (failure?: { error: unknown }) => void }[] = [];
  let running = false;
  async function run(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const failure = await handle(batch.map(({ item }) => item)).then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      for (const { settle } of batch) settle(failure);
    }
    running = false;
  }
  return (item) =>
    new Promise((resolve, reject) => {
      waiting.push({ item, settle: (failure) => (failure ? reject(failure.error) : resolve()) });
      if (!running) void run();
    });
}
