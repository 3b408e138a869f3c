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

/**
 * `read` run on batches of keys, as {@link inBatches} runs its handler: each key's promise
 * resolves with what `read` found for it (undefined when nothing), or rejects with its batch.
 */
export function readInBatches<K, V>(
  read: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
): (key: K) => Promise<V | undefined> {
  const handle = inBatches(async (batch: { key: K; found?: V }[]) => {
    const found = await read(batch.map((item) => item.key));
    for (const item of batch) item.found = found.get(item.key);
  });
  return async (key) => {
    const item: { key: K; found?: V } = { key };
    await handle(item);
    return item.found;
  };
}
