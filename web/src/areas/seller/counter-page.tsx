import {
  DEFAULT_TIME_ZONE,
  type CounterDay,
  type CounterPayment,
  type CounterSale,
  type Product,
} from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import {
  addToBill,
  attemptFor,
  billTotals,
  cashFor,
  saleBody,
  setQuantity,
  shortOf,
  type Bill,
  type SaleAttempt,
} from '../../features/counter/bill';
import { BillTable } from '../../features/counter/components/bill-table';
import { CloseDayDialog } from '../../features/counter/components/close-day-dialog';
import { PaymentPanel } from '../../features/counter/components/payment-panel';
import { RecentSales } from '../../features/counter/components/recent-sales';
import { ReturnDialog } from '../../features/counter/components/return-dialog';
import { SaleDone } from '../../features/counter/components/sale-done';
import { ScanBox } from '../../features/counter/components/scan-box';
import { OpenTillForm, TillBar } from '../../features/counter/components/till-bar';
import { printReceipt } from '../../features/counter/print-receipt';
import { counterChanges, counterQueries } from '../../features/counter/queries';
import { failureMessage } from '../../features/seller/failure-message';
import { shopQueries } from '../../features/shop/queries';
import { LoadProblem } from './load-problem';
import '../../features/seller/components/seller-screen.css';
import '../../features/seller/components/seller-button.css';
import '../../features/seller/components/seller-form.css';
import '../../features/seller/components/seller-table.css';
import '../../features/seller/components/confirm-dialog.css';
import '../../features/counter/components/counter.css';

/** Whether the desktop app prints receipts itself (a receipt printer is set in it). */
async function desktopPrints(): Promise<boolean> {
  return Boolean((await window.kirana?.receiptPrinter?.())?.configured);
}

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
  const { data: day, error, refetch, isPending } = useQuery(counterQueries.till());
  const [bill, setBill] = useState<Bill>([]);
  const [payment, setPayment] = useState<CounterPayment>('cash');
  const [tendered, setTendered] = useState('');
  const [attempt, setAttempt] = useState<SaleAttempt | null>(null);
  const [done, setDone] = useState<CounterSale | null>(null);
  const [printing, setPrinting] = useState(false);
  const [closing, setClosing] = useState(false);
  const [closedDay, setClosedDay] = useState<CounterDay | null>(null);
  const [returning, setReturning] = useState<CounterSale | null>(null);
  const scan = useRef<HTMLInputElement>(null);
  const tenderedField = useRef<HTMLInputElement>(null);
  const lookUp = useMutation(counterChanges.lookUp());
  const selling = useMutation(counterChanges.sell());
  const opening = useMutation(counterChanges.open());
  const closingDay = useMutation(counterChanges.close());
  const givingBack = useMutation(counterChanges.giveBack());
  const totals = billTotals(bill);
  const canSell = day !== null && bill.length > 0 && bill.every((line) => shortOf(line) === 0);

  const nextSale = () => {
    setBill([]);
    setPayment('cash');
    setTendered('');
    setAttempt(null);
    setDone(null);
    scan.current?.focus();
  };

  const add = (product: Product, quantity: number) => {
    if (done) nextSale();
    setBill((held) => addToBill(held, product, quantity));
  };

  const onCode = async (code: string, quantity: number) => {
    try {
      add(await lookUp.mutateAsync(code), quantity);
      return true;
    } catch (problem) {
      toast.error(failureMessage(problem, `No product has the code ${code}`));
      return false;
    }
  };

  const print = async (sale: CounterSale) => {
    setPrinting(true);
    try {
      const result = await printReceipt(sale._id, sale.payment === 'cash');
      if (!result.printed) toast.warning(result.reason);
    } finally {
      setPrinting(false);
    }
  };

  const sell = async () => {
    if (!canSell || selling.isPending) return;
    const cash = cashFor(totals.total, tendered);
    if (payment === 'cash' && !('change' in cash)) return;
    const body = saleBody(bill, payment, 'tendered' in cash ? cash.tendered : undefined);
    const sending = attemptFor(attempt, body);
    setAttempt(sending);
    try {
      const sale = await selling.mutateAsync({ body, key: sending.key });
      setDone(sale);
      scan.current?.focus();
      if (await desktopPrints()) await print(sale);
    } catch {
      // Said by the mutation; the bill stays for a retry, sent with the same key.
    }
  };

  // The till's keys, wherever the focus is on this screen (none while a dialog is open).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const handled: Record<string, () => void> = {
      F2: () => scan.current?.focus(),
      F4: () => {
        setPayment('cash');
        // The field is there unless UPI was chosen: then once it is drawn.
        if (tenderedField.current) tenderedField.current.focus();
        else requestAnimationFrame(() => tenderedField.current?.focus());
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
                onEmptyEnter={done ? nextSale : undefined}
              />
              <BillTable
                bill={done ? [] : bill}
                onQuantity={(productId, quantity) =>
                  setBill((held) => setQuantity(held, productId, quantity))
                }
                disabled={selling.isPending}
              />
            </div>
            {done ? (
              <SaleDone
                sale={done}
                printing={printing}
                onPrint={() => void print(done)}
                onNext={nextSale}
              />
            ) : (
              <PaymentPanel
                totals={totals}
                payment={payment}
                onPayment={setPayment}
                tendered={tendered}
                onTendered={setTendered}
                upi={{ upiId: shop?.upiId ?? '', upiName: shop?.upiName ?? '' }}
                busy={selling.isPending}
                canSell={canSell}
                onSell={() => void sell()}
                tenderedRef={tenderedField}
              />
            )}
          </div>
          <RecentSales
            timeZone={timeZone}
            onReturn={setReturning}
            onPrint={(sale) => void print(sale)}
          />
          <ReturnDialog
            sale={returning}
            busy={givingBack.isPending}
            onReturn={(body) =>
              returning &&
              givingBack.mutate(
                { saleId: returning._id, body },
                { onSuccess: () => setReturning(null) },
              )
            }
            onDismiss={() => setReturning(null)}
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
        onDismiss={() => setClosing(false)}
      />
    </div>
  );
}
