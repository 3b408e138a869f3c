import { p } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';

/** Ids are UUIDv7 (time-ordered) strings, sent as `_id` by the presenters. */
export const idProperty = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => uuidv7());
export const createdAtProperty = () => p.datetime().onCreate(() => new Date());
export const updatedAtProperty = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date());
