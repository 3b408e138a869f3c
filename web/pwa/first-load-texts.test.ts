import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD } from '../lingui.config.ts';

const WEB = path.resolve(import.meta.dirname, '..');

/** The file a relative import names, or null for a package. */
function resolved(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const found = ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
  return found ?? null;
}

/** Every source file the agents' page loads before anyone logs in: its static imports, followed. */
function firstLoadFiles(): Set<string> {
  const seen = new Set<string>();
  const queue = [path.join(WEB, 'src/agent-main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Static imports and re-exports only: `import()` loads later, `import type` never.
    for (const [, specifier] of source.matchAll(
      /^(?:import|export)(?!\s+type\s)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm,
    )) {
      const next = specifier && resolved(file, specifier);
      if (next) queue.push(next);
    }
  }
  return seen;
}

describe('the first load’s texts', () => {
  it('come from the catalog loaded with the page: every file of the first load with texts is listed in FIRST_LOAD', () => {
    const listed = new Set(FIRST_LOAD.map((entry) => entry.replace('<rootDir>', WEB)));
    const withTexts = [...firstLoadFiles()].filter(
      (file) =>
        readFileSync(file, 'utf8').includes("from '@lingui/core/macro'") &&
        // The server's messages: a catalog of their own, keyed by their English words.
        !file.endsWith('/i18n/outside-texts.ts'),
    );
    expect(withTexts.length).toBeGreaterThan(5);
    expect(
      withTexts.filter((file) => !listed.has(file)).map((file) => path.relative(WEB, file)),
    ).toEqual([]);
  });
});
