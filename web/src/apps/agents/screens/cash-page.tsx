import { formatAmount, ORDER_CURRENCY, orderNumber, type CashLine } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../common/ui/spinner';
import { dateLocale } from '../i18n/locale';
import { agentQueries } from '../queries';
import { useShopTimeZone } from '../../../common/shop-settings/use-shop';
import { formatOrderTime } from '../../../lib/format';
import { EmptyState } from '../ui/load-state';
import { Toolbar } from '../features/orders/components/list-toolbar';
import './cash-page.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** The cash in hand once a line was written. */
function inHandText(balance: number): string {
  const amount = rupees(balance);
  return t`In hand ${amount}`;
}

/** What a line of the ledger was, in the agent's words. */
function lineText(line: CashLine): string {
  const number = line.orderId ? orderNumber(line.orderId) : '';
  switch (line.kind) {
    case 'collection':
      return t`Cash for order #${number}`;
    case 'handover':
      return t`Handed to the shop`;
    case 'correction':
      return number ? t`Given back for order #${number}` : t`Correction by the shop`;
  }
}

/**
 * /agents/cash: the cash the agent holds (taken at doors, not yet handed to the shop) and the
 * latest lines of their ledger, newest first, live.
 */
export function CashPage({ agentId }: { agentId: string }) {
  const cash = useQuery(agentQueries.cash(agentId)).data;
  const timeZone = useShopTimeZone();
  return (
    <>
      <title>{t`Cash · Kirana Delivery`}</title>
      <Toolbar title={t`Cash in hand`} />
      {!cash ? (
        <Spinner label={t`Loading your cash…`} />
      ) : (
        <>
          <p className="agent-cash__total">{rupees(cash.cashInHand)}</p>
          <p className="agent-cash__hint">
            {t`Hand the cash to the shop at the counter: the shop records it here.`}
          </p>
          {cash.lines.length === 0 ? (
            <EmptyState
              title={t`No cash yet`}
            >{t`Cash you take at the door is listed here.`}</EmptyState>
          ) : (
            <ol className="agent-cash__lines" aria-label={t`Cash lines, newest first`}>
              {cash.lines.map((line) => (
                <li key={line._id} className="agent-cash__line">
                  <div>
                    <p className="agent-cash__what">{lineText(line)}</p>
                    {line.note && line.kind !== 'collection' && (
                      <p className="agent-cash__note">{line.note}</p>
                    )}
                    <p className="agent-cash__when">
                      <time dateTime={line.createdAt}>
                        {formatOrderTime(line.createdAt, timeZone, undefined, dateLocale())}
                      </time>
                    </p>
                  </div>
                  <div className="agent-cash__amounts">
                    <p
                      className={`agent-cash__amount agent-cash__amount--${line.amount < 0 ? 'out' : 'in'}`}
                    >
                      {line.amount < 0 ? '−' : '+'}
                      {rupees(Math.abs(line.amount))}
                    </p>
                    <p className="agent-cash__balance">{inHandText(line.balance)}</p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </>
  );
}
