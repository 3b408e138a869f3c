import { atom } from 'jotai';
import { queryClient } from '../../lib/query-client';
import type { LiveFeed } from '../../lib/socket';
import {
  catalogueChangedAtom,
  categoriesChangedAtom,
  receiveProductAtom,
} from '../../common/catalogue/live-events';
import { tillChangedAtom } from './features/counter/live-events';
import { receiveShopAtom } from '../../common/shop-settings/live-events';
import { refreshTeamAndCash } from './features/team/queries';
import { backupFailedAtom } from './features/backups/atoms/backups';
import {
  receiveChangedOrderAtom,
  receivePlacedOrderAtom,
  receiveUnacceptedOrderAtom,
  refreshOrdersAtom,
} from './features/orders/atoms/orders';

/** Live `agents:updated`: the team, or an agent's availability or cash, changed. */
const teamChangedAtom = atom(null, () => refreshTeamAndCash(queryClient));

/**
 * After the stream was down: every list the seller screens hold, fetched again (those on screen
 * now, the others when next shown).
 */
const catchUpAtom = atom(null, (_get, set) => {
  set(catalogueChangedAtom);
  set(categoriesChangedAtom);
  // The orders among them, sharing a poll's refresh that is still running.
  void queryClient.invalidateQueries({ queryKey: ['seller'] }, { cancelRefetch: false });
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
    'agents:updated': teamChangedAtom,
    'categories:updated': categoriesChangedAtom,
    'catalogue:updated': catalogueChangedAtom,
    'backup:failed': backupFailedAtom,
    'shop:updated': receiveShopAtom,
    'till:updated': tillChangedAtom,
  },
  refetch: catchUpAtom,
  poll: refreshOrdersAtom,
};
