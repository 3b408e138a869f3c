import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_COLUMNS,
  dayIn,
  importAnswerSchema,
  IMPORT_LIMITS,
  type ImportAnswer,
} from '@kirana/shared';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import yazl from 'yazl';
import { nextLocalTime, setClock } from '../../test/clock.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import {
  createCategory,
  createListedProduct,
  createProduct,
  picture,
  placeCodOrder,
  signUpShopper,
} from '../../test/factories.js';
import type { LocalImageStore } from '../upload/image-store.js';
import { ProductSchema } from './product.entity.js';

/** A .zip of `files`, as a seller's archiver makes it. */
function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('importing and exporting the catalogue', () => {
  const app = useTestApp();
  const seller = useSeller(app);
  // The run's API tests share one database: this file's rows carry SKUs and a category of its own.
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const category = `Import-${tag}`;

  /** A category of this file's own: a test's products there leave the others' counts alone. */
  const addCategory = (path: string, label: string) =>
    createCategory(app.orm.em.fork(), path, { label });

  beforeAll(async () => {
    await addCategory(category, `Imported ${tag}`);
  });

  const csvOf = (rows: string[][]) =>
    Buffer.from(
      rows
        .map((row) =>
          row
            .map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
            .join(','),
        )
        .join('\r\n'),
    );
  const send = (csv: Buffer, { mode, zip }: { mode?: string; zip?: Buffer } = {}) => {
    const request = seller.post('/api/product/import').attach('file', csv, 'products.csv');
    if (mode) void request.field('mode', mode);
    if (zip) void request.attach('images', zip, 'pictures.zip');
    return request;
  };
  const answer = (body: unknown): ImportAnswer => importAnswerSchema.parse(body);
  const mine = () =>
    app.orm.em.fork().find(ProductSchema, { category }, { orderBy: { name: 'asc' } });

  /** A product of this file's category, `sku`, with 20 counted and no pictures. */
  const countedProduct = (name: string, sku: string) =>
    createListedProduct(app, { name: `${name} ${tag}`, category, sku, stockCount: 20, images: [] });
  /** The next picture stored first counts one fewer of `productId` (19), as if one sold meanwhile. */
  const sellOneMeanwhile = (productId: string) => {
    const put = app.store.put.bind(app.store);
    return vi.spyOn(app.store, 'put').mockImplementationOnce(async (name, data) => {
      await app.orm.em
        .getConnection()
        .execute(`update products set stock_count = 19 where id = '${productId}'`);
      await put(name, data);
    });
  };

  const HEADER: string[] = [...CATALOGUE_COLUMNS];
  const good = (n: number, overrides: Partial<Record<string, string>> = {}) => {
    const row: Record<string, string> = {
      sku: `${tag}-${n}`,
      name: `Imported ${tag} ${n}`,
      category: `imported ${tag}`.toUpperCase(),
      price: '100',
      offerPrice: '90.50',
      description: 'Fresh|Tasty',
      weight: '1 kg',
      barcode: '',
      inStock: 'yes',
      stockCount: '',
      images: '',
      ...overrides,
    };
    return HEADER.map((column) => row[column] ?? '');
  };

  test('a preview says what each row would do and names every bad row and field; nothing is written', async () => {
    const csv = csvOf([
      HEADER,
      good(1),
      good(2, { price: 'ten' }),
      good(3, { category: 'Toys' }),
      good(4, { offerPrice: '120' }),
      good(5, { name: '' }),
      good(6, { sku: `${tag}-1` }),
      good(7, { images: 'missing.jpg' }),
      good(8, { inStock: 'maybe' }),
    ]);
    const response = await send(csv).expect(200);
    const result = answer(response.body);
    expect(result).toMatchObject({ success: true, mode: 'preview', created: 2, updated: 0 });
    expect(result.errors).toEqual([
      { row: 2, line: 3, field: 'price', message: 'price must be a number' },
      { row: 3, line: 4, field: 'category', message: 'category: the shop has no category "Toys"' },
      { row: 4, line: 5, field: 'offerPrice', message: 'offerPrice must not exceed price' },
      { row: 5, line: 6, field: 'name', message: 'name is required' },
      { row: 6, line: 7, field: 'sku', message: `sku ${tag}-1 is also on row 1 (line 2)` },
      {
        row: 7,
        line: 8,
        field: 'images',
        message:
          "images: missing.jpg is not one of the product's pictures, and no .zip of pictures was sent",
      },
      { row: 8, line: 9, field: 'inStock', message: 'inStock must be true or false' },
    ]);
    expect(await mine()).toEqual([]);
  });

  test('apply with a bad row writes nothing and answers 400 with the errors', async () => {
    const response = await send(csvOf([HEADER, good(1), good(2, { price: '-1' })]), {
      mode: 'apply',
    }).expect(400);
    expect(answer(response.body)).toMatchObject({
      success: false,
      message: '1 error in the file: nothing was imported',
      errors: [{ row: 2, line: 3, field: 'price', message: 'price must be greater than 0' }],
      code: 'INVALID',
    });
    expect(await mine()).toEqual([]);
  });

  test('apply creates every row with its pictures from the .zip, then a known SKU updates', async () => {
    const zip = await zipOf({
      'photos/front.png': await picture('png', 64, 64),
      'back.jpg': await picture('jpeg', 64, 64),
    });
    const csv = csvOf([
      HEADER,
      good(1, { images: 'front.png;BACK.JPG', barcode: `890${tag.replace(/\D/g, '1')}01` }),
      good(2, { stockCount: '12', inStock: '' }),
      good(3, { stockCount: '0', inStock: 'no', description: '' }),
    ]);
    const created = answer((await send(csv, { mode: 'apply', zip }).expect(200)).body);
    expect(created).toMatchObject({
      success: true,
      created: 3,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    const [first, second, third] = await mine();
    expect(first).toMatchObject({
      pricePaise: 10_000,
      offerPricePaise: 9_050,
      description: ['Fresh', 'Tasty'],
    });
    expect(first!.images).toHaveLength(2);
    for (const image of first!.images) await app.http().get(image).expect(200);
    expect(second).toMatchObject({ stockCount: 12, inStock: true });
    expect(third).toMatchObject({ stockCount: 0, inStock: false, description: [] });

    // Updating by SKU, in any case: only the columns given change, the SKU kept as it is.
    const update = csvOf([
      ['SKU', 'offerPrice'],
      [`${tag.toLowerCase()}-2`, '80'],
      [`${tag.toLowerCase()}-3`, '90.50'],
    ]);
    const preview = answer((await send(update).expect(200)).body);
    expect(preview).toMatchObject({ created: 0, updated: 1, unchanged: 1, errors: [] });
    expect(preview.changes).toEqual([
      {
        row: 1,
        line: 2,
        sku: `${tag.toLowerCase()}-2`,
        name: second!.name,
        fields: [{ field: 'offerPrice', from: '90.50', to: '80.00' }],
      },
    ]);
    await send(update, { mode: 'apply' }).expect(200);
    const after = await mine();
    expect(after[1]).toMatchObject({
      offerPricePaise: 8_000,
      stockCount: 12,
      name: second!.name,
      sku: `${tag}-2`,
    });
  });

  test('an empty cell keeps what the product has, pictures too; the preview lists old → new; a - empties a field', async () => {
    const em = app.orm.em.fork();
    const pictures = ['/uploads/products/front-800.webp', '/uploads/products/back-800.webp'];
    await createProduct(em, {
      name: `Kept ${tag}`,
      category: await addCategory(`Kept-${tag}`, `Kept ${tag}`),
      sku: `Keep-${tag}`,
      barcode: `KEEP${tag}`,
      description: ['Fresh', 'Tasty'],
      weight: '1 kg',
      pricePaise: 10_000,
      offerPricePaise: 9_000,
      images: pictures,
      stockCount: 7,
    });
    const kept = () => em.fork().findOneOrFail(ProductSchema, { sku: `Keep-${tag}` });
    // Every column there, as a spreadsheet writes a sheet of them; only the price filled in.
    const row = (cells: Partial<Record<string, string>>) =>
      HEADER.map((column) => ({ sku: `KEEP-${tag}`, ...cells })[column] ?? '');

    const priced = csvOf([HEADER, row({ price: '120' })]);
    const preview = answer((await send(priced).expect(200)).body);
    expect(preview).toMatchObject({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect(preview.changes).toEqual([
      {
        row: 1,
        line: 2,
        sku: `KEEP-${tag}`,
        name: `Kept ${tag}`,
        fields: [{ field: 'price', from: '100.00', to: '120.00' }],
      },
    ]);
    expect(preview.moreChanges).toBe(0);
    await send(priced, { mode: 'apply' }).expect(200);
    expect(await kept()).toMatchObject({
      sku: `Keep-${tag}`,
      name: `Kept ${tag}`,
      pricePaise: 12_000,
      offerPricePaise: 9_000,
      description: ['Fresh', 'Tasty'],
      weight: '1 kg',
      barcode: `KEEP${tag}`,
      inStock: true,
      stockCount: 7,
      images: pictures,
    });

    const cleared = csvOf([HEADER, row({ weight: '-', stockCount: ' - ', images: '-' })]);
    const removal = answer((await send(cleared).expect(200)).body);
    expect(removal.changes[0]!.fields).toEqual([
      { field: 'weight', from: '1 kg', to: '' },
      { field: 'stockCount', from: '7', to: '' },
      { field: 'images', from: 'front-800.webp;back-800.webp', to: '' },
    ]);
    await send(cleared, { mode: 'apply' }).expect(200);
    expect(await kept()).toMatchObject({
      weight: null,
      stockCount: null,
      images: [],
      description: ['Fresh', 'Tasty'],
    });
  });

  test('in a many-row import an empty images cell keeps the pictures; the preview lists 200 changes, those taking something away first', async () => {
    const many = await addCategory(`Many-${tag}`, `Many ${tag}`);
    const rows = (price: string) =>
      Array.from({ length: 1_200 }, (_, index) => good(3_000 + index, { price, category: many }));
    await send(csvOf([HEADER, ...rows('100')]), { mode: 'apply' }).expect(200);
    const pictures = ['/uploads/products/front-800.webp', '/uploads/products/back-800.webp'];
    const [middle, last] = [`${tag}-4099`, `${tag}-4199`];
    await app.orm.em
      .fork()
      .nativeUpdate(ProductSchema, { sku: { $in: [middle, last] } }, { images: pictures });

    // Every row changes its price; the last one also leaves out a picture.
    const update = rows('101');
    update.at(-1)![HEADER.indexOf('images')] = pictures[0]!;
    const csv = csvOf([HEADER, ...update]);
    const preview = answer((await send(csv).expect(200)).body);
    expect(preview).toMatchObject({ created: 0, updated: 1_200, errors: [], moreChanges: 1_000 });
    expect(preview.changes.map((change) => change.row)).toEqual([
      ...Array.from({ length: 199 }, (_, index) => index + 1),
      1_200,
    ]);
    expect(preview.changes.at(-1)).toEqual({
      row: 1_200,
      line: 1_201,
      sku: last,
      name: `Imported ${tag} 4199`,
      fields: [
        { field: 'price', from: '100.00', to: '101.00' },
        { field: 'images', from: 'front-800.webp;back-800.webp', to: 'front-800.webp' },
      ],
    });

    await send(csv, { mode: 'apply' }).expect(200);
    const em = app.orm.em.fork();
    expect(await em.findOneOrFail(ProductSchema, { sku: middle })).toMatchObject({
      pricePaise: 10_100,
      images: pictures,
    });
    expect((await em.findOneOrFail(ProductSchema, { sku: last })).images).toEqual([pictures[0]]);
  });

  test('an error names its row and its line as a spreadsheet numbers it, past a cell of two lines and an empty line; SKUs as written', async () => {
    const csv = Buffer.from(
      [
        'sku,name,category,price,offerPrice,description',
        `Mix-${tag}-a,Two lines ${tag},${category},50,45,"Fresh\r\nfrom the farm"`,
        '',
        `MIX-${tag}-A,Again ${tag},${category},50,45,`,
        `Mix-${tag}-b,Bad price ${tag},${category},fifty,45,`,
      ].join('\r\n'),
    );
    expect(answer((await send(csv).expect(200)).body).errors).toEqual([
      { row: 2, line: 4, field: 'sku', message: `sku MIX-${tag}-A is also on row 1 (line 2)` },
      { row: 3, line: 5, field: 'price', message: 'price must be a number' },
    ]);
  });

  test('apply writes in batches yet as one transaction: the database refusing a late row undoes the earlier batches', async () => {
    const rows = Array.from({ length: 1_200 }, (_, index) => good(1_000 + index));
    // Another product takes row 1,150's SKU between the check and the write, as the database
    // sees it: its unique index refuses the insert, in the import's third batch of 500.
    const refuse = `refuse_${tag.toLowerCase()}`;
    const connection = app.orm.em.getConnection();
    await connection.execute(`
      create function ${refuse}() returns trigger language plpgsql as $$
      begin
        if new.sku = '${tag}-2149' then
          raise exception 'duplicate key value violates unique constraint "products_sku_live"'
            using errcode = 'unique_violation';
        end if;
        return new;
      end $$`);
    await connection.execute(
      `create trigger ${refuse} before insert on products for each row execute function ${refuse}()`,
    );
    try {
      const response = await send(csvOf([HEADER, ...rows]), { mode: 'apply' }).expect(409);
      expect(response.body).toMatchObject({
        success: false,
        message: 'SKU is already used by another product',
        code: 'CONFLICT',
      });
    } finally {
      await connection.execute(`drop trigger ${refuse} on products`);
      await connection.execute(`drop function ${refuse}()`);
    }
    const skus = rows.map((row) => row[0]!);
    expect(await app.orm.em.fork().count(ProductSchema, { sku: { $in: skus } })).toBe(0);
  });

  test('export, then import of the export: every product unchanged, those without a SKU too', async () => {
    // One without a SKU: found again by its name in its category.
    await send(
      csvOf([
        ['name', 'category', 'price', 'offerPrice'],
        [`Loose Jaggery ${tag}`, category, '60', '55'],
      ]),
      {
        mode: 'apply',
      },
    ).expect(200);
    const response = await seller.get('/api/product/export').expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-/);
    const [header, ...rows] = response.text.split('\r\n');
    expect(parse(header!, { bom: true })).toEqual([HEADER]);
    // This file's products (the run's other files change theirs meanwhile).
    const ours = rows.filter((row) => row.includes(`,${category},`));
    expect(ours).toHaveLength(4);
    const again = answer(
      (await send(Buffer.from([header, ...ours].join('\r\n'))).expect(200)).body,
    );
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4, errors: [] });

    // Given a SKU in the spreadsheet, it is updated, not added again.
    const withSku = csvOf([
      ['sku', 'name', 'category'],
      [`JAG-${tag}`, `Loose Jaggery ${tag}`, category],
    ]);
    const given = answer((await send(withSku, { mode: 'apply' }).expect(200)).body);
    expect(given).toMatchObject({ created: 0, updated: 1 });
    const jaggery = await app.orm.em.fork().find(ProductSchema, { name: `Loose Jaggery ${tag}` });
    expect(jaggery.map((product) => product.sku)).toEqual([`JAG-${tag}`]);
  });

  test('the export is named by the shop’s day: at 00:20 in India the file is today’s, not UTC’s yesterday', async () => {
    const night = nextLocalTime('Asia/Kolkata', '00:20');
    setClock(night);
    try {
      const response = await seller.get('/api/product/export').expect(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="products-${dayIn(night, 'Asia/Kolkata')}.csv"`,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  test('HSN code and GST rate: a row gives them ("5" or "5%"), - clears them, a bad one is a row error naming its column; the export writes the rate in percent and comes back unchanged', async () => {
    const taxed = `Gst-${tag}`;
    await addCategory(taxed, `Taxed ${tag}`);
    const stored = () =>
      app.orm.em.fork().find(ProductSchema, { category: taxed }, { orderBy: { name: 'asc' } });
    const columns = ['sku', 'name', 'category', 'price', 'offerPrice', 'hsn', 'gstRate'];
    const added = answer(
      (
        await send(
          csvOf([
            columns,
            [`ATTA-${tag}`, `Atta ${tag}`, taxed, '310', '289', '1101', '5%'],
            [`COLA-${tag}`, `Cola ${tag}`, taxed, '40', '40', '22021010', '40'],
            [`SOAP-${tag}`, `Soap ${tag}`, taxed, '35', '32', '3401', ' 18 '],
            [`OKRA-${tag}`, `Okra ${tag}`, taxed, '30', '30', '', ''],
          ]),
          { mode: 'apply' },
        ).expect(200)
      ).body,
    );
    expect(added).toMatchObject({ created: 4, errors: [] });
    expect((await stored()).map(({ name, hsn, gstRate }) => ({ name, hsn, gstRate }))).toEqual([
      { name: `Atta ${tag}`, hsn: '1101', gstRate: 500 },
      { name: `Cola ${tag}`, hsn: '22021010', gstRate: 4000 },
      { name: `Okra ${tag}`, hsn: null, gstRate: null },
      { name: `Soap ${tag}`, hsn: '3401', gstRate: 1800 },
    ]);

    // Updated: the preview says it in percent; an empty cell keeps them, - clears them.
    const update = csvOf([
      ['sku', 'hsn', 'gstRate'],
      [`OKRA-${tag}`, '0709', '0'],
      [`ATTA-${tag}`, '', '0.25'],
      [`SOAP-${tag}`, '-', '-'],
      [`COLA-${tag}`, '', ''],
    ]);
    const preview = answer((await send(update).expect(200)).body);
    expect(preview).toMatchObject({ updated: 3, unchanged: 1, errors: [] });
    expect(preview.changes.map(({ sku, fields }) => ({ sku, fields }))).toEqual([
      {
        sku: `OKRA-${tag}`,
        fields: [
          { field: 'hsn', from: '', to: '0709' },
          { field: 'gstRate', from: '', to: '0' },
        ],
      },
      { sku: `ATTA-${tag}`, fields: [{ field: 'gstRate', from: '5', to: '0.25' }] },
      {
        sku: `SOAP-${tag}`,
        fields: [
          { field: 'hsn', from: '3401', to: '' },
          { field: 'gstRate', from: '18', to: '' },
        ],
      },
    ]);
    await send(update, { mode: 'apply' }).expect(200);
    expect((await stored()).map(({ name, hsn, gstRate }) => ({ name, hsn, gstRate }))).toEqual([
      { name: `Atta ${tag}`, hsn: '1101', gstRate: 25 },
      { name: `Cola ${tag}`, hsn: '22021010', gstRate: 4000 },
      { name: `Okra ${tag}`, hsn: '0709', gstRate: 0 },
      { name: `Soap ${tag}`, hsn: null, gstRate: null },
    ]);

    // A bad code or rate is its row's error, in the column it is in; nothing is written.
    const bad = await send(
      csvOf([
        ['sku', 'hsn', 'gstRate'],
        [`OKRA-${tag}`, '10061', ''],
        [`ATTA-${tag}`, '', '12'],
        [`COLA-${tag}`, '', '28%'],
        [`NEW-${tag}`, '1006', 'five'],
      ]),
      { mode: 'apply' },
    ).expect(400);
    const rate = 'gstRate must be one of 0, 0.25, 3, 5, 18, 40 (percent)';
    expect(answer(bad.body).errors).toEqual([
      {
        row: 1,
        line: 2,
        field: 'hsn',
        message: 'hsn must be an HSN code of 4, 6 or 8 digits, such as 1006 or 04012000',
      },
      { row: 2, line: 3, field: 'gstRate', message: rate },
      { row: 3, line: 4, field: 'gstRate', message: rate },
      { row: 4, line: 5, field: 'gstRate', message: rate },
    ]);
    expect((await stored()).map(({ hsn, gstRate }) => [hsn, gstRate])).toEqual([
      ['1101', 25],
      ['22021010', 4000],
      ['0709', 0],
      [null, null],
    ]);

    // Exported in percent, and brought back unchanged.
    const exported = await seller.get('/api/product/export').expect(200);
    const [header, ...rows] = parse(exported.text, { bom: true }) as string[][];
    const ours = rows.filter((row) => row[header!.indexOf('category')] === taxed);
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(ours.map((row) => [cell(row, 'sku'), cell(row, 'hsn'), cell(row, 'gstRate')])).toEqual([
      [`ATTA-${tag}`, '1101', '0.25'],
      [`COLA-${tag}`, '22021010', '40'],
      [`OKRA-${tag}`, '0709', '0'],
      [`SOAP-${tag}`, '', ''],
    ]);
    const again = answer((await send(csvOf([header!, ...ours])).expect(200)).body);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4, errors: [] });
  });

  test('an exported count brought back after a sale is a row error naming the count now; a count typed, or still read, applies', async () => {
    const rice = await createListedProduct(app, {
      name: `Rice ${tag}`,
      category,
      sku: `RICE-${tag}`,
      stockCount: 20,
    });
    await createListedProduct(app, {
      name: `Dal ${tag}`,
      category,
      sku: `DAL-${tag}`,
      stockCount: 8,
    });
    const exported = await seller.get('/api/product/export').expect(200);
    const [header, ...rows] = parse(exported.text, { bom: true }) as string[][];
    const at = (column: string) => header!.indexOf(column);
    const riceRow = rows.find((cells) => cells[0] === `RICE-${tag}`)!;
    const dalRow = rows.find((cells) => cells[0] === `DAL-${tag}`)!;
    expect([riceRow[at('stockCount')], riceRow[at('stockCountRead')]]).toEqual(['20', '20']);

    // One unit sold after the export: the file's 20 would sell it again.
    await placeCodOrder(app, await signUpShopper(app), rice.id);
    const count = async (sku: string) =>
      (await app.orm.em.fork().findOneOrFail(ProductSchema, { sku })).stockCount;
    expect(await count(`RICE-${tag}`)).toBe(19);
    const message =
      'stockCount: the count is now 19 (it was 20 when this file was exported): export again, or write the count you mean with stockCountRead 19';
    // The seller counted 25 on the shelf: the dal's change rides along, and nothing is written.
    dalRow[at('stockCount')] = '9';
    const back = [...riceRow];
    back[at('stockCount')] = '25';
    const refused = await send(csvOf([header!, back, dalRow]), { mode: 'apply' }).expect(400);
    expect(answer(refused.body).errors).toEqual([
      { row: 1, line: 2, field: 'stockCount', message },
    ]);
    expect([await count(`RICE-${tag}`), await count(`DAL-${tag}`)]).toEqual([19, 8]);
    // The export brought back as it was: the sold unit stays sold.
    const asExported = answer((await send(csvOf([header!, riceRow])).expect(200)).body);
    expect(asExported.errors).toEqual([{ row: 1, line: 2, field: 'stockCount', message }]);

    // Without the count read (a file written by hand), the count typed applies; an unchanged
    // count read applies too, and the preview lists each count it changes.
    const typed = csvOf([
      ['sku', 'stockCount'],
      [`RICE-${tag}`, '25'],
    ]);
    const preview = answer((await send(csvOf([header!, dalRow])).expect(200)).body);
    expect(preview.changes).toEqual([
      expect.objectContaining({
        sku: `DAL-${tag}`,
        fields: [{ field: 'stockCount', from: '8', to: '9' }],
      }),
    ]);
    await send(csvOf([header!, dalRow]), { mode: 'apply' }).expect(200);
    await send(typed, { mode: 'apply' }).expect(200);
    expect([await count(`RICE-${tag}`), await count(`DAL-${tag}`)]).toEqual([25, 9]);
  });

  test('a sale between the check and the write is caught under the write: apply changes nothing', async () => {
    const tea = await countedProduct('Tea', `TEA-${tag}`);
    const file = csvOf([
      ['sku', 'stockCount', 'stockCountRead', 'images'],
      [`TEA-${tag}`, '25', '20', 'tea.png'],
    ]);
    // The pictures are stored after the rows are checked, before they are written: a unit is
    // sold meanwhile.
    const spy = sellOneMeanwhile(tea.id);
    try {
      const response = await send(file, {
        mode: 'apply',
        zip: await zipOf({ 'tea.png': await picture('png') }),
      }).expect(409);
      expect(response.body).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message:
          'row 1 (line 2): stockCount: the count is now 19 (it was 20 when this file was exported): export again, or write the count you mean with stockCountRead 19',
      });
    } finally {
      spy.mockRestore();
    }
    const now = await app.orm.em.fork().findOneOrFail(ProductSchema, { sku: `TEA-${tag}` });
    expect([now.stockCount, now.images]).toEqual([19, []]);
  });

  test('a loose product given another unit after the rows were checked: the pack drawing from it is not written', async () => {
    const sugar = `SUGAR-${tag}`;
    const loose = csvOf([
      ['sku', 'name', 'category', 'price', 'offerPrice', 'unit'],
      [sugar, `Loose Sugar ${tag}`, category, '48', '45', 'kg'],
    ]);
    await send(loose, { mode: 'apply' }).expect(200);
    const pack = csvOf([
      ['sku', 'name', 'category', 'price', 'offerPrice', 'drawsFrom', 'packQuantity', 'images'],
      [`SUGAR-1-${tag}`, `Sugar 1 kg ${tag}`, category, '50', '48', sugar, '1000', 'sugar.png'],
    ]);
    // The pictures are stored after the rows are checked, before they are written.
    const put = app.store.put.bind(app.store);
    const spy = vi.spyOn(app.store, 'put').mockImplementationOnce(async (name, data) => {
      await app.orm.em
        .getConnection()
        .execute(`update products set unit = 'piece', steps = null where sku = '${sugar}'`);
      await put(name, data);
    });
    try {
      const response = await send(pack, {
        mode: 'apply',
        zip: await zipOf({ 'sugar.png': await picture('png') }),
      }).expect(400);
      expect(response.body).toMatchObject({
        code: 'DRAWS_FROM_INVALID',
        message: `row 1 (line 2): drawsFrom: Loose Sugar ${tag} changed meanwhile: check the file again`,
      });
    } finally {
      spy.mockRestore();
    }
    expect(await app.orm.em.fork().count(ProductSchema, { sku: `SUGAR-1-${tag}` })).toBe(0);
  });

  describe('an apply that fails after storing its pictures leaves the uploads folder as it was', () => {
    const uploads = async () => (await (app.store as LocalImageStore).names()).sort();
    const file = (sku: string) =>
      csvOf([
        ['sku', 'stockCount', 'stockCountRead', 'images'],
        [sku, '25', '20', 'front.png;back.jpg;side.webp'],
      ]);
    const zip = async () =>
      zipOf({
        'front.png': await picture('png'),
        'back.jpg': await picture('jpeg'),
        'side.webp': await picture('webp'),
      });

    test('a conflict found under the write (a sale meanwhile) takes its pictures away', async () => {
      const sku = `CHAI-${tag}`;
      const chai = await countedProduct('Chai', sku);
      const before = await uploads();
      const spy = sellOneMeanwhile(chai.id);
      try {
        await send(file(sku), { mode: 'apply', zip: await zip() }).expect(409);
      } finally {
        spy.mockRestore();
      }
      expect(await uploads()).toEqual(before);
    });

    test('a picture the store fails to keep takes away those stored before it', async () => {
      const sku = `COFFEE-${tag}`;
      await countedProduct('Coffee', sku);
      const before = await uploads();
      const put = app.store.put.bind(app.store);
      let stored = 0;
      const spy = vi.spyOn(app.store, 'put').mockImplementation(async (name, data) => {
        // The third picture's middle width: its other widths are being written meanwhile.
        stored += 1;
        if (stored === 8) throw new Error('disk full');
        await put(name, data);
      });
      try {
        await send(file(sku), { mode: 'apply', zip: await zip() }).expect(500);
      } finally {
        spy.mockRestore();
      }
      expect(stored).toBe(9);
      expect(await uploads()).toEqual(before);
    });
  });

  test('the export writes as text a formula on any line of a cell; importing it reads the cell back', async () => {
    const em = app.orm.em.fork();
    const formulas = await addCategory(`Formula-${tag}`, `Formulas ${tag}`);
    const name = `Tea ${tag}\n=HYPERLINK("http://evil.example","Pay")`;
    await createProduct(em, { name, category: formulas, sku: `F-${tag}`, images: [] });

    const exported = await seller.get('/api/product/export').expect(200);
    const [header, ...rows] = parse(exported.text, { bom: true }) as string[][];
    const row = rows.find((cells) => cells[0] === `F-${tag}`)!;
    expect(row[header!.indexOf('name')]).toBe(
      `Tea ${tag}\n'=HYPERLINK("http://evil.example","Pay")`,
    );

    // A name with a line break, from before names refused them, is a row error to put right…
    const nameAt = header!.indexOf('name');
    const refused = answer((await send(csvOf([header!, row])).expect(200)).body);
    expect(refused.errors).toEqual([
      {
        row: 1,
        line: 2,
        field: 'name',
        message: 'name must not contain control characters (such as a tab or a line break)',
      },
    ]);
    // …and its formula line alone comes back as it was written.
    const line = row[nameAt]!.split('\n')[1]!;
    row[nameAt] = line;
    const again = answer((await send(csvOf([header!, row]), { mode: 'apply' }).expect(200)).body);
    expect(again).toMatchObject({ created: 0, updated: 1, errors: [] });
    expect((await em.fork().findOneOrFail(ProductSchema, { sku: `F-${tag}` })).name).toBe(
      line.slice(1),
    );
  });

  test('a NUL in a SKU, a name or a description is a row error in the preview and the apply; nothing is written', async () => {
    const before = await mine();
    const csv = csvOf([
      HEADER,
      good(1, { sku: `${tag}-\u00001` }),
      good(2, { name: `Nul\u0000 ${tag}` }),
      good(3, { description: 'Fresh|Ta\u0000sty' }),
    ]);
    const errors = [
      { row: 1, line: 2, field: 'sku', message: expect.stringMatching(/^sku /) },
      {
        row: 2,
        line: 3,
        field: 'name',
        message: 'name must not contain control characters (such as a tab or a line break)',
      },
      {
        row: 3,
        line: 4,
        field: 'description',
        message: 'description must not contain control characters (such as a tab or a line break)',
      },
    ];
    expect(answer((await send(csv).expect(200)).body)).toMatchObject({ created: 0, errors });
    expect(answer((await send(csv, { mode: 'apply' }).expect(400)).body)).toMatchObject({
      success: false,
      code: 'INVALID',
      errors,
    });
    expect(await mine()).toEqual(before);
  });

  test('a file with a byte that is not UTF-8 is refused, naming its line; a byte-order mark is fine', async () => {
    const csv = Buffer.concat([
      Buffer.from(`\uFEFF${HEADER.join(',')}\r\n${good(1).join(',')}\r\n`),
      Buffer.from('x,Bad'),
      Buffer.from([0xff]),
      Buffer.from(`,${category},10,10,,,,,,\r\n`),
    ]);
    expect((await send(csv).expect(400)).body).toEqual({
      success: false,
      message: 'file: line 3 is not UTF-8 text: save the CSV as UTF-8',
      code: 'INVALID',
    });
    const bom = Buffer.from(
      `\uFEFF${HEADER.join(',')}\r\n${good(1, { sku: `U${tag}` }).join(',')}`,
    );
    expect(answer((await send(bom).expect(200)).body)).toMatchObject({ created: 1, errors: [] });
  });

  test("a cell's own leading apostrophe is kept; only the one the export put before a formula is taken off", async () => {
    const quoted = await addCategory(`Quoted-${tag}`, `Quoted ${tag}`);
    const row = (n: number, name: string) =>
      good(n, { sku: `Q${tag}-${n}`, name, category: quoted });
    const csv = csvOf([
      HEADER,
      row(1, `'Taste of Home' ${tag}`),
      row(2, `'=SUM(A1) ${tag}`),
      row(3, `''+Quoted ${tag}`),
    ]);
    const applied = answer((await send(csv, { mode: 'apply' }).expect(200)).body);
    expect(applied).toMatchObject({ created: 3, errors: [] });
    const products = await app.orm.em
      .fork()
      .find(ProductSchema, { category: quoted }, { orderBy: { sku: 'asc' } });
    expect(products.map((product) => product.name)).toEqual([
      `'Taste of Home' ${tag}`,
      `=SUM(A1) ${tag}`,
      `'+Quoted ${tag}`,
    ]);
  });

  test('a SKU or barcode of another live product is a row error', async () => {
    const em = app.orm.em.fork();
    const holder = await em.findOneOrFail(ProductSchema, { sku: `${tag}-1` });
    const response = await send(
      csvOf([
        HEADER,
        good(9, { barcode: holder.barcode! }),
        // Nor is one's barcode another's SKU, in any case, in the shop or in the file.
        good(10, { barcode: holder.sku!.toLowerCase() }),
        good(11, { sku: holder.barcode! }),
        good(12),
        good(13, { barcode: `${tag}-12`.toLowerCase() }),
      ]),
    ).expect(200);
    expect(answer(response.body).errors).toEqual([
      {
        row: 1,
        line: 2,
        field: 'barcode',
        message: `barcode ${holder.barcode} is already used by ${holder.name}`,
      },
      {
        row: 2,
        line: 3,
        field: 'barcode',
        message: `barcode ${holder.sku!.toLowerCase()} is the SKU of ${holder.name}`,
      },
      {
        row: 3,
        line: 4,
        field: 'sku',
        message: `sku ${holder.barcode} is the barcode on row 1 (line 2)`,
      },
      {
        row: 3,
        line: 4,
        field: 'sku',
        message: `SKU ${holder.barcode} is the barcode of ${holder.name}`,
      },
      {
        row: 5,
        line: 6,
        field: 'barcode',
        message: `barcode ${tag.toLowerCase()}-12 is the sku on row 4 (line 5)`,
      },
    ]);
  });

  test('a code a product held before codes were checked across SKU and barcode comes back unchanged without an error', async () => {
    const em = app.orm.em.fork();
    const code = `OLD-${randomUUID().slice(0, 8)}`;
    await createProduct(em, { name: 'Old SKU holder', sku: code });
    // Written straight into the table, as an earlier version let it be.
    const clashing = await createProduct(em, { name: 'Old barcode holder', barcode: code });
    const sku = `OLD-${randomUUID().slice(0, 8)}`;
    await em.nativeUpdate(ProductSchema, { id: clashing.id }, { sku });
    const back = csvOf([
      ['sku', 'barcode', 'weight'],
      [sku, code, '750 g'],
    ]);
    const applied = answer((await send(back, { mode: 'apply' }).expect(200)).body);
    expect(applied).toMatchObject({ updated: 1, errors: [] });
    // Given to another product, it is still refused.
    const other = answer(
      (
        await send(
          csvOf([
            ['sku', 'barcode'],
            [`${tag}-2`, code.toLowerCase()],
          ]),
        ).expect(200)
      ).body,
    );
    expect(other.errors).toEqual([
      expect.objectContaining({
        row: 1,
        field: 'barcode',
        message: expect.stringMatching(/SKU of Old SKU holder/),
      }),
    ]);
  });

  test('unknown or repeated columns are errors of the header (row 0)', async () => {
    const response = await send(
      csvOf([
        ['sku', 'name', 'colour', 'name'],
        ['X', 'Y', 'red', 'Z'],
      ]),
    ).expect(200);
    expect(answer(response.body).errors.filter((error) => error.row === 0)).toEqual([
      {
        row: 0,
        line: 1,
        field: 'colour',
        message: expect.stringMatching(/^unknown column "colour"/),
      },
      { row: 0, line: 1, field: 'name', message: 'the column name is there twice' },
    ]);
  });

  test('more rows than the limit, an oversize CSV, or a file that is not CSV are refused before any row is read', async () => {
    const many = Buffer.from(
      `name\r\n${Array.from({ length: IMPORT_LIMITS.rows + 1 }, (_, i) => `p${i}`).join('\r\n')}`,
    );
    const rows = await send(many).expect(413);
    expect(rows.body).toEqual({
      success: false,
      message: 'file: at most 20000 rows under the header',
      code: 'TOO_LARGE',
    });
    const big = Buffer.alloc(IMPORT_LIMITS.csvBytes + 1, 'a');
    expect((await send(big).expect(413)).body.message).toBe('file: at most 20 MB of CSV');
    const broken = await send(Buffer.from('name,price\r\n"unclosed,1\r\n')).expect(400);
    expect(broken.body.message).toMatch(/^file: the CSV cannot be read/);
    await seller.post('/api/product/import').field('mode', 'apply').expect(400, {
      success: false,
      message: 'file is required: the CSV of products',
      code: 'INVALID',
    });
    await app.http().post('/api/product/import').attach('file', many, 'x.csv').expect(401);
  });

  test('a zip bomb is refused from its table of contents, before anything is unpacked', async () => {
    // 41 pictures of 5 MB of zeros: a few kilobytes packed, 205 MB unpacked.
    const zeros = Buffer.alloc(5 * 1024 * 1024 - 1);
    const files = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`p${i}.png`, zeros]));
    const zip = await zipOf(files);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const rows = Object.keys(files).map((name, i) => good(100 + i, { images: name }));
    const response = await send(csvOf([HEADER, ...rows]), { mode: 'apply', zip }).expect(413);
    expect(response.body.message).toBe(
      'images: the pictures named unpack to 205 MB; at most 200 MB',
    );
    expect(await app.orm.em.fork().count(ProductSchema, { sku: `${tag}-100` })).toBe(0);

    const notZip = await send(csvOf([HEADER, good(1)]), { zip: Buffer.from('not a zip') }).expect(
      400,
    );
    expect(notZip.body.message).toBe('images: the pictures must be a .zip file');
  });
});
