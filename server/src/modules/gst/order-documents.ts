/**
 * An online order's documents (docs/orders.md#invoices): its invoice (bill of supply, bill) when
 * its agent marks it Picked, the goods leaving the shop, and a credit note naming that invoice
 * when it is cancelled after. Steps the order module runs in its own transactions (wiring.ts),
 * issued through tax-documents.ts. Written with Kysely.
 */
import { lineAmount, MESSAGES, percentOf, saleDocumentKind } from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import type { CancellationStep } from '../order/order-cancel.service.js';
import type { PickedStep } from '../order/order-state.service.js';
import type { Order, OrderItemSchema, OrderSchema } from '../order/order.entity.js';
import type { ProductSchema } from '../product/product.entity.js';
import { readShop } from '../shop/shop.service.js';
import type { GstTables } from './gst.entity.js';
import type { InvoicePage } from './invoice-html.js';
import {
  deliveryLine,
  issueDocument,
  specTaxLine,
  type DocumentLineInput,
} from './tax-documents.js';

type OrderDocumentTables = GstTables &
  InferKyselyDB<typeof OrderSchema | typeof OrderItemSchema | typeof ProductSchema>;

/**
 * The lines of `order`'s invoice: each item as sold (its product's name, its HSN code, rate and
 * tax as stored when placed), then in `spec` the spec's 2 %, then a delivery fee charged — in
 * `regular` a service at DELIVERY_GST_RATE under DELIVERY_SAC. They add up to the order's amount.
 */
async function invoiceLines(tx: EntityManager, order: Order): Promise<DocumentLineInput[]> {
  const items = await tx
    .getKysely<OrderDocumentTables>()
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'i.product_id',
      'p.name',
      'i.hsn',
      'i.gst_rate',
      'i.unit',
      'i.quantity',
      'i.unit_price_paise',
      'i.taxable_paise',
      'i.cgst_paise',
      'i.sgst_paise',
    ])
    .where('i.order_id', '=', order.id)
    .orderBy('i.position')
    .execute();
  const lines: DocumentLineInput[] = items.map((item) => ({
    product: item.product_id,
    description: item.name,
    hsn: item.hsn,
    gstRate: percentOf(item.gst_rate),
    unit: item.unit,
    quantity: item.quantity,
    unitPricePaise: item.unit_price_paise,
    amountPaise: lineAmount(item.unit_price_paise, item.quantity, item.unit),
    tax:
      item.taxable_paise === null
        ? null
        : { taxable: item.taxable_paise, cgst: item.cgst_paise ?? 0, sgst: item.sgst_paise ?? 0 },
  }));
  if (order.taxMode === 'spec') lines.push(specTaxLine(order.taxPaise));
  if (order.deliveryFeePaise > 0) lines.push(deliveryLine(order.deliveryFeePaise, order.taxMode));
  return lines;
}

/** The id of `orderId`'s invoice, when it has one. */
async function invoiceOf(tx: EntityManager, orderId: string) {
  return tx
    .getKysely<GstTables>()
    .selectFrom('tax_documents')
    .select(['id', 'mode'])
    .where('order_id', '=', orderId)
    .where('kind', '!=', 'credit-note')
    .executeTakeFirst();
}

/**
 * On Picked: the order's invoice in series `INV`, of the kind its mode when placed gives
 * (`orders.tax_mode`), issued under the shop's settings now but in that mode. Once: an order
 * taken back and picked again keeps the invoice it has (and the unique index on the order's
 * documents would refuse a second).
 */
export const invoiceOnPickedStep: PickedStep = {
  async picked(changes, order) {
    const { tx } = changes;
    if (await invoiceOf(tx, order.id)) return;
    const lines = await invoiceLines(tx, order);
    const shop = await readShop(tx);
    await issueDocument(
      tx,
      { ...shop, tax: order.taxMode },
      {
        series: 'INV',
        kind: saleDocumentKind(order.taxMode),
        at: new Date(),
        order: order.id,
        lines,
      },
    );
  },
};

/**
 * On a cancellation after the invoice: a credit note in series `CN` naming it, of all its lines,
 * in its mode. Nothing for an order not yet invoiced.
 */
export const creditNoteOnCancelStep: CancellationStep = {
  async run(changes, order) {
    const { tx } = changes;
    const invoice = await invoiceOf(tx, order.id);
    if (!invoice) return null;
    const invoiced = await tx
      .getKysely<GstTables>()
      .selectFrom('tax_document_lines')
      .selectAll()
      .where('document_id', '=', invoice.id)
      .orderBy('position')
      .execute();
    await issueDocument(tx, await readShop(tx), {
      series: 'CN',
      kind: 'credit-note',
      at: new Date(),
      order: order.id,
      refersTo: invoice.id,
      lines: invoiced.map((line) => ({
        product: line.product_id,
        description: line.description,
        hsn: line.hsn,
        gstRate: percentOf(line.gst_rate),
        unit: line.unit,
        quantity: line.quantity,
        unitPricePaise: line.unit_price_paise,
        amountPaise: line.amount_paise,
        tax: { taxable: line.taxable_paise, cgst: line.cgst_paise, sgst: line.sgst_paise },
      })),
    });
    // The order's answers name it (creditNote); its history line keeps the other steps' notes.
    return null;
  },
};

/**
 * Order `orderId`'s invoice as its page shows it (invoice-html.ts), for its shopper `shopperId`
 * or, with null, the seller (an invoiced order was picked: the seller sees it).
 * @throws AppError NOT_FOUND for an order that is not there or not the shopper's; CONFLICT for
 * one not yet picked, which has no invoice yet.
 */
export async function readOrderInvoice(
  em: EntityManager,
  orderId: string,
  shopperId: string | null,
): Promise<InvoicePage> {
  const db = em.getKysely<OrderDocumentTables>();
  const row = await db
    .selectFrom('orders as o')
    .leftJoin('tax_documents as d', (join) =>
      join.onRef('d.order_id', '=', 'o.id').on('d.kind', '!=', 'credit-note'),
    )
    .leftJoin('tax_documents as c', 'c.refers_to_id', 'd.id')
    .select([
      'o.user_id',
      'o.address',
      'd.id',
      'd.printed',
      'd.kind',
      'd.date',
      'd.gstin',
      'd.place_of_supply',
      'd.amount_paise',
      'c.printed as credit_note',
      'c.date as credit_note_date',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row || (shopperId !== null && row.user_id !== shopperId))
    throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  const { id, printed, kind, date, gstin, place_of_supply, amount_paise } = row;
  if (id === null || printed === null || kind === null || date === null || amount_paise === null)
    throw new AppError(
      'CONFLICT',
      'This order has no invoice yet: it is issued when the order is picked for delivery',
    );
  const lines = await db
    .selectFrom('tax_document_lines')
    .selectAll()
    .where('document_id', '=', id)
    .orderBy('position')
    .execute();
  const shop = await readShop(em);
  const { address } = row;
  return {
    shop: {
      name: shop.name,
      legalName: shop.legalName,
      address: shop.address,
      phone: shop.phone,
    },
    invoice: {
      number: printed,
      kind,
      date: String(date),
      gstin: gstin ?? '',
      placeOfSupply: place_of_supply ?? '',
      amountPaise: Number(amount_paise),
    },
    lines: lines.map((line) => ({
      description: line.description,
      hsn: line.hsn,
      gstRate: line.gst_rate,
      unit: line.unit,
      quantity: line.quantity,
      unitPricePaise: line.unit_price_paise,
      amountPaise: line.amount_paise,
      taxablePaise: line.taxable_paise,
      cgstPaise: line.cgst_paise,
      sgstPaise: line.sgst_paise,
    })),
    buyer: {
      name: `${address.firstName} ${address.lastName}`.trim(),
      street: address.street,
      city: address.city,
      state: address.state,
      zipcode: address.zipcode,
      phone: address.phone,
    },
    creditNote:
      row.credit_note === null || row.credit_note_date === null
        ? null
        : { number: row.credit_note, date: String(row.credit_note_date) },
  };
}
