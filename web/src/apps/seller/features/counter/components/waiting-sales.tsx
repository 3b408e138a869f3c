import { shopClockTime, type CounterSale } from '@kirana/shared';
import { useState } from 'react';
import { Button } from '../../../../../common/ui/button';
import { DataTable, dataCell } from '../../../../../common/ui/data-table';
import { Section } from '../../../ui/seller-page';
import { billNumberText, itemsText, rupees } from '../money';
import './offline.css';

/** A bill kept on this counter: the sale as printed, and why the server refused it, if it did. */
export interface KeptBill {
  key: string;
  sale: CounterSale;
  refused: { code: string; message: string } | null;
}

interface WaitingSalesProps {
  bills: readonly KeptBill[];
  timeZone: string;
  onPrint: (sale: CounterSale) => void;
  onSendAgain: (key: string) => void;
  onDrop: (key: string) => void;
}

/** What the seller can do about a bill the server refused, by its code. */
const WHAT_TO_DO: Record<string, string> = {
  CONFLICT: 'Put the product back on sale in Products, then send it again.',
  TILL_NOT_OPEN: 'Open the till, then send it again.',
  GST_DETAILS_MISSING: 'Set the product’s HSN code and GST rate in Products, then send it again.',
  NOT_FOUND: 'Check the customer or product still exists, then send it again.',
};
const OTHERWISE = 'Put right what it says, then send it again.';

/**
 * The bills made without a connection and not yet recorded (docs/counter.md#the-till-without-a-connection),
 * oldest first: each to print again; one the server refused says why and what to do, to send it
 * again or, on the seller's word, drop it. Nothing is dropped unasked.
 */
export function WaitingSales({ bills, timeZone, onPrint, onSendAgain, onDrop }: WaitingSalesProps) {
  const [dropping, setDropping] = useState<string | null>(null);
  if (bills.length === 0) return null;
  return (
    <Section title="Bills kept on this counter">
      <DataTable caption="Bills made without a connection, oldest first, waiting to be recorded">
        <thead>
          <tr>
            <th scope="col">Bill</th>
            <th scope="col">Time</th>
            <th scope="col">Items</th>
            <th scope="col" className={dataCell.number}>
              Amount
            </th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {bills.map(({ key, sale, refused }) => {
            const number = billNumberText(sale);
            return (
              <tr key={key}>
                <th scope="row" className="counter-sales__number">
                  {number}
                </th>
                <td>{shopClockTime(new Date(sale.createdAt), timeZone)}</td>
                <td>{itemsText(sale)}</td>
                <td className={dataCell.number}>{rupees(sale.amount)}</td>
                <td>
                  {refused ? (
                    <span className="counter-waiting__refused">
                      Refused: {refused.message}. {WHAT_TO_DO[refused.code] ?? OTHERWISE}
                    </span>
                  ) : (
                    'Waiting to be sent'
                  )}
                </td>
                <td className="counter-sales__actions">
                  {dropping === key ? (
                    <>
                      <span>Drop bill {number}? It will never be recorded.</span>
                      <Button
                        type="button"
                        look="seller"
                        variant="danger"
                        size="small"
                        onClick={() => {
                          setDropping(null);
                          onDrop(key);
                        }}
                      >
                        Drop it
                      </Button>
                      <Button
                        type="button"
                        look="seller"
                        variant="secondary"
                        size="small"
                        onClick={() => setDropping(null)}
                      >
                        Keep it
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button
                        type="button"
                        look="seller"
                        variant="secondary"
                        size="small"
                        onClick={() => onPrint(sale)}
                      >
                        Print<span className="visually-hidden"> bill {number}</span>
                      </Button>
                      {refused && (
                        <>
                          <Button
                            type="button"
                            look="seller"
                            variant="secondary"
                            size="small"
                            onClick={() => onSendAgain(key)}
                          >
                            Send again<span className="visually-hidden"> bill {number}</span>
                          </Button>
                          <Button
                            type="button"
                            look="seller"
                            variant="secondary"
                            size="small"
                            onClick={() => setDropping(key)}
                          >
                            Drop…<span className="visually-hidden"> bill {number}</span>
                          </Button>
                        </>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </Section>
  );
}
