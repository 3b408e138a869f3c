/*
 * The fields a product's unit decides (docs/catalogue.md#loose-goods-and-packs): steps and a
 * scale code belong to a product sold loose, drawing from a loose product's stock to a pack sold
 * by the piece; a pack size (family and its label) to any product.
 */
import { LOW_STOCK_UNITS } from '../limits.js';
import { MAX_LOOSE_QUANTITY, type Unit } from './quantity.js';
import { stepsProblem } from './weight-reading.js';

/** A loose product added without steps is offered online in these: 250 g, 500 g, 1 kg (or ml). */
export const DEFAULT_STEPS: readonly number[] = [250, 500, 1000];

/** A loose product's stock: at most this many grams (millilitres), 100 tonnes (kilolitres). */
export const MAX_LOOSE_STOCK = 100 * MAX_LOOSE_QUANTITY;

/**
 * At or below this many grams (millilitres) left, a loose product is low: a kilo (litre), where a
 * piece is low at LOW_STOCK_UNITS pieces; 5 g of dal is not "5 left".
 */
export const LOW_LOOSE_STOCK = 1000;

/** The count at or below which a product sold by `unit` is low on the seller's Product List. */
export const lowStockAt = (unit: Unit): number =>
  unit === 'piece' ? LOW_STOCK_UNITS : LOW_LOOSE_STOCK;

/** A product's unit and the fields it decides, in the order a catalogue's file has them. */
export const UNIT_FIELDS = [
  'unit',
  'steps',
  'scaleCode',
  'family',
  'packLabel',
  'drawsFrom',
  'packQuantity',
] as const;

/** A product's unit and the fields it decides, as they stand once a change is made. */
export interface UnitFields extends Record<(typeof UNIT_FIELDS)[number], unknown> {
  unit: Unit;
  steps: number[] | null;
  scaleCode: string | null;
  family: string | null;
  packLabel: string | null;
  drawsFrom: string | null;
  packQuantity: number | null;
}

/** The unit fields of a product sold by the piece that is no pack drawing from loose stock. */
export const SOLD_BY_THE_PIECE = {
  unit: 'piece',
  steps: null,
  scaleCode: null,
  family: null,
  packLabel: null,
  drawsFrom: null,
  packQuantity: null,
} as const satisfies UnitFields;

/** What is wrong with a product's unit fields: the field, the error's code and why. */
export interface UnitFieldsProblem {
  field: keyof UnitFields;
  code: 'UNIT_MISMATCH' | 'STEPS_INVALID' | 'PACK_INCOMPLETE';
  message: string;
}

/**
 * Why a product's unit fields do not go together, or null when they do:
 * - sold by the piece: no steps and no scale code (UNIT_MISMATCH);
 * - sold loose: steps that stepsProblem takes (STEPS_INVALID), and it draws from nothing
 *   (UNIT_MISMATCH: only a pack sold by the piece draws from a loose product, so no chain);
 * - a pack label only with a family, and a family only with a pack label; a product drawing from
 *   another says how much it holds, and only then (PACK_INCOMPLETE).
 * Whether `drawsFrom` names a live loose product is the server's to check. Never throws.
 */
export function unitFieldsProblem(fields: UnitFields): UnitFieldsProblem | null {
  const { unit, steps, scaleCode, family, packLabel, drawsFrom, packQuantity } = fields;
  const problem = (
    field: keyof UnitFields,
    code: UnitFieldsProblem['code'],
    message: string,
  ): UnitFieldsProblem => ({ field, code, message });
  if (unit === 'piece') {
    if (steps !== null)
      return problem('steps', 'UNIT_MISMATCH', 'steps: a product sold by the piece has no steps');
    if (scaleCode !== null)
      return problem(
        'scaleCode',
        'UNIT_MISMATCH',
        'scaleCode: only a product sold by kg or L is weighed on a scale',
      );
  } else {
    const wrong = stepsProblem(steps ?? [], unit);
    if (wrong !== null) return problem('steps', 'STEPS_INVALID', `steps: ${wrong}`);
    if (drawsFrom !== null || packQuantity !== null)
      return problem(
        drawsFrom !== null ? 'drawsFrom' : 'packQuantity',
        'UNIT_MISMATCH',
        `${drawsFrom !== null ? 'drawsFrom' : 'packQuantity'}: a product sold by ${unit} keeps its own stock; only a pack sold by the piece draws from a loose product`,
      );
  }
  if (packLabel !== null && family === null)
    return problem(
      'packLabel',
      'PACK_INCOMPLETE',
      'packLabel: a pack label needs the family it is a size of',
    );
  if (family !== null && packLabel === null)
    return problem(
      'packLabel',
      'PACK_INCOMPLETE',
      `packLabel: say which size of ${family} this is, e.g. "1 kg"`,
    );
  if (drawsFrom !== null && packQuantity === null)
    return problem(
      'packQuantity',
      'PACK_INCOMPLETE',
      'packQuantity: say how many grams (or ml) of the loose product the pack holds',
    );
  if (packQuantity !== null && drawsFrom === null)
    return problem(
      'drawsFrom',
      'PACK_INCOMPLETE',
      'drawsFrom: say which loose product the pack holds its packQuantity of',
    );
  return null;
}
