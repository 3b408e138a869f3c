import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty } from '../../db/base.js';

/**
 * One picture of the database image store (UPLOADS=database), under the name its URL ends with
 * after `/uploads/`. A name never changes content, so its ETag (and any cached copy) stays valid.
 */
export const StoredImageSchema = defineEntity({
  name: 'StoredImage',
  tableName: 'stored_images',
  properties: {
    name: p.string().length(255).primary(),
    /** Loaded only when asked for: has() and 304 answers never read the picture itself. */
    bytes: p.blob().lazy(),
    contentType: p.string().length(100),
    /** SHA-256 of the bytes (base64url): the strong ETag every instance answers alike. */
    etag: p.string().length(64),
    size: p.integer(),
    createdAt: createdAtProperty(),
  },
});
export type StoredImage = InferEntity<typeof StoredImageSchema>;
