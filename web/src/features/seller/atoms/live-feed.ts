import { atom } from 'jotai';
import type { LiveFeed } from '../../../lib/socket';
import {
  catalogueChangedAtom,
  categoriesChangedAtom,
  receiveProductAtom,
} from '../../products/live-events';
import { reloadLoadedAgentsAtom } from './agents';
import { reloadLoadedCategoriesAtom } from './categories';
import {
  receiveChangedOrderAtom,
  receivePlacedOrderAtom,
  receiveUnacceptedOrderAtom,
  refreshOrdersAtom,
} from './orders';

/** The seller's Categories screen and the storefront's data both follow a change of categories. */
const categoriesChanged = atom(null, (_get, set) => {
  set(categoriesChangedAtom);
  void set(reloadLoadedCategoriesAtom);
});

/** After the stream was down: every list the seller screens have loaded, fetched again. */
const catchUpAtom = atom(null, (_get, set) => {
  void set(refreshOrdersAtom);
  set(catalogueChangedAtom);
  void set(reloadLoadedAgentsAtom);
  set(categoriesChanged);
});

/**
 * What the seller screens take from the `/seller` stream. While it is down only the orders are
 * polled: they feed the desktop app's new-order alerts, whereas loading the products or agents
 * would toast a dead network every 30 seconds.
 */
export const sellerLiveFeed: LiveFeed<'seller'> = {
  events: {
    'order:created': receivePlacedOrderAtom,
    'order:updated': receiveChangedOrderAtom,
    'order:unaccepted': receiveUnacceptedOrderAtom,
    'product:updated': receiveProductAtom,
    'agents:updated': reloadLoadedAgentsAtom,
    'categories:updated': categoriesChanged,
    'catalogue:updated': catalogueChangedAtom,
  },
  refetch: catchUpAtom,
  poll: refreshOrdersAtom,
};
