import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * Texts the agent app shows but does not write: the server's messages (a refusal, an invite that
 * cannot be used) and the shared payment window's. Each is keyed by its English words, so the
 * app finds the Hindi for whatever the server sent (`outsideText`). Lingui extracts them into
 * locales/outside/{locale}.po, which only Hindi loads; a text missing there stays English.
 * locale.test.ts checks this list against the texts in @kirana/shared.
 */
export const OUTSIDE_TEXTS = [
  // Any call
  msg({ id: 'Something went wrong on our side. Please try again.' }),
  // Logging in, and the session
  msg({ id: 'No agent is registered with this phone number' }),
  msg({ id: 'Please login as agent' }),
  msg({ id: 'Agent not found' }),
  msg({ id: 'Logged Out' }),
  // Pairing this phone with the shop
  msg({ id: 'This phone is not paired with the shop. Ask the shop for an invite.' }),
  msg({
    id: 'This phone is paired with another agent’s number. Log in with that number, or ask the shop for an invite.',
  }),
  msg({ id: 'code is required: open the invite link from the shop' }),
  msg({ id: 'code is not an invite code: open the invite link from the shop' }),
  msg({ id: 'This invite link is not valid any more. Ask the shop for a new invite.' }),
  msg({ id: 'This invite link has already been used. Ask the shop for a new invite.' }),
  msg({ id: 'This invite link has expired. Ask the shop for a new invite.' }),
  // An order's next step refused (the shared order machine's refusals)
  msg({ id: 'Order not found' }),
  msg({ id: 'Order is not assigned to you' }),
  msg({ id: 'Only a delivery agent can do this' }),
  msg({ id: 'Order cannot move to that status from its current one' }),
  msg({ id: 'Order must be paid before it is delivered' }),
  msg({ id: 'Order is already assigned to another agent' }),
  msg({ id: 'Order is already paid' }),
  msg({ id: 'Only a cash-on-delivery order is paid at the door' }),
  msg({ id: 'Order is no longer open for delivery' }),
  msg({ id: 'Order is not assigned to any agent' }),
  msg({ id: 'Only the shop can do this' }),
  // The delivery PIN (its wrong tries count down from 5)
  msg({ id: 'pin is required: ask the shopper for the 4-digit delivery PIN in My Orders' }),
  msg({ id: 'pin must be the 4 digits the shopper sees in My Orders' }),
  msg({ id: 'Wrong PIN: 4 tries left' }),
  msg({ id: 'Wrong PIN: 3 tries left' }),
  msg({ id: 'Wrong PIN: 2 tries left' }),
  msg({ id: 'Wrong PIN: 1 try left' }),
  msg({ id: 'Wrong PIN. Delivery is locked after 5 wrong PINs: ask the shop to unlock it' }),
  msg({ id: 'Delivery is locked after 5 wrong PINs: ask the shop to unlock it' }),
  // Collecting online at the door
  msg({ id: 'This order has already been paid' }),
  msg({ id: 'This order is paid in cash on delivery' }),
  msg({ id: 'The payment window could not be loaded. Check your connection and try again.' }),
  msg({ id: 'Online payment could not be started. Check your connection and try again.' }),
  msg({ id: 'The payment window did not start. Please try again later.' }),
];

/**
 * `english`, a text from outside the app, in the agent's language: as it is in English; else its
 * translation, or when the app has none, `otherwise` (the app's own words for what happened)
 * rather than English the agent may not read.
 */
export function outsideText(english: string, otherwise: string = english): string {
  if (i18n.locale === 'en') return english;
  return Object.hasOwn(i18n.messages, english) ? i18n._(english) : otherwise;
}
