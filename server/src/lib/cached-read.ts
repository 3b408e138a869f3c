import type { CacheInvalidation, CacheInvalidations } from './cache-invalidations.js';

/**
 * One value read from the database and kept in memory until a cache invalidation says it changed
 * (on every instance: cache-invalidations.ts), e.g. the shop's settings, which every order reads
 * and the seller changes a few times a year. The requests that ask while it is being read share
 * that read; a read that fails is not kept (the next asks again); while the other instances'
 * invalidations cannot be heard, every request reads anew.
 */
export class CachedRead<T> {
  private kept: Promise<T> | undefined;

  /** `forgets`: the invalidations besides `everything` that make it read anew. */
  constructor(
    private readonly invalidations: CacheInvalidations,
    forgets: (invalidation: CacheInvalidation) => boolean,
    private readonly read: () => Promise<T>,
  ) {
    invalidations.subscribe((invalidation) => {
      if (invalidation.type === 'everything' || forgets(invalidation)) this.kept = undefined;
    });
  }

  /**
   * The value as of the last change.
   * @throws what reading it throws.
   */
  get(): Promise<T> {
    if (this.kept) return this.kept;
    const reading = this.read();
    if (this.invalidations.heard) {
      this.kept = reading;
      reading.catch(() => {
        if (this.kept === reading) this.kept = undefined;
      });
    }
    return reading;
  }
}
