/**
 * Pieces of junk for the fuzz test's bad requests (fuzz-requests.ts): nasty text and values,
 * broken JSON, forms and CSV uploads, ids, headers and cookies that must all be refused.
 */
import fc from 'fast-check';
import type { Body, Parse } from './fuzz-rows.js';

/** Characters that trip text handling: NUL, lone surrogates, bidi and invisible controls. */
const nastyChar = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\u0301',
  '😀',
  'é',
  '"',
  '\\',
  '\n',
  '\r',
  '\t',
  '%',
  '&',
  '=',
  '/',
  '<',
);
export const nastyText = fc.oneof(
  fc.string({
    unit: fc.oneof(nastyChar, fc.string({ unit: 'binary', maxLength: 1 })),
    maxLength: 24,
  }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '0',
    '-0',
    '1e309',
    '0x1F',
    '100',
    '99.999',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
  ),
);
/** Longer than any field allows, and sometimes than a body may be. */
const hugeText = fc
  .tuple(fc.integer({ min: 300, max: 20_000 }), nastyChar)
  .map(([length, char]) => char.repeat(length));
const junkText = fc.oneof({ weight: 6, arbitrary: nastyText }, { weight: 1, arbitrary: hugeText });

/** Any JSON value, of the wrong type for most fields. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkText,
    fc.double(),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
    fc.constantFrom(-1, 0, -0.01, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.001),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A valid body with one field broken (or gone) and junk beside it, anywhere in its tree. */
export function broken(example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (path.length > 0) paths.push(path);
    if (isObject(value) || Array.isArray(value))
      for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
  };
  walk(example, []);
  return fc
    .tuple(
      fc.constantFrom(...paths),
      fc.option(junkValue, { nil: undefined, freq: 4 }),
      fc.dictionary(nastyText, junkValue, { maxKeys: 3 }),
    )
    .map(([path, value, extra]) => {
      const copy = structuredClone(example) as Record<string, unknown>;
      let parent: Record<string, unknown> = copy;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
      const last = path.at(-1)!;
      if (value === undefined) Reflect.deleteProperty(parent, last);
      else parent[last] = value;
      return { ...extra, ...copy };
    });
}

/** Nested far deeper than any request of ours, in a few kilobytes. */
export const deepJson = fc
  .tuple(fc.integer({ min: 40, max: 20_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));

/** Text that is not JSON at all, or not quite. */
export const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":1,}',
    '{"a":"\\x41"}',
    '{"a":"\\ud800"}',
    '\ufeff{}',
    '{"a":1}{"b":2}',
    '[1,2',
    'nul',
    '--',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.json().map((text) => text.slice(0, Math.max(1, Math.floor(text.length / 2)))),
);

/** Bodies past the 100 kB JSON limit. */
export const oversizeJson = fc
  .integer({ min: 101 * 1024, max: 1024 * 1024 })
  .map((size) => JSON.stringify({ padding: 'x'.repeat(size) }));

export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin-9000',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  '*/*',
  'application/',
  'json',
);

/** A form body naming none of the route's fields, so it is refused however it is parsed. */
export const junkForm = fc
  .array(fc.tuple(nastyText, nastyText), { maxLength: 5 })
  .map((pairs) =>
    pairs.map(([key, value]) => `x${encodeText(key)}=${encodeText(value)}`).join('&'),
  );

/** Percent-encodes the UTF-8 of `text` (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function encodeText(text: string): string {
  return [...new TextEncoder().encode(text)]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Ids that are not ids, ids of nothing, and raw percent junk. */
export const junkId = fc.oneof(
  // Neither empty nor a dot segment: the path would name another route, not this one.
  nastyText.map(encodeText).filter((id) => id !== '' && !/^(\.|%2e){1,2}$/i.test(id)),
  fc.uuid().map(encodeText),
  fc.integer({ min: 300, max: 2_000 }).map((length) => 'a'.repeat(length)),
  fc.constantFrom('%', '%zz', '%FF%FE', '%00', '%C0%AF', '%ED%A0%80', '%2F', '%5C', '%20'),
);

/** Headers the server reads besides the body: a page's origin, and an order's Idempotency-Key. */
export const junkHeaders = fc.record(
  {
    origin: fc.oneof(
      fc.constantFrom('null', 'http://evil.example', 'http://127.0.0.1:1', 'file://', ''),
      fc.stringMatching(/^[\x20-\x7e]{0,100}$/),
    ),
    'sec-fetch-site': fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'x'),
    'idempotency-key': fc.stringMatching(/^[\x20-\x7e]{0,300}$/),
  },
  { requiredKeys: [] },
);

/** Session cookies that were never issued, or whose signature does not match. */
export const forgedCookie = fc
  .tuple(
    fc.constantFrom('kirana_user', 'kirana_seller', 'kirana_agent', 'kirana_agent_device'),
    fc.stringMatching(/^[\x21-\x3a\x3c-\x7e]{0,80}$/),
    fc.option(fc.stringMatching(/^[\x21-\x3a\x3c-\x7e]{0,40}$/), { nil: undefined }),
  )
  .map(
    ([name, value, signature]) =>
      `${name}=${value}` + (signature === undefined ? '' : `; ${name}.sig=${signature}`),
  );

// ---- Multipart ------------------------------------------------------------------------------

/** Pictures that are not pictures (the image check reads the bytes, never the name). */
const badImage = fc.oneof(
  fc.constant(new Uint8Array(0)),
  fc.uint8Array({ maxLength: 2_000 }),
  fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
  fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])),
  fc.constant(new TextEncoder().encode('GIF89a')),
  fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
);

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Uint8Array | string;
}

function multipart(parts: Part[], boundary: string, { close = true } = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const part of parts) {
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`);
    if (part.filename !== undefined) text(`; filename="${part.filename}"`);
    text(`\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`);
    if (typeof part.data === 'string') text(part.data);
    else chunks.push(part.data);
    text('\r\n');
  }
  if (close) text(`--${boundary}--\r\n`);
  return Buffer.concat(chunks);
}

/**
 * Multipart bodies of a form (`valid` is JSON its `form` schema takes, in `field`; pictures in
 * `files`) that must be refused: a bad field, bad pictures, bad framing.
 */
export const badForm = (
  { form: schema, field, files, maxFiles }: Extract<Body, { form: Parse }>,
  valid: Record<string, unknown>,
): fc.Arbitrary<{ body: Uint8Array; type: string; what: string }> =>
  fc.oneof(
    // productData the route's schema refuses (images, if any, do not matter then).
    fc
      .tuple(
        fc.oneof(
          broken(valid).map((value) => JSON.stringify(value)),
          malformedJson,
        ),
        fc.array(badImage, { maxLength: 2 }),
      )
      .filter(([productData]) => !schema.safeParse(productData).success)
      .map(([productData, images]) => ({
        body: multipart(
          [
            { name: field, data: productData },
            ...images.map((data, index) => ({ name: files, filename: `p${index}.png`, data })),
          ],
          'fuzzboundary',
        ),
        type: 'multipart/form-data; boundary=fuzzboundary',
        what: `${field} refused by its schema`,
      })),
    // A valid productData with at least one picture that is not one.
    fc
      .tuple(badImage, fc.constantFrom('image/png', 'image/jpeg', 'text/plain', ''))
      .map(([image, type]) => ({
        body: multipart(
          [
            { name: field, data: JSON.stringify(valid) },
            { name: files, filename: 'photo.png', type, data: image },
          ],
          'fuzzboundary',
        ),
        type: 'multipart/form-data; boundary=fuzzboundary',
        what: 'an image that is not a picture',
      })),
    // Too many images, or images under another field name.
    fc
      .constantFrom(files, ...['images', 'image', 'files'].filter((other) => other !== files))
      .map((name) => ({
        body: multipart(
          [
            { name: field, data: JSON.stringify(valid) },
            ...Array.from({ length: name === files ? maxFiles + 1 : 1 }, () => ({
              name,
              filename: 'x.png',
              data: new Uint8Array([1, 2, 3]),
            })),
          ],
          'fuzzboundary',
        ),
        type: 'multipart/form-data; boundary=fuzzboundary',
        what: `too many or misnamed images (${name})`,
      })),
    // Broken framing: no boundary, another one, or a body cut off inside its first part.
    fc
      .tuple(
        fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=other',
          'multipart/form-data; boundary=fuzzboundary',
          'multipart/form-data; boundary=',
        ),
        fc.integer({ min: 0, max: 60 }),
        fc.uint8Array({ maxLength: 300 }),
      )
      .map(([type, cut, garbage]) => ({
        body: Buffer.concat([
          multipart([{ name: field, data: JSON.stringify(valid) }], 'fuzzboundary', {
            close: false,
          }).subarray(0, cut),
          garbage,
        ]),
        type,
        what: 'broken multipart framing',
      })),
  );

/**
 * CSV uploads sent to apply that must be refused: `row` with one cell holding a control
 * character (after any text), or the file with a byte that is not UTF-8.
 */
export const badCsv = ({ file, row }: Extract<Body, { csv: unknown }>['csv']) => {
  const columns = Object.keys(row);
  const line = (cells: string[]) =>
    cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');
  return fc
    .tuple(
      fc.constantFrom(...columns),
      nastyText,
      fc.constantFrom('\u0000', '\u0007', '\u001B', '\u007F'),
      fc.boolean(),
    )
    .map(([column, text, control, notUtf8]) => {
      const cells = columns.map((each) => (each === column ? `${text}${control}` : row[each]!));
      const csv = new TextEncoder().encode(`${line(columns)}\r\n${line(cells)}\r\n`);
      return {
        body: multipart(
          [
            { name: 'mode', data: 'apply' },
            {
              name: file,
              filename: 'products.csv',
              type: 'text/csv',
              data: notUtf8 ? Buffer.concat([csv, new Uint8Array([0xff])]) : csv,
            },
          ],
          'fuzzboundary',
        ),
        type: 'multipart/form-data; boundary=fuzzboundary',
        what: notUtf8 ? 'a CSV that is not UTF-8' : `a control character in its ${column} cell`,
      };
    });
};
