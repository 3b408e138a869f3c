import {
  bulkStockAnswerSchema,
  productItemsAnswerSchema,
  productPageAnswerSchema,
  productSearchQuerySchema,
  searchNameSavedAnswerSchema,
  searchNamesAnswerSchema,
  SELLER_PRODUCT_FILTERS,
  type ProductPageAnswer,
} from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { createCategory, createProduct, picture } from '../../test/factories.js';
import { ProductSchema } from './product.entity.js';
import { FUZZY_LETTERS, fuzzyText } from './product-search.js';
import { addSearchName } from './search-names.js';

describe('the catalogue at shop scale: search, the cart’s items, the seller’s list', () => {
  const ids: Record<string, string> = {};

  // The run's API tests share one database: this file's products sit in categories of its own.
  const mine = `Search-${randomUUID().slice(0, 8)}`;
  const sauces = `Sauces-${randomUUID().slice(0, 8)}`;
  const hidden = `Hidden-${randomUUID().slice(0, 8)}`;
  const drinks = `Drinks-${randomUUID().slice(0, 8)}`;

  const app = useTestApp();
  const seller = useSeller(app);
  beforeAll(async () => {
    const em = app.orm.em.fork();
    for (const [path, isHidden] of [
      [mine, false],
      [sauces, false],
      [hidden, true],
      [drinks, false],
    ] as const) {
      await createCategory(em, path, { hidden: isHidden });
    }
    const code = randomUUID().slice(0, 6);
    const made: [string, Parameters<typeof createProduct>[1]][] = [
      ['tomato', { name: 'Tomato' }],
      ['cherry', { name: 'Cherry Tomatoes' }],
      ['ketchup', { name: 'Tomato Ketchup', category: sauces, inStock: false }],
      ['milk', { name: 'Toned Milk', sku: `MLK-${code}`, barcode: `890${code}` }],
      ['milkshake', { name: 'Chocolate Milkshake' }],
      ['onion', { name: 'Red Onion' }],
      ['potato', { name: 'Potato' }],
      ['mango', { name: 'Alphonso Mango', category: hidden }],
      ['archived', { name: 'Old Tomato Puree' }],
      ['counted', { name: 'Basmati Rice', stockCount: 3 }],
    ];
    for (const [key, overrides] of made) {
      ids[key] = (await createProduct(em, { category: mine, ...overrides })).id;
    }
    ids.code = code;
    const archived = await em.findOneOrFail(ProductSchema, { id: ids.archived! });
    archived.archivedAt = new Date();
    await em.flush();
  });

  /** This file's search: its own category and its sauces (other files' products left out). */
  const search = async (
    query: string,
    category: string | null = mine,
  ): Promise<ProductPageAnswer> => {
    const scope = category ? `&category=${category}` : '';
    const response = await app.http().get(`/api/product/search?${query}${scope}`).expect(200);
    return productPageAnswerSchema.parse(response.body);
  };
  const names = (answer: ProductPageAnswer) => answer.products.map((product) => product.name);
  const found = (answer: ProductPageAnswer) => answer.products.map((product) => product._id);

  test('the name itself first, then names starting with it or holding it, in-stock before out', async () => {
    const answer = await search('q=tomato');
    expect(names(answer)).toEqual(['Tomato', 'Cherry Tomatoes']);
    expect(answer).toMatchObject({ total: 2, hasMore: false });
    const everywhere = await search('q=tomato', null);
    const ranks = ['tomato', 'cherry', 'ketchup'].map((key) =>
      found(everywhere).indexOf(ids[key]!),
    );
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  test('word forms: "tomatoes" finds Tomato', async () => {
    expect(names(await search('q=tomatoes'))).toContain('Tomato');
  });

  test('typos: "tomatto" and "potatoe" find what was meant', async () => {
    expect(names(await search('q=tomatto'))[0]).toBe('Tomato');
    expect(names(await search('q=potatoe'))).toEqual(['Potato']);
  });

  test('only the first words and letters of a long text are matched for typos, so no search costs more than a long name', async () => {
    expect(fuzzyText('a'.repeat(100))).toBe('a'.repeat(FUZZY_LETTERS));
    expect(fuzzyText('amul taaza toned milk 500 ml pouch')).toBe('amul taaza toned milk');
    expect(fuzzyText('tomatto')).toBe('tomatto');
    expect(fuzzyText(`${'x'.repeat(FUZZY_LETTERS - 1)} tomato`)).toBe(
      'x'.repeat(FUZZY_LETTERS - 1),
    );
    // Devanagari is cut between letters, never inside one's code units.
    expect(fuzzyText('दूध'.repeat(20))).toHaveLength(FUZZY_LETTERS);

    const letters = 'qwertyuiopasdfghjklzxcvbnm';
    const random = Array.from({ length: 100 }, (_, i) => letters[(i * 7 + 3) % 26]).join('');
    expect((await search(`q=${random}`)).products).toEqual([]);
    expect(names(await search(`q=tomatto ${'z'.repeat(92)}`))).toEqual([]);
    expect(names(await search(`q=${'tomato '.repeat(14)}`))[0]).toBe('Tomato');
  });

  test('a NUL character in the search or any query is a 400 naming it, never a database error', async () => {
    for (const path of ['/api/product/search?q=%00', '/api/product/search?q=to%00m&limit=5']) {
      await app.http().get(path).expect(400, {
        success: false,
        message: 'q must not contain NUL characters',
        code: 'INVALID',
      });
    }
    await app.http().get('/api/product/search?category=a%00').expect(400, {
      success: false,
      message: 'category must not contain NUL characters',
      code: 'INVALID',
    });
  });

  /** Pieces of what a shopper may type that trip text search: its operators, LIKE's, scripts. */
  const TRICKY = [
    ...['&', '|', '!', '(', ')', ':', '*', '<->', '<2>', '-', '"', "'", '\\', '%', '_', '.*'],
    ...['^', '$', '[', ']', '{', '}', '?', '+', '/', ',', ';', '~', '@', '#', '=', ' ', '\t'],
    ...[' or ', ' and ', 'not ', 'a', 'aa', 'oo', 'zz', 'w', 'ज', '\u093c', '\u094d', '\u0901'],
    ...['\u0301', 'İ', 'ß', 'ǅ', '😀', '\uffff', '\ufeff', '\u200b', '7', '8901234567890'],
    ...['doodh', 'दूध', 'haldi', 'good', 'dal', 'phool gobhi', 'tomato', 'mlk-'],
  ];

  test('whatever text the search takes is answered, never a 500: operators, scripts, names', async () => {
    // The seller's own name may mean anything they typed, operators included.
    await addSearchName(app.orm.em.fork(), app.events, {
      name: `junk${ids.code}`,
      means: '"(: & !* <-> or -',
    });
    const typed = fc
      .array(fc.constantFrom(...TRICKY, `junk${ids.code}`), { minLength: 1, maxLength: 12 })
      .map((pieces) => pieces.join(''))
      .filter((q) => productSearchQuerySchema.safeParse({ q }).success);
    const lookups = [
      '',
      ...['&', '"', "'", '\\', '%', '_', '<->', '!!!', '(', ':*', ' or ', '-tomato', '\u093c'],
      'a'.repeat(100),
      '%_'.repeat(50),
      `junk${ids.code}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.oneof(typed, fc.constantFrom(...lookups)), async (q) => {
        const query = `q=${encodeURIComponent(q)}`;
        productPageAnswerSchema.parse(
          (await app.http().get(`/api/product/search?${query}`).expect(200)).body,
        );
        await seller.get(`/api/product/seller/list?${query}`).expect(200);
      }),
      { numRuns: 150, seed: 39 },
    );
  });

  test('a parameter given twice is a 400 naming it, not a message about arrays', async () => {
    await app.http().get('/api/product/search?q=rice&limit=5&limit=6').expect(400, {
      success: false,
      message: 'limit must be given once',
      code: 'INVALID',
    });
  });

  test('Indian names in Latin and Devanagari letters: doodh and दूध find milk, pyaz an onion', async () => {
    expect(names(await search('q=doodh'))).toEqual(['Toned Milk']);
    expect(names(await search(`q=${encodeURIComponent('दूध')}`))).toEqual(['Toned Milk']);
    expect(names(await search('q=pyaz'))).toEqual(['Red Onion']);
    expect(names(await search(`q=${encodeURIComponent('टमाटर')}`))).toContain('Tomato');
  });

  test('the seller’s own Indian names are searched beside the shipped list', async () => {
    const word = `thandai${ids.code}`;
    expect(names(await search(`q=${word}`))).toEqual([]);
    await addSearchName(app.orm.em.fork(), app.events, { name: word, means: 'milkshake' });
    expect(names(await search(`q=${word}`))).toEqual(['Chocolate Milkshake']);
  });

  test('a search kept in memory is read anew after a change: a product sold out drops behind', async () => {
    const word = `lassi${ids.code}`;
    const added = async (name: string) => {
      const form = { name, category: drinks, price: 40, offerPrice: 35, description: ['Sweet'] };
      const response = await seller
        .post('/api/product/add')
        .field('productData', JSON.stringify(form))
        .attach('images', await picture('png'), 'lassi.png')
        .expect(201);
      return (response.body as { product: { _id: string } }).product._id;
    };
    expect(names(await search(`q=${word}`, drinks))).toEqual([]);
    const plain = await added(`${word} Plain`);
    const mango = await added(`${word} Mango`);
    expect(found(await search(`q=${word}`, drinks))).toEqual([mango, plain]);
    await seller.post('/api/product/stock').send({ id: mango, inStock: false }).expect(200);
    expect(found(await search(`q=${word}`, drinks))).toEqual([plain, mango]);
    await seller.post('/api/product/archive').send({ id: plain }).expect(200);
    expect(found(await search(`q=${word}`, drinks))).toEqual([mango]);
  });

  test('the seller adds, lists and removes Indian names through the API; bad ones are refused', async () => {
    const word = `mithai${ids.code}`;
    await app
      .http()
      .post('/api/product/search-names')
      .send({ name: word, means: 'milk' })
      .expect(401);
    const added = await seller
      .post('/api/product/search-names')
      .send({ name: ` ${word.toUpperCase()} `, means: 'Milk' })
      .expect(201);
    const { name } = searchNameSavedAnswerSchema.parse(added.body);
    expect(name).toMatchObject({ name: word, means: 'milk' });
    expect(names(await search(`q=${word}`))).toEqual(['Toned Milk']);
    const listed = await seller.get('/api/product/search-names').expect(200);
    expect(searchNamesAnswerSchema.parse(listed.body).names).toContainEqual(name);

    const twice = await seller
      .post('/api/product/search-names')
      .send({ name: word, means: 'MILK' })
      .expect(409);
    expect(twice.body.message).toBe(`${word} already means milk`);
    const empty = await seller.post('/api/product/search-names').send({ name: word }).expect(400);
    expect(empty.body.message).toBe('means is required');

    await seller.post('/api/product/search-names/remove').send({ id: name._id }).expect(200);
    expect(names(await search(`q=${word}`))).toEqual([]);
    await seller.post('/api/product/search-names/remove').send({ id: name._id }).expect(404);
  });

  test('a SKU or a barcode finds its product', async () => {
    expect(names(await search(`q=mlk-${ids.code}`, null))).toEqual(['Toned Milk']);
    expect(names(await search(`q=890${ids.code}`, null))).toEqual(['Toned Milk']);
  });

  test('one category, any case; hidden categories and archived products are never found', async () => {
    expect(names(await search('q=tomato', sauces.toLowerCase()))).toEqual(['Tomato Ketchup']);
    expect(found(await search('q=alphonso', null))).not.toContain(ids.mango);
    expect(names(await search('q=alphonso', hidden))).toEqual([]);
    expect(found(await search('q=puree', null))).not.toContain(ids.archived);
  });

  test('without q: the listing of a category in the catalogue’s order, in-stock first', async () => {
    const listing = await search('', mine);
    expect(names(listing)).toEqual([
      'Tomato',
      'Cherry Tomatoes',
      'Toned Milk',
      'Chocolate Milkshake',
      'Red Onion',
      'Potato',
      'Basmati Rice',
    ]);
    expect(names(await search('q=', sauces))).toEqual(['Tomato Ketchup']);
  });

  test('pages: limit and page, with the total and whether more follow', async () => {
    const first = await search('q=tomato&limit=1');
    expect(first).toMatchObject({ total: 2, hasMore: true });
    expect(names(first)).toEqual(['Tomato']);
    const second = await search('q=tomato&limit=1&page=2');
    expect(names(second)).toEqual(['Cherry Tomatoes']);
    expect(second.hasMore).toBe(false);
  });

  test.each([
    [`q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
    ['q=milk&page=0', 'page must be at least 1'],
    ['q=milk&limit=500', 'limit must be at most 100'],
    ['q=milk&page=two', 'page must be a whole number'],
    ['q=milk&page=0x10', 'page must be a whole number'],
    ['q=milk&limit=1e1', 'limit must be a whole number'],
    ['q=milk&category=no%20such', 'category must be the path of a category'],
  ])('?%s is refused: %s', async (query, message) => {
    const response = await app.http().get(`/api/product/search?${query}`).expect(400);
    expect(response.body).toEqual({ success: false, message, code: 'INVALID' });
  });

  test('the cart’s items by id, in the order asked, archived ones too; unknown ids left out', async () => {
    const asked = [ids.milk!, randomUUID(), ids.archived!, ids.tomato!];
    const response = await app
      .http()
      .get(`/api/product/items?ids=${asked.join(',')}`)
      .expect(200);
    const { products } = productItemsAnswerSchema.parse(response.body);
    expect(products.map((product) => product.name)).toEqual([
      'Toned Milk',
      'Old Tomato Puree',
      'Tomato',
    ]);
    await app.http().get('/api/product/items?ids=not-an-id').expect(400);
    const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
    const refused = await app.http().get(`/api/product/items?ids=${tooMany}`).expect(400);
    expect(refused.body.message).toBe('ids must list at most 100 products');
  });

  test('search and the seller’s list present a product as the cart’s items do, every field and time', async () => {
    const items = async (wanted: string[]) => {
      const response = await app.http().get(`/api/product/items?ids=${wanted.join(',')}`);
      return productItemsAnswerSchema.parse(response.body).products;
    };
    const found = await app.http().get(`/api/product/search?q=MLK-${ids.code}`).expect(200);
    expect(productPageAnswerSchema.parse(found.body).products).toEqual(await items([ids.milk!]));
    const counted = await sellerList('filter=counted');
    expect(counted.products).toEqual(await items([ids.counted!]));
    const archived = await sellerList('filter=archived');
    expect(archived.products).toEqual(await items([ids.archived!]));
    expect(archived.products[0]!.archivedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  const sellerList = async (query: string, category = mine) => {
    const response = await seller
      .get(`/api/product/seller/list?category=${category}&${query}`)
      .expect(200);
    return productPageAnswerSchema.parse(response.body);
  };

  test('the seller’s list: every category, by name, narrowed by search and filters', async () => {
    await app.http().get('/api/product/seller/list').expect(401);
    const all = await sellerList('limit=100');
    expect(names(all)).not.toContain('Old Tomato Puree');
    expect(names(all)).toEqual([...names(all)].sort((a, b) => a.localeCompare(b)));
    expect(names(await sellerList('', hidden))).toEqual(['Alphonso Mango']);
    expect(names(await sellerList('filter=archived'))).toEqual(['Old Tomato Puree']);
    expect(names(await sellerList('filter=out-of-stock', sauces))).toEqual(['Tomato Ketchup']);
    expect(names(await sellerList('filter=counted'))).toEqual(['Basmati Rice']);
    expect(names(await sellerList('filter=low-stock'))).toEqual(['Basmati Rice']);
    expect(names(await sellerList('q=tomato'))).toEqual(['Tomato', 'Cherry Tomatoes']);
    const refused = await seller.get('/api/product/seller/list?filter=cheap').expect(400);
    expect(refused.body.message).toMatch(/^filter must be one of/);
  });

  test('the seller’s list: every filter narrows a search as it narrows the list, sold past the count too', async () => {
    const em = app.orm.em.fork();
    const rice = await em.findOneOrFail(ProductSchema, { id: ids.counted! });
    rice.pastCount = 2;
    await em.flush();
    try {
      for (const filter of SELLER_PRODUCT_FILTERS) {
        const listed = names(await sellerList(`filter=${filter}`));
        expect(names(await sellerList(`filter=${filter}&q=rice`))).toEqual(
          listed.filter((name) => name.includes('Rice')),
        );
      }
      expect(names(await sellerList('filter=past-count&q=rice'))).toEqual(['Basmati Rice']);
    } finally {
      rice.pastCount = 0;
      await em.flush();
    }
  });

  test('the seller’s list: loose products are low by grams, not pieces, and listed on their own', async () => {
    const em = app.orm.em.fork();
    const dals = `Dals-${randomUUID().slice(0, 8)}`;
    await createCategory(em, dals);
    const made: [string, number, 'piece' | 'kg' | 'L'][] = [
      // 5 g of dal is not "5 left": a loose product is low at a kilo (litre) or less.
      ['Toor Dal', 5000, 'kg'],
      ['Chana Dal', 1000, 'kg'],
      ['Mustard Oil', 1001, 'L'],
      ['Dal Packet', 5, 'piece'],
      ['Moong Dal Packet', 6, 'piece'],
    ];
    for (const [name, stockCount, unit] of made) {
      const product = await createProduct(em, { name, category: dals, stockCount });
      product.unit = unit;
      if (unit !== 'piece') product.steps = [250, 500, 1000];
    }
    await em.flush();
    expect(names(await sellerList('filter=low-stock', dals))).toEqual(['Chana Dal', 'Dal Packet']);
    expect(names(await sellerList('filter=loose', dals))).toEqual([
      'Chana Dal',
      'Mustard Oil',
      'Toor Dal',
    ]);
    expect(names(await sellerList('filter=loose&q=toor', dals))).toEqual(['Toor Dal']);
  });

  test('bulk stock: several products in one go, and one refusal changes none', async () => {
    const response = await seller
      .post('/api/product/stock/bulk')
      .send({
        changes: [
          { id: ids.onion, stockCount: 40 },
          { id: ids.potato, inStock: false },
        ],
      })
      .expect(200);
    const { products } = bulkStockAnswerSchema.parse(response.body);
    expect(
      products.map(({ name, inStock, stockCount }) => ({ name, inStock, stockCount })),
    ).toEqual([
      { name: 'Red Onion', inStock: true, stockCount: 40 },
      { name: 'Potato', inStock: false, stockCount: null },
    ]);

    const refused = await seller
      .post('/api/product/stock/bulk')
      .send({
        changes: [
          { id: ids.onion, stockCount: 7 },
          { id: ids.archived, inStock: true },
        ],
      })
      .expect(409);
    expect(refused.body.message).toBe('Old Tomato Puree is archived: it is no longer sold');
    const onion = await app.orm.em.fork().findOneOrFail(ProductSchema, { id: ids.onion! });
    expect(onion.stockCount).toBe(40);

    const twice = await seller
      .post('/api/product/stock/bulk')
      .send({
        changes: [
          { id: ids.onion, stockCount: 1 },
          { id: ids.onion, stockCount: 2 },
        ],
      })
      .expect(400);
    expect(twice.body.message).toBe('changes must list each product once');
  });
});
