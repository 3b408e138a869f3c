import { describe, expect, it } from 'vitest';
import { ApiError, UNEXPECTED_ANSWER_MESSAGE, UNREACHABLE_MESSAGE } from '../../lib/api-client';
import { MESSAGES } from '@kirana/shared';
import { failureText, isNotPaired, isSessionLost, isStale, isUnreachable } from './failure-message';

const texts = { rejected: 'Accept failed', failed: 'Failed to accept order' };

describe('failureText', () => {
  it('shows the server’s message first', () => {
    const error = new ApiError('Order is already assigned to another agent', 409);
    expect(failureText(error, texts)).toBe('Order is already assigned to another agent');
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
    expect(isNotPaired(new ApiError(MESSAGES.agentNotPaired, 403))).toBe(true);
    expect(isNotPaired(new ApiError(MESSAGES.agentPairedToAnother, 403))).toBe(true);
    expect(
      isNotPaired(new ApiError('Cross-site request refused: POST /api/agents/login', 403)),
    ).toBe(false);
    expect(isNotPaired(new ApiError(MESSAGES.agentNotPaired, 401))).toBe(false);
  });

  it('knows a refusal that means the order changed meanwhile', () => {
    expect(isStale(new ApiError('Order is already assigned to another agent', 409))).toBe(true);
    expect(isStale(new ApiError('Order is not assigned to you', 403))).toBe(true);
    expect(isStale(new ApiError('Order not found', 404))).toBe(true);
    expect(isStale(new ApiError('orderId must be a valid id', 400))).toBe(false);
    expect(isStale(new ApiError(UNREACHABLE_MESSAGE, 0))).toBe(false);
  });
});
