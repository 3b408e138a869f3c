import type { ErrorCode } from '@kirana/shared';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';

/**
 * The codes no agent is ever answered with: uploads (the agent app sends none), the shopper's
 * refusals (an agent never places an order) and the seller's (backups, the till, products' units
 * and packs, the khata); agents send no Idempotency-Key.
 */
export const NOT_FOR_AGENTS = [
  'TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'OUT_OF_STOCK',
  'TOO_MANY_UNITS',
  'TOO_MANY_OPEN_ORDERS',
  'NOT_SERVICEABLE',
  'SHOP_CLOSED',
  'BELOW_MINIMUM',
  'BACKUP_FAILED',
  'TILL_NOT_OPEN',
  'BILL_CHANGED',
  'IDEMPOTENCY_KEY_REUSED',
  'UNIT_MISMATCH',
  'STEPS_INVALID',
  'PACK_INCOMPLETE',
  'DRAWS_FROM_INVALID',
  'SCALE_CODE_TAKEN',
  'DRAWN_FROM',
  'DRAWS_STOCK',
  'NOT_A_STEP',
  'SCALE_LABEL_INVALID',
  'CREDIT_LIMIT',
  'PHONE_TAKEN',
  'GST_DETAILS_MISSING',
  'NOT_REGISTERED',
] as const;
type AgentErrorCode = Exclude<ErrorCode, (typeof NOT_FOR_AGENTS)[number]>;

/*
 * The agent app's words for each error code an agent can be answered with, in English the
 * server's own words where it has them. Keyed by code (`error.CODE` in the catalogs), so the app
 * says a refusal in the agent's language without reading the server's English.
 */
const ERROR_TEXTS: Record<Exclude<AgentErrorCode, 'PIN_WRONG'>, MessageDescriptor> = {
  INVALID: msg({
    id: 'error.INVALID',
    message: 'The shop could not accept what was sent. Check it and try again.',
  }),
  UNAUTHENTICATED: msg({ id: 'error.UNAUTHENTICATED', message: 'Please login as agent' }),
  FORBIDDEN: msg({ id: 'error.FORBIDDEN', message: 'The shop does not allow this.' }),
  NOT_FOUND: msg({ id: 'error.NOT_FOUND', message: 'Order not found' }),
  CONFLICT: msg({
    id: 'error.CONFLICT',
    message: 'This cannot be done now: the order has changed. Refresh to see it as it is.',
  }),
  TOO_MANY_REQUESTS: msg({
    id: 'error.TOO_MANY_REQUESTS',
    message: 'Too many tries. Wait a few minutes, then try again.',
  }),
  UNAVAILABLE: msg({
    id: 'error.UNAVAILABLE',
    message: 'The shop cannot do this right now. Please try again later.',
  }),
  INTERNAL: msg({
    id: 'error.INTERNAL',
    message: 'Something went wrong on our side. Please try again.',
  }),
  PHONE_NOT_REGISTERED: msg({
    id: 'error.PHONE_NOT_REGISTERED',
    message: 'No agent is registered with this phone number',
  }),
  NOT_PAIRED: msg({
    id: 'error.NOT_PAIRED',
    message: 'This phone is not paired with the shop. Ask the shop for an invite.',
  }),
  PAIRED_TO_ANOTHER: msg({
    id: 'error.PAIRED_TO_ANOTHER',
    message:
      'This phone is paired with another agent’s number. Log in with that number, or ask the shop for an invite.',
  }),
  INVITE_NOT_VALID: msg({
    id: 'error.INVITE_NOT_VALID',
    message: 'This invite link is not valid any more. Ask the shop for a new invite.',
  }),
  INVITE_USED: msg({
    id: 'error.INVITE_USED',
    message: 'This invite link has already been used. Ask the shop for a new invite.',
  }),
  INVITE_EXPIRED: msg({
    id: 'error.INVITE_EXPIRED',
    message: 'This invite link has expired. Ask the shop for a new invite.',
  }),
  NOT_YOUR_ORDER: msg({ id: 'error.NOT_YOUR_ORDER', message: 'Order is not assigned to you' }),
  AGENTS_ONLY: msg({ id: 'error.AGENTS_ONLY', message: 'Only a delivery agent can do this' }),
  SELLER_ONLY: msg({ id: 'error.SELLER_ONLY', message: 'Only the shop can do this' }),
  WRONG_STATUS: msg({
    id: 'error.WRONG_STATUS',
    message: 'Order cannot move to that status from its current one',
  }),
  NOT_PAID: msg({ id: 'error.NOT_PAID', message: 'Order must be paid before it is delivered' }),
  ORDER_TAKEN: msg({
    id: 'error.ORDER_TAKEN',
    message: 'Order is already assigned to another agent',
  }),
  ALREADY_PAID: msg({ id: 'error.ALREADY_PAID', message: 'Order is already paid' }),
  NOT_COD: msg({
    id: 'error.NOT_COD',
    message: 'Only a cash-on-delivery order is paid at the door',
  }),
  ORDER_NOT_OPEN: msg({
    id: 'error.ORDER_NOT_OPEN',
    message: 'Order is no longer open for delivery',
  }),
  ORDER_UNASSIGNED: msg({
    id: 'error.ORDER_UNASSIGNED',
    message: 'Order is not assigned to any agent',
  }),
  PIN_MISSING: msg({
    id: 'error.PIN_MISSING',
    message: 'pin is required: ask the shopper for the 4-digit delivery PIN in My Orders',
  }),
  PIN_LOCKED: msg({
    id: 'error.PIN_LOCKED',
    message: 'Delivery is locked after 5 wrong PINs: ask the shop to unlock it',
  }),
  PAYMENT_UNAVAILABLE: msg({
    id: 'error.PAYMENT_UNAVAILABLE',
    message: 'Failed to create Razorpay order',
  }),
};

/** The error codes the agent app has words for. */
export const AGENT_ERROR_CODES = [
  ...(Object.keys(ERROR_TEXTS) as AgentErrorCode[]),
  'PIN_WRONG',
] as const satisfies readonly AgentErrorCode[];

const hasText = (code: string): code is keyof typeof ERROR_TEXTS =>
  Object.hasOwn(ERROR_TEXTS, code);

/**
 * The agent app's words for an error answer's `code`, in the active language; undefined for a
 * code it has none for (one from a newer server, or none at all).
 */
export function errorText(code: string | undefined, triesLeft = 0): string | undefined {
  if (code === 'PIN_WRONG') {
    return t({
      id: 'error.PIN_WRONG',
      message: plural(triesLeft, {
        one: 'Wrong PIN: # try left',
        other: 'Wrong PIN: # tries left',
      }),
    });
  }
  return code !== undefined && hasText(code) ? i18n._(ERROR_TEXTS[code]) : undefined;
}
