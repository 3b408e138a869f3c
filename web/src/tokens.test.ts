import path from 'node:path';
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

// The repository's own stylelint configuration (stylelint.config.js), run on a sheet's text:
// raw colours only in the tokens (docs/architecture.md#the-web-app).
const cwd = path.resolve(import.meta.dirname, '../..');

/** The rules a sheet at `file` (under web/src) holding `declaration` breaks. */
async function broken(file: string, declaration: string): Promise<string[]> {
  const { results } = await stylelint.lint({
    code: `.x {\n  ${declaration};\n}\n`,
    codeFilename: path.join(cwd, 'web/src', file),
    cwd,
  });
  return (results[0]?.warnings ?? []).map((warning) => warning.rule);
}

describe('colours come from the tokens', () => {
  it.each([
    ['color: #15803d', 'color-no-hex'],
    ['background: white', 'color-named'],
    ['box-shadow: 0 1px 2px rgb(16 24 40 / 6%)', 'function-disallowed-list'],
    ['border-color: hsl(140deg 70% 30%)', 'function-disallowed-list'],
  ])("refuses '%s' in a component's sheet", async (declaration, rule) => {
    expect(await broken('common/ui/x.css', declaration)).toEqual([rule]);
  });

  it('takes a token there, and raw colours in the tokens file', async () => {
    expect(await broken('common/ui/x.css', 'color: var(--color-primary)')).toEqual([]);
    expect(await broken('app/tokens.css', 'color: #15803d')).toEqual([]);
  });
});
