import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/orm.js';
import { createDatabase } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseEmbedded: boolean;
  }
}

/** One migrated database for the whole run; test files share it and create their own rows. */
export default async function setup(project: TestProject) {
  const database = await createDatabase();
  const orm = await openDatabase({ url: database.url, embedded: database.embedded });
  await orm.close();
  project.provide('databaseUrl', database.url);
  project.provide('databaseEmbedded', database.embedded);
  return () => database.drop();
}
