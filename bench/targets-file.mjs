// One figure a bench measured against its target, for bench/targets.mjs's table of one run: a
// bench given `--targets FILE` appends a JSON line a figure to FILE, beside what it printed.
import { appendFileSync } from 'node:fs';

/**
 * Appends `{ figure, value, unit, target, met, ceiling? }` to `file` (when the bench was given
 * one). `ceiling` names the same measure's ceiling in the same run, e.g. "raw pg 1,167 orders/s".
 */
export function reportTarget(file, { figure, value, unit, target, met, ceiling }) {
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ figure, value, unit, target, met, ceiling })}\n`);
}
