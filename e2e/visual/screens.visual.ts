import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { logInAsSeller, SELLER } from '../support/seller';

const set = process.env.VISUAL_SET ?? 'latest';
const folder = path.resolve(import.meta.dirname, '../.artifacts/visual', set);
mkdirSync(folder, { recursive: true });

/** The same agent and shopper in every set, so that two sets' screens show the same names. */
const AGENT = { name: 'Ravi Kumar', phone: '9876500001' };
const SHOPPER = { name: 'Meera Iyer', email: 'visual@example.com', password: 'fresh-veggies-8' };

// Each test shoots a dozen screens.
test.setTimeout(180_000);

/**
 * The page, whole, once its requests, pictures and fonts have settled and no spinner or
 * placeholder shows; without animations or caret. What loads lazily loads first, as a whole-page
 * shot shows it all.
 */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Down to the foot a screen at a time, so that what loads on coming into view loads.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    for (const image of document.images) image.loading = 'eager';
    return (
      [...document.images].every((image) => image.complete) &&
      !document.querySelector('[class*="spinner"], [class*="skeleton"]')
    );
  });
  await page.evaluate(() => document.fonts.ready);
  const project = test.info().project.name;
  await page.screenshot({
    path: path.join(folder, `${project}-${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

/**
 * One shopper's order and one agent, the same in every set (made once, by the first test that
 * needs them), so that the lists are not empty; `request` ends logged in as the seller.
 */
async function seed(request: APIRequestContext): Promise<{ product: string; agent: string }> {
  const { products } = await (await request.get('/api/product/list')).json();
  const product = products.find((one: { inStock: boolean }) => one.inStock)._id as string;
  if (!(await request.post('/api/user/register', { data: SHOPPER })).ok()) {
    await request.post('/api/user/login', { data: SHOPPER });
  }
  const { orders } = await (await request.get('/api/order/user')).json();
  if (orders.length === 0) {
    const address = {
      firstName: 'Meera',
      lastName: 'Iyer',
      email: SHOPPER.email,
      street: '12 Residency Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      zipcode: '600028',
      country: 'India',
      phone: '9840012345',
    };
    const saved = await (await request.post('/api/address/add', { data: { address } })).json();
    await request.post('/api/order/cod', {
      data: { items: [{ product, quantity: 2 }], address: saved.address._id },
    });
  }
  await request.post('/api/seller/login', { data: SELLER });
  const { agents } = await (await request.get('/api/agents')).json();
  const agent =
    agents.find((one: { phone: string }) => one.phone === AGENT.phone) ??
    (await (await request.post('/api/agents/create', { data: AGENT })).json()).agent;
  return { product, agent: agent._id };
}

test('storefront screens', async ({ page }) => {
  await page.goto('/');
  await shoot(page, 'shop-home');
  await page.goto('/products');
  await shoot(page, 'shop-products');
  await page.goto('/products/vegetables');
  await page.getByRole('button', { name: 'Add Carrot to cart' }).click();
  await shoot(page, 'shop-category');
  const product = page.locator('a[href^="/products/vegetables/"]').first();
  await page.goto((await product.getAttribute('href'))!);
  await shoot(page, 'shop-product');
  await page.goto('/cart');
  await shoot(page, 'shop-cart');
  await page.goto('/add-address');
  await shoot(page, 'shop-add-address');
});

test('seller screens', async ({ page, request }) => {
  await page.goto('/seller');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await shoot(page, 'seller-login');
  const { product } = await seed(request);
  await logInAsSeller(page);
  for (const screen of [
    'dashboard',
    'orders',
    'product-list',
    'categories',
    'import',
    'counter',
    'agents',
    'cash-report',
    'shop',
    'backups',
  ]) {
    await page.goto(`/seller/${screen}`);
    await shoot(page, `seller-${screen}`);
  }
  await page.goto(`/seller/product-list/${product}`);
  await shoot(page, 'seller-product');
});

test('agent screens', async ({ page, request }) => {
  const { agent } = await seed(request);
  const { code } = await (await request.post(`/api/agents/${agent}/invite`)).json();
  await page.request.post('/api/agents/pair', { data: { code } });
  await page.goto('/agents');
  await expect(page.getByLabel('Phone number')).toBeVisible();
  await shoot(page, 'agent-login');
  await page.getByLabel('Phone number').fill(AGENT.phone);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('banner').getByText(`Hi, ${AGENT.name}`)).toBeVisible();
  await shoot(page, 'agent-active');
  await page.goto('/agents/delivered');
  await shoot(page, 'agent-delivered');
  await page.goto('/agents/cash');
  await shoot(page, 'agent-cash');
});
