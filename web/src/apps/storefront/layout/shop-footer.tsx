import { telHref } from '@kirana/shared';
import { Link } from 'react-router';
import { useKnownShop } from '../../../common/shop-settings/cache';
import { Brand } from './brand';
import './shop-footer.css';

/** The spec's footer link groups: a page's path, or none for a placeholder. */
const LINK_GROUPS: ReadonlyArray<{ title: string; links: ReadonlyArray<[string, string?]> }> = [
  {
    title: 'Quick Links',
    links: [
      ['Home', '/'],
      ['Best Sellers'],
      ['Offers & Deals'],
      ['Contact Us', '/contact'],
      ['FAQs'],
    ],
  },
  {
    title: 'Need help?',
    links: [
      ['Delivery Information', '/delivery'],
      ['Return & Refund Policy', '/returns'],
      ['Payment Methods'],
      ['Track your Order', '/my-orders'],
      ['Contact Us', '/contact'],
    ],
  },
  { title: 'Follow Us', links: [['Instagram'], ['Twitter'], ['Facebook'], ['YouTube']] },
];

export function ShopFooter() {
  const shop = useKnownShop();
  return (
    <footer className="shop-footer" id="contact">
      <div className="container shop-footer__inner">
        <div className="shop-footer__about">
          <Brand />
          {shop && (
            <p>
              Fresh groceries and snacks from your neighbourhood store, delivered to your door in
              under {shop.promiseMinutes} minutes. Call us on{' '}
              <a href={telHref(shop.phone)}>{shop.phone}</a>
              {shop.email && (
                <>
                  {' '}
                  or write to <a href={`mailto:${shop.email}`}>{shop.email}</a>
                </>
              )}
              .
            </p>
          )}
        </div>
        {LINK_GROUPS.map((group) => (
          <nav key={group.title} className="shop-footer__group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <ul role="list">
              {group.links.map(([label, path]) => (
                <li key={label}>
                  {path ? <Link to={path}>{label}</Link> : <a href="#">{label}</a>}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="container shop-footer__legal">
        © {new Date().getFullYear()} {shop?.name}. All rights reserved.
      </p>
    </footer>
  );
}
