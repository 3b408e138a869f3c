import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { ProviderError } from './provider.js';
import { RazorpayProvider } from './razorpay.provider.js';
import { checkoutSignature, webhookSignature } from './signatures.js';

const secrets = {
  keyId: 'rzp_test_Kirana01',
  keySecret: 'kirana_test_key_secret',
  webhookSecret: 'kirana_webhook_secret',
};
const basicAuth = `Basic ${Buffer.from('rzp_test_Kirana01:kirana_test_key_secret').toString('base64')}`;
const provider = new RazorpayProvider(secrets);
const razorpay = () => nock('https://api.razorpay.com');

const paymentEntity = {
  id: 'pay_NhE2Qz3vL1wX9y',
  entity: 'payment',
  amount: 49900,
  currency: 'INR',
  status: 'captured',
  order_id: 'order_NhE1kD8hZr2S0T',
  amount_refunded: 0,
  error_description: null,
};

interface SentRequest {
  headers: Headers;
  body: unknown;
}

/** A nock reply that keeps each request the SDK sent, so tests assert on what went out. */
function recordingReply(status: number, answer: object) {
  const sent: SentRequest[] = [];
  const reply = async (request: Request) => {
    const text = await request.clone().text();
    sent.push({ headers: request.headers, body: text ? JSON.parse(text) : undefined });
    return [status, answer] as const;
  };
  return { sent, reply };
}

/** What a call rejected with, to assert on its class and fields together. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => error,
  );
}

beforeAll(() => {
  // Only Razorpay's host is mocked here; anything else but loopback must fail loudly.
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
});

afterEach(() => {
  nock.cleanAll();
});

afterAll(() => {
  nock.enableNetConnect();
  // Takes nock's interceptors off node:http and fetch for whatever runs next in this worker.
  nock.restore();
});

describe('RazorpayProvider.createOrder', () => {
  test('posts the amount in paise, INR, the receipt and notes with Basic auth, and maps the order', async () => {
    const { sent, reply } = recordingReply(200, {
      id: 'order_NhE1kD8hZr2S0T',
      entity: 'order',
      amount: 49900,
      amount_paid: 0,
      amount_due: 49900,
      currency: 'INR',
      receipt: 'ord_01J9Z',
      status: 'created',
      attempts: 0,
      notes: { orderId: 'ord_01J9Z' },
      created_at: 1717171717,
    });
    const scope = razorpay().post('/v1/orders').reply(reply);

    const order = await provider.createOrder({
      amount: 49900,
      receipt: 'ord_01J9Z',
      notes: { orderId: 'ord_01J9Z' },
    });

    scope.done();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      amount: 49900,
      currency: 'INR',
      receipt: 'ord_01J9Z',
      notes: { orderId: 'ord_01J9Z' },
    });
    expect(sent[0]!.headers.get('authorization')).toBe(basicAuth);
    expect(sent[0]!.headers.get('x-refund-idempotency')).toBeNull();
    expect(order).toEqual({
      id: 'order_NhE1kD8hZr2S0T',
      amount: 49900,
      currency: 'INR',
      receipt: 'ord_01J9Z',
      status: 'created',
    });
  });

  test.each([499.5, 0, -100, Number.NaN])(
    'refuses %s paise with a plain Error before calling Razorpay',
    async (amount) => {
      const error = await failureOf(provider.createOrder({ amount, receipt: 'r', notes: {} }));
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ProviderError);
      expect((error as Error).message).toMatch(/positive whole number of paise/);
    },
  );
});

describe('RazorpayProvider.fetchOrderPayments', () => {
  test("gets the order's payments and maps each into the store's terms", async () => {
    const { sent, reply } = recordingReply(200, {
      entity: 'collection',
      count: 2,
      items: [
        {
          ...paymentEntity,
          id: 'pay_failed01',
          status: 'failed',
          error_description: 'Bank declined',
        },
        { ...paymentEntity, amount_refunded: 10000 },
      ],
    });
    const scope = razorpay().get('/v1/orders/order_NhE1kD8hZr2S0T/payments').reply(reply);

    const payments = await provider.fetchOrderPayments('order_NhE1kD8hZr2S0T');

    scope.done();
    expect(sent[0]!.headers.get('authorization')).toBe(basicAuth);
    expect(payments).toEqual([
      {
        id: 'pay_failed01',
        orderId: 'order_NhE1kD8hZr2S0T',
        amount: 49900,
        currency: 'INR',
        status: 'failed',
        amountRefunded: 0,
        errorDescription: 'Bank declined',
      },
      {
        id: 'pay_NhE2Qz3vL1wX9y',
        orderId: 'order_NhE1kD8hZr2S0T',
        amount: 49900,
        currency: 'INR',
        status: 'captured',
        amountRefunded: 10000,
        errorDescription: null,
      },
    ]);
  });
});

describe('RazorpayProvider.refund', () => {
  const refundEntity = (amount: number, receipt: string) => ({
    id: `rfnd_${receipt}`,
    entity: 'refund',
    amount,
    currency: 'INR',
    payment_id: 'pay_NhE2Qz3vL1wX9y',
    receipt,
    status: 'pending',
    speed_requested: 'normal',
    created_at: 1717171717,
  });

  test('posts amount, normal speed, receipt and notes with its X-Refund-Idempotency key, and maps the refund', async () => {
    const { sent, reply } = recordingReply(200, refundEntity(20000, 'refund01'));
    const scope = razorpay().post('/v1/payments/pay_NhE2Qz3vL1wX9y/refund').reply(reply);

    const refund = await provider.refund({
      paymentId: 'pay_NhE2Qz3vL1wX9y',
      amount: 20000,
      idempotencyKey: 'refund01-key',
      receipt: 'refund01',
      notes: { orderId: 'ord_01J9Z' },
    });

    scope.done();
    expect(sent[0]!.body).toEqual({
      amount: 20000,
      speed: 'normal',
      receipt: 'refund01',
      notes: { orderId: 'ord_01J9Z' },
    });
    expect(sent[0]!.headers.get('x-refund-idempotency')).toBe('refund01-key');
    expect(sent[0]!.headers.get('authorization')).toBe(basicAuth);
    expect(refund).toEqual({
      id: 'rfnd_refund01',
      paymentId: 'pay_NhE2Qz3vL1wX9y',
      amount: 20000,
      status: 'pending',
      receipt: 'refund01',
    });
  });

  test('concurrent refunds each carry their own key, and later calls carry none', async () => {
    const refunds = recordingReply(200, refundEntity(100, 'refundX'));
    const orders = recordingReply(200, {
      id: 'order_after',
      amount: 100,
      currency: 'INR',
      receipt: 'after',
      status: 'created',
    });
    const scope = razorpay()
      .post('/v1/payments/pay_NhE2Qz3vL1wX9y/refund')
      .times(2)
      .reply(refunds.reply)
      .post('/v1/orders')
      .reply(orders.reply);
    const refund = (key: string) =>
      provider.refund({
        paymentId: 'pay_NhE2Qz3vL1wX9y',
        amount: 100,
        idempotencyKey: key,
        receipt: key,
        notes: {},
      });

    await Promise.all([refund('key-a'), refund('key-b')]);
    await provider.createOrder({ amount: 100, receipt: 'after', notes: {} });

    scope.done();
    const sentKeys = refunds.sent.map(({ headers, body }) => [
      headers.get('x-refund-idempotency'),
      (body as { receipt: string }).receipt,
    ]);
    expect(sentKeys).toEqual(
      expect.arrayContaining([
        ['key-a', 'key-a'],
        ['key-b', 'key-b'],
      ]),
    );
    expect(orders.sent[0]!.headers.get('x-refund-idempotency')).toBeNull();
  });
});

describe('RazorpayProvider error mapping', () => {
  test("a 400 with Razorpay's error is a ProviderError that is not retryable and carries its description", async () => {
    razorpay()
      .post('/v1/orders')
      .reply(400, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Order amount less than minimum amount allowed',
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          field: 'amount',
        },
      });

    const error = await failureOf(provider.createOrder({ amount: 50, receipt: 'r', notes: {} }));

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: false, statusCode: 400 });
    expect((error as ProviderError).message).toContain(
      'Order amount less than minimum amount allowed',
    );
  });

  test.each([409, 429, 500, 503])('a %i answer is a retryable ProviderError', async (status) => {
    razorpay()
      .get('/v1/orders/order_NhE1kD8hZr2S0T/payments')
      .reply(status, {
        error: { code: 'SERVER_ERROR', description: 'The server encountered an error' },
      });

    const error = await failureOf(provider.fetchOrderPayments('order_NhE1kD8hZr2S0T'));

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: true, statusCode: status });
  });

  test('a 502 whose body is not Razorpay JSON is still a retryable ProviderError', async () => {
    razorpay()
      .post('/v1/payments/pay_NhE2Qz3vL1wX9y/refund')
      .reply(502, '<html>Bad Gateway</html>', { 'Content-Type': 'text/html' });

    const error = await failureOf(
      provider.refund({
        paymentId: 'pay_NhE2Qz3vL1wX9y',
        amount: 100,
        idempotencyKey: 'k',
        receipt: 'r',
        notes: {},
      }),
    );

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: true, statusCode: 502 });
  });

  test.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'])(
    'a request that fails with %s and no answer is a retryable ProviderError, not a TypeError',
    async (code) => {
      // An Error, not a plain object: nock 15 never fails the request for the latter, so it hangs.
      razorpay()
        .post('/v1/orders')
        .replyWithError(Object.assign(new Error(`connect ${code}`), { code }));

      const error = await failureOf(provider.createOrder({ amount: 100, receipt: 'r', notes: {} }));

      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ retryable: true, statusCode: undefined });
    },
  );
});

describe('RazorpayProvider signatures', () => {
  const checkout = { orderId: 'order_NhE1kD8hZr2S0T', paymentId: 'pay_NhE2Qz3vL1wX9y' };
  const webhookBody = Buffer.from(
    JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: paymentEntity } },
    }),
  );

  test('verifyCheckout accepts the signature made with the key secret and refuses a tampered one', () => {
    const signature = checkoutSignature(checkout.orderId, checkout.paymentId, secrets.keySecret);

    expect(provider.verifyCheckout({ ...checkout, signature })).toBe(true);
    expect(
      provider.verifyCheckout({ ...checkout, paymentId: 'pay_NhE2Qz3vL1wX9z', signature }),
    ).toBe(false);
    const withWebhookSecret = checkoutSignature(
      checkout.orderId,
      checkout.paymentId,
      secrets.webhookSecret,
    );
    expect(provider.verifyCheckout({ ...checkout, signature: withWebhookSecret })).toBe(false);
  });

  test('parseWebhook reads a body signed with the webhook secret', () => {
    const signature = webhookSignature(webhookBody, secrets.webhookSecret);

    expect(provider.parseWebhook(webhookBody, signature)).toEqual({
      type: 'payment.captured',
      payment: expect.objectContaining({ id: 'pay_NhE2Qz3vL1wX9y', status: 'captured' }),
    });
  });

  test('parseWebhook refuses a tampered signature, or one made with the key secret, as invalid', () => {
    const signature = webhookSignature(webhookBody, secrets.webhookSecret);
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;

    for (const bad of [tampered, webhookSignature(webhookBody, secrets.keySecret)]) {
      expect(() => provider.parseWebhook(webhookBody, bad)).toThrow(AppError);
      expect(() => provider.parseWebhook(webhookBody, bad)).toThrow(
        'Webhook signature is not valid',
      );
    }
  });
});
