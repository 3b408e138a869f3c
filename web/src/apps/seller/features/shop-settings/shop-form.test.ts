import { openingHoursSchema, SPEC_SHOP_CONTACT } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { aShop } from '../../../../test/shop';
import {
  badOpening,
  badScaleLabel,
  newScaleLabel,
  pauseFor,
  shopFormProblems,
  shopFormValues,
  shopUpdateOf,
} from './shop-form';

const shop = aShop({
  hours: [{ day: 1, opens: '07:00', closes: '22:00' }],
  limitedArea: true,
  minimumOrder: 199,
  deliveryFee: 25.5,
  upiId: 'kirana@upi',
  upiName: 'Kirana Store',
});

describe('the Shop screen’s form', () => {
  it('shows the settings and saves them back as they were', () => {
    const values = shopFormValues(shop, ['411001', '411002']);
    expect(values.zipcodes).toBe('411001, 411002');
    expect(shopUpdateOf(values)).toEqual({
      zipcodes: ['411001', '411002'],
      hours: shop.hours,
      timeZone: 'Asia/Kolkata',
      minimumOrder: 199,
      deliveryFee: 25.5,
      freeDeliveryAbove: 0,
      promiseMinutes: 30,
      maxPerLine: 20,
      maxOpenOrders: 3,
      upiId: 'kirana@upi',
      upiName: 'Kirana Store',
      ...SPEC_SHOP_CONTACT,
      scaleLabels: [
        { prefix: '21', value: 'grams' },
        { prefix: '23', value: 'paise' },
      ],
      tax: 'spec',
      gstin: '',
      legalName: '',
      invoicePrefix: '',
    });
  });

  it('saves the tax settings as the bills print them: the GSTIN and prefix in capitals, trimmed', () => {
    const values = {
      ...shopFormValues(shop, []),
      tax: 'regular' as const,
      gstin: ' 27aapfu0939f1zv ',
      legalName: ' Kirana Stores Pvt Ltd ',
      invoicePrefix: 'ks',
    };
    expect(shopUpdateOf(values)).toMatchObject({
      tax: 'regular',
      gstin: '27AAPFU0939F1ZV',
      legalName: 'Kirana Stores Pvt Ltd',
      invoicePrefix: 'KS',
    });
  });

  it('reads PIN codes separated by spaces, commas or lines; an empty amount as 0', () => {
    const values = {
      ...shopFormValues(shop, []),
      zipcodes: '411001,411002\n 411003 ;411004',
      deliveryFee: ' ',
    };
    expect(shopUpdateOf(values)).toMatchObject({
      zipcodes: ['411001', '411002', '411003', '411004'],
      deliveryFee: 0,
    });
  });

  it('saves a closing at 00:00 as midnight, so that 00:00 to 00:00 is the whole day, and shows it back', () => {
    const hours = [
      { day: 0, opens: '00:00', closes: '00:00' },
      { day: 5, opens: '18:00', closes: '00:00' },
      { day: 6, opens: '18:00', closes: '02:00' },
    ];
    const saved = shopUpdateOf({ ...shopFormValues(shop, []), hours }).hours;
    expect(saved).toEqual([
      { day: 0, opens: '00:00', closes: '24:00' },
      { day: 5, opens: '18:00', closes: '24:00' },
      { day: 6, opens: '18:00', closes: '02:00' },
    ]);
    expect(openingHoursSchema.safeParse(saved?.[0]).success).toBe(true);
  });

  it('pauses from now', () => {
    expect(pauseFor(15, Date.parse('2026-11-27T06:00:00Z'))).toEqual({
      pausedUntil: '2026-11-27T06:15:00.000Z',
    });
  });
});

describe('the form’s problems, before it is sent', () => {
  const values = shopFormValues(shop, ['411001', '411002']);

  it('none for settings the shop can save', () => {
    expect(shopFormProblems(values)).toEqual({});
  });

  it('each by its field, in the screen’s words; the PIN codes that are not ones named', () => {
    expect(
      shopFormProblems({
        ...values,
        zipcodes: '411001, 41100 4110023',
        minimumOrder: 'abc',
        promiseMinutes: '2',
        upiId: 'kirana store',
        timeZone: 'India',
        name: ' ',
        phone: '12345',
        email: 'shop at example',
      }),
    ).toEqual({
      zipcodes: '41100, 4110023: a PIN code is six digits, e.g. 411001',
      minimumOrder: 'Minimum order must be rupees, such as 199 or 199.50',
      promiseMinutes: 'Delivery promise must be whole minutes, from 5 to 240',
      upiId: 'UPI id must look like kirana@upi',
      timeZone: 'Time zone must be a place’s zone, such as Asia/Kolkata',
      name: 'Shop name must be given, at most 60 characters',
      phone: 'Phone must be an Indian number, such as 98765 43210 or 1800 000 000',
      email: 'E-mail must be an address such as hello@kirana.example, or empty',
    });
  });

  it('a registered or composition mode needs the GSTIN, legal name and address; a GSTIN that fails its check is said', () => {
    const registered = { ...values, tax: 'composition' as const, address: '' };
    expect(shopFormProblems(registered)).toEqual({
      gstin: 'GSTIN is needed to bill as a registered or composition shop',
      legalName: 'Legal name is needed to bill as a registered or composition shop',
      address: 'Address is needed to bill as a registered or composition shop',
    });
    expect(
      shopFormProblems({
        ...registered,
        tax: 'regular',
        gstin: '27AAPFU0939F1ZX',
        legalName: 'Kirana Stores',
        address: 'MG Road, Pune',
        invoicePrefix: 'KS/1',
      }),
    ).toEqual({
      gstin:
        'GSTIN must be the 15 characters on the registration certificate, such as 27AAPFU0939F1ZV (its last one checks the rest)',
      invoicePrefix: 'Invoice prefix must be at most 4 letters and digits, such as KS',
    });
    // Not registered, none of them is needed.
    expect(shopFormProblems({ ...registered, tax: 'unregistered' })).toEqual({});
  });

  it('the most per order and the most open unpaid orders: whole numbers within their bounds', () => {
    for (const maxPerLine of ['0', '1000', '2.5', '', 'ten'])
      expect(shopFormProblems({ ...values, maxPerLine }), maxPerLine).toEqual({
        maxPerLine: 'Most of a product in one order must be a whole number, from 1 to 999',
      });
    for (const maxOpenOrders of ['0', '51', '1.5', ''])
      expect(shopFormProblems({ ...values, maxOpenOrders }), maxOpenOrders).toEqual({
        maxOpenOrders: 'Open unpaid orders a shopper may have must be a whole number, from 1 to 50',
      });
    expect(shopFormProblems({ ...values, maxPerLine: ' 999 ', maxOpenOrders: '1' })).toEqual({});
    expect(shopUpdateOf({ ...values, maxPerLine: ' 5 ', maxOpenOrders: '10' })).toMatchObject({
      maxPerLine: 5,
      maxOpenOrders: 10,
    });
  });

  it('opening hours that close when they open are said, and their row found', () => {
    const hours = [
      { day: 1, opens: '07:00', closes: '22:00' },
      { day: 2, opens: '09:00', closes: '09:00' },
    ];
    expect(shopFormProblems({ ...values, hours })).toEqual({
      hours: 'Opening hours: each closes at another time than it opens, at most 28 of them',
    });
    expect(badOpening(hours)).toBe(1);
    expect(badOpening(hours.slice(0, 1))).toBe(-1);
  });

  it('scale labels: a prefix not of 2 digits from 20, or set twice, is said and its row found', () => {
    const twice = [
      { prefix: '21', value: 'grams' },
      { prefix: ' 21', value: 'paise' },
    ] as const;
    const said = 'Scale labels: each prefix is 2 digits beginning with 2, such as 21, and set once';
    expect(shopFormProblems({ ...values, scaleLabels: [...twice] })).toEqual({
      scaleLabels: said,
    });
    expect(badScaleLabel(twice)).toBe(1);
    expect(badScaleLabel([{ prefix: '12', value: 'grams' }])).toBe(0);
    expect(badScaleLabel(twice.slice(0, 1))).toBe(-1);
    // Saved without the spaces typed around a prefix.
    expect(
      shopUpdateOf({ ...values, scaleLabels: [{ prefix: ' 24 ', value: 'paise' }] }),
    ).toMatchObject({
      scaleLabels: [{ prefix: '24', value: 'paise' }],
    });
  });

  it('a new scale label takes the first prefix from 21 not in use, then 20; none past the ten', () => {
    expect(newScaleLabel([])).toEqual({ prefix: '21', value: 'grams' });
    expect(newScaleLabel(shop.scaleLabels)).toEqual({ prefix: '22', value: 'grams' });
    const nine = ['21', '22', '23', '24', '25', '26', '27', '28', '29'].map((prefix) => ({
      prefix,
      value: 'grams' as const,
    }));
    expect(newScaleLabel(nine)).toEqual({ prefix: '20', value: 'grams' });
    expect(newScaleLabel([...nine, { prefix: '20', value: 'paise' }])).toBeNull();
  });
});
