// Compares two sets of screenshots taken by e2e/visual/screens.visual.ts, pixel by pixel:
//   VISUAL_SET=before npx playwright test -c e2e/visual/playwright.config.ts
//   (change the looks, `npm run build`)
//   VISUAL_SET=after npx playwright test -c e2e/visual/playwright.config.ts
//   node e2e/visual/compare.mjs before after
// Prints each screen's share of differing pixels and writes a picture of the differences
// (in red) into e2e/.artifacts/visual/diff-<before>-<after>/.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const [before = 'before', after = 'after'] = process.argv.slice(2);
const sets = path.resolve(import.meta.dirname, '../.artifacts/visual');
const diffs = path.join(sets, `diff-${before}-${after}`);
mkdirSync(diffs, { recursive: true });

let changed = 0;
for (const name of readdirSync(path.join(sets, before)).filter((file) => file.endsWith('.png'))) {
  const other = path.join(sets, after, name);
  if (!existsSync(other)) {
    console.log(`${name}: missing in ${after}`);
    changed += 1;
    continue;
  }
  const a = PNG.sync.read(readFileSync(path.join(sets, before, name)));
  const b = PNG.sync.read(readFileSync(other));
  if (a.width !== b.width || a.height !== b.height) {
    console.log(`${name}: size ${a.width}×${a.height} → ${b.width}×${b.height}`);
    changed += 1;
    continue;
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const pixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
  if (pixels > 0) {
    writeFileSync(path.join(diffs, name), PNG.sync.write(diff));
    changed += 1;
  }
  const share = ((100 * pixels) / (a.width * a.height)).toFixed(3);
  console.log(`${name}: ${pixels === 0 ? 'same' : `${pixels} pixels (${share} %) differ`}`);
}
console.log(changed === 0 ? 'No screen changed.' : `${changed} screens changed: see ${diffs}`);
process.exitCode = changed === 0 ? 0 : 1;
