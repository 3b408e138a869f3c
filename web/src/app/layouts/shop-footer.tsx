import { Brand } from './brand';
import './shop-footer.css';

/** The spec's footer link groups; their targets are placeholders until those pages exist. */
const LINK_GROUPS = [
  {
    title: 'Quick Links',
    links: ['Home', 'Best Sellers', 'Offers & Deals', 'Contact Us', 'FAQs'],
  },
  {
    title: 'Need help?',
    links: [
      'Delivery Information',
      'Return & Refund Policy',
      'Payment Methods',
      'Track your Order',
      'Contact Us',
    ],
  },
  { title: 'Follow Us', links: ['Instagram', 'Twitter', 'Facebook', 'YouTube'] },
] as const;

export function ShopFooter() {
  return (
    <footer className="shop-footer" id="contact">
      <div className="container shop-footer__inner">
        <div className="shop-footer__about">
          <Brand />
          <p>
            Fresh groceries and snacks from your neighbourhood store, delivered to your door in
            under 30 minutes. Call us on <a href="tel:+911800000000">1800 000 000</a> or write to{' '}
            <a href="mailto:hello@kirana.example">hello@kirana.example</a>.
          </p>
        </div>
        {LINK_GROUPS.map((group) => (
          <nav key={group.title} className="shop-footer__group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <ul role="list">
              {group.links.map((label) => (
                <li key={label}>
                  <a href="#">{label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="container shop-footer__legal">
        © {new Date().getFullYear()} Kirana. All rights reserved.
      </p>
    </footer>
  );
}
