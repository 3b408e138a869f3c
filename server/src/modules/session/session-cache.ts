import type { EntityManager } from '@mikro-orm/postgresql';
import type { CacheInvalidation, CacheInvalidations } from '../../lib/cache-invalidations.js';
import type { SessionKind } from '../../lib/session-kinds.js';
import { findSession, hashToken, TOUCH_EVERY } from './session.service.js';
import { LRUCache } from 'lru-cache';

/** What a request needs of a live session. */
export interface SessionFacts {
  kind: SessionKind;
  subjectId: string;
  tokenHash: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

interface Remembered extends SessionFacts {
  /** Read again from the database after this (ms since the epoch). */
  until: number;
}

/**
 * How long a session read from the database is believed. Short: it bounds how long an instance
 * could accept a session revoked elsewhere if the invalidation never reached it (it is normally
 * forgotten at once), while a shopper's or an agent's burst of calls still costs one read.
 */
export const SESSION_CACHE_MS = 30_000;

/** Sessions remembered at most (a few hundred bytes each), the least recently used forgotten. */
export const SESSION_CACHE_SIZE = 10_000;

/**
 * The sessions that requests present, remembered for {@link SESSION_CACHE_MS} so that a signed-in
 * request needs no database read. A logout or revocation makes every instance forget them
 * (through `invalidations`); expiry is honoured; a session due its hourly extension is read
 * (and extended) from the database as before.
 */
export class SessionCache {
  private readonly sessions: LRUCache<string, Remembered>;
  /** Bumped by every invalidation: a read that began before one is not remembered. */
  private generation = 0;

  constructor(
    private readonly invalidations: CacheInvalidations,
    private readonly options: { ttlMs: number; size: number } = {
      ttlMs: SESSION_CACHE_MS,
      size: SESSION_CACHE_SIZE,
    },
  ) {
    this.sessions = new LRUCache({ max: options.size });
    invalidations.subscribe((invalidation) => this.apply(invalidation));
  }

  /**
   * The live session of `kind` for `token`, as `findSession` finds it; null when there is none.
   * `em` is called only when the database is read (a request's own EntityManager is forked when
   * first used: a remembered session needs none).
   */
  async find(
    em: () => EntityManager,
    kind: SessionKind,
    token: string,
  ): Promise<SessionFacts | null> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const remembered = this.sessions.get(tokenHash);
    if (
      remembered &&
      remembered.kind === kind &&
      now < remembered.until &&
      now < remembered.expiresAt.getTime() &&
      now - remembered.lastSeenAt.getTime() <= TOUCH_EVERY
    ) {
      return remembered;
    }
    const generation = this.generation;
    const session = await findSession(em(), kind, token);
    if (!session) {
      if (remembered?.kind === kind) this.sessions.delete(tokenHash);
      return null;
    }
    const facts: Remembered = {
      kind,
      subjectId: session.subjectId,
      tokenHash,
      expiresAt: session.expiresAt,
      lastSeenAt: session.lastSeenAt,
      until: Date.now() + this.options.ttlMs,
    };
    // A logout that committed while this read was under way may have been read past.
    if (generation === this.generation && this.invalidations.heard) {
      this.sessions.set(tokenHash, facts);
    }
    return facts;
  }

  /** Forgets one session on this instance at once (its logout tells the others). */
  forget(tokenHash: string): void {
    this.generation += 1;
    this.sessions.delete(tokenHash);
  }

  get size(): number {
    return this.sessions.size;
  }

  private apply(invalidation: CacheInvalidation): void {
    switch (invalidation.type) {
      case 'session':
        return this.forget(invalidation.tokenHash);
      case 'sessions':
        this.generation += 1;
        for (const [tokenHash, session] of [...this.sessions.entries()]) {
          if (session.kind === invalidation.kind && session.subjectId === invalidation.subjectId)
            this.sessions.delete(tokenHash);
        }
        return;
      case 'everything':
        this.generation += 1;
        return this.sessions.clear();
      case 'catalogue':
      case 'shop':
        return;
    }
  }
}

declare module '../../lib/context.js' {
  interface AppContext {
    /** The sessions requests present, remembered briefly (read through `requireSession`). */
    sessions: SessionCache;
  }
}
