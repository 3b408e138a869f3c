/**
 * `Idempotency-Key` on placing an order (design: Orders): the same key from the same shopper
 * within 24 hours answers the first result again and places nothing. The key is claimed first
 * thing in the order's own transaction, so a duplicate racing the first waits on the unique
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
import type { EntityManager } from '@mikro-orm/postgresql';
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
 * @throws AppError conflict when the key was used for a different request, or when the first
 * request has not answered within {@link ANSWER_WAIT_MS}.
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
    if (stored.fingerprint !== request.fingerprint) throw new AppError('conflict', KEY_REUSED);
    if (typeof stored.answerStatus === 'number' && stored.answer) {
      return { status: stored.answerStatus, body: stored.answer as PlacementAnswer['body'] };
    }
    if (Date.now() >= deadline) throw new AppError('conflict', STILL_PLACING);
    await sleep(ANSWER_POLL_MS);
  }
}

/**
 * Places an order once per key: without a key `place` simply runs; with one, a key used in the
 * last 24 hours answers its stored first answer and `place` does not run, and a request that
 * raced the first (its `place` threw {@link KeyInUse}, or was refused) answers the first's
 * answer too.
 * @throws AppError conflict as {@link storedAnswer}; whatever `place` throws.
 */
export async function placeOnce(
  em: EntityManager,
  userId: string,
  request: KeyedRequest | undefined,
  place: () => Promise<PlacementAnswer>,
): Promise<PlacementAnswer> {
  if (!request) return place();
  const first = await storedAnswer(em, userId, request);
  if (first) return first;
  try {
    return await place();
  } catch (error) {
    if (!(error instanceof KeyInUse || error instanceof AppError)) throw error;
    // Another request with this key placed the order meanwhile: this one gave way to it, or
    // failed a check its order changed (e.g. the orders awaiting payment). Its answer is ours.
    const answer = await storedAnswer(em, userId, request);
    if (answer) return answer;
    if (error instanceof KeyInUse) throw new AppError('conflict', STILL_PLACING);
    throw error;
  }
}

/**
 * Claims the key for the order this transaction places; call it before anything else in the
 * transaction. A request holding the same key in a transaction not yet ended makes the insert
 * wait for it. Keys of this shopper past their 24 hours are deleted here, freeing them again.
 * Answers the claim's id for {@link recordOrder}.
 * @throws KeyInUse when another request has placed an order with this key.
 */
export async function claimKey(
  tx: EntityManager,
  userId: string,
  request: KeyedRequest,
): Promise<string> {
  await tx.nativeDelete(OrderIdempotencyKeySchema, {
    user: userId,
    createdAt: { $lte: expiredBefore() },
  });
  const [claimed] = await tx
    .createQueryBuilder(OrderIdempotencyKeySchema)
    .insert({
      id: uuidv7(),
      user: userId,
      key: request.key,
      fingerprint: request.fingerprint,
      createdAt: new Date(),
    })
    .onConflict(['user', 'key'])
    .ignore()
    .returning('id')
    .execute('all');
  if (!claimed) throw new KeyInUse();
  return claimed.id as string;
}

/**
 * Stores the order placed under a claim, in the same transaction, with its answer when it is
 * already known (cash on delivery); an online order's answer follows through {@link recordAnswer}.
 */
export async function recordOrder(
  tx: EntityManager,
  claimId: string,
  orderId: string,
  answer: PlacementAnswer | undefined,
): Promise<void> {
  await tx.nativeUpdate(
    OrderIdempotencyKeySchema,
    { id: claimId },
    { order: orderId, answerStatus: answer?.status ?? null, answer: answer?.body ?? null },
  );
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
