import { onlineOrderAnswerSchema, type OnlineOrderAnswer } from '@kirana/shared';
import { PAYMENT_SECRETS, type TestApp } from './app.js';
import { addAddress, createProduct, type signUpShopper } from './factories.js';
import { checkoutSignature, webhookSignature } from '../modules/payment/signatures.js';

type Shopper = Awaited<ReturnType<typeof signUpShopper>>;

/** The shopper places an online order for `quantity` of a new product priced `offerPricePaise`. */
export async function placeOnlineOrder(
  app: TestApp,
  shopper: Shopper,
  { offerPricePaise = 9_950, quantity = 1, extra = {} as Record<string, unknown> } = {},
): Promise<OnlineOrderAnswer> {
  const product = await createProduct(app.orm.em.fork(), { offerPricePaise });
  const placed = await shopper.http
    .post('/api/order/razorpay')
    .send({
      items: [{ product: product.id, quantity }],
      address: await addAddress(shopper),
      ...extra,
    })
    .expect(201);
  return onlineOrderAnswerSchema.parse(placed.body);
}

/** A person pays (or fails to pay) the provider order on the sandbox's Checkout page. */
export async function payInSandbox(
  app: TestApp,
  providerOrderId: string,
  outcome: 'success' | 'failure' = 'success',
) {
  const paid = await app
    .http()
    .post(`/payments/sandbox/orders/${providerOrderId}/pay`)
    .send({ key_id: PAYMENT_SECRETS.keyId, outcome })
    .expect(200);
  return paid.body as {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
}

/** Checkout's callback fields for a payment of `providerOrderId`, signed with the sandbox key. */
export function signedCallback(providerOrderId: string, paymentId: string) {
  return {
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: checkoutSignature(providerOrderId, paymentId, PAYMENT_SECRETS.keySecret),
  };
}

/** A webhook as Razorpay sends it: raw JSON bytes, their signature and an event id. */
export function webhook(
  event: string,
  entities: Record<string, object>,
  eventId = `evt_${Math.random().toString(36).slice(2, 16)}`,
) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: Object.keys(entities),
    payload: Object.fromEntries(
      Object.entries(entities).map(([name, entity]) => [name, { entity }]),
    ),
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    body,
    eventId,
    signature: webhookSignature(body, PAYMENT_SECRETS.webhookSecret),
    /** Sends it to the app's webhook endpoint. */
    send(this: { signature: string }, app: TestApp, signature = this.signature) {
      return app
        .http()
        .post('/api/payments/razorpay/webhook')
        .set('content-type', 'application/json')
        .set('x-razorpay-signature', signature)
        .set('x-razorpay-event-id', eventId)
        .send(body);
    },
  };
}

/** A captured payment entity as Razorpay's webhooks carry it. */
export const capturedPayment = (orderId: string, paymentId: string, amount: number) => ({
  id: paymentId,
  entity: 'payment',
  amount,
  currency: 'INR',
  status: 'captured',
  order_id: orderId,
  method: 'upi',
  amount_refunded: 0,
  captured: true,
});
