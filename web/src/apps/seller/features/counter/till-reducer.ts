/*
 * The till's protocol as a pure reducer over what happens at the counter: codes scanned and
 * looked up, the bill edited, pay pressed, the sale's answer or its failure, the products read
 * again after a refusal, a bill held over a reload. What the till must do next (send the sale,
 * read the products again, say something) is data in the state, which useTillSession runs.
 */
import {
  parseWeight,
  type CounterSale,
  type Product,
  type CounterPayment,
  type CounterSaleBody,
} from '@kirana/shared';
import {
  addToBill,
  isLoose,
  billBeyond,
  billTotals,
  cashFor,
  joinBills,
  khataSplitFor,
  NO_SPLIT,
  pastCountLines,
  readyToSell,
  saleBody,
  setQuantity,
  withLabelsRead,
  type Bill,
  type BillLabel,
  type KhataSplit,
  type TillCustomer,
  type TillShop,
} from './bill';
import type { HeldBill } from './held-bill';

/** The sale being recorded: the request to send, under the bill's Idempotency-Key. */
export interface SaleRequest {
  body: CounterSaleBody;
  key: string;
}

/** What the till says once, as a transition makes it (the hook turns it into a toast). */
export type TillNotice =
  /** The server knew the bill's key: a try whose answer was lost was recorded after all. */
  | { kind: 'recorded already' }
  /** The server refused the total shown: prices moved. */
  | { kind: 'prices changed'; problem: unknown }
  /** The sale was not recorded, for the reason `problem` gives. */
  | { kind: 'sale failed'; problem: unknown };

/**
 * What a khata bill is refused for: it would take the customer past their limit (409
 * CREDIT_LIMIT, its message saying the balance, the limit and what is left), shown until the
 * customer or the part paid now changes.
 */
export type CreditRefusal = { problem: unknown } | null;

export interface TillState {
  /** The bill on the screen. */
  bill: Bill;
  payment: CounterPayment;
  /** The cash tendered, as typed. */
  tendered: string;
  /** With the khata: the customer the bill goes on (null: none chosen yet). */
  customer: TillCustomer | null;
  /** With the khata: the part paid now, and how. */
  split: KhataSplit;
  /** The khata refused the last try: past the customer's limit. */
  creditRefused: CreditRefusal;
  /** The bill's Idempotency-Key, one until it is sold: a retry after a lost answer is one sale. */
  key: string;
  /**
   * The first try of this bill whose answer has not come: in flight, or lost (the server
   * unreached or failing). It may have been recorded under the bill's key, and then a retry
   * refused as IDEMPOTENCY_KEY_REUSED sold what it held. Held with the bill over a reload,
   * cleared by its answer.
   */
  unanswered: CounterSaleBody | null;
  /**
   * Loose products scanned or picked whose weight the seller is asked for, the first asked now
   * (docs/counter.md#weighing-scale-labels): on the bill once weighed.
   */
  weighing: readonly Product[];
  /** Why the weight typed for the first of `weighing` was refused, or null. */
  weightProblem: string | null;
  /** Codes scanned whose products are still being looked up. */
  lookups: number;
  /** Pay pressed while codes were looked up: pressed again once they are on the bill. */
  payAfterLookups: PayPressed | null;
  /** The sale being recorded (the hook sends it), or null. */
  recording: SaleRequest | null;
  /** Scanned while the sale is recorded: the next bill's, or this one's if it fails. */
  queued: Bill;
  /** The bill's products to read again after a refusal (the hook reads them), or null. */
  refreshing: { ids: string[]; reason: 'BILL_CHANGED' | 'OUT_OF_STOCK'; problem: unknown } | null;
  /** The seller is asked whether the customer holds what the count says is gone. */
  askingPastCount: boolean;
  /** The sale last recorded, shown until the next bill starts. */
  done: CounterSale | null;
  /** What this transition says, or null. */
  notice: TillNotice | null;
}

/** Pay (F9, the button, Enter in the cash box or the question past the count). */
export interface PayPressed {
  type: 'pay pressed';
  /** The shop's UPI id (without which UPI is not taken) and its mode, which the total follows. */
  shop: TillShop;
  /** The seller's word that the customer holds what the count says is gone. */
  pastCountAgreed?: boolean;
}

export type TillEvent =
  | { type: 'held bill restored'; held: HeldBill }
  /** A code was sent to be looked up. */
  | { type: 'scanned' }
  /**
   * A code's product; a weighing scale's `label` holds its weight, else a loose product is asked
   * for its weight and a piece sold `quantity` times.
   */
  | { type: 'looked up'; product: Product; quantity: number; label?: BillLabel }
  | { type: 'lookup failed' }
  /** A suggestion was picked. */
  | { type: 'picked'; product: Product; quantity: number }
  /** The weight of the loose product asked for, as typed ("0.75", "750g", "1.2kg"). */
  | { type: 'weight typed'; text: string }
  /** The loose product asked for is not weighed after all: not put on the bill. */
  | { type: 'weighing dismissed' }
  | { type: 'quantity set'; productId: string; quantity: number }
  | { type: 'payment chosen'; payment: CounterPayment }
  /** The khata customer picked for the bill (null: taken off it). */
  | { type: 'customer chosen'; customer: TillCustomer | null }
  /** The part of a khata bill paid now, as typed. */
  | { type: 'split typed'; paid: string }
  /** How the part of a khata bill paid now is paid. */
  | { type: 'split paid by'; by: KhataSplit['by'] }
  | { type: 'tendered typed'; tendered: string }
  | PayPressed
  /** Back to the bill from the question past the count. */
  | { type: 'past count declined' }
  | { type: 'sale answered'; sale: CounterSale; nextKey: string }
  /**
   * The sale failed with the server's `code` (none: not its answer); `lost`: no answer came, the
   * sale may have been recorded. `nextKey`: the next bill's, if this one was recorded already.
   */
  | { type: 'sale failed'; code?: string; lost: boolean; problem: unknown; nextKey: string }
  /** The bill's products as they are now; null when they could not be read. */
  /**
   * The bill's products as they are now, null when they could not be read; with the grams of its
   * scale labels as read now, by code (a price label's move with the price).
   */
  | {
      type: 'products read';
      products: readonly Product[] | null;
      labels?: ReadonlyMap<string, number>;
    }
  /** The next customer's bill, empty (after a sale, Enter or New sale). */
  | { type: 'next sale'; nextKey: string };

/** The till with an empty bill under `key`. */
export const emptyTill = (key: string): TillState => ({
  bill: [],
  payment: 'cash',
  tendered: '',
  customer: null,
  split: NO_SPLIT,
  creditRefused: null,
  key,
  unanswered: null,
  weighing: [],
  weightProblem: null,
  lookups: 0,
  payAfterLookups: null,
  recording: null,
  queued: [],
  refreshing: null,
  askingPastCount: false,
  done: null,
  notice: null,
});

/** Whether the sale just recorded is on show: no next bill begun yet. */
export const showsDone = (state: TillState): state is TillState & { done: CounterSale } =>
  state.done !== null && state.bill.length === 0;

/** What the till becomes on `event`: the last transition's notice is said already, so it goes. */
export const tillReducer = (state: TillState, event: TillEvent): TillState =>
  step(state.notice ? { ...state, notice: null } : state, event);

function step(state: TillState, event: TillEvent): TillState {
  switch (event.type) {
    case 'held bill restored': {
      const { customer = null, split = NO_SPLIT } = event.held;
      return { ...state, ...event.held, customer, split };
    }
    case 'scanned':
      return { ...state, lookups: state.lookups + 1 };
    case 'looked up': {
      const { product, quantity, label } = event;
      const looked = { ...add(state, product, quantity, label), lookups: state.lookups - 1 };
      const { lookups, payAfterLookups } = looked;
      // Pay pressed meanwhile: the bill is whole now.
      if (lookups > 0 || !payAfterLookups) return looked;
      return pay({ ...looked, payAfterLookups: null }, payAfterLookups);
    }
    case 'lookup failed':
      // Not the bill the seller asked to sell: it is short of this item.
      return { ...state, lookups: state.lookups - 1, payAfterLookups: null };
    case 'picked':
      return add(state, event.product, event.quantity);
    case 'weight typed':
      return weighed(state, event.text);
    case 'weighing dismissed':
      if (state.weighing.length === 0) return state;
      return { ...state, weighing: state.weighing.slice(1), weightProblem: null };
    case 'quantity set':
      return { ...state, bill: setQuantity(state.bill, event.productId, event.quantity) };
    case 'payment chosen':
      return { ...state, payment: event.payment };
    case 'customer chosen':
      return { ...state, customer: event.customer, creditRefused: null };
    case 'split typed':
      return { ...state, split: { ...state.split, paid: event.paid }, creditRefused: null };
    case 'split paid by':
      return { ...state, split: { ...state.split, by: event.by } };
    case 'tendered typed':
      return { ...state, tendered: event.tendered };
    case 'pay pressed':
      return pay(state, event);
    case 'past count declined':
      return { ...state, askingPastCount: false };
    case 'sale answered':
      if (!state.recording) return state;
      // The next bill holds what was scanned while this one was recorded; this one shows as done.
      return { ...nextBill(state, state.queued, event.nextKey), done: event.sale };
    case 'sale failed':
      return saleFailed(state, event);
    case 'products read':
      return productsRead(state, event.products, event.labels);
    case 'next sale':
      return state.recording ? state : nextBill(state, [], event.nextKey);
  }
}

/**
 * `quantity` of `product` on the bill, or on the next one while this one is recorded; a scale
 * `label`'s weight as it says; a loose product without one is asked for its weight first.
 */
function add(state: TillState, product: Product, quantity: number, label?: BillLabel): TillState {
  if (isLoose(product) && !label) return { ...state, weighing: [...state.weighing, product] };
  return onBill(state, product, quantity, label);
}

/** `quantity` of `product` (a `label`'s) on the bill, or the next one while this one is recorded. */
function onBill(
  state: TillState,
  product: Product,
  quantity: number,
  label?: BillLabel,
): TillState {
  if (state.recording)
    return { ...state, queued: addToBill(state.queued, product, quantity, label) };
  return { ...state, bill: addToBill(state.bill, product, quantity, label), done: null };
}

/** The weight typed for the loose product asked for: on the bill, or refused with the reason. */
function weighed(state: TillState, text: string): TillState {
  const [product, ...rest] = state.weighing;
  if (!product || product.unit === 'piece') return state;
  const reading = parseWeight(text, product.unit);
  if (!reading.ok) return { ...state, weightProblem: reading.message };
  return onBill({ ...state, weighing: rest, weightProblem: null }, product, reading.quantity);
}

/** A new bill holding `scanned`, under `key`, paid in cash until said otherwise. */
const nextBill = (state: TillState, scanned: Bill, key: string): TillState => ({
  ...state,
  bill: scanned,
  payment: 'cash',
  tendered: '',
  customer: null,
  split: NO_SPLIT,
  creditRefused: null,
  key,
  unanswered: null,
  recording: null,
  queued: [],
  done: null,
});

/**
 * Records the bill: not while one is recorded (a second F9 is not the next bill's), after the
 * codes still looked up (a scanner's Enter and a quick F9 are milliseconds apart), and only a
 * bill ready to sell, with nothing left to weigh. One that sells past a product's count asks the
 * seller first.
 */
function pay(state: TillState, event: PayPressed): TillState {
  // An item still to weigh is not on the bill yet: the seller finishes it first.
  if (state.recording || state.weighing.length > 0) return state;
  if (state.lookups > 0) return { ...state, payAfterLookups: event };
  const { bill, payment, tendered, customer, split } = state;
  if (!readyToSell(bill, payment, tendered, event.shop, { customer, split })) return state;
  const agreed = event.pastCountAgreed ?? false;
  if (!agreed && pastCountLines(bill).length > 0) return { ...state, askingPastCount: true };
  const { total } = billTotals(bill, event.shop.tax);
  const cash = cashFor(total, tendered);
  const cashGiven = 'tendered' in cash ? cash.tendered : undefined;
  const part = khataSplitFor(total, split);
  const khata =
    customer && 'paidNow' in part
      ? { customer: customer._id, paidNow: part.paidNow, by: split.by }
      : undefined;
  const body = saleBody(bill, payment, total, cashGiven, agreed, khata);
  return {
    ...state,
    askingPastCount: false,
    creditRefused: null,
    recording: { body, key: state.key },
    // Held over a reload before any answer: the tab may go while the sale is recorded.
    unanswered: state.unanswered ?? body,
  };
}

function saleFailed(
  state: TillState,
  { code, lost, problem, nextKey }: Extract<TillEvent, { type: 'sale failed' }>,
): TillState {
  const { recording, queued } = state;
  if (!recording) return state;
  if (code === 'IDEMPOTENCY_KEY_REUSED') {
    // A try whose answer was lost (or never came before a reload) was recorded after all: what
    // the bill holds beyond it, and what was scanned meanwhile, is the next bill's.
    const sold = state.unanswered?.items ?? recording.body.items;
    const beyond = joinBills(billBeyond(state.bill, sold), queued);
    return { ...nextBill(state, beyond, nextKey), notice: { kind: 'recorded already' } };
  }
  const failed: TillState = {
    ...state,
    // Scanned meanwhile: on this bill after all.
    bill: joinBills(state.bill, queued),
    queued: [],
    recording: null,
    // Refused, this try was not recorded; a try before it whose answer was lost may have been.
    unanswered: !lost && state.unanswered === recording.body ? null : state.unanswered,
  };
  const ids = failed.bill.map((line) => line.product._id);
  if (code === 'BILL_CHANGED')
    return {
      ...failed,
      refreshing: { ids, reason: code, problem },
      notice: { kind: 'prices changed', problem },
    };
  // Gone since the bill was shown: the products as they are now say whether to ask.
  if (code === 'OUT_OF_STOCK') return { ...failed, refreshing: { ids, reason: code, problem } };
  // Past the customer's limit: the bill stays, for less on the khata or another way to pay.
  if (code === 'CREDIT_LIMIT')
    return { ...failed, creditRefused: { problem }, notice: { kind: 'sale failed', problem } };
  return { ...failed, notice: { kind: 'sale failed', problem } };
}

/**
 * The bill's products as they are now: the bill shows their new prices, and its scale labels the
 * grams the server reads from them now (a price label's at the new price, so the total the
 * server checks is the one shown), or marks what it cannot sell (not read: it stays as it is, and
 * the next try says why). Stock gone since the bill was shown asks the seller whether to sell
 * past the count, else says why the sale failed.
 */
function productsRead(
  state: TillState,
  products: readonly Product[] | null,
  labels: ReadonlyMap<string, number> = new Map(),
): TillState {
  const { refreshing } = state;
  if (!refreshing) return state;
  const now = new Map(products?.map((product) => [product._id, product]));
  const bill = state.bill.map((line) =>
    withLabelsRead({ ...line, product: now.get(line.product._id) ?? line.product }, labels),
  );
  const read = { ...state, bill: products ? bill : state.bill, refreshing: null };
  if (refreshing.reason !== 'OUT_OF_STOCK') return read;
  if (pastCountLines(read.bill).length > 0) return { ...read, askingPastCount: true };
  return { ...read, notice: { kind: 'sale failed', problem: refreshing.problem } };
}
