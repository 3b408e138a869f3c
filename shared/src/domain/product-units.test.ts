import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOLD_BY_THE_PIECE, unitFieldsProblem, type UnitFields } from './product-units.js';
import { UNITS } from './quantity.js';

const piece: UnitFields = SOLD_BY_THE_PIECE;
const loose: UnitFields = { ...piece, unit: 'kg', steps: [250, 500], scaleCode: '12345' };
const id = '0190a5b2-7c3e-7a10-8000-000000000001';

describe('a product’s unit fields', () => {
  it.each<[string, UnitFields, keyof UnitFields, string]>([
    ['steps by the piece', { ...piece, steps: [250] }, 'steps', 'UNIT_MISMATCH'],
    ['a scale code by the piece', { ...piece, scaleCode: '12345' }, 'scaleCode', 'UNIT_MISMATCH'],
    ['loose, drawing', { ...loose, drawsFrom: id, packQuantity: 5 }, 'drawsFrom', 'UNIT_MISMATCH'],
    ['loose, a pack quantity', { ...loose, packQuantity: 5 }, 'packQuantity', 'UNIT_MISMATCH'],
    ['steps going down', { ...loose, steps: [500, 250] }, 'steps', 'STEPS_INVALID'],
    ['a step twice', { ...loose, steps: [250, 250] }, 'steps', 'STEPS_INVALID'],
    ['a fraction of a gram', { ...loose, steps: [2.5] }, 'steps', 'STEPS_INVALID'],
    ['a label without a family', { ...piece, packLabel: '1 kg' }, 'packLabel', 'PACK_INCOMPLETE'],
    ['a family without a label', { ...loose, family: 'Atta' }, 'packLabel', 'PACK_INCOMPLETE'],
    ['drawing without a quantity', { ...piece, drawsFrom: id }, 'packQuantity', 'PACK_INCOMPLETE'],
    ['a quantity drawing nothing', { ...piece, packQuantity: 5 }, 'drawsFrom', 'PACK_INCOMPLETE'],
  ])('refuses %s, naming the field', (_case, fields, field, code) => {
    expect(unitFieldsProblem(fields)).toMatchObject({
      field,
      code,
      message: expect.stringMatching(new RegExp(`^${field}: `)),
    });
  });

  it('takes a pack of a family drawing from a loose product, and loose products in steps', () => {
    const pack = { ...piece, family: 'Atta', packLabel: '1 kg', drawsFrom: id, packQuantity: 1000 };
    expect(unitFieldsProblem(pack)).toBeNull();
    fc.assert(
      fc.property(
        fc.constantFrom(...UNITS.filter((unit) => unit !== 'piece')),
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (unit, steps) => {
          const sorted = [...steps].sort((a, b) => a - b);
          expect(unitFieldsProblem({ ...loose, unit, steps: sorted })).toBeNull();
        },
      ),
    );
  });
});
