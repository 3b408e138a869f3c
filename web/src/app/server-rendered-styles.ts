/*
 * The styles of the pages the server renders (routes.tsx), imported by the page's entry
 * (main.tsx): those pages are painted before their screens' chunks load, so their styles must come
 * with the page. Each file is imported by its own component too; the bundler keeps it here, once.
 */
import '../components/ui/button.css';
import './layouts/shop-layout.css';
import './layouts/brand.css';
import './layouts/shop-header.css';
import '../features/products/components/search-box.css';
import '../features/cart/components/cart-link.css';
import '../features/auth/components/profile-menu.css';
import './layouts/shop-footer.css';
import '../components/ui/empty-state.css';
import '../components/ui/load-boundary.css';
import '../components/ui/star-rating.css';
import '../features/products/components/category-tiles.css';
import '../features/products/components/next-page-link.css';
import '../features/products/components/product-grid.css';
import '../features/products/components/product-card.css';
import '../features/products/components/quantity-stepper.css';
import '../areas/shop/home-page.css';
import '../features/products/components/product-details.css';
import '../features/products/components/product-gallery.css';
import '../areas/shop/product-page.css';
