import { dayIn } from '@kirana/shared';
import { useId, useState } from 'react';
import { desktop, printedBy } from '../../../../../lib/desktop-bridge';
import { printInFrame } from '../../../../../lib/print-in-frame';
import { Button, buttonClass } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';
import { reportFailure } from '../../../failure-message';
import { Panel } from '../../../ui/seller-page';
import { khataStatementUrl } from '../api/reminder';
import './statement-panel.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The customer's statement for any days (the first of this month to today, to start with): the
 * printable page in a tab of its own, or a CSV to download. The desktop app opens no window of
 * the shop's own pages (desktop/src/main/window.ts): there the statement is printed from a frame.
 */
export function StatementPanel({ customerId, timeZone }: { customerId: string; timeZone: string }) {
  const id = useId();
  const today = dayIn(new Date(), timeZone);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const ready = DAY.test(from) && DAY.test(to) && from <= to;
  const days = { from, to };

  return (
    <Panel title="Statement" className="khata-statement">
      <div className="khata-statement__days">
        <Field id={`${id}-from`} label="From">
          {(control) => (
            <input
              {...control}
              type="date"
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-to`} label="To">
          {(control) => (
            <input
              {...control}
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
            />
          )}
        </Field>
      </div>
      {ready ? (
        <div className="khata-statement__links">
          {desktop ? (
            <Button
              type="button"
              look="seller"
              variant="secondary"
              onClick={() =>
                void printedBy(
                  printInFrame(khataStatementUrl(customerId, days, 'html'), 'Statement'),
                ).catch(reportFailure())
              }
            >
              Print statement
            </Button>
          ) : (
            <a
              className={buttonClass({ look: 'seller', variant: 'secondary' })}
              href={khataStatementUrl(customerId, days, 'html')}
              target="_blank"
              rel="noopener"
            >
              Open statement
            </a>
          )}
          <a
            className={buttonClass({ look: 'seller', variant: 'secondary' })}
            href={khataStatementUrl(customerId, days, 'csv')}
            download
          >
            Download CSV
          </a>
        </div>
      ) : (
        <p className="seller-muted" role="status">
          Choose the first and the last day, the first not after the last.
        </p>
      )}
    </Panel>
  );
}
