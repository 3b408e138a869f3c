/**
 * The web app's style sheets paint only with tokens: a raw colour (a hex, a named colour, an
 * rgb() or any other colour function) is refused everywhere but web/src/app/tokens.css, where
 * the palette lives. docs/architecture.md#the-web-app
 */
const RAW_COLOUR_RULES = {
  'color-no-hex': true,
  'color-named': 'never',
  'function-disallowed-list': [
    'rgb',
    'rgba',
    'hsl',
    'hsla',
    'hwb',
    'lab',
    'lch',
    'oklab',
    'oklch',
    'color',
  ],
};

export default {
  ignoreFiles: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'e2e/.artifacts/**'],
  rules: RAW_COLOUR_RULES,
  overrides: [
    {
      files: ['web/src/app/tokens.css'],
      rules: Object.fromEntries(Object.keys(RAW_COLOUR_RULES).map((rule) => [rule, null])),
    },
  ],
};
