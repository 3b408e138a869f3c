/**
 * Writes the next migration: brings an in-memory database up to the current migrations, diffs it
 * against the entities, and saves the difference into db/migrations. Then add it to index.ts.
 * Usage: npm run db:migration -w @kirana/server -- <name>
 */
import { startEmbeddedDatabase } from './embedded.js';
import { openDatabase } from './orm.js';

const database = await startEmbeddedDatabase();
const orm = await openDatabase({ url: database.url, embedded: true });
try {
  const result = await orm.migrator.create(undefined, false, false, process.argv[2]);
  console.log(
    result.fileName
      ? `wrote ${result.fileName}`
      : 'entities and migrations agree: nothing to write',
  );
} finally {
  await orm.close(true);
  await database.close();
}
