import {
  DEFAULT_TIME_ZONE,
  type CounterDay,
  type CounterPayment,
  type CounterReturnBody,
  type CounterSale,
  type CounterSaleBody,
  type Product,
} from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import {
  addToBill,
  billBeyond,
  billTotals,
  cashFor,
  joinBills,
  pastCountLines,
  readyToSell,
  saleBody,
  setQuantity,
  type Bill,
} from '../../features/counter/bill';
import { BillTable } from '../../features/counter/components/bill-table';
import { CloseDayDialog } from '../../features/counter/components/close-day-dialog';
import { PastCountDialog } from '../../features/counter/components/past-count-dialog';
import { PaymentPanel } from '../../features/counter/components/payment-panel';
import { RecentSales } from '../../features/counter/components/recent-sales';
import { ReturnDialog } from '../../features/counter/components/return-dialog';
import { heldBill, holdBill } from '../../features/counter/held-bill';
import { SaleDone } from '../../features/counter/components/sale-done';
import { ScanBox } from '../../features/counter/components/scan-box';
import { OpenTillForm, TillBar } from '../../features/counter/components/till-bar';
import { rupees } from '../../features/counter/money';
import { desktopPrintsReceipts, printReceipt } from '../../features/counter/print-receipt';
import {
  counterChanges,
  counterQueries,
  productsNow,
  tellFailure,
} from '../../features/counter/queries';
import { errorText, failureMessage } from '../../features/seller/failure-message';
import { shopQueries } from '../../features/shop/queries';
import { LoadProblem } from './load-problem';
import '../../features/seller/components/seller-screen.css';
import '../../features/seller/components/seller-button.css';
import '../../features/seller/components/seller-form.css';
import '../../features/seller/components/seller-table.css';
import '../../features/seller/components/confirm-dialog.css';
import '../../features/counter/components/counter.css';

const newKey = () => crypto.randomUUID();
const saleFailed = tellFailure('The sale could not be recorded: try again');

/**
 * /seller/counter: the till (design: The counter). Scan or type items onto the bill, take cash
 * (with change) or UPI (a QR for the exact amount), record the sale (its units leave the shop's
 * one stock at once, online too), print the receipt; take items back; open and close the day.
 * Keyboard first: F2 scan, F4 cash, F8 UPI, F9 complete, F7 print, Enter on an empty scan box
 * starts the next sale.
 */
export function CounterPage() {
  const shop = useQuery(shopQueries.shop()).data?.shop;
  const timeZone = shop?.timeZone ?? DEFAULT_TIME_ZONE;
  const upiId = shop?.upiId ?? '';
  const { data: day, error, refetch, isPending } = useQuery(counterQueries.till());
  // The bill this tab held before a reload, if any (prices or units left that moved since are
  // said when it is sold, as for any bill).
  const [held] = useState(heldBill);
  const [bill, setBill] = useState<Bill>(held?.bill ?? []);
  // Scanned while the last sale is being recorded: the next bill's (read after the sale's await,
  // so a ref, not the value this render saw).
  const queued = useRef<Bill>([]);
  const recording = useRef(false);
  // Codes scanned whose products are still being looked up, and F9 pressed meanwhile: the sale
  // waits for them (a scanner's Enter and a quick F9 are milliseconds apart).
  const [scansInFlight, setScansInFlight] = useState(0);
  const sellWhenScanned = useRef(false);
  const [payment, setPayment] = useState<CounterPayment>(held?.payment ?? 'cash');
  const [tendered, setTendered] = useState(held?.tendered ?? '');
  // One key for the bill until it is sold: a retry after a lost answer is the same sale.
  const [billKey, setBillKey] = useState(() => held?.key ?? newKey());
  // The last try of this bill whose answer never came (the server unreached or failing): it may
  // have been recorded. Kept with the bill over a reload.
  const unanswered = useRef<CounterSaleBody | null>(held?.unanswered ?? null);
  const [done, setDone] = useState<CounterSale | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [printing, setPrinting] = useState(false);
  const [closing, setClosing] = useState(false);
  const [closedDay, setClosedDay] = useState<CounterDay | null>(null);
  const [returning, setReturning] = useState<{ sale: CounterSale; key: string } | null>(null);
  // The seller is asked whether the customer holds what the count says is gone.
  const [askingPastCount, setAskingPastCount] = useState(false);
  const scan = useRef<HTMLInputElement>(null);
  const tenderedField = useRef<HTMLInputElement>(null);
  const lookUp = useMutation(counterChanges.lookUp());
  const selling = useMutation(counterChanges.sell());
  const opening = useMutation(counterChanges.open());
  const closingDay = useMutation(counterChanges.close());
  const givingBack = useMutation(counterChanges.giveBack());
  const totals = billTotals(bill);
  const ready = Boolean(day) && !selling.isPending && readyToSell(bill, payment, tendered, upiId);

  const backToScan = () => requestAnimationFrame(() => scan.current?.focus());

  /** A new bill, holding what was scanned for it already. */
  const nextSale = (scanned: Bill = []) => {
    setBill(scanned);
    setPayment('cash');
    setTendered('');
    setBillKey(newKey());
    unanswered.current = null;
    setDone(null);
    scan.current?.focus();
  };

  const add = (product: Product, quantity: number) => {
    if (recording.current) {
      queued.current = addToBill(queued.current, product, quantity);
      return;
    }
    setDone(null);
    setBill((held) => addToBill(held, product, quantity));
  };

  const onCode = async (code: string, quantity: number) => {
    setScansInFlight((count) => count + 1);
    try {
      add(await lookUp.mutateAsync(code), quantity);
      return true;
    } catch (problem) {
      toast.error(failureMessage(problem, `No product has the code ${code}`));
      // Not the bill the seller asked to sell: it is short of this item.
      sellWhenScanned.current = false;
      return false;
    } finally {
      setScansInFlight((count) => count - 1);
    }
  };

  // Read after awaits (a print right after a sale): a ref, not this render's value.
  const printingNow = useRef<Promise<void> | null>(null);

  /**
   * Prints `sale`'s receipt; `openDrawer` only for the sale just made in cash. A receipt asked
   * for while another prints waits for it; a repeat of a reprint is ignored.
   */
  const print = async (sale: CounterSale, openDrawer = false) => {
    if (printingNow.current) {
      if (!openDrawer) return;
      await printingNow.current;
    }
    const printed = printOne(sale, openDrawer);
    printingNow.current = printed;
    try {
      await printed;
    } finally {
      if (printingNow.current === printed) printingNow.current = null;
    }
  };

  const printOne = async (sale: CounterSale, openDrawer: boolean) => {
    setPrinting(true);
    try {
      const result = await printReceipt(sale._id, openDrawer && sale.payment === 'cash');
      if (!result.printed) toast.warning(result.reason);
    } catch (problem) {
      toast.warning(`The receipt could not be printed: ${errorText(problem)}`);
    } finally {
      setPrinting(false);
    }
  };

  /**
   * The bill's products as they are now, after the server said their prices moved or too few are
   * left: the bill shows the new prices, or marks what it cannot sell. Answers the bill as it
   * now is (the one it held when not reached): `shown`, the bill on the screen, scans included.
   */
  const refreshBill = async (shown: Bill): Promise<Bill> => {
    // Not reached: the bill stays as it is, and the next try says why.
    const products = await productsNow(shown.map((line) => line.product._id)).catch(() => null);
    if (!products) return shown;
    const now = new Map(products.map((product) => [product._id, product]));
    const fresh = (held: Bill) =>
      held.map((line) => ({ ...line, product: now.get(line.product._id) ?? line.product }));
    setBill(fresh);
    return fresh(shown);
  };

  /**
   * Records the bill. One that sells past a product's count asks the seller first, and is sent
   * with their word (`sellPastCount`) once they give it; a bill refused for stock gone since it
   * was shown asks the same, from the products as they now are.
   */
  const sell = async (sellPastCount = false) => {
    // Not twice at once: a second F9 while a bill is recorded is not the next bill's.
    if (recording.current) return;
    if (scansInFlight > 0) {
      sellWhenScanned.current = true;
      return;
    }
    // Nor the bill just recorded again (a new bill may be on show already).
    if (!ready || (done && bill.length === 0)) return;
    if (!sellPastCount && pastCountLines(bill).length > 0) {
      setAskingPastCount(true);
      return;
    }
    setAskingPastCount(false);
    const cash = cashFor(totals.total, tendered);
    const body = saleBody(
      bill,
      payment,
      totals.total,
      'tendered' in cash ? cash.tendered : undefined,
      sellPastCount,
    );
    recording.current = true;
    // A scanner types into whatever has the focus: the next customer's items, into the scan box.
    scan.current?.focus();
    let sale: CounterSale;
    try {
      sale = await selling.mutateAsync({ body, key: billKey });
    } catch (problem) {
      recording.current = false;
      const scanned = queued.current;
      queued.current = [];
      const code = problem instanceof ApiError ? problem.code : undefined;
      if (code === 'IDEMPOTENCY_KEY_REUSED') {
        // A try whose answer was lost was recorded after all: what the bill holds beyond it, and
        // what was scanned meanwhile, is the next bill's.
        toast.warning('This bill was recorded already: find it in Today’s sales');
        nextSale(joinBills(billBeyond(bill, unanswered.current?.items ?? body.items), scanned));
        return;
      }
      if (!(problem instanceof ApiError) || problem.status === 0 || problem.status >= 500) {
        unanswered.current = body;
        holdBill({ bill, key: billKey, payment, tendered, unanswered: body });
      }
      // Scanned meanwhile: on this bill after all.
      setBill((held) => joinBills(held, scanned));
      if (code === 'BILL_CHANGED') {
        toast.warning(failureMessage(problem, 'Prices changed: check the bill'));
        await refreshBill(joinBills(bill, scanned));
      } else if (code === 'OUT_OF_STOCK') {
        const now = await refreshBill(joinBills(bill, scanned));
        // Gone since the bill was shown: the seller's word sells it all the same.
        if (pastCountLines(now).length > 0) {
          setAskingPastCount(true);
          return;
        }
        saleFailed(problem);
      } else saleFailed(problem);
      scan.current?.focus();
      return;
    }
    recording.current = false;
    // The next bill holds what was scanned while this one was recorded; this one shows as done.
    nextSale(queued.current);
    queued.current = [];
    setDone(sale);
    setAnnouncement(
      `Bill ${sale.number} recorded: ${rupees(sale.amount)}${
        sale.payment === 'cash' ? `, change to give ${rupees(sale.change ?? 0)}` : ', paid by UPI'
      }`,
    );
    // The desktop app prints at once, and opens the drawer for cash.
    if (await desktopPrintsReceipts().catch(() => false)) await print(sale, true);
  };

  useEffect(() => {
    holdBill({ bill, key: billKey, payment, tendered, unanswered: unanswered.current });
  }, [bill, billKey, payment, tendered]);

  const sellNow = useEffectEvent(() => void sell());
  useEffect(() => {
    if (scansInFlight > 0 || !sellWhenScanned.current) return;
    sellWhenScanned.current = false;
    sellNow();
  }, [scansInFlight]);

  // The till's keys, wherever the focus is on this screen (none while a dialog is open).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const handled: Record<string, () => void> = {
      F2: () => scan.current?.focus(),
      F4: () => {
        // Drawn at once (it is not while UPI is chosen), so that the next keys typed reach it.
        flushSync(() => setPayment('cash'));
        tenderedField.current?.focus();
      },
      F8: () => setPayment('upi'),
      F9: () => void sell(),
      F7: () => {
        if (done) void print(done);
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

  const giveBack = (body: CounterReturnBody) => {
    if (!returning) return;
    givingBack.mutate(
      { saleId: returning.sale._id, body, key: returning.key },
      {
        onSuccess: (answer) => {
          setReturning(null);
          const { amount, payment: way } = answer.return;
          const said =
            amount > 0
              ? `Return recorded: give back ${rupees(amount)} ${way === 'cash' ? 'in cash' : 'by UPI'}`
              : 'Return recorded';
          toast.success(said);
          setAnnouncement(said);
          backToScan();
        },
      },
    );
  };

  return (
    <div className="seller-page counter">
      <title>Counter · Kirana Seller</title>
      <header className="seller-page__head">
        <h1>Counter</h1>
        {day && (
          <TillBar
            day={day}
            timeZone={timeZone}
            onClose={() => {
              setClosedDay(null);
              setClosing(true);
            }}
          />
        )}
      </header>
      {/* What the till just did, said to screen readers: always there, so that it is read out. */}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {error && day === undefined ? (
        <LoadProblem
          message={failureMessage(error, 'Failed to load the till')}
          onRetry={() => void refetch()}
        />
      ) : isPending ? (
        <Spinner label="Loading the till…" />
      ) : day === null ? (
        <OpenTillForm busy={opening.isPending} onOpen={(float) => opening.mutate(float)} />
      ) : (
        <>
          <div className="counter__sale">
            <div className="counter__bill">
              <ScanBox
                ref={scan}
                onCode={onCode}
                onProduct={add}
                onEmptyEnter={done && bill.length === 0 ? () => nextSale() : undefined}
              />
              <BillTable
                bill={bill}
                onQuantity={(productId, quantity) =>
                  setBill((held) => setQuantity(held, productId, quantity))
                }
                disabled={selling.isPending}
              />
            </div>
            {done && bill.length === 0 ? (
              <SaleDone
                sale={done}
                printing={printing}
                onPrint={() => {
                  void print(done);
                  backToScan();
                }}
                onNext={() => nextSale()}
              />
            ) : (
              <div className="counter__pay">
                {done && (
                  <p className="counter-last" role="status">
                    Bill {done.number} recorded
                    {done.payment === 'cash'
                      ? `: change to give ${rupees(done.change ?? 0)}`
                      : ': paid by UPI'}
                  </p>
                )}
                <PaymentPanel
                  totals={totals}
                  payment={payment}
                  onPayment={setPayment}
                  tendered={tendered}
                  onTendered={setTendered}
                  upi={{ upiId, upiName: shop?.upiName ?? '' }}
                  busy={selling.isPending}
                  ready={ready}
                  onSell={() => void sell()}
                  tenderedRef={tenderedField}
                />
              </div>
            )}
          </div>
          <RecentSales
            date={day.date}
            timeZone={timeZone}
            onReturn={(sale) => setReturning({ sale, key: newKey() })}
            onPrint={(sale) => {
              void print(sale);
              backToScan();
            }}
          />
          <PastCountDialog
            lines={askingPastCount ? pastCountLines(bill) : []}
            busy={selling.isPending}
            onSell={() => void sell(true)}
            onBack={() => {
              setAskingPastCount(false);
              backToScan();
            }}
          />
          <ReturnDialog
            sale={returning?.sale ?? null}
            busy={givingBack.isPending}
            onReturn={giveBack}
            onDismiss={() => {
              setReturning(null);
              backToScan();
            }}
          />
        </>
      )}
      {/* Outside the till's screen: once closed, the day's figures stay on show. */}
      <CloseDayDialog
        open={closing}
        day={closedDay ?? day ?? null}
        closed={closedDay}
        busy={closingDay.isPending}
        onCloseDay={(countedCash, note) =>
          closingDay.mutate(
            { countedCash, ...(note && { note }) },
            { onSuccess: (closed) => setClosedDay(closed) },
          )
        }
        onDismiss={() => {
          setClosing(false);
          backToScan();
        }}
      />
    </div>
  );
}
