import { describe, expect, it } from 'vitest';
import { ApiError, UNEXPECTED_ANSWER_MESSAGE, UNREACHABLE_MESSAGE } from '../../lib/api-client';
import { failureText, isNotPaired, isSessionLost, isStale, isUnreachable } from './failure-message';

const texts = { rejected: 'Accept failed', failed: 'Failed to accept order' };

describe('failureText', () => {
  it('says the app’s words for the answer’s code, and the server’s message for a code it has none for', () => {
    const taken = new ApiError('Taken', 409, { code: 'ORDER_TAKEN' });
    expect(failureText(taken, texts)).toBe('Order is already assigned to another agent');
    const wrongPin = new ApiError('Wrong', 400, { code: 'PIN_WRONG', triesLeft: 1 });
    expect(failureText(wrongPin, texts)).toBe('Wrong PIN: 1 try left');
    expect(failureText(new ApiError('phone is too long', 400), texts)).toBe('phone is too long');
    expect(failureText(new ApiError('New', 409, { code: 'FROM_A_NEWER_SERVER' }), texts)).toBe(
      'New',
    );
  });

  it('says the request was refused when the server answered without a message', () => {
    expect(failureText(new ApiError('The store could not answer (HTTP 502).', 502), texts)).toBe(
      'Accept failed',
    );
    expect(failureText(new ApiError(UNEXPECTED_ANSWER_MESSAGE, 200), texts)).toBe('Accept failed');
  });

  it('says the request failed when the server could not be reached or the call broke', () => {
    expect(failureText(new ApiError(UNREACHABLE_MESSAGE, 0), texts)).toBe('Failed to accept order');
    expect(failureText(new TypeError('boom'), texts)).toBe('Failed to accept order');
  });
});

describe('error kinds', () => {
  it('tells an unreachable server and an ended session apart', () => {
    expect(isUnreachable(new ApiError(UNREACHABLE_MESSAGE, 0))).toBe(true);
    expect(isUnreachable(new ApiError('Please login as agent', 401))).toBe(false);
    expect(isSessionLost(new ApiError('Please login as agent', 401))).toBe(true);
    expect(isSessionLost(new Error('Please login as agent'))).toBe(false);
  });

  it('knows a login refused because this phone is not paired with the agent, and nothing else', () => {
    expect(isNotPaired(new ApiError('Not paired', 403, { code: 'NOT_PAIRED' }))).toBe(true);
    expect(isNotPaired(new ApiError('Another', 403, { code: 'PAIRED_TO_ANOTHER' }))).toBe(true);
    expect(
      isNotPaired(
        new ApiError('Cross-site request refused: POST /api/agents/login', 403, {
          code: 'FORBIDDEN',
        }),
      ),
    ).toBe(false);
    expect(isNotPaired(new ApiError('This phone is not paired with the shop.', 403))).toBe(false);
  });

  it('knows a refusal that means the order changed meanwhile', () => {
    expect(isStale(new ApiError('Order is already assigned to another agent', 409))).toBe(true);
    expect(isStale(new ApiError('Order is not assigned to you', 403))).toBe(true);
    expect(isStale(new ApiError('Order not found', 404))).toBe(true);
    expect(isStale(new ApiError('orderId must be a valid id', 400))).toBe(false);
    expect(isStale(new ApiError(UNREACHABLE_MESSAGE, 0))).toBe(false);
  });
});
