// Preloaded into the servers bench/realtime.mjs starts (node --expose-gc --import): on SIGUSR2
// collects garbage and prints the process's memory as one JSON line, so the bench can compare
// memory before and after connecting its sockets without the noise of uncollected garbage.
process.on('SIGUSR2', () => {
  globalThis.gc();
  globalThis.gc();
  console.log(JSON.stringify({ memoryProbe: process.memoryUsage() }));
});
