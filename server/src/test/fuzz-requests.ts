/**
 * Generated bad requests for every route, shared by the fuzz test (server/src/test/fuzz.test.ts)
 * and `bench/fuzz.mjs`: each one must be refused with a 4xx `{ success: false, message }` (or
 * answered unchanged, for reads), never a 5xx, and must change no row of any table.
 *
 * A request is bad by construction: a JSON body is kept only when the route's own schema refuses
 * it; a real id goes into a path only beside such a body; a signature is never genuine.
 */
import fc from 'fast-check';
import {
  ERROR_CODES,
  type CatalogueColumn,
  type ErrorCode,
  acceptOrderBodySchema,
  agentDutyBodySchema,
  correctionBodySchema,
  handoverBodySchema,
  addressAddBodySchema,
  addressUpdateBodySchema,
  agentCreateBodySchema,
  agentLoginBodySchema,
  agentPairBodySchema,
  agentPaymentOrderBodySchema,
  cartUpdateBodySchema,
  loginBodySchema,
  orderStatusBodySchema,
  payOrderBodySchema,
  paymentVerifyBodySchema,
  placeOrderBodySchema,
  productDataFieldSchema,
  bulkStockBodySchema,
  removeSearchNameBodySchema,
  searchNameBodySchema,
  categoryDataFieldSchema,
  categoryUpdateFieldSchema,
  productUpdateFieldSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  userPushSubscribeBodySchema,
  archiveProductBodySchema,
  registerBodySchema,
  shopUpdateBodySchema,
  counterSaleBodySchema,
  counterReturnBodySchema,
  counterDayOpenBodySchema,
  counterDayCloseBodySchema,
  releaseOrderBodySchema,
  unlockPinBodySchema,
  sellerCancelOrderBodySchema,
  cancelOrderBodySchema,
  assignOrderBodySchema,
  sellerLoginBodySchema,
  stockBodySchema,
} from '@kirana/shared';

/** The kinds of signed-in browser a request may come from. */
export const KINDS = ['shopper', 'seller', 'agent'] as const;
export type Kind = (typeof KINDS)[number];
/** Whose cookies a request carries: a signed-in kind, none, or forged ones (in `cookie`). */
export type Sender = Kind | 'nobody' | 'forged';

/** Real ids of the signed-in identities' rows, for paths beside a body that must be refused. */
export interface FuzzIds {
  order: string;
  address: string;
  product: string;
  agent: string;
  providerOrder: string;
}

export interface BadRequest {
  method: string;
  /** Percent-encoded, with the query string. */
  path: string;
  as: Sender;
  /** The Cookie header of a `forged` sender. */
  cookie?: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What makes it bad, for a failure message. */
  what: string;
}

interface Parse {
  safeParse(value: unknown): { success: boolean };
}

type Body =
  /** A JSON object the route validates with `schema`; `example` is a valid one to break. */
  | { json: Parse; example: (ids: FuzzIds) => Record<string, unknown> }
  /**
   * A multipart form: the JSON text of `field` (checked with `form`) and up to `maxFiles`
   * pictures as `files`, as the product and category forms send them.
   */
  | {
      form: Parse;
      field: string;
      files: string;
      maxFiles: number;
      example: (ids: FuzzIds) => Record<string, unknown>;
    }
  /**
   * A CSV file (`file`, a multipart upload) sent to apply, whose one row is `row` with a cell
   * the route must refuse; or junk that is no such upload.
   */
  | { csv: { file: string; row: Record<string, string> } }
  /** Raw bytes whose signature (header) we never know. */
  | { signed: true }
  /** Any body: the path's id is never a real one. */
  | { ignored: true };

interface FuzzRow {
  /** Whose sessions may ride along without the request changing anything (none: logouts). */
  as: readonly Kind[];
  body?: Body;
  /** The query parameters it reads. */
  query?: readonly string[];
  /**
   * How its errors look: our envelope; Razorpay's (the sandbox's calls, whose bodies our body
   * parser may refuse first, in our envelope); or a file's.
   */
  answers?: 'envelope' | 'razorpay' | 'file';
}

const validAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '+91 98450 12345',
};
const validCallback = (ids: FuzzIds) => ({
  razorpay_order_id: ids.providerOrder,
  razorpay_payment_id: 'pay_FuzzFuzzFuzz01',
  razorpay_signature: 'f'.repeat(64),
  orderId: ids.order,
});
const orderBody = (ids: FuzzIds) => ({
  items: [{ product: ids.product, quantity: 1 }],
  address: ids.address,
});

const productForm = { field: 'productData', files: 'images', maxFiles: 4 } as const;
const categoryForm = { field: 'categoryData', files: 'image', maxFiles: 1 } as const;

/** Every route, keyed `METHOD path` as the router declares it. */
export const FUZZ_ROWS: Record<string, FuzzRow> = {
  'GET /api/product/list': { as: KINDS },
  'POST /api/product/add': {
    as: ['seller'],
    body: { ...productForm, form: productDataFieldSchema, example: () => validProductData },
  },
  'POST /api/product/update': {
    as: ['seller'],
    body: {
      ...productForm,
      form: productUpdateFieldSchema,
      example: (ids) => ({ id: ids.product, name: 'Fuzz mangoes', offerPrice: 99.5 }),
    },
  },
  'POST /api/product/archive': {
    as: ['seller'],
    body: { json: archiveProductBodySchema, example: (ids) => ({ id: ids.product }) },
  },
  'POST /api/product/stock': {
    as: ['seller'],
    body: { json: stockBodySchema, example: (ids) => ({ id: ids.product, inStock: false }) },
  },
  'POST /api/product/stock/bulk': {
    as: ['seller'],
    body: {
      json: bulkStockBodySchema,
      example: (ids) => ({ changes: [{ id: ids.product, inStock: false }] }),
    },
  },
  'POST /api/product/import': {
    as: ['seller'],
    body: {
      csv: {
        file: 'file',
        // Every column, each cell one the import takes (a new product's), until one is made bad.
        row: {
          sku: 'FUZZ-1',
          name: 'Fuzz mangoes',
          category: 'Fruits',
          price: '120',
          offerPrice: '99.50',
          description: 'Sweet|Ripe',
          weight: '1 kg',
          barcode: '8901234567894',
          inStock: 'yes',
          stockCount: '12',
          stockCountRead: '',
          images: '',
        } satisfies Record<CatalogueColumn, string>,
      },
    },
  },
  'GET /api/product/export': { as: KINDS },
  'GET /api/product/search': { as: KINDS, query: ['q', 'category', 'page', 'limit'] },
  'GET /api/product/items': { as: KINDS, query: ['ids'] },
  'GET /api/product/seller/list': {
    as: KINDS,
    query: ['q', 'category', 'filter', 'page', 'limit'],
  },
  'GET /api/product/search-names': { as: KINDS },
  'POST /api/product/search-names': {
    as: ['seller'],
    body: { json: searchNameBodySchema, example: () => ({ name: 'fuzz', means: 'mango' }) },
  },
  'POST /api/product/search-names/remove': {
    as: ['seller'],
    body: { json: removeSearchNameBodySchema, example: (ids) => ({ id: ids.product }) },
  },
  'GET /api/category/list': { as: KINDS },
  'POST /api/category/add': {
    as: ['seller'],
    body: {
      ...categoryForm,
      form: categoryDataFieldSchema,
      example: () => ({ text: 'Fuzz', path: 'Fuzz', bgColor: '#FFFFFF' }),
    },
  },
  'POST /api/category/update': {
    as: ['seller'],
    body: {
      ...categoryForm,
      form: categoryUpdateFieldSchema,
      // No category has this id: whatever else it says, nothing changes.
      example: (ids) => ({ id: ids.product, text: 'Fuzz' }),
    },
  },
  'POST /api/user/register': {
    as: KINDS,
    body: {
      json: registerBodySchema,
      example: () => ({ name: 'Fuzz', email: 'fuzz@example.com', password: 'fuzz-password' }),
    },
  },
  'POST /api/user/login': {
    as: KINDS,
    body: {
      json: loginBodySchema,
      example: () => ({ email: 'fuzz@example.com', password: 'fuzz-password' }),
    },
  },
  'GET /api/user/is-auth': { as: KINDS },
  // A signed-in browser would be signed out: only cookie-less and forged ones.
  'GET /api/user/logout': { as: [] },
  'POST /api/user/logout': { as: [] },
  'POST /api/seller/login': {
    as: KINDS,
    body: {
      json: sellerLoginBodySchema,
      example: () => ({ email: 'seller@example.com', password: 'seller-password' }),
    },
  },
  'GET /api/seller/is-auth': { as: KINDS },
  'GET /api/seller/logout': { as: [] },
  'POST /api/seller/logout': { as: [] },
  'GET /api/agents': { as: KINDS },
  'POST /api/agents/create': {
    as: ['seller'],
    body: { json: agentCreateBodySchema, example: () => ({ name: 'Fuzz', phone: '9000000001' }) },
  },
  'POST /api/agents/pair': {
    as: KINDS,
    body: { json: agentPairBodySchema, example: () => ({ code: 'ABCD-EFGH-JKLM' }) },
  },
  'POST /api/agents/login': {
    as: KINDS,
    body: { json: agentLoginBodySchema, example: () => ({ phone: '9000000001' }) },
  },
  'GET /api/agents/is-auth': { as: KINDS },
  'GET /api/agents/logout': { as: [] },
  'POST /api/agents/logout': { as: [] },
  'GET /api/agents/orders/visible': { as: KINDS },
  'GET /api/agents/cash': { as: KINDS },
  'PUT /api/agents/duty': {
    as: ['agent'],
    body: { json: agentDutyBodySchema, example: () => ({ onDuty: true }) },
  },
  'GET /api/agents/report': { as: KINDS, query: ['date', 'format'] },
  'GET /api/dashboard': { as: KINDS, query: ['from', 'to'] },
  'GET /api/counter/lookup': { as: KINDS, query: ['code'] },
  'POST /api/counter/sales': {
    as: ['seller'],
    body: {
      json: counterSaleBodySchema,
      example: (ids) => ({ items: [{ product: ids.product, quantity: 1 }], payment: 'cash' }),
    },
  },
  'GET /api/counter/sales': { as: KINDS, query: ['date', 'before'] },
  'GET /api/counter/sales/:id': { as: KINDS },
  'POST /api/counter/sales/:id/return': {
    as: ['seller'],
    body: {
      json: counterReturnBodySchema,
      example: (ids) => ({ lines: [{ product: ids.product, quantity: 1 }] }),
    },
  },
  'GET /api/counter/sales/:id/receipt': { as: KINDS, query: ['format', 'width', 'drawer'] },
  'GET /api/counter/day': { as: KINDS },
  'POST /api/counter/day/open': {
    as: ['seller'],
    body: { json: counterDayOpenBodySchema, example: () => ({ openingFloat: 500 }) },
  },
  'POST /api/counter/day/close': {
    as: ['seller'],
    body: { json: counterDayCloseBodySchema, example: () => ({ countedCash: 500 }) },
  },
  'GET /api/counter/days': { as: KINDS, query: ['date'] },
  'GET /api/shop': { as: KINDS },
  'PUT /api/shop': {
    as: ['seller'],
    body: { json: shopUpdateBodySchema, example: () => ({ deliveryFee: 10, promiseMinutes: 30 }) },
  },
  'GET /api/shop/serviceable': { as: KINDS, query: ['zipcode'] },
  'GET /api/backups': { as: KINDS },
  // The seller's request backs up whatever its body says: only cookie-less and forged ones.
  'POST /api/backups': { as: [], body: { ignored: true } },
  'GET /api/backups/:name': { as: KINDS },
  'GET /api/agents/:id/ledger': { as: KINDS },
  'POST /api/agents/:id/handover': {
    as: ['seller'],
    body: { json: handoverBodySchema, example: () => ({ amount: 1, note: 'Evening' }) },
  },
  'POST /api/agents/:id/correction': {
    as: ['seller'],
    body: { json: correctionBodySchema, example: () => ({ amount: -1, note: 'Miscount' }) },
  },
  'POST /api/agents/accept': {
    as: ['agent'],
    body: { json: acceptOrderBodySchema, example: (ids) => ({ orderId: ids.order }) },
  },
  'PUT /api/agents/status/:orderId': {
    as: ['agent'],
    body: { json: orderStatusBodySchema, example: () => ({ status: 'Picked' }) },
  },
  'PUT /api/agents/mark-paid/:orderId': { as: ['agent'] },
  'POST /api/agents/order/razorpay': {
    as: ['agent'],
    body: {
      json: agentPaymentOrderBodySchema,
      example: (ids) => ({ amount: 10_000, currency: 'INR', receipt: ids.order }),
    },
  },
  'POST /api/agents/order/verify': {
    as: ['agent'],
    body: { json: paymentVerifyBodySchema, example: validCallback },
  },
  'GET /api/agents/push/key': { as: KINDS },
  'POST /api/agents/push/subscribe': {
    as: ['agent'],
    body: {
      json: pushSubscribeBodySchema,
      example: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        locale: 'hi',
      }),
    },
  },
  'POST /api/agents/push/unsubscribe': {
    as: ['agent'],
    body: {
      json: pushUnsubscribeBodySchema,
      example: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz' }),
    },
  },
  'POST /api/user/push/subscribe': {
    as: ['shopper'],
    body: {
      json: userPushSubscribeBodySchema,
      example: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      }),
    },
  },
  'POST /api/user/push/unsubscribe': {
    as: ['shopper'],
    body: {
      json: pushUnsubscribeBodySchema,
      example: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz' }),
    },
  },
  'POST /api/agents/:id/invite': { as: ['seller'] },
  'DELETE /api/agents/:id': { as: ['seller'] },
  'POST /api/cart/update': {
    as: ['shopper'],
    body: { json: cartUpdateBodySchema, example: (ids) => ({ cartItems: { [ids.product]: 2 } }) },
  },
  'GET /api/address/get': { as: KINDS },
  'POST /api/address/add': {
    as: ['shopper'],
    body: { json: addressAddBodySchema, example: () => ({ address: validAddress }) },
  },
  'PUT /api/address/update/:id': {
    as: ['shopper'],
    body: { json: addressUpdateBodySchema, example: () => ({ address: validAddress }) },
  },
  'POST /api/order/cod': {
    as: ['shopper'],
    body: { json: placeOrderBodySchema, example: orderBody },
  },
  'POST /api/order/razorpay': {
    as: ['shopper'],
    body: { json: placeOrderBodySchema, example: orderBody },
  },
  'POST /api/order/pay': {
    as: ['shopper'],
    body: { json: payOrderBodySchema, example: (ids) => ({ orderId: ids.order }) },
  },
  'POST /api/order/verify': {
    as: ['shopper'],
    body: { json: paymentVerifyBodySchema, example: validCallback },
  },
  'GET /api/order/user': { as: KINDS },
  'GET /api/order/seller': { as: KINDS, query: ['page', 'limit'] },
  'POST /api/order/seller/release': {
    as: ['seller'],
    body: { json: releaseOrderBodySchema, example: (ids) => ({ orderId: ids.order }) },
  },
  'POST /api/order/cancel': {
    as: ['shopper'],
    body: { json: cancelOrderBodySchema, example: (ids) => ({ orderId: ids.order }) },
  },
  'POST /api/order/seller/cancel': {
    as: ['seller'],
    body: {
      json: sellerCancelOrderBodySchema,
      example: (ids) => ({ orderId: ids.order, reason: 'Shop closed' }),
    },
  },
  'POST /api/order/seller/unlock-pin': {
    as: ['seller'],
    body: { json: unlockPinBodySchema, example: (ids) => ({ orderId: ids.order }) },
  },
  'POST /api/order/seller/assign': {
    as: ['seller'],
    body: {
      json: assignOrderBodySchema,
      example: (ids) => ({ orderId: ids.order, agentId: ids.agent }),
    },
  },
  'GET /api/order/:id/history': { as: KINDS },
  'GET /api/order/:id/payments': { as: KINDS },
  'GET /api/payments/config': { as: KINDS },
  'POST /api/payments/razorpay/webhook': { as: KINDS, body: { signed: true } },
  'GET /payments/sandbox/orders/:id': { as: KINDS, query: ['key_id'], answers: 'razorpay' },
  'POST /payments/sandbox/orders/:id/pay': {
    as: KINDS,
    body: { ignored: true },
    answers: 'razorpay',
  },
  'GET /payments/sandbox/:file': { as: KINDS, answers: 'file' },
};

// ---- Pieces of junk -------------------------------------------------------------------------

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
const nastyText = fc.oneof(
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
const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
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
function broken(example: Record<string, unknown>): fc.Arbitrary<unknown> {
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
const deepJson = fc
  .tuple(fc.integer({ min: 40, max: 20_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));

/** Text that is not JSON at all, or not quite. */
const malformedJson = fc.oneof(
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
const oversizeJson = fc
  .integer({ min: 101 * 1024, max: 1024 * 1024 })
  .map((size) => JSON.stringify({ padding: 'x'.repeat(size) }));

const contentType = fc.constantFrom(
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
const junkForm = fc
  .array(fc.tuple(nastyText, nastyText), { maxLength: 5 })
  .map((pairs) =>
    pairs.map(([key, value]) => `x${encodeText(key)}=${encodeText(value)}`).join('&'),
  );

/** Percent-encodes the UTF-8 of `text` (a lone surrogate becomes U+FFFD, as a browser sends it). */
function encodeText(text: string): string {
  return [...new TextEncoder().encode(text)]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Ids that are not ids, ids of nothing, and raw percent junk. */
const junkId = fc.oneof(
  // Neither empty nor a dot segment: the path would name another route, not this one.
  nastyText.map(encodeText).filter((id) => id !== '' && !/^(\.|%2e){1,2}$/i.test(id)),
  fc.uuid().map(encodeText),
  fc.integer({ min: 300, max: 2_000 }).map((length) => 'a'.repeat(length)),
  fc.constantFrom('%', '%zz', '%FF%FE', '%00', '%C0%AF', '%ED%A0%80', '%2F', '%5C', '%20'),
);

/** Headers the server reads besides the body: a page's origin, and an order's Idempotency-Key. */
const junkHeaders = fc.record(
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
const forgedCookie = fc
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

const validProductData = {
  name: 'Fuzz mangoes',
  category: 'Fruits',
  description: ['Sweet'],
  price: 120,
  offerPrice: 99.5,
};

/**
 * Multipart bodies of a form (`valid` is JSON its `form` schema takes, in `field`; pictures in
 * `files`) that must be refused: a bad field, bad pictures, bad framing.
 */
const badForm = (
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
const badCsv = ({ file, row }: Extract<Body, { csv: unknown }>['csv']) => {
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

// ---- Requests ---------------------------------------------------------------------------------

/** A JSON-ish body for `body`, with its content type and what is wrong with it. */
function badBody(body: Body, ids: FuzzIds) {
  type Sent = { body: string | Uint8Array; type: string | undefined; what: string };
  if ('csv' in body)
    return fc.oneof(
      { weight: 3, arbitrary: badCsv(body.csv) },
      { weight: 1, arbitrary: badBody({ ignored: true }, ids) },
    );
  if ('form' in body)
    return badForm(body, body.example(ids)).map((form): Sent => ({
      ...form,
      type: form.type,
    }));
  const refused =
    'json' in body
      ? fc
          .oneof(
            { weight: 6, arbitrary: broken(body.example(ids)) },
            { weight: 1, arbitrary: junkValue },
          )
          .filter((value) => !body.json.safeParse(value).success)
          .map((value) => ({
            text: JSON.stringify(value) ?? 'null',
            what: 'refused by its schema',
          }))
      : junkValue.map((value) => ({ text: JSON.stringify(value) ?? 'null', what: 'junk' }));
  return fc.oneof(
    {
      weight: 8,
      arbitrary: refused.map((sent): Sent => ({
        body: sent.text,
        type: 'application/json',
        what: sent.what,
      })),
    },
    {
      weight: 2,
      arbitrary: deepJson.map((text): Sent => ({
        body: text,
        type: 'application/json',
        what: 'nested deep',
      })),
    },
    {
      weight: 2,
      arbitrary: malformedJson.map((text): Sent => ({
        body: text,
        type: 'application/json',
        what: 'malformed JSON',
      })),
    },
    {
      weight: 1,
      arbitrary: oversizeJson.map((text): Sent => ({
        body: text,
        type: 'application/json',
        what: 'over the size limit',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            refused.map((sent) => sent.text),
            junkForm,
            malformedJson,
          ),
          contentType,
        )
        .map(([text, type]): Sent => ({ body: text, type, what: `sent as ${type}` })),
    },
    {
      weight: 1,
      arbitrary: junkForm.map((text): Sent => ({
        body: text,
        type: undefined,
        what: 'no content type',
      })),
    },
  );
}

/** The path of `template` with each `:param` filled: junk, or (`real`) sometimes a real id. */
function pathOf(template: string, ids: FuzzIds, real: boolean): fc.Arbitrary<string> {
  const names = [...template.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const realIds = Object.values(ids).map(encodeText);
  const value = real
    ? fc.oneof(
        { weight: 1, arbitrary: junkId },
        { weight: 2, arbitrary: fc.constantFrom(...realIds) },
      )
    : junkId;
  return fc
    .array(value, { minLength: names.length, maxLength: names.length })
    .map((values) =>
      names.reduce((path, name, index) => path.replace(`:${name}`, values[index]!), template),
    );
}

const junkQuery = (names: readonly string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...names, 'x', 'page[]'), nastyText), { maxLength: 4 })
    .map((pairs) =>
      pairs.map(([key, value]) => `${encodeText(key)}=${encodeText(value)}`).join('&'),
    );

/** Bad requests to `route` (a key of {@link FUZZ_ROWS}). */
export function badRequests(route: string, ids: FuzzIds): fc.Arbitrary<BadRequest> {
  const row = FUZZ_ROWS[route];
  if (!row) throw new Error(`no fuzz row for ${route}`);
  const [method = '', template = ''] = route.split(' ');
  const refusedBody = row.body !== undefined && !('signed' in row.body) && !('ignored' in row.body);
  const sender = fc.oneof(
    { weight: row.as.length > 0 ? 6 : 0, arbitrary: fc.constantFrom<Sender>(...row.as, 'nobody') },
    { weight: 1, arbitrary: fc.constant<Sender>('nobody') },
    { weight: 1, arbitrary: fc.constant<Sender>('forged') },
  );
  const body: fc.Arbitrary<{
    body?: string | Uint8Array;
    type?: string | undefined;
    what: string;
  }> =
    row.body === undefined
      ? fc.constant({ what: 'junk in the path, query or cookies' })
      : 'signed' in row.body
        ? fc
            .tuple(
              fc.oneof(
                junkValue.map((value) => JSON.stringify(value) ?? 'null'),
                malformedJson,
                deepJson,
              ),
              fc.option(fc.stringMatching(/^[0-9a-f]{0,64}$/), { nil: undefined }),
            )
            .map(([text, signature]) => ({
              body: text,
              type: 'application/json',
              signature,
              what:
                signature === undefined ? 'unsigned webhook' : 'webhook with a forged signature',
            }))
        : badBody(row.body, ids);
  // Now and then another method, one no API route answers at this path with (GET and POST
  // /api/product/search-names are both routes: a GET there is a read, rightly answered 200).
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
    (each) => each !== method && !(`${each} ${template}` in FUZZ_ROWS),
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(method) },
        { weight: template.startsWith('/api/') ? 1 : 0, arbitrary: fc.constantFrom(...methods) },
      ),
      path: pathOf(template, ids, refusedBody),
      query: row.query
        ? fc.option(junkQuery(row.query), { nil: undefined })
        : fc.constant(undefined),
      as: sender,
      cookie: forgedCookie,
      // Rarely: a refused origin stops a request before its body is read.
      extra: fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: junkHeaders },
      ),
      body,
    })
    .map(({ method: sentMethod, path, query, as, cookie, extra, body: sent }): BadRequest => {
      const headers: Record<string, string> = { ...extra };
      if (sent.type !== undefined) headers['content-type'] = sent.type;
      if ('signature' in sent && typeof sent.signature === 'string')
        headers['x-razorpay-signature'] = sent.signature;
      // GET and HEAD carry no body in fetch; a body is junk only where a route reads one.
      const carries = sentMethod !== 'GET' && sent.body !== undefined;
      const request: BadRequest = {
        method: sentMethod,
        path: query ? `${path}?${query}` : path,
        as,
        headers: carries ? headers : extra,
        what: sentMethod === method ? sent.what : `${sent.what}, sent with ${sentMethod}`,
        ...(as === 'forged' ? { cookie } : {}),
        ...(carries ? { body: sent.body } : {}),
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describe(request) });
    });
}

/** One line a person can read (bodies cut short), for fast-check's counterexamples. */
export function describe(request: BadRequest): string {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? ` body(${request.body.length}) ${JSON.stringify(request.body.slice(0, 200))}`
        : ` body(${request.body.length} bytes)`;
  return (
    `${request.method} ${request.path.slice(0, 200)} as ${request.as}` +
    `${request.cookie ? ` cookie ${JSON.stringify(request.cookie)}` : ''}` +
    ` ${JSON.stringify(request.headers)}${body} [${request.what}]`
  );
}

export interface Answer {
  status: number;
  type: string;
  text: string;
}

/** Sends `request` to the server at `base`, with the Cookie header `cookies` holds for its sender. */
export async function send(
  base: string,
  request: BadRequest,
  cookies: Partial<Record<Sender, string>>,
): Promise<Answer> {
  const cookie = request.as === 'forged' ? request.cookie : cookies[request.as];
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    body: request.body,
    redirect: 'manual',
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** What is wrong with the answer to `request`, or null when it is as it must be. */
export function judge(route: string, request: BadRequest, answer: Answer): string | null {
  const row = FUZZ_ROWS[route];
  const { status } = answer;
  if (status >= 500) return `answered ${status}: ${answer.text.slice(0, 300)}`;
  // Its body, path id or signature is bad; a route reading none of them may answer 2xx.
  const mustRefuse = row?.body !== undefined || route.includes(':');
  if (mustRefuse && status < 400) return `accepted with ${status}: ${answer.text.slice(0, 300)}`;
  if (status < 400 || row?.answers === 'file') return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `a ${status} that is not JSON (${answer.type}): ${answer.text.slice(0, 200)}`;
  }
  const { success, message, code, error } = body as {
    success?: unknown;
    message?: unknown;
    code?: unknown;
    error?: { description?: unknown };
  };
  const said = (text: unknown) => typeof text === 'string' && text.trim() !== '';
  if (success === false && said(message) && ERROR_CODES.includes(code as ErrorCode)) return null;
  if (row?.answers === 'razorpay' && said(error?.description)) return null;
  return `a ${status} without { success: false, message, code }: ${answer.text.slice(0, 200)}`;
}

/**
 * Row count and an md5 of every row of every table of the current schema, by table: equal
 * snapshots mean nothing was written. `query` runs one statement and answers its rows.
 */
export async function snapshotTables(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, string>> {
  const tables = await query(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const quoted = `"${String(name).replaceAll('"', '""')}"`;
    const [row] = await query(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as hash
         from ${quoted} t`,
    );
    snapshot[String(name)] = `${String(row?.rows)} rows, md5 ${String(row?.hash)}`;
  }
  return snapshot;
}
