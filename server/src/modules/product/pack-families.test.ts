import { randomUUID } from 'node:crypto';
import {
  productItemsAnswerSchema,
  productPageAnswerSchema,
  type Product,
  type ProductPageAnswer,
} from '@kirana/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { useSeller, useTestApp } from '../../test/fixtures.js';
import { createCategory, createProduct } from '../../test/factories.js';
import { ProductSchema } from './product.entity.js';

describe('pack families: the storefront answers a family once, and a pack with its sizes', () => {
  // The run's API tests share one database: this file's products sit in categories of its own.
  const shelf = `Packs-${randomUUID().slice(0, 8)}`;
  const hidden = `Hidden-${randomUUID().slice(0, 8)}`;
  const word = `Chakki${randomUUID().slice(0, 6)}`;
  const family = `${word} Atta`;
  const ids: Record<string, string> = {};

  const app = useTestApp();
  const seller = useSeller(app);
  beforeAll(async () => {
    const em = app.orm.em.fork();
    await createCategory(em, shelf);
    await createCategory(em, hidden, { hidden: true });
    const pack = (label: string, offerPricePaise: number, more: object = {}) =>
      createProduct(em, {
        name: `${family} ${label}`,
        category: shelf,
        family,
        packLabel: label,
        pricePaise: offerPricePaise + 500,
        offerPricePaise,
        ...more,
      });
    // Made out of price order, the first made out of stock: the listing's first in stock is 5 kg.
    ids.ten = (await pack('10 kg', 45_000, { inStock: false })).id;
    ids.five = (await pack('5 kg', 24_000)).id;
    ids.one = (await pack('1 kg', 5_500)).id;
    ids.hidden = (await pack('25 kg', 99_000, { category: hidden })).id;
    ids.archived = (await pack('2 kg', 10_000)).id;
    ids.salt = (await createProduct(em, { name: `${word} Salt`, category: shelf })).id;
    const archived = await em.findOneOrFail(ProductSchema, { id: ids.archived! });
    archived.archivedAt = new Date();
    await em.flush();
  });

  const search = async (query: string): Promise<ProductPageAnswer> =>
    productPageAnswerSchema.parse(
      (await app.http().get(`/api/product/search?${query}`).expect(200)).body,
    );
  const sizes = (product: Product | undefined) =>
    product?.packs?.map((pack) => [pack.packLabel, pack.offerPrice, pack.inStock]);
  const everySize = [
    ['1 kg', 55, true],
    ['5 kg', 240, true],
    ['10 kg', 450, false],
  ];

  test('a category’s listing answers the family once, as its first pack in stock, with every size the shop offers, cheapest first', async () => {
    const page = await search(`category=${shelf}`);
    expect(page.products.map((product) => product._id)).toEqual([ids.five, ids.salt]);
    expect(page.total).toBe(2);
    expect(sizes(page.products[0])).toEqual(everySize);
    // A size's own page: its id and category.
    expect(page.products[0]?.packs?.[0]).toMatchObject({ _id: ids.one, category: shelf });
  });

  test('a product of no family answers as the spec has it, without packs', async () => {
    const page = await search(`category=${shelf}`);
    const salt = page.products.find((product) => product._id === ids.salt);
    expect(salt).toBeDefined();
    expect(salt).not.toHaveProperty('packs');
  });

  test('a search by text answers the family once, as the pack in stock that matches best', async () => {
    const found = async (text: string) =>
      (await search(`q=${encodeURIComponent(text)}`)).products
        .filter((product) => product.family === family)
        .map((product) => product._id);
    expect(await found(`${family} 1 kg`)).toEqual([ids.one]);
    expect(await found(`${family} 5 kg`)).toEqual([ids.five]);
    // Both match the word alike: the first by name.
    const text = await search(`q=${word}`);
    expect(text.products.map((product) => product._id)).toEqual([ids.one, ids.salt]);
    expect(text.total).toBe(2);
  });

  test('only the packs in stock: the family is still one card, its sizes still all shown', async () => {
    const page = await search(`category=${shelf}&inStock=true`);
    expect(page.products.map((product) => product._id)).toEqual([ids.five, ids.salt]);
    expect(sizes(page.products[0])).toEqual(everySize);
  });

  test('a pack’s page (the items answer) offers the family’s sizes, each with its own price and stock', async () => {
    const answer = productItemsAnswerSchema.parse(
      (await app.http().get(`/api/product/items?ids=${ids.ten},${ids.salt}`).expect(200)).body,
    );
    const [ten, salt] = answer.products;
    expect(ten).toMatchObject({ _id: ids.ten, packLabel: '10 kg', offerPrice: 450 });
    expect(sizes(ten)).toEqual(everySize);
    expect(salt).not.toHaveProperty('packs');
  });

  test('the seller’s list answers every pack, live and archived, without packs', async () => {
    const page = productPageAnswerSchema.parse(
      (await seller.get(`/api/product/seller/list?category=${shelf}`).expect(200)).body,
    );
    expect(page.products.map((product) => product.packLabel ?? product.name)).toEqual([
      '1 kg',
      '10 kg',
      '5 kg',
      `${word} Salt`,
    ]);
    expect(page.products.some((product) => 'packs' in product)).toBe(false);
  });
});
