import Razorpay from 'razorpay';
import { z } from 'zod';
import {
  ProviderError,
  parseWebhookWith,
  toProviderPayment,
  toProviderRefund,
  verifyCheckoutWith,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderSecrets,
  type RefundRequest,
  type WebhookEvent,
} from './provider.js';

/** Longer than Razorpay takes on a bad day, shorter than a shopper waits at Checkout. */
const REQUEST_TIMEOUT_MS = 15_000;

/** The part of the SDK's axios instance (`api.rq`, absent from its typings) that we set. */
interface SdkHttp {
  defaults: { timeout?: number; headers: Record<string, unknown> };
}

const orderEntity = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  receipt: z.string().nullish(),
  status: z.enum(['created', 'attempted', 'paid']),
});

/** What the SDK's `normalizeError` rejects with when Razorpay answered with an error status. */
interface RazorpayHttpError {
  statusCode: number | string;
  error?: { description?: string };
}

const isRazorpayHttpError = (error: unknown): error is RazorpayHttpError =>
  typeof error === 'object' && error !== null && 'statusCode' in error;

function toProviderError(error: unknown): ProviderError {
  // normalizeError reads `err.response.status`, so a request that got no answer (refused, reset,
  // timed out) arrives as a TypeError instead: Razorpay was not reached, and may be later.
  if (!isRazorpayHttpError(error)) return new ProviderError('Razorpay could not be reached', true);
  const status = Number(error.statusCode);
  const reason = error.error?.description ?? 'no reason given';
  // 409: the same idempotent request is still being processed; Razorpay says to retry it.
  return new ProviderError(
    `Razorpay answered ${status}: ${reason}`,
    status === 409 || status === 429 || status >= 500,
    status,
  );
}

/** Awaits an SDK call; its failure becomes a ProviderError. */
async function razorpayCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toProviderError(error);
  }
}

/**
 * Razorpay through its official SDK. Calls that Razorpay refuses or that cannot reach it throw
 * ProviderError: retryable for 409, 429, 5xx and no answer, not for other 4xx.
 */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay';
  readonly keyId: string;
  readonly checkoutScript = 'https://checkout.razorpay.com/v1/checkout.js';
  private readonly sdk: Razorpay;

  constructor(private readonly secrets: ProviderSecrets) {
    this.keyId = secrets.keyId;
    this.sdk = this.newSdk();
  }

  /**
   * Creates the Razorpay order Checkout pays; `amount` is in paise.
   * @throws Error for an amount that is not a positive whole number of paise, before any call.
   * @throws ProviderError when Razorpay refuses or cannot be reached.
   */
  async createOrder(input: {
    amount: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder> {
    const { amount, receipt, notes } = input;
    if (!Number.isInteger(amount) || amount <= 0)
      throw new Error(`A Razorpay order needs a positive whole number of paise, not ${amount}`);
    const order = orderEntity.parse(
      await razorpayCall(this.sdk.orders.create({ amount, currency: 'INR', receipt, notes })),
    );
    return { ...order, receipt: order.receipt ?? null };
  }

  /** Whether Checkout's signature is genuine for the order id we stored; never throws. */
  verifyCheckout(input: { orderId: string; paymentId: string; signature: string }): boolean {
    return verifyCheckoutWith(this.secrets, input);
  }

  /** @throws AppError INVALID for a bad signature or a body that is not a Razorpay event. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    return parseWebhookWith(this.secrets, rawBody, signature);
  }

  /** @throws ProviderError when Razorpay refuses or cannot be reached. */
  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const { items } = await razorpayCall(this.sdk.orders.fetchPayments(providerOrderId));
    return items.map((item) => toProviderPayment(item));
  }

  /**
   * Refunds at normal speed; Razorpay refunds each `idempotencyKey` at most once.
   * @throws ProviderError when Razorpay refuses or cannot be reached.
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const { paymentId, amount, idempotencyKey, receipt, notes } = request;
    // SDK calls take no headers: the key goes on an instance for this refund alone, not shared ones.
    const sdk = this.newSdk({ 'X-Refund-Idempotency': idempotencyKey });
    const refund = await razorpayCall(
      sdk.payments.refund(paymentId, { amount, speed: 'normal', receipt, notes }),
    );
    return toProviderRefund(refund);
  }

  private newSdk(headers: Record<string, string> = {}): Razorpay {
    const sdk = new Razorpay({ key_id: this.secrets.keyId, key_secret: this.secrets.keySecret });
    // Its constructor keeps only two known headers and sets no timeout: set both on its axios.
    const http = (sdk.api as unknown as { rq: SdkHttp }).rq;
    http.defaults.timeout = REQUEST_TIMEOUT_MS;
    Object.assign(http.defaults.headers, headers);
    return sdk;
  }
}
