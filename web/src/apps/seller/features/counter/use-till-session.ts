import { type CounterPayment } from '@kirana/shared';
import type { CounterReturnBody, CounterSale, Product, ReceiptShop } from '@kirana/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError, isUnreachable } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { failureMessage, reportFailure } from '../../failure-message';
import {
  billTotals,
  khataSplitFor,
  labelCodes,
  pastCountLines,
  readyToSell,
  type Bill,
  type KhataSplit,
  type TillCustomer,
  type TillShop,
} from './bill';
import { heldBill, holdBill, type HeldBill } from './held-bill';
import { billNumberText, paidText, rupees } from './money';
import { desktopPrintsReceipts } from './print-receipt';
import { counterMutations } from './mutations';
import { productsNow } from './queries';
import {
  emptyTill,
  showsDone,
  tillReducer,
  type SaleRequest,
  type TillEvent,
  type TillNotice,
  type TillState,
} from './till-reducer';
import { useReceiptPrinter } from './use-receipt-printer';

const newKey = () => crypto.randomUUID();
const saleFailed = reportFailure('The sale could not be recorded: try again');

/** The bill this tab held before a reload, or an empty one. */
function restoredTill(): TillState {
  const held = heldBill();
  const empty = emptyTill(newKey());
  return held ? tillReducer(empty, { type: 'held bill restored', held }) : empty;
}

/** What is kept of the till over a reload (held-bill.ts). */
const HELD = [
  'bill',
  'key',
  'payment',
  'tendered',
  'unanswered',
  'customer',
  'split',
] as const satisfies readonly (keyof HeldBill)[];
const heldOf = ({
  bill,
  key,
  payment,
  tendered,
  unanswered,
  customer,
  split,
}: TillState): HeldBill => ({ bill, key, payment, tendered, unanswered, customer, split });

/** The server's code of a failed sale, and whether its answer was lost (it may be recorded). */
const failureOf = (problem: unknown) =>
  problem instanceof ApiError
    ? { code: problem.code, lost: problem.status === 0 || problem.status >= 500 }
    : { lost: true };

function tell(notice: TillNotice): void {
  if (notice.kind === 'recorded already')
    toast.warning('This bill was recorded already: find it in Today’s sales');
  else if (notice.kind === 'prices changed')
    toast.warning(failureMessage(notice.problem, 'Prices changed: check the bill'));
  else saleFailed(notice.problem);
}

const recordedText = (sale: CounterSale) =>
  `Bill ${billNumberText(sale)} recorded: ${rupees(sale.amount)}, ${paidText(sale)}`;

const keptText = (sale: CounterSale) =>
  `Bill ${billNumberText(sale)} kept on this counter: ${rupees(sale.amount)}, ${paidText(sale)}`;

/** What a code names: its product, and a scale label's grams (millilitres). */
type CodeRead = { product: Product; quantity?: number };

/**
 * What the till needs of the counter's side without a connection
 * (docs/counter.md#the-till-without-a-connection): whether the server is reached, saying it is
 * not, keeping a sale made without it (numbered in this counter's series; refused past a khata's
 * limit last seen), and reading a code from the catalogue kept here.
 */
export interface OfflineTill {
  online: boolean;
  wentOffline: () => void;
  keep: (request: SaleRequest, bill: Bill, customer: TillCustomer | null) => Promise<CounterSale>;
  lookUp: (code: string) => Promise<CodeRead>;
}

const GIVEN_BACK: Record<CounterSale['payment'], string> = {
  cash: 'give back {amount} in cash',
  upi: 'give back {amount} by UPI',
  khata: '{amount} taken off the khata',
};

const returnedText = ({ amount, payment }: { amount: number; payment: CounterSale['payment'] }) =>
  amount > 0
    ? `Return recorded: ${GIVEN_BACK[payment].replace('{amount}', rupees(amount))}`
    : 'Return recorded';

/**
 * The till's session: its reducer (till-reducer.ts) joined to the sale, lookup and return
 * mutations, the held bill, the receipt printer and the keyboard (F2 scan, F4 cash, F8 UPI, F9
 * pay, F7 print, wherever the focus is, none while a dialog is open). `tillOpen`: a day of the
 * till is open (and the shop known), so a bill may be sold; `shop`: its UPI id, for UPI, and its
 * mode, which the totals follow.
 */
export function useTillSession({
  shop,
  receiptShop,
  tillOpen,
  offline,
}: {
  shop: TillShop;
  /** What the receipts say of the shop; none until the shop is known. */
  receiptShop: ReceiptShop | undefined;
  tillOpen: boolean;
  offline: OfflineTill;
}) {
  const [till, setTill] = useState(restoredTill);
  // Events come between renders (a scanner's keys, answers): each reduces the latest state.
  const current = useRef(till);
  const [announcement, setAnnouncement] = useState('');
  const [returning, setReturning] = useState<{ sale: CounterSale; key: string } | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const tenderedRef = useRef<HTMLInputElement>(null);
  const lookUp = useMutation(counterMutations.lookUp());
  const selling = useMutation(counterMutations.sell());
  const givingBack = useMutation(counterMutations.giveBack());
  const printer = useReceiptPrinter(receiptShop);

  const focusScan = () => scanRef.current?.focus();
  const backToScan = () => requestAnimationFrame(focusScan);

  /** `event` at the till, and what its transition asks for: the bill held, a notice, a call. */
  const send = (event: TillEvent) => {
    const before = current.current;
    const after = tillReducer(before, event);
    if (after === before) return;
    current.current = after;
    setTill(after);
    if (HELD.some((field) => after[field] !== before[field])) holdBill(heldOf(after));
    if (after.notice) tell(after.notice);
    if (after.recording && after.recording !== before.recording) void record(after.recording);
    if (after.refreshing && after.refreshing !== before.refreshing)
      void Promise.all([
        productsNow(after.refreshing.ids).catch(() => null),
        labelWeights(labelCodes(after.bill)),
      ]).then(([products, labels]) => send({ type: 'products read', products, labels }));
  };

  /** The grams the server reads from each of these scale labels now; one not read is left out. */
  const labelWeights = async (codes: readonly string[]) => {
    const read = await Promise.all(
      codes.map((code) =>
        lookUp
          .mutateAsync(code)
          .then(({ quantity }) => (quantity === undefined ? [] : [[code, quantity] as const]))
          .catch(() => []),
      ),
    );
    return new Map(read.flat());
  };

  /** The sale `sale` done: on show, said, and printed at once by the desktop app. */
  const sold = async (sale: CounterSale, said: string) => {
    send({ type: 'sale answered', sale, nextKey: newKey() });
    focusScan();
    setAnnouncement(said);
    // The desktop app prints at once, and opens the drawer for cash.
    if (await desktopPrintsReceipts().catch(() => false)) await printer.print(sale, true);
  };

  /** The sale kept on this counter, the server unreached: it is sent once it can be. */
  const keep = async (request: SaleRequest) => {
    const { bill, customer } = current.current;
    let sale: CounterSale;
    try {
      sale = await offline.keep(request, bill, customer);
    } catch (problem) {
      send({ type: 'sale failed', ...failureOf(problem), problem, nextKey: newKey() });
      focusScan();
      return;
    }
    await sold(sale, keptText(sale));
  };

  const record = async (request: SaleRequest) => {
    // A scanner types into whatever has the focus: the next customer's items, into the scan box.
    focusScan();
    if (!offline.online) return keep(request);
    let sale: CounterSale;
    try {
      sale = await selling.mutateAsync(request);
    } catch (problem) {
      // Unreached, the sale is kept under the same key: had this try been recorded after all,
      // the server answers it when the kept sale is sent.
      if (isUnreachable(problem)) {
        offline.wentOffline();
        return keep(request);
      }
      send({ type: 'sale failed', ...failureOf(problem), problem, nextKey: newKey() });
      focusScan();
      return;
    }
    await sold(sale, recordedText(sale));
  };

  /** What `code` names: asked of the server, or read from the catalogue kept here without it. */
  const readCode = async (code: string): Promise<CodeRead> => {
    if (!offline.online) return offline.lookUp(code);
    try {
      return await lookUp.mutateAsync(code);
    } catch (problem) {
      if (!isUnreachable(problem)) throw problem;
      offline.wentOffline();
      return offline.lookUp(code);
    }
  };

  /**
   * A code scanned or typed: its product on the bill once looked up (a scale label's with the
   * label's weight); an unknown one is said.
   */
  const onCode = async (code: string, quantity: number): Promise<boolean> => {
    send({ type: 'scanned' });
    let found: CodeRead;
    try {
      found = await readCode(code);
    } catch (problem) {
      toast.error(failureMessage(problem, `No product has the code ${code}`));
      send({ type: 'lookup failed' });
      return false;
    }
    const { product, quantity: labelled } = found;
    const label = labelled === undefined ? undefined : { code, quantity: labelled };
    send({ type: 'looked up', product, quantity, label });
    return true;
  };

  /** The weight typed for the loose product asked for; weighed, back to the scan box. */
  const weigh = (text: string) => {
    send({ type: 'weight typed', text });
    if (current.current.weighing.length === 0) backToScan();
  };

  const pay = (pastCountAgreed = false) => {
    if (tillOpen) send({ type: 'pay pressed', shop, pastCountAgreed });
  };

  const nextSale = () => {
    send({ type: 'next sale', nextKey: newKey() });
    focusScan();
  };

  const print = (sale: CounterSale) => {
    void printer.print(sale);
    backToScan();
  };

  const giveBack = (body: CounterReturnBody) => {
    if (!returning) return;
    givingBack.mutate(
      { saleId: returning.sale._id, body, key: returning.key },
      {
        onSuccess: (answer) => {
          setReturning(null);
          const said = returnedText(answer.return);
          toast.success(said);
          setAnnouncement(said);
          backToScan();
        },
      },
    );
  };

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const handled: Record<string, () => void> = {
      F2: focusScan,
      F4: () => {
        // Drawn at once (it is not while UPI is chosen), so that the next keys typed reach it.
        flushSync(() => send({ type: 'payment chosen', payment: 'cash' }));
        tenderedRef.current?.focus();
      },
      F8: () => send({ type: 'payment chosen', payment: 'upi' }),
      F9: () => pay(),
      F7: () => {
        if (till.done) void printer.print(till.done);
      },
    };
    const action = handled[event.key];
    if (!action || document.querySelector('dialog[open]')) return;
    event.preventDefault();
    action();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const busy = till.recording !== null;
  return {
    ...till,
    totals: billTotals(till.bill, shop.tax),
    ready:
      tillOpen &&
      !busy &&
      readyToSell(till.bill, till.payment, till.tendered, shop, {
        customer: till.customer,
        split: till.split,
      }),
    /** With the khata: the part paid now and the rest on the khata, or why it cannot be. */
    khataSplit: khataSplitFor(billTotals(till.bill, shop.tax).total, till.split),
    busy,
    /** The sale just recorded is on show, the bill empty: Enter starts the next. */
    showingDone: showsDone(till),
    /** The lines the seller is asked to sell past their count; none: not asked. */
    pastCountAsked: till.askingPastCount ? pastCountLines(till.bill) : [],
    announcement,
    printing: printer.printing,
    scanRef,
    tenderedRef,
    onCode,
    pick: (product: Product, quantity: number) => send({ type: 'picked', product, quantity }),
    setQuantity: (productId: string, quantity: number) =>
      send({ type: 'quantity set', productId, quantity }),
    /** The loose product whose weight the seller is asked for now, or null. */
    weighingNow: till.weighing[0] ?? null,
    weigh,
    dismissWeighing: () => {
      send({ type: 'weighing dismissed' });
      if (current.current.weighing.length === 0) backToScan();
    },
    choosePayment: (payment: CounterPayment) => send({ type: 'payment chosen', payment }),
    chooseCustomer: (customer: TillCustomer | null) => send({ type: 'customer chosen', customer }),
    typeSplit: (paid: string) => send({ type: 'split typed', paid }),
    splitPaidBy: (by: KhataSplit['by']) => send({ type: 'split paid by', by }),
    typeTendered: (tendered: string) => send({ type: 'tendered typed', tendered }),
    pay,
    declinePastCount: () => {
      send({ type: 'past count declined' });
      backToScan();
    },
    nextSale,
    print,
    returns: {
      sale: returning?.sale ?? null,
      busy: givingBack.isPending,
      start: (sale: CounterSale) => setReturning({ sale, key: newKey() }),
      giveBack,
      dismiss: () => {
        setReturning(null);
        backToScan();
      },
    },
    backToScan,
  };
}
