/**
 * What the store needs from a payment provider (Medusa's AbstractPaymentProvider, cut to size):
 * `razorpay` (razorpay.provider.ts, the official SDK) and `sandbox` (sandbox/, offline) implement
 * it. Amounts are integer paise throughout.
 */
import type { PaymentProviderName } from '@kirana/shared';
import { z } from 'zod';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { isCheckoutSignatureValid, isWebhookSignatureValid } from './signatures.js';

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: 'INR';
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
}

export interface ProviderPayment {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** Paise already given back for this payment, as the provider counts them. */
  amountRefunded: number;
  /** Why it failed, as the provider says it to the person paying. */
  errorDescription: string | null;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  /** Our refund's id, sent with the request, so a webhook finds it before its id is stored. */
  receipt: string | null;
}

/** A verified webhook, reduced to what the store acts on. */
export type WebhookEvent =
  | { type: 'order.paid' | 'payment.captured' | 'payment.failed'; payment: ProviderPayment }
  | { type: 'refund.processed' | 'refund.failed'; refund: ProviderRefund }
  /** An event the store does not act on; `unreadable` when a signed body made no sense. */
  | { type: 'ignored'; name: string; unreadable?: boolean };

export interface RefundRequest {
  paymentId: string;
  amount: number;
  /** Sent as `X-Refund-Idempotency`: the same key never refunds twice. */
  idempotencyKey: string;
  /** Our refund's id. */
  receipt: string;
  notes: Record<string, string>;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The public key Checkout opens with. */
  readonly keyId: string;
  /** The Checkout script's URL for the browser. */
  readonly checkoutScript: string;
  /** @throws ProviderError when the provider refuses or cannot be reached. */
  createOrder(input: {
    amount: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** Whether Checkout's signature is genuine for this provider order (the one we stored). */
  verifyCheckout(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /**
   * Checks the webhook's signature over the raw bytes, then reads the event.
   * @throws AppError INVALID for a bad signature.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
  /** @throws ProviderError */
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** @throws ProviderError */
  refund(request: RefundRequest): Promise<ProviderRefund>;
}

/** The provider refused a call, or could not be reached; `retryable` when trying later may work. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly statusCode?: number,
  ) {
    super(message);
  }
}

/** The secrets both providers sign with: Razorpay's, or the sandbox's own. */
export interface ProviderSecrets {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** Checkout signature check shared by both providers: they sign alike. */
export function verifyCheckoutWith(
  secrets: ProviderSecrets,
  input: { orderId: string; paymentId: string; signature: string },
): boolean {
  return isCheckoutSignatureValid(
    input.orderId,
    input.paymentId,
    input.signature,
    secrets.keySecret,
  );
}

const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  amount_refunded: z.number().int().nullish(),
  error_description: z.string().nullish(),
});

const refundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
  receipt: z.string().nullish(),
});

const webhookBody = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: z.unknown() }).optional(),
    refund: z.object({ entity: z.unknown() }).optional(),
  }),
});

/** A provider payment (API or webhook form) in the store's terms. */
export function toProviderPayment(raw: unknown): ProviderPayment {
  const payment = paymentEntity.parse(raw);
  return {
    id: payment.id,
    orderId: payment.order_id ?? null,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    amountRefunded: payment.amount_refunded ?? 0,
    errorDescription: payment.error_description ?? null,
  };
}

/** A provider refund (API or webhook form) in the store's terms. */
export function toProviderRefund(raw: unknown): ProviderRefund {
  const refund = refundEntity.parse(raw);
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    amount: refund.amount,
    status: refund.status,
    receipt: refund.receipt ?? null,
  };
}

/**
 * Verifies a Razorpay-format webhook (both providers send this format) and reads its event.
 * @throws AppError INVALID for a bad signature.
 */
export function parseWebhookWith(
  secrets: ProviderSecrets,
  rawBody: Buffer,
  signature: string | undefined,
): WebhookEvent {
  if (!isWebhookSignatureValid(rawBody, signature, secrets.webhookSecret))
    throw new AppError('INVALID', 'Webhook signature is not valid');
  // Signed, so it is the provider's: an event we cannot read is acknowledged (and logged) rather
  // than refused, or the provider would retry it for a day and then disable the webhook.
  let body;
  try {
    body = webhookBody.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return { type: 'ignored', name: 'unreadable', unreadable: true };
  }
  try {
    switch (body.event) {
      case 'order.paid':
      case 'payment.captured':
      case 'payment.failed':
        return { type: body.event, payment: toProviderPayment(body.payload.payment?.entity) };
      case 'refund.processed':
      case 'refund.failed':
        return { type: body.event, refund: toProviderRefund(body.payload.refund?.entity) };
      default:
        return { type: 'ignored', name: body.event };
    }
  } catch {
    return { type: 'ignored', name: body.event, unreadable: true };
  }
}

/** What the payment services work with besides a request's EntityManager. */
export interface PaymentDeps {
  provider: PaymentProvider;
  events: DomainEvents;
  logger: Logger;
  /** Unpaid online orders are cancelled this long after they were placed. */
  expiryMinutes: number;
}
