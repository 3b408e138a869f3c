/**
 * Placing an order: validated and priced from the catalogue, its units taken from stock and its
 * first history line written in one transaction, once per Idempotency-Key.
 */
import {
  DELIVERY_PIN_LENGTH,
  lineQuantityProblem,
  MESSAGES,
  MIN_ONLINE_PAYMENT_PAISE,
  type PlaceOrderBody,
} from '@kirana/shared';
import { randomInt } from 'node:crypto';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import { retryDeadlocks } from '../../db/retry-deadlocks.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { claimKey, oncePerKey, type KeyedRequest } from '../../lib/idempotency.js';
import { inPlainTransaction } from '../../lib/plain-transaction.js';
import { timestampReader } from '../../lib/timestamps.js';
import { listedProduct } from '../product/listed-product.js';
import type { ProductSchema } from '../product/product.entity.js';
import { takeForSale, taxColumnsOf, taxOfSoldLine } from '../product/take-for-sale.js';
import type { ShopSettings } from '../shop/shop.entity.js';
import { assertOpen, priceOrder, promisedAt, readShop } from '../shop/shop.service.js';
import { shopperKeys, type PlacementAnswer } from './order-idempotency.service.js';
import {
  placedOrderAsListed,
  readAddressAndOpenOrders,
  writePlacedOrder,
} from './placement-statements.js';
import { holdShopper } from './shopper-hold.js';

/** Amounts are stored as 32-bit paise: ₹2,14,74,836.47 at most. */
const MAX_ORDER_PAISE = 2_147_483_647;

/**
 * A khata order's hold on its shopper's credit (the khata module's, given in by its route): run
 * in the placing transaction before any unit is taken, it locks the shopper's khata customer and
 * answers the check of the order's total against their limit, run once the total is known.
 */
export type KhataCreditHold = (
  tx: EntityManager,
  userId: string,
) => Promise<(amountPaise: number) => void>;

/**
 * How an order will be paid: cash at the door, online before the shop sees it (until `payBy`),
 * or on the shopper's khata, whose credit `holdCredit` checks (docs/orders.md#khata-orders).
 */
export type PaymentTerms =
  | { type: 'COD' }
  | { type: 'Online'; payBy: Date }
  | { type: 'Khata'; holdCredit: KhataCreditHold };

/**
 * How an order is placed: how it is paid, whether its delivery asks for a PIN (DELIVERY_PIN), and
 * the shop's settings when the caller holds them (the app keeps them: kept-shop.ts), else read.
 */
export type PlacementTerms = PaymentTerms & { deliveryPin: boolean; shop?: ShopSettings };

/** Four random digits, as the shopper reads them to the agent at the door. */
function newDeliveryPin(): string {
  return String(randomInt(0, 10 ** DELIVERY_PIN_LENGTH)).padStart(DELIVERY_PIN_LENGTH, '0');
}

/** An `Idempotency-Key` to claim with the order, and the answer to store with it when known. */
export interface OrderKey {
  request: KeyedRequest;
  answer?: (orderId: string) => PlacementAnswer;
}

/** What placing an order answers: its id and the amount charged, in paise. */
export interface PlacedOrder {
  id: string;
  amountPaise: number;
}

/**
 * Places an order for `userId` to their address `body.address`: takes the units of counted
 * products and prices every item from the database, never from the request (take-for-sale.ts,
 * as the counter sells), writes the order, its items and its history line, and empties the
 * shopper's saved cart — all in one transaction (which first claims `key`, when given); then
 * publishes `order.placed`, and `product.changed` for each product whose count it took from.
 * One shopper holds only so much (docs/orders.md#what-one-shopper-may-hold): at most the shop's
 * `maxPerLine` units of a product in an order, and at most `maxOpenOrders` open orders unpaid,
 * counted with the shopper's row held, so that their placements take turns and none is missed
 * by a racing one.
 * It is the shop's hot path: between begin and commit it sends at most four statements — the
 * claim of the key holding the shopper's row (without a key, the hold alone), one read of the
 * address with the shopper's open unpaid orders counted, one taking the units with the products
 * read (as the order lists them once taken), and one write of the rest (a refusal for want of
 * units reads the product once more instead). Its `order.placed` event carries the order as
 * readListedOrders would read it back, made of what these read and wrote
 * (docs/live-updates.md#after-commit).
 * An online order stays hidden from the shop until it is paid (payment.service.ts).
 * @throws AppError NOT_FOUND for an address that is not the shopper's; INVALID for an unknown
 * product or a quantity over the limit; TOO_MANY_UNITS for a line over the shop's most per line
 * and TOO_MANY_OPEN_ORDERS when the shopper has the most open unpaid orders already (nothing is
 * taken then); conflict for an out-of-stock product or one with fewer units left than ordered
 * (nothing is taken then); SHOP_CLOSED, NOT_SERVICEABLE or BELOW_MINIMUM by the shop's settings
 * (shop.service.ts priceOrder); GST_DETAILS_MISSING in `regular` for a product without its HSN
 * code or GST rate (nothing is taken then); for a khata order, what its `holdCredit` throws
 * (FORBIDDEN off the khata, CREDIT_LIMIT past the limit: nothing is taken then). KeyInUse when
 * another request has placed an order with `key`.
 */
export async function placeOrder(
  em: EntityManager,
  events: DomainEvents,
  userId: string,
  body: PlaceOrderBody,
  payment: PlacementTerms,
  key?: OrderKey,
): Promise<PlacedOrder> {
  const lines = mergeLines(body.items);
  // Where it delivers, its hours, minimum, fee, promise and limits: read before the transaction,
  // and a closed shop, or a line over the most, refuses before anything is taken.
  const shop = payment.shop ?? (await readShop(em));
  assertOpen(shop, new Date());
  await assertWithinMostPerLine(em, lines, shop.maxPerLine);
  const placed = await retryDeadlocks(() =>
    inPlainTransaction(em, async (tx) => {
      const db = tx.getKysely();
      // First: the shopper's row, held until the end (their other placements wait here, and then
      // count this one's order); with a key, a duplicate waits here too, before it takes anything.
      const claimId = key ? await claimKey(tx, shopperKeys(userId), key.request) : null;
      if (!key) await holdShopper(db, userId);
      const now = new Date();
      // Read after the hold: this statement sees the orders of the placements it waited for.
      const found = await readAddressAndOpenOrders(db, userId, body.address, now);
      if (!found) throw new AppError('NOT_FOUND', 'Address not found');
      const { address, openUnpaid } = found;
      if (openUnpaid >= shop.maxOpenOrders)
        throw new AppError('TOO_MANY_OPEN_ORDERS', MESSAGES.tooManyOpenOrders(openUnpaid));
      // The khata customer before the stock, as the counter locks them.
      const checkCredit =
        payment.type === 'Khata' ? await payment.holdCredit(tx, userId) : undefined;
      // In `regular`, a product without HSN code or rate is refused there (GST_DETAILS_MISSING).
      const priced = await takeForSale(tx, lines, now, {
        online: { maxPerLine: shop.maxPerLine },
        tax: shop.tax,
        asListed: true,
      });
      const totals = priceOrder(shop, priced, address.zipcode, now);
      if (totals.total > MAX_ORDER_PAISE)
        throw new AppError('INVALID', 'items: the order total is too large');
      if (payment.type === 'Online' && totals.total < MIN_ONLINE_PAYMENT_PAISE) {
        throw new AppError(
          'INVALID',
          `Online payments start at ₹${MIN_ONLINE_PAYMENT_PAISE / 100}: choose cash on delivery for this order`,
        );
      }
      checkCredit?.(totals.total);

      const orderId = uuidv7();
      const order = {
        id: orderId,
        userId,
        address,
        subtotalPaise: totals.subtotal,
        taxPaise: totals.tax,
        taxMode: shop.tax,
        amountPaise: totals.total,
        deliveryFeePaise: totals.shipping,
        paymentType: payment.type,
        expiresAt: payment.type === 'Online' ? payment.payBy : null,
        // Cash on delivery and khata orders are offered to the agents at once, an online order
        // once it is paid; the promise runs from then.
        offeredAt: payment.type === 'Online' ? null : now,
        promisedAt: payment.type === 'Online' ? null : promisedAt(shop, now),
        deliveryPin: payment.deliveryPin ? newDeliveryPin() : null,
        createdAt: now,
      };
      const date = timestampReader(tx);
      const items = priced.map((line) => {
        const tax = taxColumnsOf(line, taxOfSoldLine(line, shop.tax));
        return {
          id: uuidv7(),
          productId: line.product,
          quantity: line.quantity,
          unit: line.unit,
          unitPricePaise: line.unitPrice,
          stockProductId: line.stockProduct,
          stockQuantity: line.stockQuantity,
          stockTaken: line.taken,
          hsn: tax.hsn,
          gstRate: tax.gst_rate,
          taxablePaise: tax.taxable_paise,
          cgstPaise: tax.cgst_paise,
          sgstPaise: tax.sgst_paise,
          product: listedProduct(line.asListed, line.unit, date),
        };
      });
      // One statement: the order, all its items and its history line, and the key's record of
      // it with the answer when known (without a key there is no claim, and it records nothing).
      // The shopper's saved cart was emptied with the hold.
      await writePlacedOrder(db, order, items, uuidv7(), {
        id: claimId,
        answer: key?.answer?.(orderId),
      });
      const counted = [
        ...new Set(priced.filter((line) => line.taken).map((line) => line.stockProduct)),
      ];
      // As committed, for its live updates: made of what was written, nothing read again.
      const listed = placedOrderAsListed(order, items);
      return { order: { id: orderId, amountPaise: totals.total }, listed, counted };
    }),
  );
  events.publish({ type: 'order.placed', orderId: placed.order.id, order: placed.listed });
  for (const productId of placed.counted) events.publish({ type: 'product.changed', productId });
  return placed.order;
}

/**
 * Places an order paid at the door or on the khata, `terms` (see {@link placeOrder}), once per
 * `Idempotency-Key`: a repeat of the key answers the first answer again (lib/idempotency.ts
 * oncePerKey).
 * @throws AppError as placeOrder and oncePerKey do.
 */
export async function placeUnpaidOrder(
  em: EntityManager,
  events: DomainEvents,
  userId: string,
  body: PlaceOrderBody,
  request: KeyedRequest | undefined,
  terms: PlacementTerms & { type: 'COD' | 'Khata' },
): Promise<PlacementAnswer> {
  const answer = (orderId: string): PlacementAnswer => ({
    status: 201,
    body: { success: true, message: 'Order Placed Successfully', orderId },
  });
  const key = request && { request, answer };
  return oncePerKey(em, shopperKeys(userId), request, async () => {
    const order = await placeOrder(em, events, userId, body, terms, key);
    return answer(order.id);
  });
}

/**
 * Places a cash-on-delivery order (see {@link placeUnpaidOrder}).
 * @throws AppError as placeOrder and oncePerKey do.
 */
export function placeCodOrder(
  em: EntityManager,
  events: DomainEvents,
  userId: string,
  body: PlaceOrderBody,
  request: KeyedRequest | undefined,
  terms: Omit<PlacementTerms, 'type'>,
): Promise<PlacementAnswer> {
  return placeUnpaidOrder(em, events, userId, body, request, { ...terms, type: 'COD' });
}

/**
 * Refuses a line of more pieces than the shop lets one order take (its `maxPerLine`), naming the
 * product, or than any line holds (999): read before the order's transaction, which it spares, and only for a line over the
 * most, which may be grams of a loose product (bound in kilos as the order is taken:
 * take-for-sale.ts).
 * @throws AppError TOO_MANY_UNITS naming the product and the most; INVALID for an unknown product
 * or over 999 pieces.
 */
async function assertWithinMostPerLine(
  em: EntityManager,
  lines: PlaceOrderBody['items'],
  most: number,
): Promise<void> {
  const over = lines.filter((line) => line.quantity > most);
  if (over.length === 0) return;
  const products = await em
    .getKysely<InferKyselyDB<typeof ProductSchema>>()
    .selectFrom('products')
    .select(['id', 'name', 'unit'])
    .where(
      'id',
      'in',
      over.map((line) => line.product),
    )
    .execute();
  for (const line of over) {
    const product = products.find((row) => row.id === line.product);
    if (!product) throw new AppError('INVALID', `items: no product with id ${line.product}`);
    if (product.unit !== 'piece') continue;
    // More pieces than any line holds is the request's fault (the spec's 400), not the shop's.
    const problem = lineQuantityProblem(line.quantity, 'piece');
    if (problem) throw new AppError('INVALID', problem);
    throw new AppError('TOO_MANY_UNITS', MESSAGES.tooManyUnits(product.name, most));
  }
}

/** The same product listed twice is one line; its quantities add up (and must stay within limits). */
function mergeLines(items: PlaceOrderBody['items']): PlaceOrderBody['items'] {
  const merged = new Map<string, number>();
  for (const { product, quantity } of items)
    merged.set(product, (merged.get(product) ?? 0) + quantity);
  return [...merged].map(([product, quantity]) => ({ product, quantity }));
}
