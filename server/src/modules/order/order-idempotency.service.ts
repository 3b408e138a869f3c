/**
 * `Idempotency-Key` on placing an order (docs/orders.md#idempotency): the same key from the same
 * shopper within 24 hours answers the first result again and places nothing. The key is claimed
 * first thing in the order's own transaction, so a duplicate racing the first waits on the unique
 * (user, key) index until that transaction ends, then finds the first answer stored with it.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDEMPOTENCY_KEY_HOURS,
  type CodOrderAnswer,
  type ErrorAnswer,
  type OnlineOrderAnswer,
  type PlaceOrderBody,
} from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors.js';
import { OrderIdempotencyKeySchema } from './order-idempotency.entity.js';

/** A placement sent with an `Idempotency-Key`: the key, and the request it stands for. */
export interface KeyedRequest {
  key: string;
  fingerprint: string;
}

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

/** Thrown inside the order's transaction when another request holds the key: rolls it back. */
export class KeyInUse extends Error {
  override name = 'KeyInUse';
}

const expiredBefore = () => new Date(Date.now() - KEY_MS);

/** The keys' table as Kysely names it (columns in snake_case). */
type KeyTables = InferKyselyDB<typeof OrderIdempotencyKeySchema>;

/**
 * The key and a fingerprint of what it asks for (the endpoint and the validated body, so an
 * unknown field the server drops changes nothing); undefined without a key.
 */
export function keyedRequest(
  key: string | undefined,
  endpoint: 'cod' | 'razorpay',
  body: PlaceOrderBody,
): KeyedRequest | undefined {
  if (key === undefined) return undefined;
  const canonical = JSON.stringify([
    endpoint,
    body.address,
    body.items.map(({ product, quantity }) => [product, quantity]),
  ]);
  return { key, fingerprint: createHash('sha256').update(canonical).digest('hex') };
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
 * Places an order once per key: without a key `place` simply runs; with one, `place` claims the
 * key first thing in its transaction, and when the key was used in the last 24 hours (the claim
 * threw {@link KeyInUse}), or `place` was refused while a request with the key placed its order
 * meanwhile, this answers the first answer stored with the key instead.
 * @throws AppError IDEMPOTENCY_KEY_REUSED or CONFLICT as {@link storedAnswer}; whatever `place`
 * throws.
 */
export async function placeOnce(
  em: EntityManager,
  userId: string,
  request: KeyedRequest | undefined,
  place: () => Promise<PlacementAnswer>,
): Promise<PlacementAnswer> {
  if (!request) return place();
  try {
    return await place();
  } catch (error) {
    if (!(error instanceof KeyInUse || error instanceof AppError)) throw error;
    // The key was used before, or by a request racing this one, which this one gave way to;
    // or this one failed a check the other's order changed (the orders awaiting payment).
    // The first answer is ours.
    const answer = await storedAnswer(em, userId, request);
    if (answer) return answer;
    if (error instanceof KeyInUse) throw new AppError('CONFLICT', STILL_PLACING);
    throw error;
  }
}

/**
 * Claims the key for the order this transaction places; call it before anything else in the
 * transaction. A request holding the same key in a transaction not yet ended makes the claim
 * wait for it; a live record of the key stays locked until this transaction ends (at once:
 * KeyInUse). Keys of this shopper past their 24 hours are deleted here, freeing them again
 * (this key's own expired record is replaced). The order and its answer are recorded with the
 * claim in placeOrder's write. Answers the claim's id.
 * @throws KeyInUse when another request has placed an order with this key.
 */
export async function claimKey(
  tx: EntityManager,
  userId: string,
  request: KeyedRequest,
): Promise<string> {
  const expired = expiredBefore();
  const claimed = await tx
    .getKysely<KeyTables>()
    // One statement. The sweep leaves this key's record to the insert, which takes it over when
    // it has expired: one statement must not change a row twice.
    .with('swept', (db) =>
      db
        .deleteFrom('order_idempotency_keys')
        .where('user_id', '=', userId)
        .where('created_at', '<=', expired)
        .where('key', '<>', request.key),
    )
    .insertInto('order_idempotency_keys')
    .values({
      id: uuidv7(),
      user_id: userId,
      key: request.key,
      fingerprint: request.fingerprint,
      created_at: new Date(),
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'key'])
        .doUpdateSet((update) => ({
          id: update.ref('excluded.id'),
          fingerprint: update.ref('excluded.fingerprint'),
          created_at: update.ref('excluded.created_at'),
          order_id: null,
          answer_status: null,
          answer: null,
        }))
        .where('order_idempotency_keys.created_at', '<=', expired),
    )
    .returning('id')
    .executeTakeFirst();
  if (!claimed) throw new KeyInUse();
  return claimed.id;
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
