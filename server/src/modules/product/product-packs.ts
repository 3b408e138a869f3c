/**
 * A product's unit and the fields it decides (docs/catalogue.md#loose-goods-and-packs): what they
 * are once a change is made, and the refusals that need the catalogue (a pack's loose product, a
 * scale code in use, packs drawing from a product whose unit would change). MikroORM reads.
 */
import {
  DEFAULT_STEPS,
  SOLD_BY_THE_PIECE,
  UNIT_FIELDS,
  MAX_LOOSE_STOCK,
  MAX_STOCK_COUNT,
  unitFieldsProblem,
  type UnitFields,
} from '@kirana/shared';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { ProductSchema, type Product } from './product.entity.js';

/** The unit fields a change sets (absent: left as they are, or as the new unit has them). */
export type UnitChange = Partial<UnitFields>;

/** A change's unit fields apart from the rest of it. */
export function splitUnitChange<Fields extends UnitChange>(
  fields: Fields,
): { change: UnitChange; rest: Omit<Fields, keyof UnitFields> } {
  const change: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields))
    ((UNIT_FIELDS as readonly string[]).includes(key) ? change : rest)[key] = value;
  return { change: change as UnitChange, rest: rest as Omit<Fields, keyof UnitFields> };
}

/** A product's unit fields as stored. */
export const unitFieldsOf = (product: Product): UnitFields => ({
  unit: product.unit,
  steps: product.steps ?? null,
  scaleCode: product.scaleCode ?? null,
  family: product.family ?? null,
  packLabel: product.packLabel ?? null,
  drawsFrom: product.drawsFrom ?? null,
  packQuantity: product.packQuantity ?? null,
});

/**
 * The unit fields once `change` is made to `product` (null: a product being added). What the
 * change gives is taken as given; of what it leaves out, a field the new unit does not take is
 * dropped (a loose product's steps and scale code when it is sold by the piece, a pack's drawsFrom
 * and packQuantity when it is sold loose), and a loose product without steps gets DEFAULT_STEPS.
 */
export function unitFieldsAfter(product: UnitFields | null, change: UnitChange): UnitFields {
  const before = product ?? SOLD_BY_THE_PIECE;
  const unit = change.unit ?? before.unit;
  const loose = unit !== 'piece';
  const given = <Key extends Exclude<keyof UnitFields, 'unit'>>(key: Key, kept: boolean) => {
    const value: UnitFields[Key] | undefined = change[key];
    return value !== undefined ? value : kept ? before[key] : null;
  };
  const steps = given('steps', loose && before.unit !== 'piece');
  return {
    unit,
    steps: loose && steps === null ? [...DEFAULT_STEPS] : steps,
    scaleCode: given('scaleCode', loose),
    family: given('family', true),
    packLabel: given('packLabel', true),
    drawsFrom: given('drawsFrom', !loose),
    packQuantity: given('packQuantity', !loose),
  };
}

/**
 * Checks a product's unit fields as they will be (`fields`), `self` being the product changed
 * (null: one being added). The loose product a pack draws from is locked to the transaction's
 * end (shared), so that it is not archived nor its unit changed meanwhile: archiving and editing
 * lock it for writing.
 * @throws AppError UNIT_MISMATCH, STEPS_INVALID or PACK_INCOMPLETE as unitFieldsProblem says;
 * DRAWS_FROM_INVALID when drawsFrom is not a live product sold by kg or L other than itself;
 * DRAWN_FROM when packs draw from `self` and its unit would change; SCALE_CODE_TAKEN when another
 * live product has the scale code.
 */
export async function assertUnitFields(
  em: EntityManager,
  fields: UnitFields,
  self: Product | null,
): Promise<void> {
  // First: whatever else the change holds, it cannot be made while packs draw from the product.
  if (self && fields.unit !== self.unit) await assertNoPacks(em, self, 'sold by another unit');
  const problem = unitFieldsProblem(fields);
  if (problem) throw new AppError(problem.code, problem.message);
  if (fields.drawsFrom !== null && fields.drawsFrom !== self?.drawsFrom)
    await assertLooseProduct(em, fields.drawsFrom, self);
  if (fields.scaleCode !== null && fields.scaleCode !== self?.scaleCode) {
    const holder = await em.findOne(ProductSchema, {
      scaleCode: fields.scaleCode,
      archivedAt: null,
      ...(self && { id: { $ne: self.id } }),
    });
    if (holder)
      throw new AppError(
        'SCALE_CODE_TAKEN',
        `scaleCode ${fields.scaleCode} is already used by ${holder.name}`,
      );
  }
}

/**
 * @throws AppError DRAWS_FROM_INVALID when `id` is not a live product sold by kg or L, or is
 * `self`.
 */
async function assertLooseProduct(
  em: EntityManager,
  id: string,
  self: Product | null,
): Promise<void> {
  const refuse = (why: string) => new AppError('DRAWS_FROM_INVALID', `drawsFrom: ${why}`);
  if (id === self?.id) throw refuse('a pack cannot draw from itself');
  const loose = await em.findOne(
    ProductSchema,
    { id },
    em.isInTransaction() ? { lockMode: LockMode.PESSIMISTIC_READ } : {},
  );
  if (!loose) throw refuse('no product has this id');
  if (loose.archivedAt) throw refuse(`${loose.name} is archived`);
  if (loose.unit === 'piece')
    throw refuse(`${loose.name} is sold by the piece: a pack draws from a product sold by kg or L`);
}

/**
 * @throws AppError DRAWN_FROM, naming up to three, when live packs draw from `product`: it cannot
 * be `what` while they do.
 */
export async function assertNoPacks(
  em: EntityManager,
  product: Product,
  what: string,
): Promise<void> {
  const packs = await em.find(
    ProductSchema,
    { drawsFrom: product.id, archivedAt: null },
    { orderBy: { name: 'asc' }, limit: 4 },
  );
  if (packs.length === 0) return;
  const names = packs.slice(0, 3).map((pack) => pack.name);
  if (packs.length > 3) names.push('…');
  throw new AppError(
    'DRAWN_FROM',
    `${product.name} cannot be ${what}: packs draw from its stock (${names.join(', ')}); archive them or change what they draw from first`,
  );
}

/**
 * @throws AppError DRAWS_STOCK for a count of a pack that draws from a loose product; INVALID for
 * one past the most its unit may count (MAX_STOCK_COUNT pieces, MAX_LOOSE_STOCK grams or ml).
 */
export function assertCountable(product: Product, stockCount: number | null | undefined): void {
  if (stockCount === undefined || stockCount === null) return;
  if (product.drawsFrom)
    throw new AppError(
      'DRAWS_STOCK',
      `${product.name} is sold from a loose product's stock: count that product instead`,
    );
  const most = product.unit === 'piece' ? MAX_STOCK_COUNT : MAX_LOOSE_STOCK;
  if (stockCount > most) throw new AppError('INVALID', `stockCount must be at most ${most}`);
}
