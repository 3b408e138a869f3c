import { IMAGE_WIDTHS } from '@kirana/shared';
import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LeafIcon, HeartIcon, TagIcon, TruckIcon } from '../../../common/ui/icons';
import { LoadBoundary } from '../../../common/ui/load-boundary';
import { useCartControls } from './use-cart-controls';
import { CategoryTiles } from '../features/products/components/category-tiles';
import { ProductGrid, ProductGridSkeleton } from '../features/products/components/product-grid';
import { categoryQueries, productQueries } from '../../../common/catalogue/queries';
import { useKnownShop } from '../../../common/shop-settings/cache';
import { Button, buttonClass } from '../../../common/ui/button';
import './home-page.css';

/**
 * The spec's four value blurbs, verbatim but for the shop's own promise; CSS capitalises the
 * first letter of each.
 */
const valueBlurbs = (delivered: string) => [
  { title: 'Fastest Delivery', text: `groceries delivered ${delivered}`, Icon: TruckIcon },
  { title: 'Freshness Guaranteed', text: 'fresh produce straight from the source', Icon: LeafIcon },
  { title: 'Affordable Prices', text: 'quality groceries at unbeatable prices', Icon: TagIcon },
  { title: 'Trusted by Thousands', text: 'loved by 10,000+ happy customers', Icon: HeartIcon },
];

/** Banner art, shipped with the app (banner-art/README.md): each drawing's URL by file name. */
const ART_FILES = import.meta.glob<string>('./banner-art/*.webp', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});
const artUrl = (file: string) => {
  const url = ART_FILES[`./banner-art/${file}`];
  if (!url) throw new Error(`no banner art ${file}`);
  return url;
};
const art = (name: string) => artUrl(`${name}-800.webp`);
const artSrcSet = (name: string) =>
  IMAGE_WIDTHS.map((width) => `${artUrl(`${name}-${width}.webp`)} ${width}w`).join(', ');
const HERO_ART = ['apple', 'carrot', 'toned-milk', 'toor-dal', 'ladi-pav'] as const;
const BOTTOM_ART = ['mango', 'orange', 'banana'] as const;

export function HomePage() {
  return (
    <>
      <MainBanner />

      <section className="container section" aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <CategoriesSection />
      </section>

      <section className="container section" aria-labelledby="best-sellers-heading">
        <div className="section__head">
          <h2 id="best-sellers-heading">Best Sellers</h2>
          <Link to="/products" className="section__more">
            See all<span className="visually-hidden"> products</span>
          </Link>
        </div>
        <BestSellersSection />
      </section>

      <BottomBanner />
      <Newsletter />
    </>
  );
}

/** How soon the shop promises to deliver: 'in under 45 minutes' (just 'fast' while unknown). */
function useDelivered(): string {
  const minutes = useKnownShop()?.promiseMinutes;
  return minutes === undefined ? 'fast' : `in under ${minutes} minutes`;
}

function MainBanner() {
  const delivered = useDelivered();
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Delivered {delivered}</p>
          <h1 id="hero-heading">Freshness you can trust, savings you will love!</h1>
          <p className="hero__lead">
            Vegetables, fruits, dairy, bakery and pantry staples from your neighbourhood store.
          </p>
          <div className="hero__actions">
            <Link to="/products" className={buttonClass({ size: 'large' })}>
              Shop now
            </Link>
            <Link
              to="/products/fruits"
              className={buttonClass({ size: 'large', variant: 'ghost' })}
            >
              Explore deals
            </Link>
          </div>
        </div>
        <div className="hero__art" aria-hidden="true">
          {HERO_ART.map((name, index) => (
            <img
              key={name}
              className={`hero__art-item hero__art-item--${index + 1}`}
              src={art(name)}
              srcSet={artSrcSet(name)}
              sizes="(min-width: 900px) 200px, 30vw"
              width="400"
              height="400"
              alt=""
              decoding="async"
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

function CategoriesSection() {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <LoadBoundary onRetry={reset} fallback={null}>
      <Categories />
    </LoadBoundary>
  );
}

function Categories() {
  const { data: categories } = useSuspenseQuery(categoryQueries.shown());
  return <CategoryTiles categories={categories} />;
}

function BestSellersSection() {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <LoadBoundary onRetry={reset} fallback={<ProductGridSkeleton count={5} />}>
      <BestSellers />
    </LoadBoundary>
  );
}

function BestSellers() {
  const { data } = useSuspenseQuery(productQueries.bestSellers());
  const cart = useCartControls();
  return (
    <ProductGrid
      products={data.products}
      emptyMessage="No products are in stock right now."
      cart={cart}
      layout="row"
    />
  );
}

function BottomBanner() {
  const delivered = useDelivered();
  return (
    <section className="container section" aria-labelledby="why-heading">
      <div className="bottom-banner">
        <div className="bottom-banner__art" aria-hidden="true">
          {BOTTOM_ART.map((name) => (
            <img
              key={name}
              src={art(name)}
              srcSet={artSrcSet(name)}
              sizes="(min-width: 900px) 160px, 28vw"
              width="400"
              height="400"
              alt=""
              loading="lazy"
              decoding="async"
            />
          ))}
        </div>
        <div className="bottom-banner__copy">
          <h2 id="why-heading">Why we are the best?</h2>
          <ul className="value-blurbs" role="list">
            {valueBlurbs(delivered).map(({ title, text, Icon }) => (
              <li key={title} className="value-blurb">
                <span className="value-blurb__icon">
                  <Icon />
                </span>
                <div>
                  <h3>{title}</h3>
                  <p className="value-blurb__text">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Newsletter() {
  return (
    <section className="container section newsletter" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">Never miss a deal!</h2>
      <p>Subscribe to get the latest offers, new arrivals and exclusive discounts.</p>
      <form
        className="newsletter__form"
        // The newsletter is not connected to anything yet: submitting only stays on the page.
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor="newsletter-email" className="visually-hidden">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email address"
          required
        />
        <Button type="submit">Subscribe</Button>
      </form>
    </section>
  );
}
