import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ean13CheckDigit,
  labelQuantity,
  parseScaleLabel,
  type ScaleLabelProblem,
  type ScaleLabelSetting,
  scaleLabelsProblem,
} from './scale-label.js';

const SETTINGS: ScaleLabelSetting[] = [
  { prefix: '21', value: 'grams' },
  { prefix: '22', value: 'paise' },
];

/*
 * Check digits worked by hand: weights 1, 3, 1, 3 … from the left, then up to a multiple of 10.
 * 21 00042 00750 (dal, 750 g):  2+3+0+0+0+12+2+0+0+21+5+0 = 45 → 5: 2100042007505
 * 22 00042 10500 (dal, ₹105):   2+6+0+0+0+12+2+3+0+15+0+0 = 40 → 0: 2200042105000
 * 400638133393 (a maker's code): 4+0+0+18+3+24+1+9+3+9+9+9 = 89 → 1: 4006381333931
 * 890123456789 (India's range):  8+27+0+3+2+9+4+15+6+21+8+27 = 130 → 0: 8901234567890
 */
const DAL_750_GRAMS = '2100042007505';
const DAL_105_RUPEES = '2200042105000';

describe('ean13CheckDigit', () => {
  it('gives the check digits worked out by hand', () => {
    expect(ean13CheckDigit('210004200750')).toBe(5);
    expect(ean13CheckDigit('220004210500')).toBe(0);
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('890123456789')).toBe(0);
  });

  it('refuses anything but 12 digits', () => {
    for (const bad of ['', '21000420075', '2100042007505', '21000420075x']) {
      expect(() => ean13CheckDigit(bad)).toThrow(RangeError);
    }
  });

  it('catches any one digit misread', () => {
    const twelve = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 });
    fc.assert(
      fc.property(
        twelve,
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, place, change) => {
          const misread = digits.map((digit, index) =>
            index === place ? (digit + change) % 10 : digit,
          );
          expect(ean13CheckDigit(misread.join(''))).not.toBe(ean13CheckDigit(digits.join('')));
        },
      ),
    );
  });
});

describe('parseScaleLabel', () => {
  it('reads a weight label and a price label by their prefixes', () => {
    expect(parseScaleLabel(DAL_750_GRAMS, SETTINGS)).toEqual({
      ok: true,
      label: { prefix: '21', scaleCode: '00042', value: 750, kind: 'grams' },
    });
    expect(parseScaleLabel(` ${DAL_105_RUPEES}\n`, SETTINGS)).toEqual({
      ok: true,
      label: { prefix: '22', scaleCode: '00042', value: 10500, kind: 'paise' },
    });
  });

  it('reads every label it is given with a right check digit', () => {
    const digits = (length: number) =>
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length });
    fc.assert(
      fc.property(fc.constantFrom('21', '22'), digits(5), digits(5), (prefix, item, value) => {
        const twelve = prefix + item.join('') + value.join('');
        const reading = parseScaleLabel(twelve + String(ean13CheckDigit(twelve)), SETTINGS);
        const amount = Number(value.join(''));
        expect(reading).toEqual(
          amount === 0
            ? expect.objectContaining({ ok: false, problem: 'no-value' })
            : {
                ok: true,
                label: {
                  prefix,
                  scaleCode: item.join(''),
                  value: amount,
                  kind: prefix === '21' ? 'grams' : 'paise',
                },
              },
        );
      }),
    );
  });

  it.each<[string, ScaleLabelProblem, string]>([
    ['', 'not-ean13', 'A scale label is 13 digits; "" is not'],
    ['210004200750', 'not-ean13', 'A scale label is 13 digits; "210004200750" is not'],
    ['21000420075050', 'not-ean13', 'A scale label is 13 digits; "21000420075050" is not'],
    ['21000420O7505', 'not-ean13', 'A scale label is 13 digits; "21000420O7505" is not'],
    [
      '2100042007506',
      'check-digit',
      'The label 2100042007506 does not check (misread?): scan it again',
    ],
    [
      '2100042007605',
      'check-digit',
      'The label 2100042007605 does not check (misread?): scan it again',
    ],
    ['8901234567890', 'not-scale-label', "8901234567890 is a product's barcode, not a scale label"],
    // 23 00042 00750: 2+9+0+0+0+12+2+0+0+21+5+0 = 51 → 9.
    ['2300042007509', 'unknown-prefix', 'Labels beginning 23 are not set up for the scales'],
    // 21 00042 00000: 2+3+0+0+0+12+2+0+0+0+0+0 = 19 → 1.
    ['2100042000001', 'no-value', 'The label 2100042000001 shows no weight or price'],
  ])('refuses %j: %s', (code, problem, message) => {
    expect(parseScaleLabel(code, SETTINGS)).toEqual({ ok: false, problem, message });
  });

  it('reads no label when the shop has set no prefixes', () => {
    expect(parseScaleLabel(DAL_750_GRAMS, [])).toMatchObject({ problem: 'unknown-prefix' });
  });
});

describe('scaleLabelsProblem', () => {
  it('takes prefixes of 2 digits beginning with 2, each once, and none at all', () => {
    expect(scaleLabelsProblem(SETTINGS)).toBeNull();
    expect(scaleLabelsProblem([])).toBeNull();
    expect(scaleLabelsProblem([{ prefix: '31', value: 'grams' }])).toBe(
      'A label prefix is 2 digits beginning with 2, got "31"',
    );
    expect(scaleLabelsProblem([{ prefix: '210', value: 'grams' }])).toBe(
      'A label prefix is 2 digits beginning with 2, got "210"',
    );
    expect(scaleLabelsProblem([...SETTINGS, { prefix: '21', value: 'paise' }])).toBe(
      'The label prefix 21 is set twice',
    );
  });
});

describe('labelQuantity', () => {
  const dal = { unitPrice: 14000, unit: 'kg' as const }; // ₹140/kg
  const read = (code: string) => {
    const reading = parseScaleLabel(code, SETTINGS);
    if (!reading.ok) throw new Error(reading.message);
    return reading.label;
  };

  it('sells a weight label’s grams as they are, and a price label’s price ÷ price per kilo', () => {
    expect(labelQuantity(read(DAL_750_GRAMS), dal)).toBe(750);
    expect(labelQuantity(read(DAL_105_RUPEES), dal)).toBe(750); // ₹105 ÷ ₹140/kg
    expect(labelQuantity(read(DAL_750_GRAMS), { unitPrice: 6000, unit: 'L' })).toBe(750); // ml
  });

  it('rounds a price label to the nearest gram, half up', () => {
    const label = { prefix: '22', scaleCode: '00042', kind: 'paise' as const };
    expect(labelQuantity({ ...label, value: 10507 }, dal)).toBe(751); // 750.5 g
    expect(labelQuantity({ ...label, value: 10506 }, dal)).toBe(750); // 750.43 g
    expect(labelQuantity({ ...label, value: 6 }, dal)).toBe(0); // 0.43 g
    // The bill charges 751 g at ₹140/kg: ₹105.14, 7 paise over the printed ₹105.07.
  });

  it('refuses a product sold by the piece, and a price of 0', () => {
    expect(() => labelQuantity(read(DAL_750_GRAMS), { unitPrice: 2500, unit: 'piece' })).toThrow(
      RangeError,
    );
    expect(() => labelQuantity(read(DAL_105_RUPEES), { unitPrice: 0, unit: 'kg' })).toThrow(
      RangeError,
    );
  });
});
