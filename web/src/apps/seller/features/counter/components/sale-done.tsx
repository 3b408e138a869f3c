import { type CounterSale } from '@kirana/shared';
import { billNumberText, gstWithin, paidText, rupees } from '../money';
import { Button } from '../../../../../common/ui/button';
import { Panel } from '../../../ui/seller-page';

interface SaleDoneProps {
  sale: CounterSale;
  /** Made without the server: kept on this counter until it is sent. */
  kept: boolean;
  printing: boolean;
  onPrint: () => void;
  onNext: () => void;
}

/** A sale on the khata: what went on it, what was paid now, and what the customer owes now. */
function KhataDone({ sale }: { sale: CounterSale }) {
  const paid = sale.paid ?? { cash: 0, upi: 0 };
  return (
    <>
      <p className="counter-done__change">
        On the khata: <strong>{rupees(sale.onKhata ?? 0)}</strong>
        {sale.customer && ` · ${sale.customer.name}`}
      </p>
      {paid.cash > 0 && <p>Paid now in cash: {rupees(paid.cash)}</p>}
      {paid.upi > 0 && <p>Paid now by UPI: {rupees(paid.upi)}</p>}
      {sale.customer && (
        <p className="seller-muted">
          Owes {rupees(sale.customer.balance)} now
          {sale.customer.creditLimit > 0 && ` of a ${rupees(sale.customer.creditLimit)} limit`}
        </p>
      )}
    </>
  );
}

/**
 * The sale recorded (or, without the server, kept on this counter to be sent): its bill's number
 * (its invoice's), the GST its amount holds (a registered shop's), the change to give, its
 * receipt, and the next sale.
 */
export function SaleDone({ sale, kept, printing, onPrint, onNext }: SaleDoneProps) {
  // The focus stays in the scan box: the next scan, or Enter there, starts the next sale. The
  // page's status says what was recorded.
  const gst = gstWithin(sale);
  return (
    <Panel
      title={`Bill ${billNumberText(sale)} ${kept ? 'kept on this counter' : 'recorded'}`}
      className="counter-done"
    >
      <p className="counter-done__amount">
        {rupees(sale.amount)}
        {gst !== null && <span className="counter-done__gst"> incl. GST {rupees(gst)}</span>}
      </p>
      {sale.payment === 'cash' ? (
        <p className="counter-done__change">
          Change to give: <strong>{rupees(sale.change ?? 0)}</strong>
        </p>
      ) : sale.payment === 'upi' ? (
        <p className="counter-done__change">Paid by UPI</p>
      ) : (
        <KhataDone sale={sale} />
      )}
      <div className="counter-done__actions">
        <Button
          type="button"
          look="seller"
          variant="secondary"
          aria-busy={printing}
          onClick={() => {
            if (!printing) onPrint();
          }}
        >
          {printing ? 'Printing…' : 'Print receipt'} <kbd>F7</kbd>
        </Button>
        <Button type="button" look="seller" onClick={onNext}>
          New sale <kbd>Enter</kbd>
        </Button>
      </div>
    </Panel>
  );
}

/** The sale just recorded, said beside the next bill scanned while it was recorded. */
export function LastSale({ sale, kept }: { sale: CounterSale; kept: boolean }) {
  return (
    <p className="counter-last" role="status">
      Bill {billNumberText(sale)} {kept ? 'kept on this counter' : 'recorded'}: {paidText(sale)}
    </p>
  );
}
