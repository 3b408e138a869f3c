import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '../../../lib/api-client';
import { store } from '../../../lib/store';
import { sellerLastSeenIn } from './last-seen';
import { sellerAuthAtom, sessionLostAtom } from './seller-auth';
import {
  OPENED_OFFLINE_TEXT,
  sellerSessionMutations,
  sellerSessionQueries,
} from './seller-session';

const mocks = vi.hoisted(() => ({
  getSellerAuth: vi.fn<() => Promise<boolean>>(),
  loginSeller: vi.fn(),
  logoutSeller: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() },
}));
vi.mock('./api/get-seller-auth', () => ({ getSellerAuth: mocks.getSellerAuth }));
vi.mock('./api/login-seller', () => ({ loginSeller: mocks.loginSeller }));
vi.mock('./api/logout-seller', () => ({ logoutSeller: mocks.logoutSeller }));
vi.mock('../../../lib/toast', () => ({ toast: mocks.toast }));

/** This browser's local storage, as the seller area sees it across starts. */
const kept = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => kept.get(key) ?? null,
  setItem: (key: string, value: string) => kept.set(key, value),
  removeItem: (key: string) => kept.delete(key),
});

let client: QueryClient;

/** The seller area opens: its start-up check runs, and the session it leaves. */
async function openSellerArea() {
  store.set(sellerAuthAtom, 'unknown');
  await client.fetchQuery(sellerSessionQueries.check());
  return store.get(sellerAuthAtom);
}

const unreachable = () => new ApiError(UNREACHABLE_MESSAGE, 0, { cause: new TypeError('fetch') });

beforeEach(() => {
  vi.clearAllMocks();
  kept.clear();
  client = new QueryClient();
});

describe('the seller’s session at start-up', () => {
  it('is the server’s answer when it answers, kept for the next start: in, then out', async () => {
    mocks.getSellerAuth.mockResolvedValue(true);
    expect(await openSellerArea()).toBe('in');
    expect(sellerLastSeenIn()).toBe(true);

    mocks.getSellerAuth.mockResolvedValue(false);
    expect(await openSellerArea()).toBe('out');
    expect(sellerLastSeenIn()).toBe(false);
    expect(mocks.toast.error).not.toHaveBeenCalled();
  });

  it('out of the server’s reach (status 0), is the seller last seen logged in here, with a quiet toast', async () => {
    mocks.getSellerAuth.mockResolvedValue(true);
    await openSellerArea();

    mocks.getSellerAuth.mockRejectedValue(unreachable());
    expect(await openSellerArea()).toBe('in');
    expect(mocks.toast.warning).toHaveBeenCalledWith(OPENED_OFFLINE_TEXT);
    expect(mocks.toast.error).not.toHaveBeenCalled();
    // Still kept: the next start without the server opens the same way.
    expect(sellerLastSeenIn()).toBe(true);
  });

  it('is asked even while the browser says it is offline, and opens as last seen', async () => {
    mocks.getSellerAuth.mockResolvedValue(true);
    await openSellerArea();
    mocks.getSellerAuth.mockRejectedValue(unreachable());
    onlineManager.setOnline(false);
    try {
      expect(await openSellerArea()).toBe('in');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('when a proxy says the server is down (502, 503, 504), is the seller last seen logged in here', async () => {
    for (const status of [502, 503, 504]) {
      mocks.getSellerAuth.mockResolvedValue(true);
      await openSellerArea();
      mocks.getSellerAuth.mockRejectedValue(new ApiError(`HTTP ${status}`, status));
      expect(await openSellerArea()).toBe('in');
    }
  });

  it('out of the server’s reach, is the login form when the seller was never seen logged in here, with why', async () => {
    mocks.getSellerAuth.mockRejectedValue(unreachable());
    expect(await openSellerArea()).toBe('out');
    expect(mocks.toast.error).toHaveBeenCalledWith(UNREACHABLE_MESSAGE);
    expect(mocks.toast.warning).not.toHaveBeenCalled();
  });

  it('out of the server’s reach, is the login form after the server last said out', async () => {
    mocks.getSellerAuth.mockResolvedValue(true);
    await openSellerArea();
    mocks.getSellerAuth.mockResolvedValue(false);
    await openSellerArea();

    mocks.getSellerAuth.mockRejectedValue(unreachable());
    expect(await openSellerArea()).toBe('out');
  });

  it('is the login form when the server answers with a failure of its own (500), whoever was seen', async () => {
    mocks.getSellerAuth.mockResolvedValue(true);
    await openSellerArea();
    mocks.getSellerAuth.mockRejectedValue(new ApiError('Something went wrong', 500));
    expect(await openSellerArea()).toBe('out');
    expect(mocks.toast.error).toHaveBeenCalledWith('Something went wrong');
  });
});

describe('what is kept of the seller’s session between starts', () => {
  const run = (options: object, body?: unknown) =>
    new MutationObserver(client, options as never).mutate(body as never).then(
      () => true,
      () => false,
    );

  it('a login keeps the seller as logged in here', async () => {
    mocks.loginSeller.mockResolvedValue({ success: true, message: 'Logged in' });
    await run(sellerSessionMutations.logIn(), { email: 'a@b.in', password: 'x' });
    expect(sellerLastSeenIn()).toBe(true);
  });

  it('a logout forgets it; a logout the server did not take keeps it', async () => {
    mocks.getSellerAuth.mockResolvedValue(true);
    await openSellerArea();

    mocks.logoutSeller.mockRejectedValue(unreachable());
    expect(await run(sellerSessionMutations.logOut())).toBe(false);
    expect(store.get(sellerAuthAtom)).toBe('in');
    expect(sellerLastSeenIn()).toBe(true);

    mocks.logoutSeller.mockResolvedValue({ success: true, message: 'Logged out' });
    expect(await run(sellerSessionMutations.logOut())).toBe(true);
    expect(store.get(sellerAuthAtom)).toBe('out');
    expect(sellerLastSeenIn()).toBe(false);
  });

  it('a 401 from a later call, after an offline start, logs out and forgets it', async () => {
    mocks.getSellerAuth.mockResolvedValue(true);
    await openSellerArea();
    mocks.getSellerAuth.mockRejectedValue(unreachable());
    await openSellerArea();

    store.set(sessionLostAtom, 'Not authorized');
    expect(store.get(sellerAuthAtom)).toBe('out');
    expect(mocks.toast.error).toHaveBeenCalledWith('Not authorized');
    expect(sellerLastSeenIn()).toBe(false);
  });
});
