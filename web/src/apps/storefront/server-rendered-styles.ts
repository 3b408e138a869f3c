/*
 * The styles of the pages the server renders (routes.tsx), imported by the page's entry
 * (main.tsx): those pages are painted before their screens' chunks load, so their styles must come
 * with the page. Each file is imported by its own component too; the bundler keeps it here, once.
 */
import '../../common/ui/button.css';
import './layout/shop-layout.css';
import './layout/brand.css';
import './layout/shop-header.css';
import './features/products/components/search-box.css';
import './features/cart/components/cart-link.css';
import './features/auth/components/profile-menu.css';
import './layout/shop-footer.css';
import '../../common/ui/empty-state.css';
import '../../common/ui/load-boundary.css';
import '../../common/ui/star-rating.css';
import './features/products/components/category-tiles.css';
import './features/products/components/next-page-link.css';
import './features/products/components/product-grid.css';
import './features/products/components/product-card.css';
import './features/products/components/quantity-stepper.css';
import './screens/home-page.css';
import './features/products/components/product-details.css';
import './features/products/components/product-gallery.css';
import './screens/product-page.css';
