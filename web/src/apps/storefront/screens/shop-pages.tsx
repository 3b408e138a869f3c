import {
  formatAmount,
  SHOP_CURRENCY,
  telHref,
  weekAtAGlance,
  WEEKDAYS,
  type Shop,
} from '@kirana/shared';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../common/ui/spinner';
import { DeliveryAreaNote } from '../features/shop-terms/components/delivery-area-note';
import { useShop } from '../../../common/shop-settings/use-shop';
import './shop-pages.css';

/*
 * The storefront's pages about the shop itself, from its settings (docs/promise.md#shop-pages):
 * where, when and for how much it delivers, its returns policy in the seller's words, and how to
 * reach it. The footer links them; the server renders them like the catalogue's pages.
 */

const rupees = (amount: number) => formatAmount(amount, SHOP_CURRENCY);

/** A page of the shop's: its heading, then what the shop says once it is known. */
function ShopPage({ title, children }: { title: string; children: (shop: Shop) => ReactNode }) {
  const shop = useShop();
  const headingId = useId();
  return (
    <section className="container section shop-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      {shop ? children(shop) : <Spinner label="Loading…" />}
    </section>
  );
}

/** Whether the shop delivers to a PIN code, as the shopper types it. */
function PinCheck() {
  const id = useId();
  const [zipcode, setZipcode] = useState('');
  return (
    <div className="shop-page__pin">
      <label htmlFor={id}>Check your PIN code</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        value={zipcode}
        onChange={(event) => setZipcode(event.target.value.trim())}
        aria-describedby={`${id}-note`}
      />
      <DeliveryAreaNote zipcode={zipcode} id={`${id}-note`} />
    </div>
  );
}

/** What delivery costs, in a sentence. */
function feeText(shop: Shop): string {
  if (shop.deliveryFee === 0) return 'Delivery is free.';
  const free =
    shop.freeDeliveryAbove > 0
      ? `, and free on orders of ${rupees(shop.freeDeliveryAbove)} or more`
      : '';
  return `Delivery costs ${rupees(shop.deliveryFee)}${free}.`;
}

export function DeliveryPage() {
  return (
    <ShopPage title="Delivery Information">
      {(shop) => (
        <>
          <h2>How soon</h2>
          <p>Your order arrives in under {shop.promiseMinutes} minutes from when we take it.</p>
          <h2>Where</h2>
          {shop.limitedArea ? (
            <>
              <p>We deliver to the PIN codes around the shop.</p>
              <PinCheck />
            </>
          ) : (
            <p>We deliver to every PIN code.</p>
          )}
          <h2>When</h2>
          {shop.hours.length === 0 ? (
            <p>We take orders around the clock, every day.</p>
          ) : (
            <table className="shop-page__week">
              <caption>We take orders</caption>
              <tbody>
                {weekAtAGlance(shop.hours).map(({ day, openings }) => (
                  <tr key={day}>
                    <th scope="row">{WEEKDAYS[day]}</th>
                    <td>{openings.length === 0 ? 'Closed' : openings.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>What it costs</h2>
          <p>
            {feeText(shop)}{' '}
            {shop.minimumOrder > 0
              ? `The smallest order we take is ${rupees(shop.minimumOrder)}.`
              : 'There is no minimum order.'}
          </p>
        </>
      )}
    </ShopPage>
  );
}

/** How to reach the shop, for a page's closing line. */
function AskUs({ shop }: { shop: Shop }) {
  return (
    <p>
      Questions? Call us on <a href={telHref(shop.phone)}>{shop.phone}</a>
      {shop.email && (
        <>
          {' '}
          or write to <a href={`mailto:${shop.email}`}>{shop.email}</a>
        </>
      )}
      .
    </p>
  );
}

export function ReturnsPage() {
  return (
    <ShopPage title="Return & Refund Policy">
      {(shop) => (
        <>
          {shop.returnsPolicy ? (
            <div className="shop-page__policy">
              {shop.returnsPolicy.split(/\n\s*\n/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          ) : (
            <p>Something wrong with your order? Tell us and we will put it right.</p>
          )}
          <AskUs shop={shop} />
        </>
      )}
    </ShopPage>
  );
}

export function ContactPage() {
  return (
    <ShopPage title="Contact Us">
      {(shop) => (
        <dl className="shop-page__contact">
          <dt>Shop</dt>
          <dd>{shop.name}</dd>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(shop.phone)}>{shop.phone}</a>
          </dd>
          {shop.email && (
            <>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${shop.email}`}>{shop.email}</a>
              </dd>
            </>
          )}
          {shop.address && (
            <>
              <dt>Address</dt>
              <dd className="shop-page__address">{shop.address}</dd>
            </>
          )}
          <dt>Your orders</dt>
          <dd>
            <Link to="/my-orders">Track them in My Orders</Link>
          </dd>
        </dl>
      )}
    </ShopPage>
  );
}
