import { categoryByPath, categoryHref } from '@kirana/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { LoadBoundary } from '../../components/ui/load-boundary';
import { addToCartAtom } from '../../features/cart/atoms/cart';
import { useCartItems } from '../../features/cart/atoms/use-cart-items';
import { useCartControls } from '../../features/cart/atoms/use-cart-controls';
import { productsAtom } from '../../features/products/atoms/products';
import { ProductDetails } from '../../features/products/components/product-details';
import { ProductGrid } from '../../features/products/components/product-grid';
import { relatedProducts } from '../../features/products/product-filters';

/** `/products/{category}/{id}`: one product, with up to five related ones. */
export function ProductPage() {
  const { id = '' } = useParams();
  const refetchProducts = useSetAtom(productsAtom);
  return (
    <div className="container section">
      <LoadBoundary
        onRetry={() => refetchProducts()}
        fallback={<Spinner label="Loading product…" />}
      >
        <ProductScreen id={id} />
      </LoadBoundary>
    </div>
  );
}

function ProductScreen({ id }: { id: string }) {
  const products = useAtomValue(productsAtom);
  const quantities = useCartItems();
  const addToCart = useSetAtom(addToCartAtom);
  const cart = useCartControls();
  const navigate = useNavigate();
  // An archived product left the store while this page was open.
  const product = products.find((candidate) => candidate._id === id && !candidate.archivedAt);

  if (!product) {
    return (
      <div className="message-page">
        <h1>Product not found</h1>
        <p>This product is not in the store any more.</p>
        <Link to="/products" className="button">
          See all products
        </Link>
      </div>
    );
  }

  const category = categoryByPath(product.category);
  const related = relatedProducts(products, product);

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
        onAddToCart={() => addToCart(product._id)}
        onBuyNow={() => {
          addToCart(product._id);
          void navigate('/cart');
        }}
      />
      {related.length > 0 && (
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
      )}
    </>
  );
}
