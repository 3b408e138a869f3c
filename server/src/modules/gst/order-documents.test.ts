import {
  agentOrderAnswerSchema,
  cancelOrderAnswerSchema,
  DELIVERY_SAC,
  documentNumberText,
  financialYearOfDay,
  lineTax,
  sellerOrderAnswerSchema,
  sellerOrdersAnswerSchema,
  userOrdersAnswerSchema,
  type TaxMode,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useSeller, useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createProduct, sampleAddress, signInAgent, signUpShopper } from '../../test/factories.js';
import { ProductSchema } from '../product/product.entity.js';
import { readShop } from '../shop/shop.service.js';
import { TaxDocumentLineSchema, TaxDocumentSchema } from './gst.entity.js';

type Shopper = Awaited<ReturnType<typeof signUpShopper>>;

describe("an online order's invoice and credit note", () => {
  // The shop's tax settings change here: a database of the file's own.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  /** The shop bills in `tax` (registered ones with their GSTIN), delivering for ₹30. */
  async function billIn(tax: TaxMode) {
    const em = app.orm.em.fork();
    em.assign(await readShop(em), {
      tax,
      gstin: tax === 'regular' || tax === 'composition' ? '27AAPFU0939F1ZV' : '',
      legalName: 'Kirana Stores Private Limited',
      address: '4 Market Road\nPune 411001',
      invoicePrefix: 'KS',
      deliveryFeePaise: 3000,
      freeDeliveryAbovePaise: 0,
    });
    await em.flush();
    // As the settings' route announces them: placing an order keeps them until then.
    app.events.publish({ type: 'shop.changed' });
  }

  /** A new product at ₹99.50 a piece, with an HSN code and a GST rate of 5 %. */
  async function taxedProduct() {
    const em = app.orm.em.fork();
    const product = await createProduct(em, { offerPricePaise: 9950 });
    await em.nativeUpdate(ProductSchema, { id: product.id }, { hsn: '04012000', gstRate: 500 });
    return product.id;
  }

  /** A COD order of `quantity` of a taxed product by `shopper`; answers its id. */
  async function placed(shopper: Shopper, quantity = 2) {
    const product = await taxedProduct();
    const address = await shopper.http
      .post('/api/address/add')
      .send({ address: sampleAddress })
      .expect(201);
    const answer = await shopper.http
      .post('/api/order/cod')
      .send({ items: [{ product, quantity }], address: address.body.address._id })
      .expect(201);
    return answer.body.orderId as string;
  }

  /** Order `orderId` accepted and marked Picked by a new agent; answers the agent's answer. */
  async function pick(orderId: string) {
    const agent = await signInAgent(app, 'Imran');
    await agent.http.post('/api/agents/accept').send({ orderId }).expect(200);
    const picked = await agent.http
      .put(`/api/agents/status/${orderId}`)
      .send({ status: 'Picked' })
      .expect(200);
    return agentOrderAnswerSchema.parse(picked.body).order;
  }

  const documentsOf = (orderId: string) =>
    app.orm.em
      .fork()
      .find(TaxDocumentSchema, { order: orderId }, { orderBy: { number: 'asc', kind: 'asc' } });
  const linesOf = (documentId: string) =>
    app.orm.em
      .fork()
      .find(TaxDocumentLineSchema, { document: documentId }, { orderBy: { position: 'asc' } });
  const shoppersOrder = async (shopper: Shopper, orderId: string) =>
    userOrdersAnswerSchema
      .parse((await shopper.http.get('/api/order/user').expect(200)).body)
      .orders.find((order) => order._id === orderId);
  const sellersOrder = async (orderId: string) =>
    sellerOrdersAnswerSchema
      .parse((await seller.get('/api/order/seller').expect(200)).body)
      .orders.find((order) => order._id === orderId);

  test('in the spec mode, Picked issues the next INV bill, its lines adding up to the amount with the 2 % and the delivery; every answer carries it', async () => {
    await billIn('spec');
    const shopper = await signUpShopper(app);
    const orderId = await placed(shopper);
    expect((await shoppersOrder(shopper, orderId))?.invoice).toBeNull();
    const before = await documentsOf(orderId);
    expect(before).toEqual([]);

    const order = await pick(orderId);
    // 2 × ₹99.50, 2 % of it, and ₹30 to deliver.
    expect(order.amount).toBe(199 + 3.98 + 30);
    const [invoice] = await documentsOf(orderId);
    expect(invoice).toMatchObject({
      series: 'INV',
      kind: 'bill',
      mode: 'spec',
      amountPaise: 23_298,
    });
    const number = documentNumberText(
      'KS',
      'INV',
      financialYearOfDay(String(invoice!.date)),
      invoice!.number,
    );
    const answered = { number, series: 'INV', date: String(invoice!.date), kind: 'bill' };
    expect(order.invoice).toEqual(answered);
    expect((await shoppersOrder(shopper, orderId))?.invoice).toEqual(answered);
    expect((await sellersOrder(orderId))?.invoice).toEqual(answered);
    expect(
      (await linesOf(invoice!.id)).map(({ description, hsn, gstRate, quantity, amountPaise }) => ({
        description,
        hsn,
        gstRate,
        quantity,
        amountPaise,
      })),
    ).toEqual([
      {
        description: expect.any(String),
        hsn: '04012000',
        gstRate: 500,
        quantity: 2,
        amountPaise: 19_900,
      },
      { description: 'Tax (2%)', hsn: null, gstRate: null, quantity: 1, amountPaise: 398 },
      { description: 'Delivery charges', hsn: null, gstRate: null, quantity: 1, amountPaise: 3000 },
    ]);

    // The seller cancels it after: a credit note naming the invoice, of all its lines.
    const cancelled = await seller
      .post('/api/order/seller/cancel')
      .send({ orderId, reason: 'Shopper not at home' })
      .expect(200);
    const creditNote = sellerOrderAnswerSchema.parse(cancelled.body).order.creditNote;
    const documents = await documentsOf(orderId);
    expect(documents).toHaveLength(2);
    const note = documents.find((document) => document.kind === 'credit-note')!;
    expect(note).toMatchObject({ series: 'CN', mode: 'spec', amountPaise: 23_298 });
    expect(note.refersTo?.id).toBe(invoice!.id);
    expect(creditNote).toEqual({
      number: documentNumberText('KS', 'CN', financialYearOfDay(String(note.date)), note.number),
      series: 'CN',
      date: String(note.date),
      kind: 'credit-note',
      refersTo: number,
    });
    expect((await linesOf(note.id)).map((line) => line.amountPaise)).toEqual([19_900, 398, 3000]);
    expect((await shoppersOrder(shopper, orderId))?.creditNote).toEqual(creditNote);
  });

  test('an order cancelled before it is picked has no documents', async () => {
    await billIn('spec');
    const shopper = await signUpShopper(app);
    const orderId = await placed(shopper);
    const cancelled = await shopper.http.post('/api/order/cancel').send({ orderId }).expect(200);
    const order = cancelOrderAnswerSchema.parse(cancelled.body).order;
    expect(order).toMatchObject({ invoice: null, creditNote: null });
    expect(await documentsOf(orderId)).toEqual([]);
  });

  test('an order taken back after Picked and picked again keeps its one invoice', async () => {
    await billIn('unregistered');
    const shopper = await signUpShopper(app);
    const orderId = await placed(shopper);
    const first = await pick(orderId);
    await seller.post('/api/order/seller/release').send({ orderId }).expect(200);
    const again = await pick(orderId);
    expect(again.invoice).toEqual(first.invoice);
    expect(await documentsOf(orderId)).toHaveLength(1);
  });

  test('in the regular mode the shopper pays the shelf price, each item carries its tax, and Picked issues a tax invoice with the delivery at 18 %', async () => {
    await billIn('regular');
    const shopper = await signUpShopper(app);
    const orderId = await placed(shopper);
    const listed = await shoppersOrder(shopper, orderId);
    // 2 × ₹99.50 and ₹30 to deliver: no 2 % on top.
    expect(listed?.amount).toBe(229);
    const tax = lineTax(19_900, 5);
    expect(listed?.items[0]).toMatchObject({
      hsn: '04012000',
      gstRate: 5,
      taxable: tax.taxable / 100,
      cgst: tax.cgst / 100,
      sgst: tax.sgst / 100,
    });

    const order = await pick(orderId);
    expect(order.invoice?.kind).toBe('tax-invoice');
    const [invoice] = await documentsOf(orderId);
    expect(invoice).toMatchObject({
      mode: 'regular',
      gstin: '27AAPFU0939F1ZV',
      placeOfSupply: '27',
      amountPaise: 22_900,
    });
    const delivery = lineTax(3000, 18);
    expect((await linesOf(invoice!.id)).at(-1)).toMatchObject({
      description: 'Delivery charges',
      hsn: DELIVERY_SAC,
      gstRate: 1800,
      amountPaise: 3000,
      taxablePaise: delivery.taxable,
      cgstPaise: delivery.cgst,
      sgstPaise: delivery.sgst,
    });
  });

  test('in the regular mode a product without its HSN code or rate is refused, naming it', async () => {
    await billIn('regular');
    const shopper = await signUpShopper(app);
    const product = await createProduct(app.orm.em.fork(), { name: 'Loose jaggery' });
    const address = await shopper.http
      .post('/api/address/add')
      .send({ address: sampleAddress })
      .expect(201);
    const refused = await shopper.http
      .post('/api/order/cod')
      .send({ items: [{ product: product.id, quantity: 1 }], address: address.body.address._id })
      .expect(409);
    expect(refused.body.message).toContain('Loose jaggery');
  });

  describe('GET /api/order/:id/invoice', () => {
    test("the order's shopper and the seller read it as a page to print; another shopper's is not found", async () => {
      await billIn('composition');
      const shopper = await signUpShopper(app);
      const orderId = await placed(shopper);
      const waiting = await shopper.http.get(`/api/order/${orderId}/invoice`).expect(409);
      expect(waiting.body.message).toContain('issued when the order is picked');
      const { invoice } = await pick(orderId);

      for (const browser of [shopper.http, seller]) {
        const page = await browser.get(`/api/order/${orderId}/invoice`).expect(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.text).toContain('Bill of Supply');
        expect(page.text).toContain(invoice!.number);
        expect(page.text).toContain('GSTIN 27AAPFU0939F1ZV');
        expect(page.text).toContain('Composition taxable person');
        expect(page.text).toContain('Two Hundred Twenty Nine Rupees Only');
      }
      const other = await signUpShopper(app, 'Other Shopper');
      await other.http.get(`/api/order/${orderId}/invoice`).expect(404);
      await app.http().get(`/api/order/${orderId}/invoice`).expect(401);

      await seller
        .post('/api/order/seller/cancel')
        .send({ orderId, reason: 'Damaged in the shop' })
        .expect(200);
      const cancelled = await shopper.http.get(`/api/order/${orderId}/invoice`).expect(200);
      expect(cancelled.text).toMatch(/Cancelled: credit note KS\/CN\/\d\d-\d\d\/\d+ of/);
    });
  });
});
