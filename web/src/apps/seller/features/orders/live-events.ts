import { SELLER_MESSAGES, orderNumber, type SellerOrder } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { receiveSellerOrder, refreshSellerOrders } from './order-cache';
import { alertUnaccepted } from './unaccepted-alert';

/** Live `order:created`: a new order, held at the front and announced to the desktop app. */
export const orderPlaced = (client: QueryClient, order: SellerOrder): void => {
  receiveSellerOrder(client, order, true);
};

/**
 * Live `order:updated`: merged in, unless older than the copy held. An order not held yet is
 * new to the seller (e.g. an online order released by its payment) and announced; one older
 * than the pages loaded is left to 'Load more'.
 */
export const orderChanged = (client: QueryClient, order: SellerOrder): void => {
  receiveSellerOrder(client, order, false);
};

/**
 * Live `order:unaccepted`: an open order no agent has accepted in time, offered to them again.
 * Merged in like any change, and the counter is alerted (see {@link alertUnaccepted}).
 */
export const orderUnaccepted = (client: QueryClient, order: SellerOrder): void => {
  receiveSellerOrder(client, order, false);
  toast.warning(SELLER_MESSAGES.noAgentTitle(orderNumber(order._id)));
  alertUnaccepted(order);
};

/** After the stream was down, and every 30 s while it is: the orders fetched again. */
export const ordersMissed = (client: QueryClient): void => {
  void refreshSellerOrders(client);
};
