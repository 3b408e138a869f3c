import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptSafeJson } from './html.js';

describe('escapeHtml', () => {
  it('escapes what could end an attribute or start a tag or an entity', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('दूध 500 ml · ₹55')).toBe('दूध 500 ml · ₹55');
  });
});

describe('scriptSafeJson', () => {
  it('writes JSON that no text can end a script element with, and that parses back the same', () => {
    const value = { name: '</script><script>alert(1)</script> <!-- & -->' };
    const json = scriptSafeJson(JSON.stringify(value));
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
