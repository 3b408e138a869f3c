/**
 * The fuzz rows (fuzz-rows.ts) of the agents' cash and orders, push alerts, carts and addresses,
 * orders, payments and the payment sandbox.
 */
import {
  acceptOrderBodySchema,
  correctionBodySchema,
  handoverBodySchema,
  addressAddBodySchema,
  addressUpdateBodySchema,
  agentPaymentOrderBodySchema,
  cartUpdateBodySchema,
  orderStatusBodySchema,
  myKhataPayBodySchema,
  payOrderBodySchema,
  paymentVerifyBodySchema,
  placeOrderBodySchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  userPushSubscribeBodySchema,
  releaseOrderBodySchema,
  unlockPinBodySchema,
  sellerCancelOrderBodySchema,
  cancelOrderBodySchema,
  assignOrderBodySchema,
} from '@kirana/shared';
import { sampleAddress } from './factories.js';
import { KINDS, type FuzzIds, type FuzzRow } from './fuzz-rows.js';

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

/** The agents' work's, the carts', addresses', orders' and payments' routes. */
export const ORDER_ROWS: Record<string, FuzzRow> = {
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
    body: { json: addressAddBodySchema, example: () => ({ address: sampleAddress }) },
  },
  'PUT /api/address/update/:id': {
    as: ['shopper'],
    body: { json: addressUpdateBodySchema, example: () => ({ address: sampleAddress }) },
  },
  'POST /api/order/cod': {
    as: ['shopper'],
    body: { json: placeOrderBodySchema, example: orderBody },
  },
  'POST /api/order/khata': {
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
  'GET /api/khata/mine': { as: KINDS, query: ['before'] },
  'POST /api/khata/mine/pay': {
    as: ['shopper'],
    body: { json: myKhataPayBodySchema, example: () => ({ amount: 10 }) },
  },
  'POST /api/khata/mine/pay/verify': {
    as: ['shopper'],
    body: { json: paymentVerifyBodySchema, example: validCallback },
  },
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
  'GET /api/order/:id/invoice': { as: KINDS },
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
