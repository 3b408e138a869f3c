import { type CounterSale } from '@kirana/shared';
import { rupees } from '../money';
import { Button } from '../../../../../common/ui/button';
import { Panel } from '../../../ui/seller-page';

interface SaleDoneProps {
  sale: CounterSale;
  printing: boolean;
  onPrint: () => void;
  onNext: () => void;
}

/** The sale recorded: its bill number, the change to give, its receipt, and the next sale. */
export function SaleDone({ sale, printing, onPrint, onNext }: SaleDoneProps) {
  // The focus stays in the scan box: the next scan, or Enter there, starts the next sale. The
  // page's status says what was recorded.
  return (
    <Panel title={`Bill ${sale.number} recorded`} className="counter-done">
      <p className="counter-done__amount">{rupees(sale.amount)}</p>
      {sale.payment === 'cash' ? (
        <p className="counter-done__change">
          Change to give: <strong>{rupees(sale.change ?? 0)}</strong>
        </p>
      ) : (
        <p className="counter-done__change">Paid by UPI</p>
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
export function LastSale({ sale }: { sale: CounterSale }) {
  return (
    <p className="counter-last" role="status">
      Bill {sale.number} recorded
      {sale.payment === 'cash' ? `: change to give ${rupees(sale.change ?? 0)}` : ': paid by UPI'}
    </p>
  );
}
