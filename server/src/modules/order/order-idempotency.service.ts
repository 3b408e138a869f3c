/**
 * `Idempotency-Key` on placing an order (docs/orders.md#idempotency): the same key from the same
 * shopper within 24 hours answers the first result again and places nothing (lib/idempotency.ts).
 * The key is claimed first thing in the order's own transaction, so a duplicate racing the first
 * waits on the unique (user, key) index until that transaction ends, then finds the first answer
 * stored with it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDEMPOTENCY_KEY_HOURS,
  type CodOrderAnswer,
  type ErrorAnswer,
  type OnlineOrderAnswer,
  type PlaceOrderBody,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors.js';
import { keyedRequest, type KeyedRequest, type KeyStore } from '../../lib/idempotency.js';
import { named } from '../../lib/prepared-statement.js';
import { OrderIdempotencyKeySchema } from './order-idempotency.entity.js';
import { HOLD_SHOPPER } from './shopper-hold.js';

/** An answer to placing an order, as first sent: every repeat of its key gets it again. */
export interface PlacementAnswer {
  status: number;
  body: CodOrderAnswer | OnlineOrderAnswer | ErrorAnswer;
}

const KEY_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000;
/** A repeat waits this long for an online order's first answer (its provider order) to be stored. */
const ANSWER_WAIT_MS = 20_000;
const ANSWER_POLL_MS = 100;

export const KEY_REUSED =
  'This Idempotency-Key was used for a different order: send a new key for a new order';
export const STILL_PLACING =
  'An order with this Idempotency-Key is still being placed: find it in My Orders';

const expiredBefore = () => new Date(Date.now() - KEY_MS);

/**
 * The key and a fingerprint of the placement it asks for (the endpoint and the validated body);
 * undefined without a key.
 */
export function placementRequest(
  key: string | undefined,
  endpoint: 'cod' | 'razorpay' | 'khata',
  body: PlaceOrderBody,
): KeyedRequest | undefined {
  const items = body.items.map(({ product, quantity }) => [product, quantity]);
  return keyedRequest(key, [endpoint, body.address, items]);
}

/**
 * The keys shopper `userId` placed orders with: claimed as the id of the key's record, which
 * placeOrder's write fills with the order and, when known, its answer. The claim holds the
 * shopper's row too (shopper-hold.ts), so that a keyed placement takes its turn in one statement.
 */
export function shopperKeys(userId: string): KeyStore<string, PlacementAnswer> {
  return {
    claim: (tx, request) => claimShopperKey(tx, userId, request),
    answer: (em, request) => storedAnswer(em, userId, request),
    stillDoing: STILL_PLACING,
  };
}

/**
 * The first answer given to this shopper's key in the last 24 hours, or null when there is none.
 * While the first request is still opening its provider order, waits for its answer.
 * @throws AppError IDEMPOTENCY_KEY_REUSED when the key was used for a different request;
 * CONFLICT when the first request has not answered within {@link ANSWER_WAIT_MS}.
 */
async function storedAnswer(
  em: EntityManager,
  userId: string,
  request: KeyedRequest,
): Promise<PlacementAnswer | null> {
  const deadline = Date.now() + ANSWER_WAIT_MS;
  for (;;) {
    const stored = await em.findOne(
      OrderIdempotencyKeySchema,
      { user: userId, key: request.key, createdAt: { $gt: expiredBefore() } },
      { refresh: true },
    );
    if (!stored) return null;
    if (stored.fingerprint !== request.fingerprint)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
    if (typeof stored.answerStatus === 'number' && stored.answer) {
      return { status: stored.answerStatus, body: stored.answer as PlacementAnswer['body'] };
    }
    if (Date.now() >= deadline) throw new AppError('CONFLICT', STILL_PLACING);
    await sleep(ANSWER_POLL_MS);
  }
}

/**
 * The shopper's row held (shopper-hold.ts, `$1`), their keys past their 24 hours swept (but this
 * one: one statement must not change a row twice), and this key claimed: inserted, or taken over
 * when its record has expired; a live record answers no row and stays locked until the
 * transaction ends. In SQL text: the first statement of every keyed placement.
 */
const CLAIM_KEY = named(`
  with held as (
    ${HOLD_SHOPPER}
  ), swept as (
    delete from order_idempotency_keys where user_id = $1 and created_at <= $2 and key <> $3
  )
  insert into order_idempotency_keys (id, user_id, key, fingerprint, created_at)
  values ($4, $1, $3, $5, $6)
  on conflict (user_id, key) do update set id = excluded.id, fingerprint = excluded.fingerprint,
    created_at = excluded.created_at, order_id = null, answer_status = null, answer = null
    where order_idempotency_keys.created_at <= $2
  returning id`);

/**
 * Claims the key for the order this transaction places. A request holding the same key in a
 * transaction not yet ended makes the claim wait for it; a live record of the key stays locked
 * until this transaction ends (at once: null). Keys of this shopper past their 24 hours are
 * deleted here, freeing them again (this key's own expired record is replaced). In the same
 * statement it holds the shopper's row (shopper-hold.ts). The order and its answer are recorded
 * with the claim in placeOrder's write. Answers the claim's id.
 */
async function claimShopperKey(
  tx: EntityManager,
  userId: string,
  request: KeyedRequest,
): Promise<string | null> {
  const { rows } = await tx
    .getKysely()
    .executeQuery<{ id: string }>(
      CompiledQuery.raw(CLAIM_KEY, [
        userId,
        expiredBefore(),
        request.key,
        uuidv7(),
        request.fingerprint,
        new Date(),
      ]),
    );
  return rows[0]?.id ?? null;
}

/** Stores the answer an online order got once its provider order was opened (or refused). */
export async function recordAnswer(
  em: EntityManager,
  userId: string,
  request: KeyedRequest,
  answer: PlacementAnswer,
): Promise<void> {
  await em.nativeUpdate(
    OrderIdempotencyKeySchema,
    { user: userId, key: request.key, answerStatus: null },
    { answerStatus: answer.status, answer: answer.body },
  );
}
