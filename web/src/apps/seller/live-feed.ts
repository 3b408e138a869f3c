import type { KhataCustomer, Product } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveFeed } from '../../lib/socket';
import {
  catalogueChanged,
  categoriesChanged,
  productChanged,
} from '../../common/catalogue/live-events';
import { shopChanged } from '../../common/shop-settings/live-events';
import { backupFailed } from './features/backups/live-events';
import { tillChanged } from './features/counter/live-events';
import {
  keptCatalogueChanged,
  keptCustomerChanged,
  keptProductChanged,
} from './features/counter/offline/kept-live-events';
import { refreshDashboard } from './features/dashboard/queries';
import { khataChanged } from './features/khata/live-events';
import {
  orderChanged,
  orderPlaced,
  ordersMissed,
  orderUnaccepted,
} from './features/orders/live-events';
import { refreshTeamAndCash } from './features/team/queries';

/** Live `agents:updated`: the team, or an agent's availability or cash, changed. */
const teamChanged = (client: QueryClient): void => {
  void refreshTeamAndCash(client);
};

/** Live `khata:updated`: the customer wherever shown, and the dashboard's "to collect". */
const khataUpdated = (client: QueryClient, customer: KhataCustomer): void => {
  khataChanged(client, customer);
  keptCustomerChanged(client, customer);
  void refreshDashboard(client);
};

/** Live `product:updated`: the screens' copies, and the counter's kept for offline. */
const productUpdated = (client: QueryClient, product: Product): void => {
  productChanged(client, product);
  keptProductChanged(client, product);
};

/** Live `catalogue:updated` (an import): the screens' products, and the counter's kept. */
const catalogueUpdated = (client: QueryClient): void => {
  catalogueChanged(client);
  keptCatalogueChanged(client);
};

/**
 * After the stream was down: every list the seller screens hold, fetched again (those on screen
 * now, the others when next shown).
 */
const catchUp = (client: QueryClient): void => {
  catalogueChanged(client);
  categoriesChanged(client);
  // The orders among them, sharing a poll's refresh that is still running.
  void client.invalidateQueries({ queryKey: ['seller'] }, { cancelRefetch: false });
};

/**
 * What the seller screens take from the `/seller` stream. While it is down only the orders are
 * polled: they feed the desktop app's new-order alerts, whereas loading the products or agents
 * would toast a dead network every 30 seconds.
 */
export const sellerLiveFeed: LiveFeed<'seller'> = {
  events: {
    'order:created': orderPlaced,
    'order:updated': orderChanged,
    'order:unaccepted': orderUnaccepted,
    'product:updated': productUpdated,
    'agents:updated': teamChanged,
    'categories:updated': categoriesChanged,
    'catalogue:updated': catalogueUpdated,
    'backup:failed': backupFailed,
    'shop:updated': shopChanged,
    'till:updated': tillChanged,
    'khata:updated': khataUpdated,
  },
  refetch: catchUp,
  poll: { run: ordersMissed },
};
