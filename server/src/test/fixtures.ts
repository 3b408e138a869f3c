import { afterAll, beforeAll } from 'vitest';
import {
  createTestApp,
  createTestAppOfItsOwn,
  sharingRedis,
  type Browser,
  type TestApp,
} from './app.js';
import { signInSeller } from './factories.js';

/**
 * What `make` answers, made before the first test of the describe (or file) that calls this and,
 * with `close`, closed after its last. The answer stands for it from the start, so the describe's
 * helpers can hold it as they would the thing itself; used before it is made, it throws.
 */
export function madeBeforeAll<T extends object>(
  make: () => Promise<T>,
  close?: (made: T) => unknown,
): T {
  let made: T | undefined;
  const real = (): T => {
    if (!made) throw new Error('Used before its beforeAll made it: use it inside a test or hook');
    return made;
  };
  beforeAll(async () => {
    made = await make();
  });
  if (close) afterAll(() => made && close(made));
  return new Proxy({} as T, {
    get(_, key) {
      const value: unknown = Reflect.get(real(), key);
      return typeof value === 'function' ? value.bind(real()) : value;
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    // So that spreading it, listing its keys, instanceof and toEqual see the real object.
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(real(), key);
      return found && { ...found, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/** The app of {@link createTestApp} for the describe's (or file's) tests, closed after them. */
export function useTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  return madeBeforeAll(
    () => createTestApp(options),
    (app) => app.close(),
  );
}

/** The app on a database of its own ({@link createTestAppOfItsOwn}), dropped after the tests. */
export function useTestAppOfItsOwn(options?: Parameters<typeof createTestAppOfItsOwn>[0]): TestApp {
  return madeBeforeAll(
    () => createTestAppOfItsOwn(options),
    (app) => app.close(),
  );
}

/** Two app instances sharing the Redis at `redisUrl` ({@link sharingRedis}), as useTestApp. */
export function useTestAppsSharingRedis(redisUrl: string | undefined): [TestApp, TestApp] {
  const options = sharingRedis(redisUrl);
  return [useTestApp(options), useTestApp(options)];
}

/** The seller's browser, signed in on `app` before the tests. */
export function useSeller(app: TestApp): Browser {
  return madeBeforeAll(async () => (await signInSeller(app)).http);
}
