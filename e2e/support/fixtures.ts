import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { waitForAppOnLoad } from './app-started';

/**
 * A failed answer a test provokes on purpose (a wrong password), which the browser logs; status
 * 0 for an answer that never came (a request the test aborts).
 */
interface ExpectedFailure {
  path: string;
  status: number;
}

const isFailedLoad = (message: ConsoleMessage, status: number) =>
  message.text().startsWith('Failed to load resource') &&
  message.text().includes(status === 0 ? 'net::ERR_FAILED' : `status of ${status} `);

const pathOf = (message: ConsoleMessage) => new URL(message.location().url).pathname;

/**
 * The one expected console error of the seller's and the agents' screens: their start-up check
 * (`GET /api/seller|agents/is-auth`) answers 401 while logged out, which the browser logs as a
 * failed resource load. The storefront asks only when a shopper may be logged in, so a visitor
 * sees none.
 */
const isLoggedOutAuthCheck = (message: ConsoleMessage) =>
  isFailedLoad(message, 401) && /^\/api\/(seller|agents)\/is-auth$/.test(pathOf(message));

/** A load the browser could not make for want of a network, or the socket's failing to connect. */
const isOfflineFailure = (message: ConsoleMessage) =>
  message.text().includes('net::ERR_INTERNET_DISCONNECTED') ||
  /^WebSocket connection to .* failed/.test(message.text());

/**
 * `test` whose pages fail the test on any console error or uncaught exception, so every
 * browser test also proves the page ran cleanly. A test that provokes a failed answer on
 * purpose declares it first with `expectFailedRequest(path, status)`.
 */
export const test = base.extend<{
  expectFailedRequest: (path: string, status: number) => void;
  /**
   * The test takes the browser offline on purpose (`context.setOffline`): what it fails to load
   * meanwhile, and the live socket's failure to connect, are expected.
   */
  expectOffline: () => void;
  offlineExpected: { expected: boolean };
  expectedFailures: ExpectedFailure[];
  failOnConsoleErrors: undefined;
}>({
  // Playwright reads a fixture's dependencies from its first parameter, so none is `{}`.
  // eslint-disable-next-line no-empty-pattern
  expectedFailures: async ({}, use) => {
    await use([]);
  },
  expectFailedRequest: async ({ expectedFailures }, use) => {
    await use((path, status) => expectedFailures.push({ path, status }));
  },
  // eslint-disable-next-line no-empty-pattern
  offlineExpected: async ({}, use) => {
    await use({ expected: false });
  },
  expectOffline: async ({ offlineExpected }, use) => {
    await use(() => {
      offlineExpected.expected = true;
    });
  },
  // A server-rendered page is tapped only once the app has taken it over, as a shopper would.
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled ? waitForAppOnLoad(page) : page);
  },
  failOnConsoleErrors: [
    async ({ page, expectedFailures, offlineExpected }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' || isLoggedOutAuthCheck(message)) return;
        if (offlineExpected.expected && isOfflineFailure(message)) return;
        const declared = expectedFailures.some(
          ({ path, status }) => isFailedLoad(message, status) && pathOf(message) === path,
        );
        if (!declared) errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(undefined);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
