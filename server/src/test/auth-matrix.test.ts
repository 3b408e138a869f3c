import { createECDH, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, MAX_OPEN_ORDERS, type ErrorCode } from '@kirana/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  cookieHeader,
  createTestAppOfItsOwn,
  PAYMENT_SECRETS,
  type Browser,
  type TestApp,
} from './app.js';
import {
  createAgent,
  createProduct,
  picture,
  sampleAddress,
  signInAgent,
  signInSeller,
  signUpShopper,
} from './factories.js';
import { createKhataCustomer } from './khata-factory.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../db/embedded.js';
import { inviteAgent } from '../modules/agent/agent-device.service.js';
import type { Backups } from '../modules/backup/backups.js';
import { agentHooks } from '../wiring.js';
import { AppError } from '../lib/errors.js';
import { CashLineSchema } from '../modules/cash/cash-line.entity.js';
import { registerDevice } from '../modules/counter/counter-devices.js';
import { sellAtCounter } from '../modules/counter/counter-sale.service.js';
import { closeTill, currentTill, openTill } from '../modules/counter/till-day.service.js';
import { CategorySchema } from '../modules/category/category.entity.js';
import { SearchNameSchema } from '../modules/product/product.entity.js';
import {
  capturedPayment,
  payInSandbox,
  placeOnlineOrder,
  signedCallback,
  webhook,
} from './payments.js';

/**
 * Who may call what: every route the app's routers serve, sent by each of these identities, with
 * the outcome each must get (docs/security.md#who-may-call-what). A route without a row (or a row
 * without a route) fails.
 */
const IDENTITIES = [
  'nobody',
  'shopper',
  'other shopper',
  'seller',
  'agent',
  'other agent',
  /** Signed in, then removed by the seller; its cookie is kept. */
  'removed agent',
  /** A browser that tried the first agent's phone without being paired (AGENT_LOGIN=paired). */
  'unpaired phone',
] as const;
type Identity = (typeof IDENTITIES)[number];
const EVERYONE = IDENTITIES;

/** One request of a cell; `:name` in the row's path is filled from `params`. */
interface CellRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON body, or raw text sent as JSON as it stands (a webhook's signed bytes). */
  body?: object | string;
  /** Multipart form fields and files instead of a JSON body. */
  fields?: Record<string, string>;
  files?: { field: string; name: string; data: Buffer }[];
}

interface Row {
  /** Who gets past authentication and authorisation: answered 2xx. */
  ok: readonly Identity[];
  /** Signed in as the right kind but refused this resource (not theirs, not their device). */
  refused?: readonly Identity[];
  /** The statuses a refusal may take (default 403, 404 or 409). */
  refusedWith?: readonly number[];
  /**
   * Signs in or out, ending the calling browser's session of that kind: run after every other
   * row, so the identities keep their sessions for those.
   */
  endsSessions?: boolean;
  /** Everyone not `ok` or `refused` gets 401. */
  request(fx: Fixtures, who: Identity): CellRequest | Promise<CellRequest>;
}

type Fixtures = Awaited<ReturnType<typeof makeFixtures>> & { backups: Backups };

const SHOPPERS: Identity[] = ['shopper', 'other shopper'];

/** A mobile number for a new khata customer: 9 and nine random digits. */
const khataPhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
const AGENTS: Identity[] = ['agent', 'other agent'];

/** Rows keyed by `METHOD path` exactly as the router declares the route. */
const ROWS: Record<string, Row> = {
  // Health checks and what search engines read: the same answer for anyone.
  'GET /healthz': { ok: EVERYONE, request: () => ({}) },
  'GET /readyz': { ok: EVERYONE, request: () => ({}) },
  'GET /robots.txt': { ok: EVERYONE, request: () => ({}) },
  'GET /sitemap.xml': { ok: EVERYONE, request: () => ({}) },
  // Catalogue.
  'GET /api/product/list': { ok: EVERYONE, request: () => ({}) },
  'POST /api/product/add': {
    ok: ['seller'],
    request: async () => ({
      fields: {
        productData: JSON.stringify({
          name: 'Matrix mangoes',
          category: 'Fruits',
          description: ['Sweet'],
          price: 120,
          offerPrice: 99.5,
        }),
      },
      files: [{ field: 'images', name: 'mango.png', data: await picture('png', 32, 32) }],
    }),
  },
  'POST /api/product/update': {
    ok: ['seller'],
    request: (fx) => ({
      fields: { productData: JSON.stringify({ id: fx.productId, weight: '1 kg' }) },
    }),
  },
  'POST /api/product/archive': {
    ok: ['seller'],
    // The seller archives a product of its own: the others' rows still sell fx.productId.
    request: async (fx, who) => ({
      body: { id: who === 'seller' ? (await createProduct(fx.em())).id : fx.productId },
    }),
  },
  'POST /api/product/stock': {
    ok: ['seller'],
    request: (fx) => ({ body: { id: fx.productId, inStock: true } }),
  },
  'POST /api/product/stock/bulk': {
    ok: ['seller'],
    request: (fx) => ({ body: { changes: [{ id: fx.productId, inStock: true }] } }),
  },
  'GET /api/product/search': { ok: EVERYONE, request: () => ({ query: { q: 'mango' } }) },
  'GET /api/product/items': {
    ok: EVERYONE,
    request: (fx) => ({ query: { ids: fx.productId } }),
  },
  'GET /api/product/seller/list': { ok: ['seller'], request: () => ({}) },
  'POST /api/product/import': {
    ok: ['seller'],
    request: () => ({
      files: [{ field: 'file', name: 'products.csv', data: Buffer.from('name\r\nMatrix\r\n') }],
    }),
  },
  'GET /api/product/export': { ok: ['seller'], request: () => ({}) },
  'GET /api/product/search-names': { ok: ['seller'], request: () => ({}) },
  'POST /api/product/search-names': {
    ok: ['seller'],
    request: () => ({ body: { name: `matrix-${randomUUID().slice(0, 8)}`, means: 'mango' } }),
  },
  'POST /api/product/search-names/remove': {
    ok: ['seller'],
    request: async (fx) => {
      const em = fx.em();
      const name = em.create(SearchNameSchema, { name: `gone-${randomUUID()}`, means: 'mango' });
      await em.flush();
      return { body: { id: name.id } };
    },
  },
  'GET /api/category/list': { ok: EVERYONE, request: () => ({}) },
  'POST /api/category/add': {
    ok: ['seller'],
    request: () => ({
      fields: {
        categoryData: JSON.stringify({
          text: 'Matrix',
          path: `Matrix-${randomUUID().slice(0, 8)}`,
          bgColor: '#FFFFFF',
        }),
      },
    }),
  },
  'POST /api/category/update': {
    ok: ['seller'],
    request: async (fx) => {
      const [category] = await fx.em().find(CategorySchema, { path: 'Grains' });
      return { fields: { categoryData: JSON.stringify({ id: category?.id, bgColor: '#F1E3F9' }) } };
    },
  },

  // Shoppers.
  'GET /api/user/is-auth': { ok: SHOPPERS, request: () => ({}) },
  'POST /api/cart/update': {
    ok: SHOPPERS,
    request: (fx) => ({ body: { cartItems: { [fx.productId]: 2 } } }),
  },
  'GET /api/address/get': { ok: SHOPPERS, request: () => ({}) },
  'POST /api/address/add': { ok: SHOPPERS, request: () => ({ body: { address: sampleAddress } }) },
  'PUT /api/address/update/:id': {
    ok: ['shopper'],
    refused: ['other shopper'],
    request: (fx) => ({ params: { id: fx.addressId }, body: { address: sampleAddress } }),
  },
  'POST /api/order/cod': {
    ok: ['shopper'],
    refused: ['other shopper'],
    request: (fx) => ({ body: fx.orderBody }),
  },
  // The shopper is on the shop's khata; the other shopper is not: refused (403).
  'POST /api/order/khata': {
    ok: ['shopper'],
    refused: ['other shopper'],
    request: (fx) => ({ body: fx.orderBody }),
  },
  'POST /api/order/razorpay': {
    ok: ['shopper'],
    refused: ['other shopper'],
    request: (fx) => ({ body: fx.orderBody }),
  },
  'POST /api/order/pay': {
    ok: ['shopper'],
    refused: ['other shopper'],
    request: (fx) => ({ body: { orderId: fx.onlineOrder.orderId } }),
  },
  'POST /api/order/verify': {
    ok: ['shopper'],
    refused: ['other shopper'],
    // Someone else's payment is not told apart from a forged one.
    refusedWith: [400],
    request: async (fx, who) => ({
      body: who === 'shopper' ? await fx.paidCheckout() : fx.unpaidCallback,
    }),
  },
  'GET /api/order/user': { ok: SHOPPERS, request: () => ({}) },
  // The shopper's khata: every shopper reads their own (none: a null khata); only one with a
  // khata that owes may pay it, and only its opener may confirm a payment.
  'GET /api/khata/mine': { ok: SHOPPERS, request: () => ({}) },
  'POST /api/khata/mine/pay': {
    ok: ['shopper'],
    refused: ['other shopper'],
    request: () => ({ body: { amount: 10 } }),
  },
  'POST /api/khata/mine/pay/verify': {
    ok: ['shopper'],
    refused: ['other shopper'],
    refusedWith: [400],
    request: async (fx) => ({ body: await fx.paidKhataCheckout() }),
  },
  'POST /api/order/cancel': {
    ok: ['shopper'],
    refused: ['other shopper'],
    request: async (fx, who) => ({
      body: { orderId: who === 'shopper' ? await fx.placeCodOrder() : fx.agentsOrderId },
    }),
  },

  // The seller.
  'GET /api/seller/is-auth': { ok: ['seller'], request: () => ({}) },
  'GET /api/order/seller': { ok: ['seller'], request: () => ({ query: { page: '1' } }) },
  'GET /api/order/:id/invoice': {
    ok: ['shopper', 'seller'],
    refused: ['other shopper'],
    refusedWith: [404],
    request: (fx) => ({ params: { id: fx.pickedOrderId } }),
  },
  'GET /api/order/:id/history': {
    ok: ['seller'],
    request: (fx) => ({ params: { id: fx.agentsOrderId } }),
  },
  'GET /api/order/:id/payments': {
    ok: ['seller'],
    request: (fx) => ({ params: { id: fx.onlineOrder.orderId } }),
  },
  'POST /api/order/seller/release': {
    ok: ['seller'],
    request: async (fx, who) => ({
      body: { orderId: who === 'seller' ? await fx.acceptedOrder() : fx.agentsOrderId },
    }),
  },
  'POST /api/order/seller/cancel': {
    ok: ['seller'],
    request: async (fx, who) => ({
      body: {
        orderId: who === 'seller' ? await fx.placeCodOrder() : fx.agentsOrderId,
        reason: 'Shop closed',
      },
    }),
  },
  'POST /api/order/seller/unlock-pin': {
    ok: ['seller'],
    request: (fx) => ({ body: { orderId: fx.agentsOrderId } }),
  },
  'POST /api/order/seller/assign': {
    ok: ['seller'],
    request: async (fx, who) => ({
      body: {
        orderId: who === 'seller' ? await fx.placeCodOrder() : fx.agentsOrderId,
        agentId: fx.agentId,
      },
    }),
  },
  'GET /api/agents': { ok: ['seller'], request: () => ({}) },
  'POST /api/agents/create': {
    ok: ['seller'],
    request: () => ({ body: { name: 'Matrix agent', phone: freshPhone() } }),
  },
  // Each on an agent of its own: a removal or a new invite would cut the agents' phones off.
  'POST /api/agents/:id/invite': {
    ok: ['seller'],
    request: async (fx) => ({ params: { id: (await createAgent(fx.em())).id } }),
  },
  'DELETE /api/agents/:id': {
    ok: ['seller'],
    request: async (fx) => ({ params: { id: (await createAgent(fx.em())).id } }),
  },
  'POST /api/agents/pair': {
    ok: EVERYONE,
    request: async (fx) => ({ body: { code: await fx.inviteCode() } }),
  },

  // Delivery agents: an agent's own orders are that agent's alone.
  'GET /api/agents/is-auth': { ok: AGENTS, request: () => ({}) },
  'GET /api/agents/orders/visible': { ok: AGENTS, request: () => ({}) },
  'GET /api/agents/cash': { ok: AGENTS, request: () => ({}) },
  'PUT /api/agents/duty': { ok: AGENTS, request: () => ({ body: { onDuty: true } }) },
  'GET /api/agents/report': { ok: ['seller'], request: () => ({ query: { date: '2026-11-24' } }) },
  'GET /api/dashboard': {
    ok: ['seller'],
    request: () => ({ query: { from: '2026-11-01', to: '2026-11-27' } }),
  },
  // The month's GST: the seller's; GSTR-1 is refused (409) to this shop, not registered.
  'GET /api/gst/gstr1': {
    ok: [],
    refused: ['seller'],
    refusedWith: [409],
    request: () => ({ query: { month: '2026-11' } }),
  },
  'GET /api/gst/summary': { ok: ['seller'], request: () => ({ query: { month: '2026-11' } }) },
  'GET /api/gst/register': { ok: ['seller'], request: () => ({ query: { month: '2026-11' } }) },
  // The shop's settings. Its promise as it is: this table is about who may change it.
  'GET /api/shop': { ok: EVERYONE, request: () => ({}) },
  'PUT /api/shop': { ok: ['seller'], request: () => ({ body: { promiseMinutes: 30 } }) },
  'GET /api/shop/serviceable': { ok: EVERYONE, request: () => ({ query: { zipcode: '411001' } }) },
  // The till at the counter: the seller's alone.
  'GET /api/counter/lookup': {
    ok: ['seller'],
    request: async (fx) => ({ query: { code: (await fx.barcodedProduct()).barcode ?? '' } }),
  },
  'POST /api/counter/sales': {
    ok: ['seller'],
    request: async (fx) => {
      await fx.tillOpen();
      return { body: { items: [{ product: fx.productId, quantity: 1 }], payment: 'upi' } };
    },
  },
  'GET /api/counter/sales': { ok: ['seller'], request: () => ({}) },
  'GET /api/counter/sales/:id': {
    ok: ['seller'],
    request: async (fx) => ({ params: { id: await fx.tillSale() } }),
  },
  'POST /api/counter/sales/:id/return': {
    ok: ['seller'],
    request: async (fx) => ({
      params: { id: await fx.tillSale() },
      body: { lines: [{ product: fx.productId, quantity: 1 }] },
    }),
  },
  'GET /api/counter/sales/:id/receipt': {
    ok: ['seller'],
    request: async (fx) => ({ params: { id: await fx.tillSale() }, query: { format: 'escpos' } }),
  },
  'GET /api/counter/day': { ok: ['seller'], request: () => ({}) },
  'POST /api/counter/day/open': {
    ok: ['seller'],
    request: async (fx, who) => {
      if (who === 'seller') await fx.tillClosed();
      return { body: { openingFloat: 500 } };
    },
  },
  'POST /api/counter/day/close': {
    ok: ['seller'],
    request: async (fx, who) => {
      if (who === 'seller') await fx.tillOpen();
      return { body: { countedCash: 500 } };
    },
  },
  'GET /api/counter/days': { ok: ['seller'], request: () => ({ query: { date: '2026-11-27' } }) },
  'GET /api/counter/catalogue': { ok: ['seller'], request: () => ({}) },
  'POST /api/counter/devices': {
    ok: ['seller'],
    request: () => ({ body: { name: 'Matrix counter' } }),
  },
  'GET /api/counter/devices/:series': {
    ok: ['seller'],
    request: async (fx) => ({ params: { series: await fx.counterDevice() } }),
  },
  'POST /api/counter/devices/:series/cancelled': {
    ok: ['seller'],
    request: async (fx) => ({
      params: { series: await fx.counterDevice() },
      body: { number: 1, madeAt: new Date().toISOString(), reason: 'Dropped at the counter' },
    }),
  },
  // The khata: the seller's alone (a shopper's own is GET /api/khata/mine).
  'GET /api/khata/customers': { ok: ['seller'], request: () => ({ query: { q: 'matrix' } }) },
  'POST /api/khata/customers': {
    ok: ['seller'],
    request: () => ({ body: { name: 'Matrix Customer', phone: khataPhone(), creditLimit: 100 } }),
  },
  'GET /api/khata/customers/:id': {
    ok: ['seller'],
    request: (fx) => ({ params: { id: fx.khataCustomer.id } }),
  },
  'PUT /api/khata/customers/:id': {
    ok: ['seller'],
    request: (fx) => ({
      params: { id: fx.khataCustomer.id },
      body: { name: 'Matrix Regular', phone: fx.khataCustomer.phone, creditLimit: 500 },
    }),
  },
  'GET /api/khata/customers/:id/entries': {
    ok: ['seller'],
    request: (fx) => ({ params: { id: fx.khataCustomer.id } }),
  },
  'POST /api/khata/customers/:id/payments': {
    ok: ['seller'],
    request: (fx) => ({ params: { id: fx.khataCustomer.id }, body: { amount: 1, method: 'upi' } }),
  },
  'POST /api/khata/customers/:id/adjustments': {
    ok: ['seller'],
    request: (fx) => ({
      params: { id: fx.khataCustomer.id },
      body: { amount: 1, reason: 'Matrix' },
    }),
  },
  'GET /api/khata/customers/:id/reminder': {
    ok: ['seller'],
    request: (fx) => ({ params: { id: fx.khataCustomer.id } }),
  },
  'GET /api/khata/customers/:id/statement': {
    ok: ['seller'],
    request: (fx) => ({
      params: { id: fx.khataCustomer.id },
      query: { from: '2026-11-01', to: '2026-11-30', format: 'csv' },
    }),
  },
  'POST /api/khata/import': {
    ok: ['seller'],
    request: () => ({
      files: [
        {
          field: 'file',
          name: 'khata.csv',
          data: Buffer.from(`name,phone\r\nMatrix Import,${khataPhone()}\r\n`),
        },
      ],
    }),
  },
  'GET /api/khata/shoppers': { ok: ['seller'], request: () => ({ query: { q: 'shopper' } }) },
  // The shop's backups.
  'GET /api/backups': { ok: ['seller'], request: () => ({}) },
  'POST /api/backups': { ok: ['seller'], request: () => ({}) },
  'GET /api/backups/:name': {
    ok: ['seller'],
    request: async (fx) => ({ params: { name: (await fx.backups.backUpNow()).name } }),
  },
  'GET /api/agents/:id/ledger': {
    ok: ['seller'],
    request: (fx) => ({ params: { id: fx.agentId } }),
  },
  'POST /api/agents/:id/correction': {
    ok: ['seller'],
    request: (fx) => ({ params: { id: fx.agentId }, body: { amount: 1, note: 'Matrix' } }),
  },
  // Of an agent of its own holding ₹1, so that each handover has cash to take.
  'POST /api/agents/:id/handover': {
    ok: ['seller'],
    request: async (fx) => {
      const em = fx.em();
      const agent = await createAgent(em);
      em.create(CashLineSchema, {
        agent,
        kind: 'correction',
        amountPaise: 100,
        note: 'Float',
        by: 'seller',
      });
      await em.flush();
      return { params: { id: agent.id }, body: { amount: 1 } };
    },
  },
  'POST /api/agents/accept': {
    ok: ['agent'],
    // Any agent takes an open order; the first agent's order is taken.
    refused: ['other agent'],
    request: async (fx, who) => ({
      body: { orderId: who === 'agent' ? await fx.placeCodOrder() : fx.agentsOrderId },
    }),
  },
  'PUT /api/agents/status/:orderId': {
    ok: ['agent'],
    refused: ['other agent'],
    request: async (fx, who) => ({
      params: { orderId: who === 'agent' ? await fx.acceptedOrder() : fx.agentsOrderId },
      body: { status: 'Picked' },
    }),
  },
  'PUT /api/agents/mark-paid/:orderId': {
    ok: ['agent'],
    refused: ['other agent'],
    request: async (fx, who) => ({
      params: { orderId: who === 'agent' ? await fx.acceptedOrder() : fx.agentsOrderId },
    }),
  },
  'POST /api/agents/order/razorpay': {
    ok: ['agent'],
    refused: ['other agent'],
    request: (fx) => ({ body: { currency: 'INR', receipt: fx.agentsOrderId } }),
  },
  'POST /api/agents/order/verify': {
    ok: ['agent'],
    refused: ['other agent'],
    refusedWith: [400],
    request: async (fx, who) => ({
      body: who === 'agent' ? await fx.paidCollection() : fx.unpaidCallback,
    }),
  },
  // Background alerts: each agent's own phone (the test app sends no push messages). Shoppers'
  // browsers subscribe with the same key.
  'GET /api/agents/push/key': { ok: [...SHOPPERS, ...AGENTS], request: () => ({}) },
  'POST /api/agents/push/subscribe': { ok: AGENTS, request: () => ({ body: phoneSubscription() }) },
  'POST /api/agents/push/unsubscribe': {
    ok: AGENTS,
    request: () => ({ body: { endpoint: phoneSubscription().endpoint } }),
  },

  // Notifications of a shopper's own orders, on their own browser.
  'POST /api/user/push/subscribe': { ok: SHOPPERS, request: () => ({ body: phoneSubscription() }) },
  'POST /api/user/push/unsubscribe': {
    ok: SHOPPERS,
    request: () => ({ body: { endpoint: phoneSubscription().endpoint } }),
  },

  // Payments: the provider's calls and the sandbox's Checkout are open to anyone.
  'GET /api/payments/config': { ok: EVERYONE, request: () => ({}) },
  'POST /api/payments/razorpay/webhook': {
    ok: EVERYONE,
    request: (fx) => {
      const { providerOrderId } = fx;
      const event = webhook('payment.failed', {
        payment: { ...capturedPayment(providerOrderId, `pay_${unique()}`, 100), status: 'failed' },
      });
      return {
        body: event.body,
        headers: { 'x-razorpay-signature': event.signature, 'x-razorpay-event-id': event.eventId },
      };
    },
  },
  'GET /payments/sandbox/orders/:id': {
    ok: EVERYONE,
    request: (fx) => ({
      params: { id: fx.providerOrderId },
      query: { key_id: PAYMENT_SECRETS.keyId },
    }),
  },
  'POST /payments/sandbox/orders/:id/pay': {
    ok: EVERYONE,
    // A failed attempt may be made again, unlike a payment.
    request: (fx) => ({
      params: { id: fx.providerOrderId },
      body: { key_id: PAYMENT_SECRETS.keyId, outcome: 'failure' },
    }),
  },
  'GET /payments/sandbox/:file': {
    ok: EVERYONE,
    request: () => ({ params: { file: 'checkout.js' } }),
  },

  // Signing in and out, last: each ends the calling browser's earlier session of its kind.
  'POST /api/user/register': {
    ok: EVERYONE,
    endsSessions: true,
    request: () => ({
      body: { name: 'Matrix', email: `matrix-${unique()}@example.com`, password: 'matrix-pass-1' },
    }),
  },
  'POST /api/user/login': {
    ok: EVERYONE,
    endsSessions: true,
    request: (fx) => ({ body: fx.spareShopper }),
  },
  'POST /api/seller/login': {
    ok: EVERYONE,
    endsSessions: true,
    request: (fx) => ({ body: fx.spareSeller }),
  },
  'POST /api/agents/login': {
    // Only the first agent's own paired phone signs in with that agent's number.
    ok: ['agent'],
    refused: IDENTITIES.filter((who) => who !== 'agent'),
    refusedWith: [403],
    endsSessions: true,
    request: (fx) => ({ body: { phone: fx.agentPhone } }),
  },
  'GET /api/user/logout': { ok: EVERYONE, endsSessions: true, request: () => ({}) },
  'POST /api/user/logout': { ok: EVERYONE, endsSessions: true, request: () => ({}) },
  'GET /api/seller/logout': { ok: EVERYONE, endsSessions: true, request: () => ({}) },
  'POST /api/seller/logout': { ok: EVERYONE, endsSessions: true, request: () => ({}) },
  'GET /api/agents/logout': { ok: EVERYONE, endsSessions: true, request: () => ({}) },
  'POST /api/agents/logout': { ok: EVERYONE, endsSessions: true, request: () => ({}) },
};

const unique = () => randomUUID().slice(0, 8);
const freshPhone = () => `+91${randomInt(6_000_000_000, 9_999_999_999)}`;
/** A phone's Web Push subscription at a known push service, with a real P-256 key. */
function phoneSubscription() {
  const keyPair = createECDH('prime256v1');
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${unique()}`,
    keys: {
      p256dh: keyPair.generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** The signed-in browsers and the data the rows send: the first shopper's and agent's. */
async function makeFixtures(app: TestApp) {
  // Side by side: each sign-up and sign-in hashes or checks a password.
  const [shopper, otherShopper, spareShopper, seller, spareSeller, agent, otherAgent, removed] =
    await Promise.all([
      signUpShopper(app),
      signUpShopper(app, 'Other Shopper'),
      signUpShopper(app, 'Spare Shopper'),
      signInSeller(app),
      signInSeller(app),
      signInAgent(app),
      signInAgent(app, 'Other Agent'),
      signInAgent(app, 'Removed Agent'),
    ]);
  await seller.http.delete(`/api/agents/${removed.agent.id}`).expect(200);
  // The shopper places an order for many of the rows, all of them open and unpaid: the shop
  // takes as many as it may (on this file's own database).
  await seller.http.put('/api/shop').send({ maxOpenOrders: MAX_OPEN_ORDERS.max }).expect(200);
  const unpairedPhone = app.agent();
  await unpairedPhone.post('/api/agents/login').send({ phone: agent.agent.phone });

  const productId = (await createProduct(app.orm.em.fork())).id;
  const address = await shopper.http
    .post('/api/address/add')
    .send({ address: sampleAddress })
    .expect(201);
  const addressId = address.body.address._id as string;
  const orderBody = { items: [{ product: productId, quantity: 1 }], address: addressId };
  // The shopper (not the other one) may buy on the khata, within a limit no row reaches, and
  // owes ₹10,000 to pay online.
  await createKhataCustomer(app.orm.em.fork(), {
    limitPaise: 100_000_000,
    balancePaise: 1_000_000,
    shopper: shopper.id,
  });

  /** A new COD order of the shopper's, open to every agent. */
  async function placeCodOrder(): Promise<string> {
    await shopper.http.post('/api/order/cod').send(orderBody).expect(201);
    const mine = await shopper.http.get('/api/order/user').expect(200);
    return mine.body.orders[0]._id as string;
  }
  /** A new COD order the first agent has accepted. */
  async function acceptedOrder(): Promise<string> {
    const orderId = await placeCodOrder();
    await agent.http.post('/api/agents/accept').send({ orderId }).expect(200);
    return orderId;
  }
  const agentsOrderId = await acceptedOrder();
  const pickedOrderId = await acceptedOrder();
  await agent.http
    .put(`/api/agents/status/${pickedOrderId}`)
    .send({ status: 'Picked' })
    .expect(200);
  const regular = await seller.http
    .post('/api/khata/customers')
    .send({ name: 'Matrix Regular', phone: khataPhone(), creditLimit: 500 })
    .expect(201);
  const khataCustomer = {
    id: regular.body.customer._id as string,
    phone: regular.body.customer.phone as string,
  };
  /** The till open for sales (opened with a float when it was not; the identities race). */
  async function tillOpen() {
    if (await currentTill(app.orm.em.fork())) return;
    await openTill(app.orm.em.fork(), app.events, 500).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    });
  }
  const onlineOrder = await placeOnlineOrder(app, shopper);

  return {
    em: () => app.orm.em.fork(),
    browsers: {
      nobody: app.agent(),
      shopper: shopper.http,
      'other shopper': otherShopper.http,
      seller: seller.http,
      agent: agent.http,
      'other agent': otherAgent.http,
      'removed agent': removed.http,
      'unpaired phone': unpairedPhone,
    } satisfies Record<Identity, Browser>,
    productId,
    addressId,
    orderBody,
    /** Accepted by the first agent, not yet picked. */
    agentsOrderId,
    /** The shopper's, picked by the first agent: it has its invoice. */
    pickedOrderId,
    agentId: agent.agent.id,
    /** The seller's khata customer. */
    khataCustomer,
    /** The shopper's online order awaiting payment, and its provider order. */
    onlineOrder,
    providerOrderId: onlineOrder.order.id,
    /** Checkout's fields for the shopper's unpaid order: signed, but naming no real payment. */
    unpaidCallback: signedCallback(onlineOrder.order.id, 'pay_matrixunpaid01'),
    agentPhone: agent.agent.phone,
    /** Accounts of each kind to sign in as, in any browser. */
    spareShopper: { email: spareShopper.email, password: spareShopper.password },
    spareSeller: { email: spareSeller.email, password: spareSeller.password },
    placeCodOrder,
    acceptedOrder,
    /** A new product with a barcode, for the counter to scan. */
    barcodedProduct: () =>
      createProduct(app.orm.em.fork(), { barcode: String(randomInt(1e12, 1e13)) }),
    tillOpen,
    /** The till closed (counted as expected when it was open). */
    async tillClosed() {
      const day = await currentTill(app.orm.em.fork());
      if (day) await closeTill(app.orm.em.fork(), app.events, day.expectedPaise / 100, undefined);
    },
    /** A new walk-in sale of one unit, the till opened for it. */
    async tillSale() {
      await tillOpen();
      const body = { items: [{ product: productId, quantity: 1 }], payment: 'upi' as const };
      return (await sellAtCounter(app.orm.em.fork(), app.events, body)).id;
    },
    /** A counter device's series, registered for it. */
    counterDevice: async () => (await registerDevice(app.orm.em.fork(), 'Matrix counter')).series,
    /** A new agent's one-time invite code, as the seller's Agents screen makes it. */
    async inviteCode() {
      const invited = await createAgent(app.orm.em.fork(), 'Invited Agent');
      return (await inviteAgent(app.orm.em.fork(), app.events, agentHooks, invited.id)).code;
    },
    /** Checkout's callback for a new online order of the shopper's, paid in the sandbox. */
    async paidCheckout() {
      const placed = await placeOnlineOrder(app, shopper);
      return { ...(await payInSandbox(app, placed.order.id)), orderId: placed.orderId };
    },
    /** Checkout's callback for a new payment of the shopper's khata, paid in the sandbox. */
    async paidKhataCheckout() {
      const opened = await shopper.http
        .post('/api/khata/mine/pay')
        .send({ amount: 10 })
        .expect(200);
      return payInSandbox(app, opened.body.order.id);
    },
    /** Checkout's callback for the first agent's collection at the door, paid in the sandbox. */
    async paidCollection() {
      const orderId = await acceptedOrder();
      const opened = await agent.http
        .post('/api/agents/order/razorpay')
        .send({ currency: 'INR', receipt: orderId })
        .expect(200);
      return { ...(await payInSandbox(app, opened.body.order.id)), orderId };
    },
  };
}

async function send(app: TestApp, route: string, browser: Browser, cell: CellRequest) {
  const [method = '', template = ''] = route.split(' ');
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = cell.params?.[name];
    if (value === undefined) throw new Error(`${route}: the row gives no value for :${name}`);
    return encodeURIComponent(value);
  });
  let request = app.http()[method.toLowerCase() as 'get'](path);
  // The browser's cookies go as a header: an answer's Set-Cookie must not change the identity.
  const cookie = cookieHeader(browser);
  if (cookie) request = request.set('Cookie', cookie);
  if (cell.query) request = request.query(cell.query);
  for (const [name, value] of Object.entries(cell.headers ?? {}))
    request = request.set(name, value);
  if (cell.fields || cell.files) {
    for (const [name, value] of Object.entries(cell.fields ?? {}))
      request = request.field(name, value);
    for (const file of cell.files ?? []) request = request.attach(file.field, file.data, file.name);
    return request;
  }
  if (typeof cell.body === 'string') return request.type('json').send(cell.body);
  return cell.body === undefined ? request : request.send(cell.body);
}

/** What went wrong with one cell, or null when its answer is the expected one. */
function judge(row: Row, who: Identity, status: number, body: unknown): string | null {
  const expected = row.ok.includes(who)
    ? 'ok'
    : row.refused?.includes(who)
      ? 'refused'
      : 'unauthenticated';
  const refusedWith = row.refusedWith ?? [403, 404, 409];
  const failure = {
    ok: status >= 200 && status < 300 ? null : 'a 2xx answer',
    refused: refusedWith.includes(status) ? null : `a refusal (${refusedWith.join('/')})`,
    unauthenticated: status === 401 ? null : 'a 401 answer',
  }[expected];
  if (failure) return `${who}: expected ${failure}, got ${status} ${JSON.stringify(body)}`;
  if (status >= 400) {
    const error = body as { success?: unknown; message?: unknown; code?: unknown };
    if (
      error.success !== false ||
      typeof error.message !== 'string' ||
      !error.message ||
      !ERROR_CODES.includes(error.code as ErrorCode)
    )
      return `${who}: a ${status} without { success: false, message, code }: ${JSON.stringify(body)}`;
  }
  return null;
}

describe('who may call each route', () => {
  let app: TestApp;
  let fx: Fixtures;
  let scratch: EmbeddedDatabase;
  let scratchDir: string;
  beforeAll(async () => {
    // Backups dump a database of their own: this table is about who may ask for them.
    scratchDir = await mkdtemp(path.join(tmpdir(), 'kirana-auth-matrix-'));
    scratch = await startEmbeddedDatabase(scratchDir);
    // Its own database: the shop's settings here are not the other files'.
    app = await createTestAppOfItsOwn({
      backupSource: { kind: 'embedded', copyTo: scratch.copyTo },
    });
    fx = { ...(await makeFixtures(app)), backups: app.backups };
  });
  afterAll(async () => {
    await app?.close();
    await scratch?.close();
    await rm(scratchDir, { recursive: true, force: true });
  });

  test('every route the routers serve has a row, and every row a route', () => {
    const served = app.routes.map(({ method, path }) => `${method} ${path}`);
    const rows = Object.keys(ROWS);
    expect(
      served.filter((route) => !rows.includes(route)),
      'routes with no row in the auth matrix',
    ).toEqual([]);
    expect(
      rows.filter((row) => !served.includes(row)),
      'rows for routes the app does not serve',
    ).toEqual([]);
  });

  const ordered = Object.entries(ROWS).sort(
    ([, a], [, b]) => Number(a.endsSessions ?? false) - Number(b.endsSessions ?? false),
  );
  // A row's cells side by side: each sends its own request, on data no other cell changes.
  test.each(ordered)('%s', async (route, row) => {
    const failures = await Promise.all(
      IDENTITIES.map(async (who) => {
        const answer = await send(app, route, fx.browsers[who], await row.request(fx, who));
        const body: unknown = answer.type === 'application/json' ? answer.body : answer.text;
        return judge(row, who, answer.status, body);
      }),
    );
    expect(failures.filter(Boolean)).toEqual([]);
  });
});
