import { randomInt, randomUUID } from 'node:crypto';
import { importAnswerSchema, UNIT_FIELDS, type ImportAnswer } from '@kirana/shared';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { createCategory } from '../../test/factories.js';
import { ProductSchema } from './product.entity.js';

describe('importing and exporting loose goods and packs', () => {
  const app = useTestApp();
  const seller = useSeller(app);
  // The run's API tests share one database: this file's rows carry a tag and a category of its own.
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const category = `Loose-${tag}`;
  beforeAll(async () => {
    await createCategory(app.orm.em.fork(), category, { label: `Loose ${tag}` });
  });

  const HEADER = ['sku', 'name', 'category', 'price', 'offerPrice', 'stockCount'] as const;
  const UNIT_COLUMNS = [...UNIT_FIELDS];
  const csvOf = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\r\n'));
  const send = (csv: Buffer, mode = 'apply') =>
    seller.post('/api/product/import').attach('file', csv, 'products.csv').field('mode', mode);
  const answer = (body: unknown): ImportAnswer => importAnswerSchema.parse(body);
  const mine = () =>
    app.orm.em.fork().find(ProductSchema, { category }, { orderBy: { name: 'asc' } });
  /** A row of this file's category: sku, name, prices, count, then the unit columns. */
  const row = (sku: string, name: string, count: string, units: string[]) => [
    `${sku}-${tag}`,
    `${name} ${tag}`,
    category,
    '60',
    '55',
    count,
    ...units,
  ];
  const scaleCode = String(10_000 + randomInt(0, 80_000));

  test('a pack drawing from a loose product a later row adds, a family and a loose product in steps; exported, drawsFrom by SKU, and imported again unchanged', async () => {
    const csv = csvOf([
      [...HEADER, ...UNIT_COLUMNS],
      row('ATTA-1', 'Atta 1 kg', '', [
        'piece',
        '',
        '',
        'Atta',
        '1 kg',
        `ATTA-LOOSE-${tag}`,
        '1000',
      ]),
      row('ATTA-5', 'Atta 5 kg', '4', ['', '', '', 'Atta', '5 kg', '', '']),
      row('ATTA-LOOSE', 'Atta loose', '250000', ['KG', '250|500|1000', scaleCode, '', '', '', '']),
    ]);
    const applied = answer((await send(csv).expect(200)).body);
    expect(applied).toMatchObject({ created: 3, errors: [] });
    const [one, five, loose] = await mine();
    expect(loose).toMatchObject({
      unit: 'kg',
      steps: [250, 500, 1000],
      scaleCode,
      stockCount: 250_000,
    });
    expect(one).toMatchObject({
      unit: 'piece',
      family: 'Atta',
      packLabel: '1 kg',
      drawsFrom: loose?.id,
      packQuantity: 1000,
      stockCount: null,
    });
    expect(five).toMatchObject({
      family: 'Atta',
      packLabel: '5 kg',
      drawsFrom: null,
      stockCount: 4,
    });

    const exported = await seller.get('/api/product/export').expect(200);
    const [header, ...rows] = parse(exported.text, { bom: true }) as string[][];
    const ours = rows.filter((cells) => cells.includes(category));
    const column = (name: string) => header!.indexOf(name);
    expect(ours.map((cells) => UNIT_COLUMNS.map((name) => cells[column(name)]))).toEqual([
      ['piece', '', '', 'Atta', '1 kg', `ATTA-LOOSE-${tag}`, '1000'],
      ['piece', '', '', 'Atta', '5 kg', '', ''],
      ['kg', '250|500|1000', scaleCode, '', '', '', ''],
    ]);
    const back = csvOf([header!, ...ours].map((cells) => cells.map((cell) => `"${cell}"`)));
    expect(answer((await send(back).expect(200)).body)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 3,
    });

    // A loose product's unit that a pack draws from is a row error, as on the product form.
    const retyped = csvOf([
      ['sku', 'unit'],
      [`ATTA-LOOSE-${tag}`, 'piece'],
    ]);
    const refused = answer((await send(retyped).expect(400)).body);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        row: 1,
        field: 'unit',
        message: expect.stringContaining(`Atta 1 kg ${tag}`),
      }),
    ]);
  });

  test('each row’s unit fields are refused as the product form refuses them, naming the row and the field; nothing is written', async () => {
    const csv = csvOf([
      [...HEADER, ...UNIT_COLUMNS],
      row('DAL', 'Toor Dal', '', ['kg', '', '', '', '', '', '']),
      row('SALT', 'Salt', '', ['piece', '250', '', '', '', '', '']),
      row('CHAIN', 'Salt 1 kg', '', ['', '', '', '', '', `SALT-${tag}`, '1000']),
      row('NOWHERE', 'Rice 1 kg', '', ['', '', '', '', '', 'NO-SUCH-SKU', '1000']),
      row('LABEL', 'Sugar 1 kg', '', ['', '', '', '', '1 kg', '', '']),
      row('SHORT', 'Jaggery', '', ['kg', '', '123', '', '', '', '']),
      row('TWICE-1', 'Rice', '', ['kg', '', '54321', '', '', '', '']),
      row('TWICE-2', 'Poha', '', ['kg', '', '54321', '', '', '', '']),
      row('DOWN', 'Moong', '', ['kg', '500|250', '', '', '', '', '']),
      row('ZERO', 'Dal 1 kg', '', ['', '', '', '', '', `DAL-${tag}`, '0']),
      row('COUNTED', 'Dal 500 g', '7', ['', '', '', '', '', `DAL-${tag}`, '500']),
      row('LOOSE', 'Chana', '', ['kg', '', '', '', '', `DAL-${tag}`, '500']),
    ]);
    const before = await mine();
    const refused = answer((await send(csv).expect(400)).body);
    expect(refused.errors.map(({ row, field }) => [row, field])).toEqual([
      [2, 'steps'],
      [3, 'drawsFrom'],
      [4, 'drawsFrom'],
      [5, 'packLabel'],
      [6, 'scaleCode'],
      [8, 'scaleCode'],
      [9, 'steps'],
      [10, 'packQuantity'],
      [11, 'stockCount'],
      [12, 'drawsFrom'],
    ]);
    expect(refused.errors[1]?.message).toMatch(/sold by the piece/);
    expect(refused.errors[2]?.message).toMatch(
      /no product in the file or the shop has SKU NO-SUCH-SKU/,
    );
    expect(refused.errors[5]?.message).toBe('scaleCode 54321 is also on row 7 (line 8)');
    expect(await mine()).toEqual(before);
  });
});
