import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import supertest from 'supertest';
import { inject } from 'vitest';
import { createApp } from '../app.js';
import { openDatabase } from '../db/orm.js';
import { createLogger } from '../lib/logger.js';
import { LocalImageStore } from '../modules/upload/image-store.js';

export interface TestApp {
  orm: MikroORM;
  store: LocalImageStore;
  readiness: { accepting: boolean };
  /** A client for one request; `agent()` keeps cookies across requests like a browser. */
  http(): ReturnType<typeof supertest>;
  agent(): ReturnType<typeof supertest.agent>;
  close(): Promise<void>;
}

/** The real Koa app on the run's database, with its own uploads folder. */
export async function createTestApp(options: { webRoot?: string } = {}): Promise<TestApp> {
  const orm = await openDatabase({
    url: inject('databaseUrl'),
    embedded: inject('databaseEmbedded'),
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-test-'));
  const store = new LocalImageStore(path.join(dataDir, 'uploads'));
  const readiness = { accepting: true };
  const app = createApp({
    orm,
    store,
    readiness,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    sessionSecret: 'test-session-secret-of-at-least-32-chars',
    trustProxy: false,
    webRoot: options.webRoot ?? path.join(dataDir, 'web'),
  });
  const callback = app.callback();
  return {
    orm,
    store,
    readiness,
    http: () => supertest(callback),
    agent: () => supertest.agent(callback),
    async close() {
      await orm.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
