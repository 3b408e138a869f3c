/*
 * Text written into markup by hand: the storefront's server-rendered head and state, the
 * sitemap, the category tiles' SVG, and the desktop app's printed pages.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * `text` safe inside an HTML or XML element or attribute value (either quote): it can neither
 * end one nor start a tag or an entity.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * JSON text (from `JSON.stringify`) safe inside a `<script>` element, whatever its strings say:
 * no `</script>` or `<!--` can end or change the element, and it parses back the same.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
