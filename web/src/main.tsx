import './app/global.css';
import './apps/storefront/server-rendered-styles';

/**
 * The page's entry: the stylesheet, then the app. A page the server rendered is already readable
 * without the app, so its scripts (React, the router, the screens) are fetched only after its
 * first paint: on a phone's slow link they would otherwise share the bandwidth with the
 * stylesheet and the pictures the shopper is waiting to see. Other pages (the seller area) start
 * the app at once.
 */
const serverRendered = document.getElementById('root')?.hasChildNodes() ?? false;

void (serverRendered ? afterFirstPaint() : Promise.resolve()).then(() => import('./app/start'));

/**
 * Resolves once the browser has painted the page's content (its first-contentful-paint entry),
 * at once in a hidden tab (which does not paint), and after a second at most.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    // Without paint entries (older Safari): after the frame that shows the page.
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, 1000);
  });
}
