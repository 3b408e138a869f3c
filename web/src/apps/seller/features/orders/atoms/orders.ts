import type { SellerOrder } from '@kirana/shared';
import { atom } from 'jotai';
import { desktop } from '../../../../../lib/desktop-bridge';

/* What the desktop app has been told about the seller's orders. */

/** The ids the desktop app has been told are shown: it alerts no more for them. */
const acknowledgedIdsAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * The seller is looking at `orders`: tells the desktop app to stop alerting for each one it has
 * not been told about yet.
 */
export const acknowledgeShownOrdersAtom = atom(null, (get, set, orders: readonly SellerOrder[]) => {
  if (!desktop) return;
  const acknowledged = get(acknowledgedIdsAtom);
  const ids = orders.map((order) => order._id).filter((id) => !acknowledged.has(id));
  if (ids.length === 0) return;
  set(acknowledgedIdsAtom, new Set([...acknowledged, ...ids]));
  desktop.acknowledgeOrders(ids).catch((error: unknown) => {
    console.warn('The desktop app refused the acknowledgement', error);
  });
});

/** Forgets what the desktop app was told, e.g. before another login. */
export const forgetAcknowledgedAtom = atom(null, (_get, set) => {
  set(acknowledgedIdsAtom, new Set<string>());
});
