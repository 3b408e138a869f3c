import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, test } from 'vitest';
import { AppError } from './errors.js';
import {
  claimKey,
  keyedRequest,
  oncePerKey,
  type KeyedRequest,
  type KeyStore,
} from './idempotency.js';

/** No database here: the store below keeps its keys in memory. */
const em = {} as EntityManager;

/**
 * A store of keys in memory, as the database keeps them: a claim waits while another request
 * holds the key (its transaction not yet ended), and the work records its answer with the key.
 */
function memoryStore() {
  const answers = new Map<string, { fingerprint: string; answer: string }>();
  const held = new Map<string, { ended: Promise<void>; end: () => void }>();
  const store: KeyStore<KeyedRequest, string> = {
    async claim(_tx, request) {
      for (let other = held.get(request.key); other; other = held.get(request.key))
        await other.ended;
      let end = () => {};
      const ended = new Promise<void>((resolve) => (end = resolve));
      held.set(request.key, { ended, end });
      return answers.has(request.key) ? null : request;
    },
    async answer(_em, request) {
      const stored = answers.get(request.key);
      if (!stored) return null;
      if (stored.fingerprint !== request.fingerprint)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'used for another request');
      return stored.answer;
    },
    stillDoing: 'still being done',
  };
  /** A transaction doing `work` with `request`'s key: held until it ends, recorded when it commits. */
  async function transaction(request: KeyedRequest, work: () => Promise<string>) {
    try {
      const claim = await claimKey(em, store, request);
      const answer = await work();
      answers.set(claim.key, { fingerprint: claim.fingerprint, answer });
      return answer;
    } finally {
      held.get(request.key)?.end();
      held.delete(request.key);
    }
  }
  return { store, transaction, answers };
}

describe('Idempotency-Key: one request done once per key (lib/idempotency.ts)', () => {
  const request = (key: string, asked: unknown) => keyedRequest(key, asked)!;

  test('the fingerprint is SHA-256 of what is asked, so the same ask under one key is the same request', () => {
    expect(keyedRequest(undefined, ['cod'])).toBeUndefined();
    const one = request('k', ['cod', 'address', [['p', 1]]]);
    expect(one.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(request('k', ['cod', 'address', [['p', 1]]])).toEqual(one);
    expect(request('k', ['cod', 'address', [['p', 2]]]).fingerprint).not.toBe(one.fingerprint);
  });

  test('without a key the work runs every time', async () => {
    const { store } = memoryStore();
    let runs = 0;
    const work = async () => `answer ${++runs}`;
    expect(await oncePerKey(em, store, undefined, work)).toBe('answer 1');
    expect(await oncePerKey(em, store, undefined, work)).toBe('answer 2');
  });

  test('five racing requests with one key do the work once, and all get its answer', async () => {
    const { store, transaction } = memoryStore();
    const keyed = request('k1', ['sale', 1]);
    let runs = 0;
    const work = () =>
      transaction(keyed, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return `sale ${++runs}`;
      });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => oncePerKey(em, store, keyed, work)),
    );
    expect(answers).toEqual(Array.from({ length: 5 }, () => 'sale 1'));
    expect(runs).toBe(1);
    expect(await oncePerKey(em, store, keyed, work)).toBe('sale 1');
  });

  test('a refusal answers the first answer when the key was done meanwhile, and is itself otherwise', async () => {
    const { store, answers } = memoryStore();
    const keyed = request('k2', ['order']);
    const refused = () => Promise.reject(new AppError('OUT_OF_STOCK', 'Atta is out of stock'));
    await expect(oncePerKey(em, store, keyed, refused)).rejects.toMatchObject({
      code: 'OUT_OF_STOCK',
    });
    answers.set(keyed.key, { fingerprint: keyed.fingerprint, answer: 'placed' });
    expect(await oncePerKey(em, store, keyed, refused)).toBe('placed');
  });

  test('the key sent with another request is refused, and the work is not done', async () => {
    const { store, transaction } = memoryStore();
    let runs = 0;
    const work = (keyed: KeyedRequest) => () => transaction(keyed, async () => `sale ${++runs}`);
    const first = request('k3', ['sale', 1]);
    await oncePerKey(em, store, first, work(first));
    const other = request('k3', ['sale', 2]);
    await expect(oncePerKey(em, store, other, work(other))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(runs).toBe(1);
  });

  test('a key used before whose answer cannot be read is a 409 saying it is still being done', async () => {
    const store: KeyStore<KeyedRequest, string> = {
      claim: async () => null,
      answer: async () => null,
      stillDoing: 'still being done',
    };
    const keyed = request('k4', ['order']);
    const work = () => claimKey(em, store, keyed).then(() => 'placed');
    await expect(oncePerKey(em, store, keyed, work)).rejects.toEqual(
      new AppError('CONFLICT', 'still being done'),
    );
  });

  test('an error that is no refusal (a fault) passes through without reading the key', async () => {
    const { store } = memoryStore();
    let read = 0;
    const counting = { ...store, answer: async () => (read++, null) };
    const fault = new Error('connection lost');
    await expect(
      oncePerKey(em, counting, request('k5', []), () => Promise.reject(fault)),
    ).rejects.toBe(fault);
    expect(read).toBe(0);
  });
});
