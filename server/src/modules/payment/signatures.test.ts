import {
  validatePaymentVerification,
  validateWebhookSignature,
} from 'razorpay/dist/utils/razorpay-utils.js';
import { describe, expect, test } from 'vitest';
import {
  checkoutSignature,
  isCheckoutSignatureValid,
  isWebhookSignatureValid,
  webhookSignature,
} from './signatures.js';

/*
 * Expected digests were computed once outside Node, e.g.
 *   printf '%s' 'order_NhE1kD8hZr2S0T|pay_NhE2Qz3vL1wX9y' | openssl dgst -sha256 -hmac kirana_test_key_secret
 * and the webhook body's exact bytes piped the same way with the webhook secret.
 */
const keySecret = 'kirana_test_key_secret';
const webhookSecret = 'kirana_webhook_secret';
const orderId = 'order_NhE1kD8hZr2S0T';
const paymentId = 'pay_NhE2Qz3vL1wX9y';
const checkoutDigest = '43ee54ead41505b81fa629781e8eb1937383d0f6bb51461a8f00c57d72debf36';
/** The same payment's signature for another order, `order_NhE9aB7cD6eF5g`. */
const otherOrderDigest = '83b1f95db96a0b839a20463975ecc37b4556be494e167f8d17d66c396d9b168b';

// As Razorpay sends it: `\/` escapes and a non-ASCII dash, which re-serialising would change.
const webhookText = String.raw`{"entity":"event","account_id":"acc_Kirana01","event":"payment.captured","contains":["payment"],"payload":{"payment":{"entity":{"id":"pay_NhE2Qz3vL1wX9y","entity":"payment","amount":49900,"currency":"INR","status":"captured","order_id":"order_NhE1kD8hZr2S0T","description":"Atta 5 kg \/ Toor dal","notes":{"shop":"Sharma Kirana – Pune"}}}},"created_at":1717171717}`;
const webhookBody = Buffer.from(webhookText, 'utf8');
const webhookDigest = '51c5857427cc38f80ea9a4f9d51518f1ca5b5e6179c3e5a995f36fa7a7368bed';

describe('checkout signature', () => {
  test('is the HMAC-SHA256 hex of order_id|payment_id with the key secret', () => {
    expect(checkoutSignature(orderId, paymentId, keySecret)).toBe(checkoutDigest);
    expect(
      validatePaymentVerification(
        { order_id: orderId, payment_id: paymentId },
        checkoutDigest,
        keySecret,
      ),
    ).toBe(true);
  });

  test('a genuine signature is valid', () => {
    expect(isCheckoutSignatureValid(orderId, paymentId, checkoutDigest, keySecret)).toBe(true);
  });

  test('is not valid for a tampered payment id, as the SDK agrees', () => {
    const tamperedPaymentId = 'pay_NhE2Qz3vL1wX9z';

    expect(isCheckoutSignatureValid(orderId, tamperedPaymentId, checkoutDigest, keySecret)).toBe(
      false,
    );
    expect(
      validatePaymentVerification(
        { order_id: orderId, payment_id: tamperedPaymentId },
        checkoutDigest,
        keySecret,
      ),
    ).toBe(false);
  });

  test("another order's signature for the same payment is not valid for this order", () => {
    expect(
      validatePaymentVerification(
        { order_id: 'order_NhE9aB7cD6eF5g', payment_id: paymentId },
        otherOrderDigest,
        keySecret,
      ),
    ).toBe(true);
    expect(isCheckoutSignatureValid(orderId, paymentId, otherOrderDigest, keySecret)).toBe(false);
  });

  test('is not valid with another secret', () => {
    expect(isCheckoutSignatureValid(orderId, paymentId, checkoutDigest, webhookSecret)).toBe(false);
  });

  test.each([
    ['empty', ''],
    ['one character short', checkoutDigest.slice(0, -1)],
    ['one character long', `${checkoutDigest}0`],
    ['upper-case hex', checkoutDigest.toUpperCase()],
  ])('a signature that is %s is refused without throwing', (_, signature) => {
    expect(isCheckoutSignatureValid(orderId, paymentId, signature, keySecret)).toBe(false);
  });
});

describe('webhook signature', () => {
  test('is the HMAC-SHA256 hex of the raw body bytes with the webhook secret', () => {
    expect(webhookSignature(webhookBody, webhookSecret)).toBe(webhookDigest);
    expect(webhookSignature(webhookText, webhookSecret)).toBe(webhookDigest);
    expect(validateWebhookSignature(webhookText, webhookDigest, webhookSecret)).toBe(true);
  });

  test('a genuine signature over the raw bytes is valid', () => {
    expect(isWebhookSignatureValid(webhookBody, webhookDigest, webhookSecret)).toBe(true);
  });

  test('is not valid once one byte of the body changes, as the SDK agrees', () => {
    const changed = Buffer.from(webhookBody);
    const amountAt = changed.indexOf('49900');
    changed[amountAt + 4] = '1'.charCodeAt(0);

    expect(changed.toString('utf8')).toContain('"amount":49901');
    expect(isWebhookSignatureValid(changed, webhookDigest, webhookSecret)).toBe(false);
    expect(validateWebhookSignature(changed.toString('utf8'), webhookDigest, webhookSecret)).toBe(
      false,
    );
  });

  test('is not valid for the same event re-serialised from parsed JSON', () => {
    const reserialised = JSON.stringify(JSON.parse(webhookText));

    expect(reserialised).not.toBe(webhookText);
    expect(isWebhookSignatureValid(Buffer.from(reserialised), webhookDigest, webhookSecret)).toBe(
      false,
    );
  });

  test('is not valid when made with the key secret instead of the webhook secret', () => {
    const withKeySecret = webhookSignature(webhookBody, keySecret);

    expect(isWebhookSignatureValid(webhookBody, withKeySecret, webhookSecret)).toBe(false);
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['truncated', webhookDigest.slice(0, 32)],
  ])('a signature that is %s is refused without throwing', (_, signature) => {
    expect(isWebhookSignatureValid(webhookBody, signature, webhookSecret)).toBe(false);
  });
});
