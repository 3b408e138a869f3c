import { Link } from 'react-router';
import { Empty, SellerPage } from '../ui/seller-page';

/** A /seller/… address that is none of the seller's screens. */
export function SellerNotFoundPage() {
  return (
    <SellerPage title="Not found" heading="Page not found">
      <Empty>
        There is no seller screen at this address. <Link to="/seller">Go to Add Product</Link>
      </Empty>
    </SellerPage>
  );
}
