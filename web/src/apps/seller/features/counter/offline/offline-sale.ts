/*
 * A sale made while the server cannot be reached (docs/counter.md#the-till-without-a-connection):
 * the request the counter sends once it can, and the sale as the counter reckons and prints it
 * meanwhile. Reckoned by the shared rules the server records it by (cartTotals, lineAmount,
 * taxOfLine, documentNumberText), at the prices the counter last saw, so that the receipt in the
 * customer's hand and the sale the server records agree to the paisa.
 */
import {
  cartTotals,
  dayIn,
  DOCUMENT_NUMBER_LENGTH,
  documentNumberText,
  financialYearOf,
  FREE_DELIVERY,
  lineAmount,
  paiseOf,
  saleDocumentKind,
  taxOfLine,
  toPaise,
  toRupees,
  type CounterDevice,
  type CounterSale,
  type CounterSaleBody,
  type CounterSaleLine,
  type LineTax,
  type Paise,
  type Shop,
} from '@kirana/shared';
import type { Bill, BillLine, TillCustomer } from '../bill';

/** The shop's settings an offline sale is reckoned and numbered by. */
export type OfflineShop = Pick<Shop, 'tax' | 'invoicePrefix' | 'timeZone'>;

export interface OfflineSaleOf {
  /** The bill as sold: its lines at the prices shown. */
  bill: Bill;
  /** The sale the till asked for (bill.ts saleBody): its payment, cash tendered, khata split. */
  body: CounterSaleBody;
  /** The sale's Idempotency-Key: also its id until the server records it. */
  key: string;
  shop: OfflineShop;
  /** This counter, whose series numbers the sale. */
  device: Pick<CounterDevice, 'series'>;
  /** Its number in the device's series for the financial year of `madeAt` (waiting-sales.ts). */
  number: number;
  madeAt: Date;
  /** A khata sale's customer, their balance as last seen; null otherwise. */
  customer: TillCustomer | null;
}

/** An offline sale: the request to send, and the sale the counter prints. */
export interface OfflineSale {
  body: CounterSaleBody;
  sale: CounterSale;
}

const rupeesOrNull = (paise: Paise | undefined) => (paise === undefined ? null : toRupees(paise));

/** What the server records of a line sold at its product's price now (its presentSale). */
function saleLine(line: BillLine, shop: OfflineShop): CounterSaleLine {
  const { product, quantity } = line;
  const unitPrice = toPaise(product.offerPrice);
  const amount = lineAmount(unitPrice, quantity, product.unit);
  const tax: LineTax | null = offlineTax(line, amount, shop);
  return {
    product: product._id,
    name: product.name,
    unit: product.unit,
    quantity,
    unitPrice: toRupees(unitPrice),
    amount: toRupees(amount),
    returned: 0,
    hsn: product.hsn,
    gstRate: product.gstRate,
    taxable: rupeesOrNull(tax?.taxable),
    cgst: rupeesOrNull(tax?.cgst),
    sgst: rupeesOrNull(tax?.sgst),
  };
}

/**
 * A line's tax as the server reckons it in the shop's mode.
 * @throws Error, in the server's words, when a registered shop's product has no HSN code or
 * GST rate: the server would refuse the sale (GST_DETAILS_MISSING), so the counter does not
 * sell it either.
 */
function offlineTax({ product }: BillLine, amount: Paise, shop: OfflineShop): LineTax | null {
  if (shop.tax === 'regular' && (product.hsn === null || product.gstRate === null))
    throw new Error(
      `${product.name} has no HSN code or GST rate: set them on the product before selling it`,
    );
  return taxOfLine(shop.tax, amount, product.gstRate);
}

/**
 * The sale `bill` makes offline: `body` turned into the offline request (each line by its
 * product id, a scale label's by its product and grams, with the price charged in rupees, and
 * `offline: { madeAt, device, number }`; `amount` the total of those prices) and the
 * `CounterSale` the counter prints, as the server will record it: lines and totals by the shared
 * rules in the shop's mode, its document numbered in the device's series (`KS/C1/26-27/5`) and
 * dated on the shop's clock, the cash tendered and the change, a khata sale's customer with
 * their balance last seen plus what this sale puts on the khata. Its `_id` is `key`, its
 * `number` 0 (the server's count of the till's bills, which it has none of yet).
 * @throws Error when a registered shop's product lacks its HSN code or GST rate (offlineTax), or
 * the number would print past the law's 16 characters;
 * RangeError when a line holds no quantity a line may (cartTotals).
 */
export function offlineSale({
  bill,
  body,
  key,
  shop,
  device,
  number,
  madeAt,
  customer,
}: OfflineSaleOf): OfflineSale {
  const lines = bill.map((line) => saleLine(line, shop));
  const totals = cartTotals(
    bill.map(({ product, quantity }) => ({
      unitPrice: toPaise(product.offerPrice),
      quantity,
      unit: product.unit,
    })),
    FREE_DELIVERY,
    shop.tax,
  );
  const { total } = totals;
  const year = financialYearOf(madeAt, shop.timeZone);
  const printed = documentNumberText(shop.invoicePrefix, device.series, year, number);
  // The law's 16 characters: past them no bill of this series may be printed this year.
  if (printed.length > DOCUMENT_NUMBER_LENGTH)
    throw new Error(
      `This counter's bill numbers are used up for the year (${printed} is longer than ${DOCUMENT_NUMBER_LENGTH} characters): sell once the connection is back`,
    );
  const offline = { madeAt: madeAt.toISOString(), device: device.series, number };
  const request: CounterSaleBody = {
    ...body,
    items: bill.map(({ product, quantity }) => ({
      product: product._id,
      quantity,
      price: product.offerPrice,
    })),
    amount: toRupees(total),
    // It happened already: the server records it past the count whatever the count says now.
    sellPastCount: true,
    offline,
  };
  const cash =
    body.payment === 'cash' ? (body.tendered === undefined ? total : paiseOf(body.tendered)) : null;
  const khata = body.payment === 'khata' ? khataPart(body, total) : null;
  const sale: CounterSale = {
    _id: key,
    number: 0,
    invoice: {
      number: printed,
      series: device.series,
      date: dayIn(madeAt, shop.timeZone),
      kind: saleDocumentKind(shop.tax),
    },
    lines,
    subtotal: toRupees(totals.subtotal),
    tax: toRupees(totals.tax),
    amount: toRupees(total),
    payment: body.payment,
    tendered: cash === null ? null : toRupees(cash),
    change: cash === null ? null : toRupees(cash - total),
    customer:
      khata && customer
        ? {
            _id: customer._id,
            name: customer.name,
            balance: toRupees(paiseOf(customer.balance) + khata.onKhata),
            creditLimit: customer.creditLimit,
          }
        : null,
    onKhata: khata ? toRupees(khata.onKhata) : 0,
    paid: khata && { cash: toRupees(khata.cash), upi: toRupees(khata.upi) },
    refunded: 0,
    createdAt: madeAt.toISOString(),
  };
  return { body: request, sale };
}

/** A khata sale's part paid now in cash and by UPI, and the rest of `total`, on the khata. */
function khataPart({ paid }: CounterSaleBody, total: Paise) {
  const cash = paiseOf(paid?.cash ?? 0);
  const upi = paiseOf(paid?.upi ?? 0);
  return { cash, upi, onKhata: total - cash - upi };
}
