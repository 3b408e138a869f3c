import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../lib/logger.js';
import { DatabaseImageStore } from './database-image-store.js';
import { LocalImageStore, type ImageStore } from './image-store.js';

/** Where uploaded pictures are kept (UPLOADS): files under DATA_DIR, or the database. */
export type Uploads = 'files' | 'database';

/**
 * The image store UPLOADS chose: files under DATA_DIR/uploads, or the database. Moving to the
 * database, the pictures already under DATA_DIR/uploads are copied in first, so that a shop that
 * grows from one machine to several keeps its pictures.
 */
export async function openImageStore(options: {
  uploads: Uploads;
  dataDir: string;
  orm: MikroORM;
  logger: Logger;
}): Promise<ImageStore> {
  const files = new LocalImageStore(path.join(options.dataDir, 'uploads'));
  if (options.uploads === 'files') return files;
  const store = new DatabaseImageStore(options.orm);
  const copied = await store.copyFrom(files);
  if (copied > 0)
    options.logger.info(
      { pictures: copied },
      'copied the pictures of DATA_DIR/uploads into the database',
    );
  return store;
}
