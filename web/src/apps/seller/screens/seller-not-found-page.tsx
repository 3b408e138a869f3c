import { Link } from 'react-router';
import '../ui/seller-screen.css';

/** A /seller/… address that is none of the seller's screens. */
export function SellerNotFoundPage() {
  return (
    <div className="seller-page">
      <title>Not found · Kirana Seller</title>
      <header className="seller-page__head">
        <h1>Page not found</h1>
      </header>
      <p className="seller-empty">
        There is no seller screen at this address. <Link to="/seller">Go to Add Product</Link>
      </p>
    </div>
  );
}
