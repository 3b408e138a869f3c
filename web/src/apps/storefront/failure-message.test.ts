import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { reportFailure } from './failure-message';

const mocks = vi.hoisted(() => ({ toast: { error: vi.fn() } }));
vi.mock('../../lib/toast', () => ({ toast: mocks.toast }));

beforeEach(() => vi.clearAllMocks());

describe("the storefront's failure reporter", () => {
  it("toasts the server's message, else the spec's text for the change", () => {
    reportFailure('Failed to cancel the order')(new ApiError('Order already picked up', 409));
    reportFailure('Failed to cancel the order')(new TypeError('fetch failed'));

    expect(mocks.toast.error.mock.calls).toEqual([
      ['Order already picked up'],
      ['Failed to cancel the order'],
    ]);
  });

  it("toasts the error's own text where the spec names none", () => {
    reportFailure()(new ApiError('Invalid email or password', 401));
    expect(mocks.toast.error).toHaveBeenCalledWith('Invalid email or password');
  });
});
