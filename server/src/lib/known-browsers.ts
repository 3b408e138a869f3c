import { createHash, randomBytes } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import type { AppContext, AppState } from './context.js';
import { cookieOptions } from './cookies.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** How long a successful sign-in keeps a browser known to its account; each one renews it. */
export const KNOWN_FOR_MS = 90 * 24 * 60 * 60 * 1000;

/** Accounts one browser stays known to for one kind of sign-in (a family's computer): the latest. */
const ACCOUNTS_PER_BROWSER = 5;

/** One account a browser is known to: its hash, and until when (ms since the epoch). */
interface KnownAccount {
  account: string;
  until: number;
}

const ID = /^[\w-]{22}$/;
const ENTRY = /^([\w-]{22}):(\d{1,15})$/;

const hashOf = (account: string) =>
  createHash('sha256').update(account).digest('base64url').slice(0, 22);

/**
 * Browsers that signed in to an account successfully (OWASP's "device cookies"): a signed,
 * httpOnly cookie per kind of sign-in, sent only to that sign-in's path, holding an id of the
 * browser's own and the accounts (hashed) it is known to until when. It lives in the browser,
 * not in the server's memory: it outlasts a restart, with Redis or without, and follows a phone
 * from address to address.
 */
export class KnownBrowsers {
  private readonly cookie: string;

  /** @param name the kind of sign-in, e.g. 'seller': the cookie is kirana_known_seller. */
  constructor(name: string) {
    this.cookie = `kirana_known_${name}`;
  }

  /** The id of the request's browser when its cookie knows `account` still; else undefined. */
  knownTo(ctx: Ctx, account: string): string | undefined {
    const browser = this.read(ctx);
    const hash = hashOf(account);
    const now = Date.now();
    return browser?.accounts.some((each) => each.account === hash && each.until > now)
      ? browser.id
      : undefined;
  }

  /** Makes the request's browser known to `account` for KNOWN_FOR_MS from now. */
  remember(ctx: Ctx, account: string): void {
    const browser = this.read(ctx);
    const hash = hashOf(account);
    const now = Date.now();
    const accounts = [
      { account: hash, until: now + KNOWN_FOR_MS },
      ...(browser?.accounts ?? []).filter((each) => each.account !== hash && each.until > now),
    ].slice(0, ACCOUNTS_PER_BROWSER);
    const id = browser?.id ?? randomBytes(16).toString('base64url');
    const value = [id, ...accounts.map((each) => `${each.account}:${each.until}`)].join('~');
    ctx.cookies.set(this.cookie, value, {
      ...cookieOptions(ctx),
      signed: true,
      path: ctx.path,
      expires: new Date(now + KNOWN_FOR_MS),
    });
  }

  private read(ctx: Ctx): { id: string; accounts: KnownAccount[] } | undefined {
    const [id, ...entries] = ctx.cookies.get(this.cookie, { signed: true })?.split('~') ?? [];
    if (!id || !ID.test(id)) return undefined;
    const accounts = entries.flatMap((entry) => {
      const [, account, until] = ENTRY.exec(entry) ?? [];
      return account && until ? [{ account, until: Number(until) }] : [];
    });
    return { id, accounts };
  }
}
