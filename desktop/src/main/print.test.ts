import { describe, expect, test } from 'vitest';
import { printablePage } from './print.js';

describe('a page for the printer', () => {
  test('allows no script and loads nothing, with its title escaped and its markup as given', () => {
    const html = printablePage({
      title: 'Packing slip <b>&',
      style: 'h1 { margin: 0; }',
      body: '<h1>Kirana</h1>',
    });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />`,
    );
    expect(html).toContain('<title>Packing slip &lt;b&gt;&amp;</title>');
    expect(html).toMatch(/<style>h1 \{ margin: 0; \}\s*<\/style>/);
    expect(html).toMatch(/<body><h1>Kirana<\/h1>\s*<\/body>/);
  });
});
