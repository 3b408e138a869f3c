import { request as newRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect } from './fixtures';
import { SCALE_URL } from './scale-store';
import { logInAsSeller, SELLER } from './seller';

/**
 * The seller's API on the real shop's store (its till is the counter specs' alone), the till
 * closed as the spec starts it.
 */
export async function sellerApi(): Promise<APIRequestContext> {
  const api = await newRequest.newContext({ baseURL: SCALE_URL });
  expect((await api.post('/api/seller/login', { data: SELLER })).ok()).toBe(true);
  const { day } = (await (await api.get('/api/counter/day')).json()) as { day: unknown };
  // A day left open by an earlier try of a spec.
  if (day)
    expect((await api.post('/api/counter/day/close', { data: { countedCash: 0 } })).ok()).toBe(
      true,
    );
  return api;
}

/** The till's screen, its scan box focused, and a USB scanner typing a code and Enter into it. */
export async function tillScreen(page: Page) {
  await logInAsSeller(page);
  await page.goto('/seller/counter');
  const scan = page.getByRole('combobox', { name: /Scan or search/ });
  await expect(scan).toBeFocused();
  const scanner = async (code: string) => {
    await page.keyboard.type(code, { delay: 4 });
    await page.keyboard.press('Enter');
  };
  return { scan, scanner };
}

/**
 * Runs `use` with the seller's API on the store, the till opened for it with `openingFloat`
 * rupees in the drawer and closed after, whatever happens.
 */
export async function withOpenTill(
  openingFloat: number,
  use: (api: APIRequestContext) => Promise<void>,
): Promise<void> {
  const api = await sellerApi();
  try {
    const opened = await api.post('/api/counter/day/open', { data: { openingFloat } });
    expect(opened.ok(), await opened.text()).toBe(true);
    await use(api);
  } finally {
    await api.post('/api/counter/day/close', { data: { countedCash: 0 } });
    await api.dispose();
  }
}
