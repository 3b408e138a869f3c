import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOGGER = fileURLToPath(new URL('./logger.ts', import.meta.url));

/**
 * Runs a process that logs `count` JSON lines through createLogger and then `ends` at once (no
 * await in between): what its stdout holds once it has exited.
 */
function linesOfAProcessThat(ends: string, count: number): Promise<string[]> {
  const script = `
    const { createLogger } = await import(${JSON.stringify(LOGGER)});
    const logger = createLogger('info');
    for (let line = 0; line < ${count}; line++) logger.info({ line }, 'a line');
    ${ends};`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { maxBuffer: 64 * 1024 * 1024 },
      // The crash's own exit code is expected: only the lines matter here.
      (_error, stdout) => resolve(stdout.split('\n').filter((line) => line !== '')),
    );
  });
}

describe('createLogger, JSON lines written asynchronously', () => {
  it.each([
    ['exits', 'process.exit(0)'],
    ['crashes', "throw new Error('crash')"],
  ])(
    'loses no line when the process %s right after logging',
    async (_name, ends) => {
      const lines = await linesOfAProcessThat(ends, 5000);
      expect(lines).toHaveLength(5000);
      expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ line: 4999, msg: 'a line' });
    },
    30_000,
  );
});
