import { STOREFRONT_STATE_ID } from '@kirana/shared';
import type { Page } from '@playwright/test';

/**
 * Waits, on a storefront page the server rendered, until the app has taken it over (app/start.tsx
 * marks `<html data-app-started>`): the page shows and its links work before that, but a tap
 * on a button would do nothing yet. Other pages are left as they are.
 */
export async function untilAppStarted(page: Page): Promise<void> {
  if ((await page.locator(`#${STOREFRONT_STATE_ID}`).count()) === 0) return;
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
}

/** Makes `page.goto` and `page.reload` also wait {@link untilAppStarted}, as a shopper would. */
export function waitForAppOnLoad(page: Page): Page {
  const { goto, reload } = page;
  page.goto = async (...args) => {
    const response = await goto.apply(page, args);
    await untilAppStarted(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload.apply(page, args);
    await untilAppStarted(page);
    return response;
  };
  return page;
}
