import { randomInt, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import sharp from 'sharp';
import { inviteAgent } from '../modules/agent/agent-device.service.js';
import { agentHooks } from '../wiring.js';
import { AgentSchema } from '../modules/agent/agent.entity.js';
import { CategorySchema } from '../modules/category/category.entity.js';
import { OrderSchema } from '../modules/order/order.entity.js';
import { ProductSchema, type Product } from '../modules/product/product.entity.js';
import { SellerSchema } from '../modules/seller/seller.entity.js';
import type { TestApp } from './app.js';

let sequence = 0;
/** Unique across the test files running in parallel against one database. */
const unique = () => randomUUID().slice(0, 8);

/** A saved product with believable defaults; pass only what the test is about. */
export async function createProduct(
  em: EntityManager,
  overrides: Partial<{
    name: string;
    category: string;
    sku: string | null;
    barcode: string | null;
    description: string[];
    pricePaise: number;
    offerPricePaise: number;
    images: string[];
    inStock: boolean;
    stockCount: number | null;
    weight: string | null;
    family: string | null;
    packLabel: string | null;
  }> = {},
): Promise<Product> {
  sequence += 1;
  const product = em.create(ProductSchema, {
    name: `Test product ${sequence}`,
    category: 'Fruits',
    description: ['Fresh', 'Tasty'],
    pricePaise: 12_000,
    offerPricePaise: 9_950,
    images: [`/uploads/test/product-${sequence}-800.webp`],
    inStock: true,
    weight: '1 kg',
    ...overrides,
  });
  await em.flush();
  return product;
}

/**
 * A product saved straight to the database and announced as the product service announces its
 * own (`product.changed`), so that the app's in-memory catalogue lists it from now on.
 */
export async function createListedProduct(
  app: TestApp,
  overrides: Parameters<typeof createProduct>[1] = {},
): Promise<Product> {
  const product = await createProduct(app.orm.em.fork(), overrides);
  app.events.publish({ type: 'product.changed', productId: product.id });
  return product;
}

/** A shopper signed up through the API; `http` carries their session cookie like a browser. */
export async function signUpShopper(app: TestApp, name = 'Asha Rao') {
  const email = `shopper-${unique()}@example.com`;
  const password = 'correct-horse-battery';
  const http = app.agent();
  const response = await http
    .post('/api/user/register')
    .send({ name, email, password })
    .expect(201);
  return { http, email, password, id: response.body.user._id as string };
}

export const sampleAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '+91 98450 12345',
};

/** `sampleAddress` added to `shopper`'s addresses through the API; answers its id. */
export async function addAddress(shopper: Awaited<ReturnType<typeof signUpShopper>>) {
  const added = await shopper.http
    .post('/api/address/add')
    .send({ address: sampleAddress })
    .expect(201);
  return added.body.address._id as string;
}

/** The seller signed in through the API (the account is created directly, as the seeder does). */
export async function signInSeller(app: TestApp) {
  const email = `seller-${unique()}@example.com`;
  const password = 'seller-password';
  const em = app.orm.em.fork();
  em.create(SellerSchema, { email, passwordHash: await argon2.hash(password) });
  await em.flush();
  const http = app.agent();
  await http.post('/api/seller/login').send({ email, password }).expect(200);
  return { http, email, password };
}

/** A saved category at `path`, labelled the same unless told, listed last unless told. */
export async function createCategory(
  em: EntityManager,
  path: string,
  { label = path, position = 99, hidden = false } = {},
): Promise<string> {
  em.create(CategorySchema, {
    path,
    label,
    image: '/uploads/categories/test.webp',
    bgColor: '#FFFFFF',
    position,
    hidden,
  });
  await em.flush();
  return path;
}

/** A saved delivery agent with a unique phone number. */
export async function createAgent(em: EntityManager, name = 'Ravi Kumar') {
  const agent = em.create(AgentSchema, {
    name,
    phone: `+91${randomInt(6_000_000_000, 9_999_999_999)}`,
  });
  await em.flush();
  return agent;
}

/** A real picture of `format`, `width` × `height`, for upload tests. */
export function picture(format: 'png' | 'jpeg' | 'webp' | 'avif', width = 320, height = 240) {
  return sharp({ create: { width, height, channels: 3, background: '#e07a1f' } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A phone paired with the agent: the shop's invite (made as the seller's Agents screen makes it,
 * revoking the agent's earlier phones) opened in a new browser, which keeps the device cookie.
 * `deviceCookies` are the pairing's Set-Cookie lines, to put the same credential in another jar.
 */
export async function pairPhone(app: TestApp, agentId: string) {
  const { code } = await inviteAgent(app.orm.em.fork(), app.events, agentHooks, agentId);
  const http = app.agent();
  const paired = await http.post('/api/agents/pair').send({ code }).expect(200);
  return { http, deviceCookies: paired.headers['set-cookie'] as unknown as string[] };
}

/** A delivery agent signed in through the API by phone, on a phone paired first. */
export async function signInAgent(app: TestApp, name = 'Ravi Kumar') {
  const agent = await createAgent(app.orm.em.fork(), name);
  const { http, deviceCookies } = await pairPhone(app, agent.id);
  await http.post('/api/agents/login').send({ phone: agent.phone }).expect(200);
  return { http, agent, deviceCookies };
}

/**
 * A cash-on-delivery order placed through the API by `shopper` for one of a new product
 * (or of `productId`); answers the order's id.
 */
export async function placeCodOrder(
  app: TestApp,
  shopper: Awaited<ReturnType<typeof signUpShopper>>,
  productId?: string,
): Promise<string> {
  const product = productId ?? (await createProduct(app.orm.em.fork())).id;
  await shopper.http
    .post('/api/order/cod')
    .send({ items: [{ product, quantity: 1 }], address: await addAddress(shopper) })
    .expect(201);
  const mine = await shopper.http.get('/api/order/user').expect(200);
  return mine.body.orders[0]._id as string;
}

/**
 * `count` open copies of order `orderId` (its shopper, address, amounts and items, its status),
 * offered to the agents at `offeredAt`: a backlog written with SQL in one statement, as the API
 * would take minutes to place it. Answers their ids.
 */
export async function copiesOfOrder(
  app: TestApp,
  orderId: string,
  count: number,
  offeredAt: Date,
): Promise<string[]> {
  const rows: { id: string }[] = await app.orm.em.getConnection().execute(
    `with copies as (
       insert into orders (id, user_id, address, subtotal_paise, tax_paise, delivery_fee_paise,
         amount_paise, status, payment_type, is_paid, offered_at, promised_at, delivery_pin,
         created_at, updated_at)
       select gen_random_uuid(), user_id, address, subtotal_paise, tax_paise,
         delivery_fee_paise, amount_paise, status, payment_type, is_paid, ?, promised_at,
         delivery_pin, created_at, updated_at
       from orders, generate_series(1, ?) where id = ?
       returning id),
     items as (
       insert into order_items (id, order_id, position, product_id, quantity, unit_price_paise)
       select gen_random_uuid(), copies.id, i.position, i.product_id, i.quantity,
         i.unit_price_paise
       from copies, order_items i where i.order_id = ?)
     select id from copies`,
    [offeredAt, count, orderId, orderId],
  );
  return rows.map((row) => row.id);
}

/**
 * A cash-on-delivery order `agent` accepts, picks and is paid for in cash at the door; answers
 * its id and amount in paise.
 */
export async function collectCash(app: TestApp, agent: Awaited<ReturnType<typeof signInAgent>>) {
  const id = await placeCodOrder(app, await signUpShopper(app));
  await agent.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
  await agent.http.put(`/api/agents/status/${id}`).send({ status: 'Picked' }).expect(200);
  await agent.http.put(`/api/agents/mark-paid/${id}`).expect(200);
  const { amountPaise } = await app.orm.em.fork().findOneOrFail(OrderSchema, { id });
  return { id, amountPaise };
}

/** The delivery PIN of order `orderId`, as its shopper reads it (what the agent must enter). */
export async function deliveryPinOf(app: TestApp, orderId: string): Promise<string | undefined> {
  const order = await app.orm.em.fork().findOneOrFail(OrderSchema, { id: orderId });
  return order.deliveryPin ?? undefined;
}
