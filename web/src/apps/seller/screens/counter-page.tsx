import { DEFAULT_TIME_ZONE, toRupees } from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../common/ui/spinner';
import { BillTable } from '../features/counter/components/bill-table';
import { CloseDayDialog } from '../features/counter/components/close-day-dialog';
import { PastCountDialog } from '../features/counter/components/past-count-dialog';
import { PaymentPanel } from '../features/counter/components/payment-panel';
import { RecentSales } from '../features/counter/components/recent-sales';
import { ReturnDialog } from '../features/counter/components/return-dialog';
import { LastSale, SaleDone } from '../features/counter/components/sale-done';
import { ScanBox } from '../features/counter/components/scan-box';
import { OpenTillForm, TillBar } from '../features/counter/components/till-bar';
import { WeighBox } from '../features/counter/components/weigh-box';
import { OfflineLine } from '../features/counter/components/offline-line';
import { WaitingSales } from '../features/counter/components/waiting-sales';
import { useOfflineTill } from '../features/counter/offline/use-offline-till';
import { CustomerPicker } from '../features/khata/components/customer-picker';
import { counterMutations } from '../features/counter/mutations';
import { counterQueries } from '../features/counter/queries';
import { useDayClose } from '../features/counter/use-day-close';
import { useTillSession } from '../features/counter/use-till-session';
import { errorText, failureMessage } from '../failure-message';
import { toast } from '../../../lib/toast';
import { shopQueries } from '../../../common/shop-settings/queries';
import { LoadProblem } from '../ui/load-problem';
import { SellerPage } from '../ui/seller-page';
import '../ui/seller-form.css';
import '../features/counter/components/counter.css';

const productsText = (count: number) =>
  count === 1 ? '1 product' : `${count.toLocaleString('en-IN')} products`;

/**
 * /seller/counter: the till (docs/counter.md#the-till). Scan or type items onto the bill, take cash
 * (with change) or UPI (a QR for the exact amount), record the sale (its units leave the shop's
 * one stock at once, online too), print the receipt; take items back; open and close the day.
 * Keyboard first: F2 scan, F4 cash, F8 UPI, F9 complete, F7 print, Enter on an empty scan box
 * starts the next sale. The till's protocol is useTillSession's; this is its layout.
 */
export function CounterPage() {
  const shopRead = useQuery(shopQueries.shop());
  // Without the server, the shop as last kept on this counter.
  const keptShop = useQuery({
    ...counterQueries.keptShop(),
    enabled: shopRead.isError || shopRead.fetchStatus === 'paused',
  }).data;
  const shop = shopRead.data?.shop ?? keptShop ?? undefined;
  const { till: offline, sync, kept, customers: keptCustomers } = useOfflineTill(shop);
  const timeZone = shop?.timeZone ?? DEFAULT_TIME_ZONE;
  const upi = { upiId: shop?.upiId ?? '', upiName: shop?.upiName ?? '' };
  const tax = shop?.tax ?? 'spec';
  const { data: day, error, refetch, isPending } = useQuery(counterQueries.till());
  // The bill's totals follow the shop's mode: nothing is sold until the shop is known.
  const { scanRef, tenderedRef, ...till } = useTillSession({
    shop: { upiId: upi.upiId, tax },
    receiptShop: shop,
    tillOpen: Boolean(day) && shop !== undefined,
    offline,
  });
  const { done, returns } = till;
  // The sale just made is kept on this counter until the server has recorded it.
  const doneKept = done !== null && sync.waiting.some((waiting) => waiting.key === done._id);
  const opening = useMutation(counterMutations.open());
  const dayClose = useDayClose(day, till.backToScan, sync.waiting.length);

  return (
    <SellerPage
      title="Counter"
      className="counter"
      head={day && <TillBar day={day} timeZone={timeZone} onClose={dayClose.start} />}
    >
      {/* What the till just did, said to screen readers: always there, so that it is read out. */}
      <p className="visually-hidden" role="status">
        {till.announcement}
      </p>
      <OfflineLine online={sync.online} waiting={sync.waiting.length} />
      {error && day === undefined ? (
        <LoadProblem
          message={failureMessage(error, 'Failed to load the till')}
          onRetry={() => void refetch()}
        />
      ) : shopRead.error && !shop ? (
        <LoadProblem
          message={failureMessage(shopRead.error, 'Failed to load the shop settings')}
          onRetry={() => void shopRead.refetch()}
        />
      ) : isPending || !shop ? (
        <Spinner label="Loading the till…" />
      ) : day === null ? (
        <OpenTillForm busy={opening.isPending} onOpen={(float) => opening.mutate(float)} />
      ) : (
        <>
          <div className="counter__sale">
            <div className="counter__bill">
              <ScanBox
                ref={scanRef}
                onCode={till.onCode}
                onProduct={till.pick}
                onEmptyEnter={till.showingDone ? till.nextSale : undefined}
              />
              {till.weighingNow && (
                <WeighBox
                  key={till.weighingNow._id}
                  product={till.weighingNow}
                  problem={till.weightProblem}
                  onWeight={till.weigh}
                  onDismiss={till.dismissWeighing}
                />
              )}
              <BillTable bill={till.bill} onQuantity={till.setQuantity} disabled={till.busy} />
            </div>
            {till.showingDone && done ? (
              <SaleDone
                sale={done}
                kept={doneKept}
                printing={till.printing}
                onPrint={() => till.print(done)}
                onNext={till.nextSale}
              />
            ) : (
              <div className="counter__pay">
                {done && <LastSale sale={done} kept={doneKept} />}
                <PaymentPanel
                  totals={till.totals}
                  tax={tax}
                  payment={till.payment}
                  onPayment={till.choosePayment}
                  tendered={till.tendered}
                  onTendered={till.typeTendered}
                  upi={upi}
                  busy={till.busy}
                  ready={till.ready}
                  onSell={() => till.pay()}
                  tenderedRef={tenderedRef}
                  khata={{
                    picker: (
                      <CustomerPicker
                        chosen={till.customer}
                        onChoose={till.chooseCustomer}
                        keptSearch={keptCustomers}
                        onKhata={
                          'onKhata' in till.khataSplit ? toRupees(till.khataSplit.onKhata) : null
                        }
                      />
                    ),
                    split: till.split,
                    parts: till.khataSplit,
                    onSplit: till.typeSplit,
                    onSplitBy: till.splitPaidBy,
                    refused:
                      till.creditRefused &&
                      failureMessage(
                        till.creditRefused.problem,
                        'Past the customer’s credit limit',
                      ),
                  }}
                />
              </div>
            )}
          </div>
          <WaitingSales
            bills={sync.waiting}
            timeZone={timeZone}
            onPrint={till.print}
            onSendAgain={(key) => void sync.sendAgain(key)}
            onDrop={(key) =>
              void sync.drop(key).catch((problem: unknown) => toast.error(errorText(problem)))
            }
          />
          <RecentSales
            date={day.date}
            timeZone={timeZone}
            onReturn={returns.start}
            onPrint={till.print}
          />
          <PastCountDialog
            lines={till.pastCountAsked}
            busy={till.busy}
            onSell={() => till.pay(true)}
            onBack={till.declinePastCount}
          />
          <ReturnDialog
            sale={returns.sale}
            busy={returns.busy}
            onReturn={returns.giveBack}
            onDismiss={returns.dismiss}
          />
        </>
      )}
      {shop && (
        <p className="counter-kept">
          {kept.complete
            ? `${productsText(kept.products)} kept on this counter for selling offline`
            : `Keeping the catalogue on this counter for selling offline: ${productsText(kept.products)} so far`}
        </p>
      )}
      {/* Outside the till's screen: once closed, the day's figures stay on show. */}
      <CloseDayDialog {...dayClose.dialog} />
    </SellerPage>
  );
}
