import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  formatReceiptQuantity,
  type LooseUnit,
  lineAmount,
  MAX_LOOSE_QUANTITY,
  quantityForAmount,
  type Unit,
} from './quantity.js';
import { parseWeight, stepsProblem, type WeightProblem } from './weight-reading.js';

const price = fc.integer({ min: 0, max: 100_000_000 }); // up to ₹10,00,000 a kilo
const looseQuantity = fc.integer({ min: 0, max: MAX_LOOSE_QUANTITY });
const looseUnit = fc.constantFrom<LooseUnit>('kg', 'L');
const unit = fc.constantFrom<Unit>('piece', 'kg', 'L');

describe('lineAmount', () => {
  it('prices a loose line as price × grams / 1000, rounded to the nearest paisa, half up', () => {
    expect(lineAmount(14000, 750, 'kg')).toBe(10500); // 750 g at ₹140/kg: ₹105
    expect(lineAmount(14005, 750, 'kg')).toBe(10504); // 10503.75 paise
    expect(lineAmount(4850, 250, 'L')).toBe(1213); // 1212.5 paise: half up
    expect(lineAmount(4850, 249, 'kg')).toBe(1208); // 1207.65 paise
    expect(lineAmount(110, 5, 'kg')).toBe(1); // 0.55 paise
    expect(lineAmount(110, 4, 'kg')).toBe(0); // 0.44 paise
    expect(lineAmount(14000, 1000, 'kg')).toBe(14000);
  });

  it('prices a piece line as price × count, exactly', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 10_000 }), (unitPrice, count) => {
        expect(lineAmount(unitPrice, count, 'piece')).toBe(unitPrice * count);
      }),
    );
  });

  it('is a whole number of paise, never negative, within half a paisa of the exact amount', () => {
    fc.assert(
      fc.property(price, looseQuantity, looseUnit, (unitPrice, grams, sold) => {
        const amount = lineAmount(unitPrice, grams, sold);
        expect(Number.isSafeInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(0);
        // |amount − price × grams / 1000| ≤ ½, in thousandths of a paisa; a half rounds up.
        const error = amount * 1000 - unitPrice * grams;
        expect(error).toBeGreaterThan(-500);
        expect(error).toBeLessThanOrEqual(500);
      }),
    );
  });

  it('never falls when the quantity or the price grows', () => {
    fc.assert(
      fc.property(price, looseQuantity, looseQuantity, unit, (unitPrice, a, b, sold) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        expect(lineAmount(unitPrice, less, sold)).toBeLessThanOrEqual(
          lineAmount(unitPrice, more, sold),
        );
        expect(lineAmount(less, unitPrice % 100_000, sold)).toBeLessThanOrEqual(
          lineAmount(more, unitPrice % 100_000, sold),
        );
      }),
    );
  });

  it('rounds each line, so two 1 g lines are not one 2 g line', () => {
    // At ₹14.50/kg a gram is 1.45 paise: each 1 g line is 1 paisa, a 2 g line (2.9) is 3.
    expect(lineAmount(1450, 1, 'kg') + lineAmount(1450, 1, 'kg')).toBe(2);
    expect(lineAmount(1450, 2, 'kg')).toBe(3);
  });

  it('refuses a fractional or negative price or quantity, and an amount too large to count', () => {
    for (const [unitPrice, quantity] of [
      [10.5, 1],
      [-1, 1],
      [100, -1],
      [100, 1.5],
      [100, Number.NaN],
      [2 ** 40, 2 ** 20],
    ] as const) {
      expect(() => lineAmount(unitPrice, quantity, 'kg')).toThrow(RangeError);
    }
  });
});

describe('quantityForAmount', () => {
  it('finds the grams an amount buys, to the nearest gram, half up', () => {
    expect(quantityForAmount(10500, 14000)).toBe(750); // ₹105 at ₹140/kg
    expect(quantityForAmount(10507, 14000)).toBe(751); // 750.5 g
    expect(quantityForAmount(10506, 14000)).toBe(750); // 750.43 g
    expect(quantityForAmount(6, 14000)).toBe(0); // less than half a gram
  });

  it('buys grams whose line amount is within half a gram’s price and half a paisa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (amount, unitPrice) => {
          const grams = quantityForAmount(amount, unitPrice);
          const charged = lineAmount(unitPrice, grams, 'kg');
          // In thousandths of a paisa: ≤ price / 2 for the gram, 500 for the paisa.
          expect(Math.abs(charged - amount) * 1000).toBeLessThanOrEqual(unitPrice / 2 + 500);
        },
      ),
    );
  });

  it('refuses a price of 0 and a fractional or negative amount', () => {
    expect(() => quantityForAmount(100, 0)).toThrow(RangeError);
    expect(() => quantityForAmount(-1, 100)).toThrow(RangeError);
    expect(() => quantityForAmount(1.5, 100)).toThrow(RangeError);
  });
});

describe('parseWeight', () => {
  it.each<[string, LooseUnit, number]>([
    ['0.75', 'kg', 750],
    ['.75', 'kg', 750],
    ['2', 'kg', 2000],
    ['  1.2kg ', 'kg', 1200],
    ['1.2 KG', 'kg', 1200],
    ['1.25 kgs', 'kg', 1250],
    ['2 kilo', 'kg', 2000],
    ['750g', 'kg', 750],
    ['750 g', 'kg', 750],
    ['750gm', 'kg', 750],
    ['750 gms', 'kg', 750],
    ['5 grams', 'kg', 5],
    ['0.001', 'kg', 1],
    ['0.7500', 'kg', 750],
    ['750.0 g', 'kg', 750],
    ['1000', 'kg', 1_000_000],
    ['0.5', 'L', 500],
    ['500ml', 'L', 500],
    ['500 ML', 'L', 500],
    ['1.5l', 'L', 1500],
    ['1.5 L', 'L', 1500],
    ['1 ltr', 'L', 1000],
    ['2 litres', 'L', 2000],
  ])('reads %j for a product sold by %s as %i', (text, sold, quantity) => {
    expect(parseWeight(text, sold)).toEqual({ ok: true, quantity });
  });

  const refused: Record<LooseUnit, Record<WeightProblem, string[]>> = {
    kg: {
      empty: ['', '   '],
      comma: ['1,5 kg', '1,000 g', '1,5'],
      'not-a-number': ['abc', 'kg', '.', '1.2.3', '1e3', '1 kg 200 g', '- 1', '½ kg'],
      'unknown-unit': ['2 lb', '5 constructor', '3 oz'],
      'not-positive': ['0', '0.000 kg', '0 g', '-1', '-750g'],
      'wrong-unit': ['500ml', '1 L', '2 ltr'],
      'too-precise': ['0.7505', '750.5 g', '1.0001 kg'],
      'too-heavy': ['1000.001', '1000001 g', '99999999999999999999999'],
    },
    L: {
      empty: [''],
      comma: ['1,5 L'],
      'not-a-number': ['one litre'],
      'unknown-unit': ['2 gallons'],
      'not-positive': ['0 ml', '-0.5'],
      'wrong-unit': ['750g', '1 kg'],
      'too-precise': ['2.5 ml', '0.0005'],
      'too-heavy': ['1000001 ml'],
    },
  };
  const cases = Object.entries(refused).flatMap(([sold, problems]) =>
    Object.entries(problems).flatMap(([problem, texts]) =>
      texts.map((text) => [text, sold as LooseUnit, problem as WeightProblem] as const),
    ),
  );

  it.each(cases)('refuses %j for a product sold by %s: %s', (text, sold, problem) => {
    expect(parseWeight(text, sold)).toMatchObject({ ok: false, problem });
  });

  it('says what is wrong and how to write it', () => {
    const says = (text: string, sold: LooseUnit) => {
      const reading = parseWeight(text, sold);
      return reading.ok ? null : reading.message;
    };
    expect(says('', 'kg')).toBe('Type a weight, e.g. 0.75, 750g or 1.2kg');
    expect(says('', 'L')).toBe('Type a volume, e.g. 0.5, 500ml or 1.5L');
    expect(says('1,5', 'kg')).toBe('Write the weight without a comma, with a point: 1.5 or 1500');
    expect(says('abc', 'kg')).toBe('"abc" is not a weight: write e.g. 0.75, 750g or 1.2kg');
    expect(says('2 lb', 'kg')).toBe('Write the weight in kg or g, e.g. 0.75, 750g or 1.2kg');
    expect(says('-1', 'L')).toBe('A volume must be more than 0');
    expect(says('500ml', 'kg')).toBe('This product is sold by weight (kg or g), not volume');
    expect(says('750g', 'L')).toBe('This product is sold by volume (L or ml), not weight');
    expect(says('0.7505', 'kg')).toBe(
      'A weight is counted to the gram: at most 3 decimals of a kilo, none of a gram',
    );
    expect(says('2.5 ml', 'L')).toBe(
      'A volume is counted to the millilitre: at most 3 decimals of a litre, none of a millilitre',
    );
    expect(says('1000.001', 'kg')).toBe('More than 1000 kg: check the weight');
  });

  it('reads back every quantity its receipt form and its shopper form write', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_LOOSE_QUANTITY }), looseUnit, (quantity, sold) => {
        const expected = { ok: true, quantity };
        expect(parseWeight(formatReceiptQuantity(quantity, sold), sold)).toEqual(expected);
        expect(parseWeight(formatQuantity(quantity, sold), sold)).toEqual(expected);
      }),
    );
  });
});

describe('formatQuantity and formatReceiptQuantity', () => {
  it.each<[number, Unit, string, string]>([
    [3, 'piece', '3', '3'],
    [750, 'kg', '750 g', '0.750 kg'],
    [5, 'kg', '5 g', '0.005 kg'],
    [1000, 'kg', '1 kg', '1.000 kg'],
    [1500, 'kg', '1.5 kg', '1.500 kg'],
    [1250, 'kg', '1.25 kg', '1.250 kg'],
    [1001, 'kg', '1.001 kg', '1.001 kg'],
    [2000, 'kg', '2 kg', '2.000 kg'],
    [250, 'L', '250 ml', '0.250 L'],
    [1000, 'L', '1 L', '1.000 L'],
    [1_000_000, 'L', '1000 L', '1000.000 L'],
  ])('writes %i sold by %s as %j, and %j on a receipt', (quantity, sold, shown, receipt) => {
    expect(formatQuantity(quantity, sold)).toBe(shown);
    expect(formatReceiptQuantity(quantity, sold)).toBe(receipt);
  });
});

describe('stepsProblem', () => {
  it('takes ascending whole grams or millilitres, and no steps at all', () => {
    expect(stepsProblem([250, 500, 1000, 2000], 'kg')).toBeNull();
    expect(stepsProblem([500, 1000], 'L')).toBeNull();
    expect(stepsProblem([], 'kg')).toBeNull();
    expect(stepsProblem([MAX_LOOSE_QUANTITY], 'kg')).toBeNull();
    expect(stepsProblem([], 'piece')).toBeNull();
  });

  it.each<[number[], Unit, string]>([
    [[1], 'piece', 'A product sold by the piece has no steps'],
    [[0, 500], 'kg', 'A step is a whole number of grams from 1 to 1000000, got 0'],
    [[-250], 'kg', 'A step is a whole number of grams from 1 to 1000000, got -250'],
    [[250.5], 'L', 'A step is a whole number of millilitres from 1 to 1000000, got 250.5'],
    [[1_000_001], 'kg', 'A step is a whole number of grams from 1 to 1000000, got 1000001'],
    [[500, 250], 'kg', 'Steps go from the smallest up, each once: 250 g comes after 500 g'],
    [[500, 1000, 1000], 'L', 'Steps go from the smallest up, each once: 1 L comes after 1 L'],
  ])('refuses %j for a product sold by %s', (steps, sold, problem) => {
    expect(stepsProblem(steps, sold)).toBe(problem);
  });
});
