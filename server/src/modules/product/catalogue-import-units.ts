/**
 * A catalogue import's unit fields (docs/catalogue.md#loose-goods-and-packs), checked across its
 * rows and against the live catalogue once every row is read: a pack may draw from a loose
 * product a later row adds. The same refusals as a product's add and update, each an error of its
 * row. Kysely reads.
 */
import {
  MAX_LOOSE_STOCK,
  MAX_STOCK_COUNT,
  unitFieldsProblem,
  type ImportError,
  type Unit,
  type UnitFields,
} from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors.js';
import type { Planned } from './catalogue-import-row.js';
import { unitFieldsAfter, unitFieldsOf } from './product-packs.js';
import type { ProductSchema } from './product.entity.js';

type ProductTables = InferKyselyDB<typeof ProductSchema>;

/** A live product the rows name by a code: a pack's loose product, a scale code's holder. */
interface Named {
  id: string;
  name: string;
  sku: string | null;
  unit: Unit;
  scale_code: string | null;
  draws_from: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the unit fields of every planned row and puts them, as they will be, into its `fields`
 * and `changed`; a new product gets its id now, so that a pack in the file can draw from it.
 * Each row refused is reported in `errors` and answered in the set.
 * @returns the rows refused, and the code each loose product a pack draws from is named by.
 */
export async function planUnits(
  em: EntityManager,
  planned: Planned[],
  errors: ImportError[],
): Promise<{ refused: Set<Planned>; looseCodes: Map<string, string> }> {
  const refused = new Set<Planned>();
  const fail = (plan: Planned, field: string, message: string) => {
    errors.push({ row: plan.row, line: plan.line, field, message });
    refused.add(plan);
  };
  const idOf = (plan: Planned) => (plan.product?.id ?? plan.fields.id) as string;
  const unitOf = (plan: Planned): Unit => plan.units.unit ?? plan.product?.unit ?? 'piece';
  for (const plan of planned) if (!plan.product) plan.fields.id = uuidv7();
  const bySku = new Map<string, Planned>();
  for (const plan of planned) {
    const sku = plan.fields.sku ?? plan.product?.sku ?? plan.sku;
    if (sku) bySku.set(sku.toLowerCase(), plan);
  }
  const catalogue = await liveProducts(em, planned);
  const looseCodes = new Map<string, string>();
  const scaleCodes = new Map<string, Planned>();
  for (const plan of planned) {
    const { drawsFrom: code, ...change } = plan.units;
    let drawsFrom = code;
    if (code) {
      const row = bySku.get(code.toLowerCase());
      const live = row ? undefined : catalogue.byCode.get(code.toLowerCase());
      const target = row
        ? { id: idOf(row), unit: unitOf(row), name: row.fields.name ?? row.product?.name }
        : live;
      if (!target) {
        fail(plan, 'drawsFrom', `drawsFrom: no product in the file or the shop has SKU ${code}`);
        continue;
      }
      if (target.id === idOf(plan)) {
        fail(plan, 'drawsFrom', 'drawsFrom: a pack cannot draw from itself');
        continue;
      }
      if (target.unit === 'piece') {
        fail(
          plan,
          'drawsFrom',
          `drawsFrom: ${target.name} is sold by the piece: a pack draws from a product sold by kg or L`,
        );
        continue;
      }
      drawsFrom = target.id;
      looseCodes.set(target.id, code);
    }
    const before = plan.product && unitFieldsOf(plan.product);
    const after = unitFieldsAfter(before, {
      ...change,
      ...(drawsFrom !== undefined && { drawsFrom }),
    });
    const problem = unitFieldsProblem(after);
    if (problem) {
      fail(plan, problem.field, problem.message);
      continue;
    }
    if (after.scaleCode !== null && after.scaleCode !== before?.scaleCode) {
      const earlier = scaleCodes.get(after.scaleCode);
      const holder = catalogue.byScaleCode.get(after.scaleCode);
      if (earlier)
        fail(
          plan,
          'scaleCode',
          `scaleCode ${after.scaleCode} is also on row ${earlier.row} (line ${earlier.line})`,
        );
      else if (holder && holder.id !== plan.product?.id)
        fail(plan, 'scaleCode', `scaleCode ${after.scaleCode} is already used by ${holder.name}`);
      scaleCodes.set(after.scaleCode, plan);
    }
    if (!refused.has(plan)) applyUnits(plan, before, after, fail);
  }
  await checkPacksKept(em, planned, fail);
  return { refused, looseCodes };
}

/**
 * Puts the row's unit fields as they will be into its fields and changed; a count in another
 * unit, or of a pack now drawing, counts nothing now, and a count the row gives a pack is refused.
 */
function applyUnits(
  plan: Planned,
  before: UnitFields | null,
  after: UnitFields,
  fail: (plan: Planned, field: string, message: string) => void,
): void {
  const { fields, product } = plan;
  const given = product ? plan.changed.includes('stockCount') : fields.stockCount != null;
  const recount =
    !!before && (after.unit !== before.unit || (after.drawsFrom !== null && !before.drawsFrom));
  if (fields.stockCount != null && after.drawsFrom !== null && given)
    return fail(
      plan,
      'stockCount',
      'stockCount: a pack drawing from a loose product keeps no count of its own',
    );
  if (fields.stockCount != null && (after.drawsFrom !== null || (recount && !given))) {
    Object.assign(fields, { stockCount: null, pastCount: 0 });
    if (!plan.changed.includes('stockCount')) plan.changed.push('stockCount');
  }
  const most = after.unit === 'piece' ? MAX_STOCK_COUNT : MAX_LOOSE_STOCK;
  if ((fields.stockCount ?? 0) > most)
    return fail(plan, 'stockCount', `stockCount must be at most ${most}`);
  for (const key of Object.keys(after) as (keyof UnitFields)[]) {
    if (before && JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    Object.assign(fields, { [key]: after[key] });
    if (product) plan.changed.push(key);
  }
}

/** The live products the rows' drawsFrom and scale codes name, by each code in lower case. */
async function liveProducts(em: EntityManager, planned: Planned[]) {
  const codes = [...new Set(planned.flatMap(({ units }) => units.drawsFrom?.toLowerCase() ?? []))];
  const ids = codes.filter((code) => UUID.test(code));
  const scaleCodes = [...new Set(planned.flatMap(({ units }) => units.scaleCode ?? []))];
  const found =
    codes.length + scaleCodes.length === 0
      ? []
      : await em
          .getKysely<ProductTables>()
          .selectFrom('products')
          .select(['id', 'name', 'sku', 'unit', 'scale_code', 'draws_from'])
          .where('archived_at', 'is', null)
          .where((eb) =>
            eb.or([
              eb(sql`lower(sku)`, '=', sql<string>`any(${codes}::text[])`),
              eb(sql`id::text`, '=', sql<string>`any(${ids}::text[])`),
              eb('scale_code', '=', sql<string>`any(${scaleCodes}::text[])`),
            ]),
          )
          .execute();
  const byCode = new Map<string, Named>();
  const byScaleCode = new Map<string, Named>();
  for (const product of found as Named[]) {
    byCode.set(product.id, product);
    if (product.sku) byCode.set(product.sku.toLowerCase(), product);
    if (product.scale_code) byScaleCode.set(product.scale_code, product);
  }
  return { byCode, byScaleCode };
}

/**
 * A product whose unit the rows change may have no live pack drawing from it once the rows are
 * written (a pack the file points elsewhere is fine).
 */
async function checkPacksKept(
  em: EntityManager,
  planned: Planned[],
  fail: (plan: Planned, field: string, message: string) => void,
): Promise<void> {
  const changing = planned.filter(
    (plan) =>
      plan.product && plan.fields.unit !== undefined && plan.fields.unit !== plan.product.unit,
  );
  if (changing.length === 0) return;
  const packs = await em
    .getKysely<ProductTables>()
    .selectFrom('products')
    .select(['id', 'name', 'draws_from'])
    .where('archived_at', 'is', null)
    .where(
      'draws_from',
      'in',
      changing.map((plan) => plan.product?.id ?? ''),
    )
    .execute();
  const rows = new Map(planned.flatMap((plan) => (plan.product ? [[plan.product.id, plan]] : [])));
  for (const plan of changing) {
    const kept = packs.filter((pack) => {
      const row = rows.get(pack.id);
      const drawsFrom =
        row && row.fields.drawsFrom !== undefined ? row.fields.drawsFrom : pack.draws_from;
      return drawsFrom === plan.product?.id;
    });
    if (kept.length > 0)
      fail(
        plan,
        'unit',
        `unit: packs draw from ${plan.product?.name} (${kept.map((pack) => pack.name).join(', ')}): archive them or change what they draw from first`,
      );
  }
}

/**
 * Every live loose product a row newly draws from is still live and loose, checked with those
 * products held (shared) to the transaction's end: neither archived nor given another unit since
 * the rows were checked, nor until they are written.
 * @throws AppError DRAWS_FROM_INVALID naming the first row whose loose product changed.
 */
export async function checkLooseKept(tx: EntityManager, planned: Planned[]): Promise<void> {
  const inFile = new Map(planned.map((plan) => [plan.product?.id ?? plan.fields.id, plan]));
  const drawing = planned.filter(
    ({ fields }) => fields.drawsFrom && !inFile.get(fields.drawsFrom)?.fields.id,
  );
  if (drawing.length === 0) return;
  const loose = await tx
    .getKysely<ProductTables>()
    .selectFrom('products')
    .select(['id', 'name', 'unit', 'archived_at'])
    .where('id', 'in', [...new Set(drawing.map(({ fields }) => fields.drawsFrom as string))])
    .forShare()
    .execute();
  const now = new Map(loose.map((product) => [product.id, product]));
  for (const { row, line, fields } of drawing) {
    const product = now.get(fields.drawsFrom as string);
    const unit = inFile.get(product?.id)?.fields.unit ?? product?.unit;
    if (!product || product.archived_at || unit === 'piece')
      throw new AppError(
        'DRAWS_FROM_INVALID',
        `row ${row} (line ${line}): drawsFrom: ${product?.name ?? 'the loose product'} changed meanwhile: check the file again`,
      );
  }
}
