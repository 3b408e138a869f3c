import { RELATED_COUNT, categoryHref, type CategoryDto, type Product } from '@kirana/shared';
import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../common/ui/spinner';
import { LoadBoundary } from '../../../common/ui/load-boundary';
import { useCartItems } from '../features/cart/use-cart';
import { useCartControls } from './use-cart-controls';
import { ProductDetails } from '../features/products/components/product-details';
import type { CartControls } from '../features/products/components/product-card';
import { ProductGrid } from '../features/products/components/product-grid';
import { categoryOf, categoryQueries, productQueries } from '../../../common/catalogue/queries';
import { useKnownShop } from '../../../common/shop-settings/cache';
import { buttonClass } from '../../../common/ui/button';
import './product-page.css';

/** `/products/{category}/{id}`: one product, with up to five related ones. */
export function ProductPage() {
  const { id = '' } = useParams();
  const { reset } = useQueryErrorResetBoundary();
  return (
    <div className="container section">
      <LoadBoundary onRetry={reset} fallback={<Spinner label="Loading product…" />}>
        <ProductScreen id={id} />
      </LoadBoundary>
    </div>
  );
}

function ProductScreen({ id }: { id: string }) {
  const { data: items } = useSuspenseQuery(productQueries.items([id]));
  const { data: categories } = useSuspenseQuery(categoryQueries.shown());
  const { reset } = useQueryErrorResetBoundary();
  const quantities = useCartItems();
  const cart = useCartControls();
  const navigate = useNavigate();
  // As the page holds the shop (rendered with it): only the spec's mode adds tax in the cart.
  const addsTax = useKnownShop()?.tax === 'spec';
  // An archived product left the store while this page was open.
  const product = items.find((candidate) => candidate._id === id && !candidate.archivedAt);

  if (!product) {
    return (
      <div className="message-page">
        <h1>Product not found</h1>
        <p>This product is not in the store any more.</p>
        <Link to="/products" className={buttonClass()}>
          See all products
        </Link>
      </div>
    );
  }

  const category = categoryOf(categories, product.category);

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol role="list">
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/products">Products</Link>
          </li>
          {category && (
            <li>
              <Link to={categoryHref(category)}>{category.text}</Link>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <ProductDetails
        product={product}
        inCart={quantities[product._id] ?? 0}
        mostPerLine={cart.mostPerLine}
        addsTax={addsTax}
        onAddToCart={() => cart.onAdd(product)}
        onRemoveFromCart={() => cart.onRemove(product)}
        onBuyNow={() => {
          // Already in the cart: its quantity is set by − 1 +, Buy now goes to it.
          if (!quantities[product._id]) cart.onAdd(product);
          void navigate('/cart');
        }}
      />
      <LoadBoundary onRetry={reset} fallback={null}>
        <Related product={product} category={category} cart={cart} />
      </LoadBoundary>
    </>
  );
}

/** Up to five other in-stock products of the product's category. */
function Related({
  product,
  category,
  cart,
}: {
  product: Product;
  category: CategoryDto | undefined;
  cart: CartControls;
}) {
  const { data } = useSuspenseQuery(productQueries.related(product.category));
  const related = data.products
    .filter((other) => other._id !== product._id && other.inStock)
    .slice(0, RELATED_COUNT);
  if (related.length === 0) return null;
  return (
    <section className="section related" aria-labelledby="related-heading">
      <div className="section__head">
        <h2 id="related-heading">Related Products</h2>
        {category && (
          <Link to={categoryHref(category)} className="section__more">
            See more<span className="visually-hidden"> {category.text}</span>
          </Link>
        )}
      </div>
      <ProductGrid products={related} emptyMessage="" cart={cart} />
    </section>
  );
}
