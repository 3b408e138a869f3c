import { describe, expect, it } from 'vitest';
import { ApiError, UNEXPECTED_ANSWER_MESSAGE, UNREACHABLE_MESSAGE } from '../../lib/api-client';
import {
  failureClause,
  orderCreationFailureText,
  verificationFailureText,
} from './payment-failure';

describe('orderCreationFailureText', () => {
  it('shows the server’s message when it sent one', () => {
    expect(orderCreationFailureText(new ApiError('Potato is out of stock', 409))).toBe(
      'Potato is out of stock',
    );
  });

  it('says the Razorpay order could not be created otherwise', () => {
    for (const error of [
      new ApiError(UNREACHABLE_MESSAGE, 0),
      new ApiError('The store could not answer (HTTP 502).', 502),
      new ApiError(UNEXPECTED_ANSWER_MESSAGE, 201),
      new TypeError('boom'),
    ]) {
      expect(orderCreationFailureText(error)).toBe('Failed to create Razorpay order');
    }
  });
});

describe('verificationFailureText', () => {
  it('shows the server’s message when it refused the payment', () => {
    expect(verificationFailureText(new ApiError('Payment signature is not valid', 400))).toBe(
      'Payment signature is not valid',
    );
  });

  it('says the verification failed when the server answered without a message', () => {
    expect(
      verificationFailureText(new ApiError('The store could not answer (HTTP 500).', 500)),
    ).toBe('Payment verification failed.');
    expect(verificationFailureText(new ApiError(UNEXPECTED_ANSWER_MESSAGE, 200))).toBe(
      'Payment verification failed.',
    );
  });

  it('says there was an error during verification when the request got no answer', () => {
    expect(verificationFailureText(new ApiError(UNREACHABLE_MESSAGE, 0))).toBe(
      'Error during payment verification.',
    );
    expect(verificationFailureText(new TypeError('Failed to fetch'))).toBe(
      'Error during payment verification.',
    );
  });
});

describe('failureClause', () => {
  it('drops the closing full stop of a reason set inside a sentence of ours', () => {
    expect(failureClause('Your payment was declined by the bank (sandbox test payment).')).toBe(
      'Your payment was declined by the bank (sandbox test payment)',
    );
    expect(failureClause('Payment verification failed. ')).toBe('Payment verification failed');
    expect(failureClause('payment not completed')).toBe('payment not completed');
  });
});
