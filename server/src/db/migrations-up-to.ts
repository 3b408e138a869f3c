import { MikroORM } from '@mikro-orm/postgresql';
import { startEmbeddedDatabase } from './embedded.js';
import { migrations } from './migrations/index.js';
import { ormOptions } from './orm.js';

/**
 * Kirana's migrations by name, oldest first, and the database they make up to one of them: what
 * a restore compares a backup against (modules/backup/kirana-schema.ts KiranaMigrations).
 */
export const kiranaMigrations = {
  names: migrations.map((migration) => migration.name),
  /** Makes in `dataDir` (empty) the embedded database of the migrations up to `to`, included. */
  async migrate(dataDir: string, to: string): Promise<void> {
    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      const orm = await MikroORM.init(ormOptions({ url: embedded.url, embedded: true }));
      try {
        await orm.migrator.up({ to });
      } finally {
        await orm.close(true);
      }
    } finally {
      await embedded.close();
    }
  },
};
