/**
 * What the seller writes on a ledger (docs/khata.md#payments): a payment received in cash or by
 * UPI, an adjustment with its reason. Each goes through khata-ledger.ts under the customer's
 * lock, once per `Idempotency-Key`, and publishes `khata.changed` once committed; a cash payment
 * goes into the till's drawer, so it publishes `till.changed` too.
 */
import { paiseOf, toPaise, type KhataAdjustmentBody, type KhataPaymentBody } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { retryDeadlocks } from '../../db/retry-deadlocks.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { claimKey, keyedRequest, keysInRows, oncePerKey } from '../../lib/idempotency.js';
import { holdTillCash } from '../../lib/till-lock.js';
import { lockCustomer, postEntry, type KhataPosting } from './khata-ledger.js';
import { customerById, entryById, type CustomerRecord, type EntryRecord } from './khata-reads.js';

/** A payment's or an adjustment's key is kept in its own entry, unique for good. */
const ENTRY_KEYS = keysInRows('khata_entries');

/** An entry written, and its customer as they stand after it. */
export interface Written {
  entry: EntryRecord;
  customer: CustomerRecord;
}

/**
 * Writes `posting` on customer `customerId`'s ledger once per `key` (`asked`: what the request
 * asks for, its fingerprint); a repeat of the key answers the first entry and writes nothing.
 */
async function writeOnce(
  em: EntityManager,
  events: DomainEvents,
  customerId: string,
  posting: KhataPosting,
  asked: unknown[],
  key: string | undefined,
): Promise<Written> {
  const request = keyedRequest(key, [customerId, ...asked]);
  const cash = posting.kind === 'payment' && posting.method === 'cash';
  const entryId = await oncePerKey(em, ENTRY_KEYS, request, async () => {
    const written = await retryDeadlocks(() =>
      em.transactional(async (tx) => {
        const claim = request && (await claimKey(tx, ENTRY_KEYS, request));
        // Cash into the till's drawer: not while a close sums the day (the till's lock before the
        // customer's, as an agent's handover takes it first), timed at the till's clock once the
        // customer's lock is ours, so that it comes after their latest entry.
        if (cash) await holdTillCash(tx, 'shared');
        const customer = await lockCustomer(tx, customerId);
        const at = cash ? await holdTillCash(tx, 'shared') : undefined;
        return postEntry(tx, customer, {
          ...posting,
          ...(at && { at }),
          ...(claim && { key: claim }),
        });
      }),
    );
    events.publish({ type: 'khata.changed', customerId });
    if (cash) events.publish({ type: 'till.changed' });
    return written.entryId;
  });
  return { entry: await entryById(em, entryId), customer: await customerById(em, customerId) };
}

/**
 * Records a payment received from customer `customerId` (more than they owe leaves the shop
 * owing them), once per `key`.
 * @throws AppError NOT_FOUND for no such customer; IDEMPOTENCY_KEY_REUSED when the key was sent
 * with another request.
 */
export function receivePayment(
  em: EntityManager,
  events: DomainEvents,
  customerId: string,
  body: KhataPaymentBody,
  key?: string,
): Promise<Written> {
  const posting = {
    kind: 'payment',
    amountPaise: -toPaise(body.amount),
    method: body.method,
    note: body.note || null,
  } as const;
  return writeOnce(
    em,
    events,
    customerId,
    posting,
    ['payment', body.amount, body.method, body.note ?? null],
    key,
  );
}

/**
 * Puts customer `customerId`'s balance right by `body.amount` (signed: positive, they owe more),
 * saying why; nothing earlier changes. Once per `key`.
 * @throws AppError as receivePayment does.
 */
export function adjustBalance(
  em: EntityManager,
  events: DomainEvents,
  customerId: string,
  body: KhataAdjustmentBody,
  key?: string,
): Promise<Written> {
  const posting = {
    kind: 'adjustment',
    amountPaise: paiseOf(body.amount),
    note: body.reason,
  } as const;
  return writeOnce(em, events, customerId, posting, ['adjustment', body.amount, body.reason], key);
}
