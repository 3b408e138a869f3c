/*
 * The bill in progress, kept in the tab's session storage: a reload or a slip of the mouse onto
 * another screen does not lose the customer's items, nor the key that makes a retried sale one
 * sale, nor the try that may have been recorded. Another tab's till keeps its own (a tab
 * duplicated by the browser starts with a copy).
 */
import {
  counterSaleBodySchema,
  lineQuantityProblem,
  MAX_LOOSE_QUANTITY,
  productSchema,
  COUNTER_PAYMENTS,
  type CounterPayment,
  type CounterSaleBody,
} from '@kirana/shared';
import * as z from 'zod/mini';
import { NO_SPLIT, type Bill, type KhataSplit, type TillCustomer } from './bill';

const KEY = 'kirana.counter.bill';

export interface HeldBill {
  bill: Bill;
  /** The bill's Idempotency-Key. */
  key: string;
  payment: CounterPayment;
  /** The cash tendered, as typed. */
  tendered: string;
  /** The first try sent whose answer has not come (in flight or lost: it may be recorded), or null. */
  unanswered: CounterSaleBody | null;
  /** With the khata: the customer chosen, and the part paid now (none held: none). */
  customer?: TillCustomer | null;
  split?: KhataSplit;
}

/** A sale's body as the till sends it: with the khata, its customer and what was paid now. */
const tillSaleBodySchema = z.object({
  ...counterSaleBodySchema.shape,
  payment: z.enum(COUNTER_PAYMENTS),
  customer: z.optional(z.string()),
  paid: z.optional(z.object({ cash: z.optional(z.number()), upi: z.optional(z.number()) })),
});

const quantity = z.int().check(z.minimum(1), z.maximum(MAX_LOOSE_QUANTITY));

const heldBillSchema = z.object({
  bill: z.array(
    z
      .object({
        // A bill held by a version before pastCount is kept as it was.
        product: z.extend(productSchema, { pastCount: z._default(z.int(), 0) }),
        // Pieces, or grams (millilitres) of a loose product, as its unit allows.
        quantity,
        labels: z.optional(z.array(z.object({ code: z.string().check(z.minLength(1)), quantity }))),
      })
      .check(
        z.refine((line) => lineQuantityProblem(line.quantity, line.product.unit) === null),
        z.refine(
          (line) =>
            (line.labels ?? []).reduce((sum, label) => sum + label.quantity, 0) <= line.quantity,
        ),
      ),
  ),
  key: z.string().check(z.minLength(1)),
  payment: z.enum(COUNTER_PAYMENTS),
  tendered: z.string(),
  unanswered: z._default(z.nullable(tillSaleBodySchema), null),
  // A bill held by a version before the khata has none.
  customer: z._default(
    z.nullable(
      z.object({
        _id: z.string(),
        name: z.string(),
        phone: z.string(),
        balance: z.number(),
        creditLimit: z.number(),
      }),
    ),
    null,
  ),
  split: z._default(z.object({ paid: z.string(), by: z.enum(['cash', 'upi']) }), NO_SPLIT),
});

/** Storage may be unavailable (private modes, disabled cookies): then nothing is kept. */
function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The bill this tab held before it was reloaded, or null (none, or not one this screen reads). */
export function heldBill(): HeldBill | null {
  try {
    const parsed = heldBillSchema.safeParse(JSON.parse(storage()?.getItem(KEY) ?? 'null'));
    return parsed.success && parsed.data.bill.length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps `held` for a reload of this tab; an empty bill keeps nothing. */
export function holdBill(held: HeldBill): void {
  try {
    if (held.bill.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(held));
  } catch {
    // A full or locked storage only costs the bill a reload.
  }
}
