import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Razorpay's two signatures, which the sandbox makes exactly the same way: HMAC-SHA256 in hex.
 * Checks compare in constant time, so a forger learns nothing from how long a refusal takes.
 */

const hmacHex = (secret: string, data: string | Buffer): string =>
  createHmac('sha256', secret).update(data).digest('hex');

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's `razorpay_signature`: HMAC of `order_id|payment_id` with the key secret. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** Whether `signature` is Checkout's signature of this provider order and payment. */
export function isCheckoutSignatureValid(
  orderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return sameHex(checkoutSignature(orderId, paymentId, keySecret), signature);
}

/** `X-Razorpay-Signature`: HMAC of the raw request body bytes with the webhook secret. */
export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

/** Whether `signature` signs exactly these body bytes. Never re-serialise the JSON first. */
export function isWebhookSignatureValid(
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): boolean {
  return signature !== undefined && sameHex(webhookSignature(rawBody, webhookSecret), signature);
}
