/**
 * The payment sandbox: an offline stand-in for Razorpay. It answers the calls the store makes
 * (create an order, fetch its payments, refund) from its own tables, takes "payments" from the
 * drop-in Checkout page (sandbox.routes.ts), signs them exactly as Razorpay does, and sends the
 * same signed webhooks to this server, so every path of a real integration runs without a
 * network. Switching to real keys changes configuration only.
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/errors.js';
import type { Logger } from '../../../lib/logger.js';
import {
  parseWebhookWith,
  ProviderError,
  verifyCheckoutWith,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderSecrets,
  type RefundRequest,
  type WebhookEvent,
} from '../provider.js';
import { checkoutSignature, webhookSignature } from '../signatures.js';
import {
  SandboxOrderSchema,
  SandboxPaymentSchema,
  SandboxRefundSchema,
  type SandboxOrder,
  type SandboxPayment,
  type SandboxRefund,
} from './sandbox.entity.js';

const SANDBOX_CHECKOUT_SCRIPT = '/payments/sandbox/checkout.js';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like the provider's: `order_`, `pay_`, `rfnd_`, `evt_` and 14 letters or digits. */
function providerId(prefix: string): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 14; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** Whether `id` has the shape providerId gives (a NUL byte or any other junk never reaches SQL). */
const isProviderId = (prefix: string, id: string) =>
  new RegExp(`^${prefix}_[A-Za-z0-9]{14}$`).test(id);

const NO_SUCH_ORDER = 'The id provided does not exist';

/** What Checkout's `handler` receives for a successful payment. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What Checkout's `payment.failed` listeners receive, as Razorpay shapes it. */
export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

/** Razorpay's rule for `X-Refund-Idempotency`. */
const IDEMPOTENCY_KEY = /^[\w-]{10,}$/;

const FAILURE_DESCRIPTION = 'Your payment was declined by the bank (sandbox test payment).';

/** How long the sandbox waits between webhook delivery attempts, as Razorpay retries. */
const WEBHOOK_RETRY_MS = [1_000, 5_000, 30_000];

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly keyId: string;
  readonly checkoutScript = SANDBOX_CHECKOUT_SCRIPT;
  private webhookUrl: string | undefined;
  private readonly deliveries = new Set<Promise<void>>();
  /** Aborted at close: no new webhooks, and no more waiting to retry one. */
  private readonly closing = new AbortController();

  constructor(
    private readonly orm: MikroORM,
    private readonly secrets: ProviderSecrets,
    private readonly logger: Logger,
  ) {
    this.keyId = secrets.keyId;
  }

  /**
   * Where the sandbox sends its signed webhooks: this server's own
   * `/api/payments/razorpay/webhook`, once it listens. Until then none are sent.
   */
  deliverWebhooksTo(url: string): void {
    this.webhookUrl = url;
  }

  async createOrder(input: {
    amount: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 100) {
      throw new ProviderError('The amount must be at least INR 1.00', false, 400);
    }
    const em = this.orm.em.fork();
    const order = em.create(SandboxOrderSchema, {
      id: providerId('order'),
      amount: input.amount,
      currency: 'INR',
      receipt: input.receipt,
      notes: input.notes,
    });
    await em.flush();
    return toOrder(order);
  }

  verifyCheckout(input: { orderId: string; paymentId: string; signature: string }): boolean {
    return verifyCheckoutWith(this.secrets, input);
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    return parseWebhookWith(this.secrets, rawBody, signature);
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const em = this.orm.em.fork();
    if (!(await em.count(SandboxOrderSchema, { id: providerOrderId })))
      throw new ProviderError('The id provided does not exist', false, 400);
    const payments = await em.find(
      SandboxPaymentSchema,
      { order: providerOrderId },
      { orderBy: { createdAt: 'asc' } },
    );
    return payments.map(toPayment);
  }

  /** Refunds at once (`processed`); the same idempotency key answers the first refund again. */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    if (!IDEMPOTENCY_KEY.test(request.idempotencyKey)) {
      throw new ProviderError(
        'The idempotency key must be at least 10 letters, digits, hyphens or underscores',
        false,
        400,
      );
    }
    const { refund, created } = await this.orm.em.fork().transactional(async (tx) => {
      const earlier = await tx.findOne(
        SandboxRefundSchema,
        { idempotencyKey: request.idempotencyKey },
        { populate: ['payment'] },
      );
      if (
        earlier &&
        (earlier.amount !== request.amount || earlier.payment.id !== request.paymentId)
      )
        throw new ProviderError(
          'Different request with the same idempotency key has already been processed.',
          false,
          400,
        );
      if (earlier) return { refund: earlier, created: false };
      const payment = await tx.findOne(
        SandboxPaymentSchema,
        { id: request.paymentId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!payment) throw new ProviderError('The id provided does not exist', false, 400);
      if (payment.status === 'failed')
        throw new ProviderError('A failed payment cannot be refunded', false, 400);
      if (request.amount > payment.amount - payment.amountRefunded) {
        throw new ProviderError(
          'The refund amount provided is greater than amount captured',
          false,
          400,
        );
      }
      payment.amountRefunded += request.amount;
      if (payment.amountRefunded === payment.amount) payment.status = 'refunded';
      const refund = tx.create(SandboxRefundSchema, {
        id: providerId('rfnd'),
        payment,
        amount: request.amount,
        receipt: request.receipt,
        idempotencyKey: request.idempotencyKey,
      });
      return { refund, created: true };
    });
    if (created) {
      this.sendWebhook('refund.processed', {
        refund: refundEntity(refund),
        payment: paymentEntity(refund.payment),
      });
    }
    return toRefund(refund);
  }

  /**
   * The provider order as the Checkout page shows it.
   * @throws AppError INVALID for another key; NOT_FOUND for an unknown order.
   */
  async checkoutOrder(orderId: string, keyId: string): Promise<ProviderOrder> {
    this.checkKey(keyId);
    if (!isProviderId('order', orderId)) throw new AppError('NOT_FOUND', NO_SUCH_ORDER);
    const order = await this.orm.em.fork().findOne(SandboxOrderSchema, { id: orderId });
    if (!order) throw new AppError('NOT_FOUND', NO_SUCH_ORDER);
    return toOrder(order);
  }

  /**
   * A person paid (or failed to pay) on the Checkout page: records the payment, answers what
   * Checkout hands the store's page, and sends the webhooks Razorpay would send.
   * @throws AppError INVALID for another key; NOT_FOUND for an unknown order; CONFLICT once paid.
   */
  async pay(
    orderId: string,
    keyId: string,
    outcome: 'success' | 'failure',
  ): Promise<CheckoutSuccess | CheckoutFailure> {
    this.checkKey(keyId);
    if (!isProviderId('order', orderId)) throw new AppError('NOT_FOUND', NO_SUCH_ORDER);
    const { order, payment } = await this.orm.em.fork().transactional(async (tx) => {
      const order = await tx.findOne(
        SandboxOrderSchema,
        { id: orderId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!order) throw new AppError('NOT_FOUND', NO_SUCH_ORDER);
      if (order.status === 'paid')
        throw new AppError('ALREADY_PAID', 'This order has already been paid');
      const success = outcome === 'success';
      order.status = success ? 'paid' : 'attempted';
      const payment = tx.create(SandboxPaymentSchema, {
        id: providerId('pay'),
        order,
        amount: order.amount,
        currency: order.currency,
        status: success ? 'captured' : 'failed',
        errorDescription: success ? null : FAILURE_DESCRIPTION,
      });
      return { order, payment };
    });
    if (payment.status === 'failed') {
      this.sendWebhook('payment.failed', { payment: paymentEntity(payment) });
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: FAILURE_DESCRIPTION,
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      };
    }
    this.sendWebhook('payment.captured', { payment: paymentEntity(payment) });
    this.sendWebhook('order.paid', { payment: paymentEntity(payment), order: orderEntity(order) });
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: checkoutSignature(order.id, payment.id, this.secrets.keySecret),
    };
  }

  /** Stops sending webhooks and waits for those under way (shutdown, tests). */
  async close(): Promise<void> {
    this.closing.abort();
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }

  private checkKey(keyId: string): void {
    if (keyId !== this.keyId) throw new AppError('INVALID', 'The api key provided is invalid');
  }

  /** Signs and posts one webhook as Razorpay does, retrying a failed delivery a few times. */
  private sendWebhook(event: string, entities: Record<string, object>): void {
    const url = this.webhookUrl;
    if (!url || this.closing.signal.aborted) return;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event,
      contains: Object.keys(entities),
      payload: Object.fromEntries(
        Object.entries(entities).map(([name, entity]) => [name, { entity }]),
      ),
      created_at: Math.floor(Date.now() / 1000),
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(body, this.secrets.webhookSecret),
      'x-razorpay-event-id': providerId('evt'),
    };
    const delivery = (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const response = await fetch(url, { method: 'POST', headers, body });
          if (response.ok) return;
          this.logger.warn({ event, status: response.status }, 'sandbox webhook refused');
        } catch (error) {
          this.logger.warn({ err: error, event }, 'sandbox webhook not delivered');
        }
        const wait = WEBHOOK_RETRY_MS[attempt];
        if (wait === undefined) return;
        try {
          await sleep(wait, undefined, { signal: this.closing.signal });
        } catch {
          return;
        }
      }
    })().finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }
}

const toOrder = (order: SandboxOrder): ProviderOrder => ({
  id: order.id,
  amount: order.amount,
  currency: 'INR',
  receipt: order.receipt ?? null,
  status: order.status,
});

const toPayment = (payment: SandboxPayment): ProviderPayment => ({
  id: payment.id,
  orderId: payment.order.id,
  amount: payment.amount,
  currency: payment.currency,
  status: payment.status,
  amountRefunded: payment.amountRefunded,
  errorDescription: payment.errorDescription ?? null,
});

const toRefund = (refund: SandboxRefund): ProviderRefund => ({
  id: refund.id,
  paymentId: refund.payment.id,
  amount: refund.amount,
  status: refund.status,
  receipt: refund.receipt ?? null,
});

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The provider's JSON forms, as its webhooks carry them. */
const orderEntity = (order: SandboxOrder) => ({
  id: order.id,
  entity: 'order',
  amount: order.amount,
  amount_paid: order.status === 'paid' ? order.amount : 0,
  currency: order.currency,
  receipt: order.receipt ?? null,
  status: order.status,
  notes: order.notes,
  created_at: seconds(order.createdAt),
});

const paymentEntity = (payment: SandboxPayment) => ({
  id: payment.id,
  entity: 'payment',
  amount: payment.amount,
  currency: payment.currency,
  status: payment.status,
  order_id: payment.order.id,
  method: 'card',
  captured: payment.status !== 'failed',
  amount_refunded: payment.amountRefunded,
  error_code: payment.status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
  error_description: payment.errorDescription ?? null,
  created_at: seconds(payment.createdAt),
});

const refundEntity = (refund: SandboxRefund) => ({
  id: refund.id,
  entity: 'refund',
  amount: refund.amount,
  currency: 'INR',
  payment_id: refund.payment.id,
  receipt: refund.receipt ?? null,
  status: refund.status,
  speed_processed: 'normal',
  created_at: seconds(refund.createdAt),
});
