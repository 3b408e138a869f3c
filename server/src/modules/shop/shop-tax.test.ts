import { shopAnswerSchema, shopSavedAnswerSchema, SPEC_SHOP_SETTINGS } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useSeller, useTestAppOfItsOwn } from '../../test/fixtures.js';
import { connect, listen } from '../../test/sockets.js';

describe('the shop’s tax settings: how it bills, and what a registered shop’s bills print', () => {
  // Its own database: a shop billing as registered must not bill so for the other test files.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  const setShop = async (settings: Record<string, unknown>) =>
    shopSavedAnswerSchema.parse((await seller.put('/api/shop').send(settings).expect(200)).body);
  const readShop = async () =>
    shopAnswerSchema.parse((await app.http().get('/api/shop').expect(200)).body).shop;
  const refusal = async (settings: Record<string, unknown>) => {
    const answer = await seller.put('/api/shop').send(settings).expect(400);
    expect(answer.body).toMatchObject({ success: false, code: 'INVALID' });
    return answer.body.message as string;
  };
  const registered = {
    gstin: '27AAPFU0939F1ZV',
    legalName: 'Sharma Traders',
    address: '12 MG Road, Pune 411001',
  };

  test('a shop goes registered with its GSTIN, legal name and address, everyone reads it at once, and goes back', async () => {
    const storefront = await connect(app.socket('shop'));
    const heard = listen(storefront);
    try {
      const saved = await setShop({
        ...registered,
        // Typed as people do: lower case, spaces around.
        gstin: ' 27aapfu0939f1zv ',
        invoicePrefix: 'ks',
        tax: 'regular',
      });
      expect(saved.shop).toMatchObject({
        ...registered,
        tax: 'regular',
        invoicePrefix: 'KS',
      });
      expect(await readShop()).toMatchObject({
        ...registered,
        tax: 'regular',
        invoicePrefix: 'KS',
      });
      const live = await heard.waitFor<{ tax: string }>('shop:updated');
      expect(live).toMatchObject({ tax: 'regular', gstin: registered.gstin });

      // Composition asks the same; the details already saved answer for it.
      expect((await setShop({ tax: 'composition' })).shop.tax).toBe('composition');
      await heard.waitFor<{ tax: string }>('shop:updated', (shop) => shop.tax === 'composition');

      // Unregistered needs nothing: its GSTIN may go.
      const plain = await setShop({ tax: 'unregistered', gstin: '', legalName: '' });
      expect(plain.shop).toMatchObject({ tax: 'unregistered', gstin: '', legalName: '' });
    } finally {
      storefront.disconnect();
      await setShop(SPEC_SHOP_SETTINGS);
    }
  });

  test('composition or regular without the GSTIN, legal name or address is refused naming what is missing, and nothing is saved', async () => {
    try {
      expect(await refusal({ tax: 'regular' })).toBe(
        "tax regular needs the shop's gstin, legalName and address: gstin, legalName and address are missing",
      );
      expect(await refusal({ tax: 'composition', gstin: registered.gstin, address: 'Pune' })).toBe(
        "tax composition needs the shop's gstin, legalName and address: legalName is missing",
      );
      expect(await refusal({ ...registered, tax: 'regular', gstin: '' })).toBe(
        "tax regular needs the shop's gstin, legalName and address: gstin is missing",
      );
      // Nothing of a refused change was kept, not even the fields that were fine.
      expect(await readShop()).toMatchObject({
        tax: 'spec',
        gstin: '',
        legalName: '',
        address: '',
      });

      // Once registered, clearing a detail its bills print is refused the same way.
      await setShop({ ...registered, tax: 'regular' });
      expect(await refusal({ gstin: '' })).toBe(
        "tax regular needs the shop's gstin, legalName and address: gstin is missing",
      );
      expect(await refusal({ address: '  ', legalName: '' })).toBe(
        "tax regular needs the shop's gstin, legalName and address: legalName and address are missing",
      );
      expect(await readShop()).toMatchObject({ ...registered, tax: 'regular' });
    } finally {
      await setShop(SPEC_SHOP_SETTINGS);
    }
  });

  test('a GSTIN that is not one, a tax mode the shop does not have or a bad invoice prefix is refused with the field named', async () => {
    expect(await refusal({ gstin: '27AAPFU0939F1ZA' })).toBe(
      'gstin 27AAPFU0939F1ZA has a wrong check character: check it on the registration certificate',
    );
    expect(await refusal({ gstin: '27AAPFU0939F1Z' })).toMatch(
      /^gstin must be a GSTIN of 15 characters/,
    );
    expect(await refusal({ gstin: '99AAPFU0939F1ZV' })).toBe(
      "gstin begins with 99, which is no state's code",
    );
    expect(await refusal({ gstin: 27 })).toBe('gstin must be text');
    expect(await refusal({ tax: 'gst' })).toBe(
      "tax must be 'spec', 'unregistered', 'composition' or 'regular'",
    );
    expect(await refusal({ invoicePrefix: 'KIRANA' })).toMatch(
      /^invoicePrefix must be at most 4 letters and digits/,
    );
    expect(await refusal({ invoicePrefix: 'K/S' })).toMatch(
      /^invoicePrefix must be at most 4 letters and digits/,
    );
    expect(await refusal({ invoicePrefix: 'cn' })).toBe(
      "invoicePrefix must not be a series' name (INV, CN)",
    );
    expect(await refusal({ invoicePrefix: 'c12' })).toBe(
      "invoicePrefix must not be a counter's series (C1 to C999)",
    );
    expect(await refusal({ legalName: 'L'.repeat(101) })).toBe(
      'legalName must be at most 100 characters',
    );
    expect(await readShop()).toMatchObject({ tax: 'spec', gstin: '', invoicePrefix: '' });
  });
});
