/**
 * `Idempotency-Key` (docs/orders.md#idempotency): a request sent again with its key is done
 * once, and every repeat answers what the first was answered. One protocol for every endpoint
 * that takes the header; each keeps its keys beside the work it records, behind a KeyStore.
 */
import { hash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ParameterizedContext } from 'koa';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';

/** A request sent with an `Idempotency-Key`: the key, and the request it stands for. */
export interface KeyedRequest {
  key: string;
  /** SHA-256 (hex) of what the request asks for: one key stands for one request. */
  fingerprint: string;
}

/**
 * Where an endpoint keeps its keys, how long they stand, and what a repeat of one is answered.
 * `Claim` is what the work records the key with, `Answer` what a repeat gets.
 */
export interface KeyStore<Claim, Answer> {
  /**
   * Claims `request.key` for the work of the transaction `tx`, before anything else in it: a
   * request holding the key in a transaction not yet ended makes this wait until it ends.
   * Answers what the work records the key with, or null when the key was used before and still
   * stands (whatever request it was used for).
   */
  claim(tx: EntityManager, request: KeyedRequest): Promise<Claim | null>;
  /**
   * The answer of the request done with `request.key`, or null when none was (or it no longer
   * stands); may wait for an answer still being recorded.
   * @throws AppError IDEMPOTENCY_KEY_REUSED when the key was used for another request.
   */
  answer(em: EntityManager, request: KeyedRequest): Promise<Answer | null>;
  /** The refusal of a key that was claimed before when its answer cannot be read. */
  stillDoing: string;
}

/** Thrown inside the work's transaction when the key was used before: it rolls the work back. */
export class KeyInUse extends Error {
  override name = 'KeyInUse';
}

/**
 * The request's `Idempotency-Key`, or undefined when it sent none.
 * @throws ZodError (a 400) for an empty or malformed key.
 */
export function idempotencyKeyOf(
  ctx: ParameterizedContext<AppState, AppContext>,
): string | undefined {
  const value = ctx.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  return value === undefined ? undefined : idempotencyKeySchema.parse(value);
}

/**
 * `key` with the fingerprint of `asked`, what the request asks for in a canonical form (from the
 * validated body, so an unknown field the server drops changes nothing); undefined without a key.
 */
export function keyedRequest(key: string | undefined, asked: unknown): KeyedRequest | undefined {
  if (key === undefined) return undefined;
  return { key, fingerprint: hash('sha256', JSON.stringify(asked), 'hex') };
}

/**
 * Claims `request.key` in the work's transaction `tx` (see KeyStore.claim), and answers what the
 * work records it with.
 * @throws KeyInUse when the key was used before: {@link oncePerKey} answers the first answer.
 */
export async function claimKey<Claim>(
  tx: EntityManager,
  store: KeyStore<Claim, unknown>,
  request: KeyedRequest,
): Promise<Claim> {
  const claim = await store.claim(tx, request);
  if (claim === null) throw new KeyInUse();
  return claim;
}

/**
 * Does `work` once per key: without a key it simply runs; with one, `work` claims the key first
 * thing in its transaction ({@link claimKey}), and when the key was used before (the claim threw
 * KeyInUse), or `work` was refused while a request with the key was done meanwhile, this answers
 * the first answer instead.
 * @throws AppError IDEMPOTENCY_KEY_REUSED as KeyStore.answer; CONFLICT (`store.stillDoing`) when
 * the key was used before and its answer cannot be read; whatever `work` throws.
 */
export async function oncePerKey<Answer>(
  em: EntityManager,
  store: KeyStore<unknown, Answer>,
  request: KeyedRequest | undefined,
  work: () => Promise<Answer>,
): Promise<Answer> {
  if (!request) return work();
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof KeyInUse || error instanceof AppError)) throw error;
    // The key was used before, or by a request racing this one, which this one gave way to;
    // or this one failed a check the other's work changed. The first answer is ours.
    const answer = await store.answer(em, request);
    if (answer !== null) return answer;
    if (error instanceof KeyInUse) throw new AppError('CONFLICT', store.stillDoing);
    throw error;
  }
}

/** A table whose rows keep the key and fingerprint of the request that wrote them. */
interface KeyedRows {
  id: string;
  idempotency_key: string | null;
  fingerprint: string | null;
}

const KEY_REUSED =
  'This Idempotency-Key was used with another request, which was done: send a new key for a new one';

/**
 * The keys of rows of `table` that keep their own key and fingerprint, unique for good: claimed
 * under an advisory lock on the key for the transaction (a retry waits there for the first to
 * commit), recorded in the row the work writes (the claim is the key and fingerprint to write);
 * a repeat answers that row's id. Written with Kysely.
 */
export function keysInRows(table: string): KeyStore<KeyedRequest, string> {
  const rows = (em: EntityManager) => em.getKysely<Record<string, KeyedRows>>();
  return {
    async claim(tx, request) {
      const db = rows(tx);
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${table}:${request.key}`}, 0))`.execute(
        db,
      );
      const earlier = await db
        .selectFrom(table)
        .select('id')
        .where('idempotency_key', '=', request.key)
        .executeTakeFirst();
      return earlier ? null : request;
    },
    async answer(em, request) {
      const earlier = await rows(em)
        .selectFrom(table)
        .select(['id', 'fingerprint'])
        .where('idempotency_key', '=', request.key)
        .executeTakeFirst();
      if (!earlier) return null;
      if (earlier.fingerprint !== request.fingerprint)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
      return earlier.id;
    },
    stillDoing: 'A request with this Idempotency-Key is still being done: send it again',
  };
}
