import {
  type AgentOrder,
  formatAmount,
  formatQuantity,
  isFinished,
  ORDER_CURRENCY,
  orderNumber,
} from '@kirana/shared';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { dateLocale } from '../../../i18n/locale';
import { actionLabel, type OrderAction } from '../order-actions';
import { mapsHref, phoneHref } from '../order-links';
import { paymentTypeText, statusText } from '../order-texts';
import { formatOrderTime } from '../../../../../lib/format';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import { MapIcon, PhoneIcon } from '../../../ui/agent-icons';
import { PendingButton } from '../../../ui/pending-button';
import './order-card.css';

interface OrderCardProps {
  order: AgentOrder;
  /**
   * The next steps, shown as the card's big buttons at its foot (within thumb reach): one, or
   * the two ways to take a payment.
   */
  actions: readonly OrderAction[];
  /** The step whose request is running, or null; every step waits while one runs. */
  pending: OrderAction['kind'] | null;
  /** Needed whenever `actions` has any. */
  onAction?: (order: AgentOrder, action: OrderAction) => void;
}

/** What screen readers hear while a step's request runs. */
function pendingLabel(kind: OrderAction['kind']): string {
  switch (kind) {
    case 'accept':
      return t`Accepting…`;
    case 'status':
      return t`Updating…`;
    case 'collect-cash':
      return t`Recording the payment…`;
    case 'collect-online':
      return t`Taking the online payment…`;
  }
}

/** Payments show the amount they take on their button. */
const takesMoney = (action: OrderAction) =>
  action.kind === 'collect-cash' || action.kind === 'collect-online';

/** One order as an agent works it: where, who, what, how much, and the next step. */
/** How long a freshly shown step button ignores taps (see PendingButton's armDelayMs). */
const ACTION_ARM_MS = 600;

export function OrderCard({ order, actions, pending, onAction }: OrderCardProps) {
  const { address } = order;
  const customer = `${address.firstName} ${address.lastName}`;
  const amount = formatAmount(order.amount, ORDER_CURRENCY);
  const headingId = `order-${order._id}`;
  const statusClass = order.status.toLowerCase().replace(/\s+/g, '-');
  const number = orderNumber(order._id);
  const timeZone = useShopTimeZone();
  const delivered = order.status === 'Delivered';
  // Nothing is paid or collected at the door: its amount goes on the shopper's khata.
  const onKhata = order.paymentType === 'Khata';
  // When it was delivered, or else placed.
  const moment = delivered ? order.updatedAt : order.createdAt;
  const when = formatOrderTime(moment, timeZone, undefined, dateLocale());

  return (
    <article className="agent-order" aria-labelledby={headingId}>
      <header className="agent-order__top">
        <h3 id={headingId} className="agent-order__title">
          <span className="visually-hidden">{t`Order`} </span>#{number}
        </h3>
        <span className={`agent-chip agent-chip--${statusClass}`}>{statusText(order.status)}</span>
      </header>
      <p className="agent-order__time">
        <time dateTime={moment}>{delivered ? t`Delivered ${when}` : t`Placed ${when}`}</time>
      </p>

      <div className="agent-order__money">
        <p className="agent-order__amount">{amount}</p>
        <p className="agent-order__payment">
          <span className="agent-chip agent-chip--plain">{paymentTypeText(order.paymentType)}</span>
          {onKhata ? null : (
            <span className={`agent-chip agent-chip--${order.isPaid ? 'paid' : 'unpaid'}`}>
              {order.isPaid ? t`Paid` : t`Pending`}
            </span>
          )}
        </p>
      </div>
      {onKhata && !isFinished(order.status) && (
        <p className="agent-order__note">{t`On the shop's khata — collect nothing`}</p>
      )}

      <address className="agent-order__address">
        <strong>{customer}</strong>
        <span>{address.street}</span>
        <span>
          {address.city}, {address.state} {address.zipcode}
        </span>
        <span>{address.country}</span>
      </address>
      <div className="agent-order__contact">
        <a className="agent-link-button" href={phoneHref(address.phone)}>
          <PhoneIcon />
          <span>
            <span className="visually-hidden">{t`Call ${customer} on`} </span>
            {address.phone}
          </span>
        </a>
        <a
          className="agent-link-button"
          href={mapsHref(address)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MapIcon />
          <span>
            {t`Map`}
            <span className="visually-hidden">
              {' '}
              {t`of ${customer}’s address (opens a new tab)`}
            </span>
          </span>
        </a>
      </div>

      <ul className="agent-order__items" aria-label={t`Items`}>
        {order.items.map((item) => (
          <li key={item.product._id}>
            <span className="agent-order__item-name">{item.product.name}</span>
            <span className="agent-order__item-qty">
              {' '}
              × {formatQuantity(item.quantity, item.product.unit)}
            </span>
          </li>
        ))}
      </ul>

      {actions.length > 0 ? (
        <div className="agent-order__action">
          {actions.map((action) => (
            <PendingButton
              // A new step is a new button, armed afresh.
              key={action.kind}
              armDelayMs={ACTION_ARM_MS}
              pending={pending === action.kind}
              disabled={pending !== null}
              pendingLabel={pendingLabel(action.kind)}
              variant={action.kind === 'collect-cash' ? 'cash' : 'primary'}
              onClick={() => onAction?.(order, action)}
            >
              {actionLabel(action)}
              {takesMoney(action) && (
                <>
                  {' '}
                  <span className="agent-order__action-amount">{amount}</span>
                </>
              )}
            </PendingButton>
          ))}
        </div>
      ) : order.pinLocked && !isFinished(order.status) ? (
        <p className="agent-order__note agent-order__note--locked">
          {t`Delivery locked after 5 wrong PINs: ask the shop to unlock it.`}
        </p>
      ) : (
        !isFinished(order.status) &&
        !order.isPaid &&
        !onKhata && <p className="agent-order__note">{t`Waiting for the online payment.`}</p>
      )}
    </article>
  );
}

/** Order cards, one under another. */
export function OrderList({ children }: { children: ReactNode }) {
  return <ul className="agent-orders">{children}</ul>;
}
