import { randomUUID } from 'node:crypto';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const PASSWORD = 'fresh-veggies-8';

/** A new shopper per test, so tests never share a cart, an address or an order. */
export function newShopper(testInfo: TestInfo) {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Asha ${id}`,
    email: `shopper-${testInfo.project.name}-${id}@example.com`,
    password: PASSWORD,
  };
}

export type Shopper = ReturnType<typeof newShopper>;

export const ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha.rao@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '9876543210',
};

/** The toast with `text` (notistack shows each as an alert). */
export function toast(page: Page, text: string) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

/** The nav's cart link, whose name says how many items the cart holds. */
export function cartLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart, / });
}

/** Signs up through the nav's Login button and the dialog's sign-up mode. */
export async function signUpInDialog(page: Page, shopper: Shopper) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Login' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  const signUp = page.getByRole('dialog', { name: 'User Sign Up' });
  await signUp.getByLabel('Name').fill(shopper.name);
  await signUp.getByLabel('Email').fill(shopper.email);
  await signUp.getByLabel('Password').fill(shopper.password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Logged In')).toBeVisible();
  await expect(signUp).toBeHidden();
  await expect(page.getByRole('button', { name: `Account: ${shopper.name}` })).toBeVisible();
}

/** Registers through the API; the page's browser context then holds the session cookie. */
export async function signUpViaApi(page: Page, shopper: Shopper) {
  const response = await page.request.post('/api/user/register', { data: shopper });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Fills the Add address form with ADDRESS (the caller saves it). */
export async function fillAddressForm(page: Page) {
  await page.getByLabel('First name').fill(ADDRESS.firstName);
  await page.getByLabel('Last name').fill(ADDRESS.lastName);
  await page.getByLabel('Email address').fill(ADDRESS.email);
  await page.getByLabel('Street').fill(ADDRESS.street);
  await page.getByLabel('City').fill(ADDRESS.city);
  await page.getByLabel('State').fill(ADDRESS.state);
  await page.getByLabel('PIN code').fill(ADDRESS.zipcode);
  await page.getByLabel('Country').selectOption(ADDRESS.country);
  await page.getByLabel('Phone').fill(ADDRESS.phone);
}

/** Saves ADDRESS for the logged-in shopper through the API; answers its id. */
export async function addAddressViaApi(page: Page): Promise<string> {
  const response = await page.request.post('/api/address/add', { data: { address: ADDRESS } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { address: { _id: string } };
  return body.address._id;
}

/** The id of the catalogue's product named `name`. */
export async function productId(page: Page, name: string): Promise<string> {
  const response = await page.request.get('/api/product/list');
  const body = (await response.json()) as { products: { _id: string; name: string }[] };
  const product = body.products.find((candidate) => candidate.name === name);
  expect(product, `${name} is in the demo catalogue`).toBeDefined();
  return product!._id;
}
