/*
 * The seller's live events as the counter's kept catalogue takes them: the seller's feed
 * (apps/seller/live-feed.ts) tells these handlers every event, and they pass it on to the
 * Counter's keeper while a Counter page keeps the catalogue in this tab (useKeptCatalogue).
 */
import type { KhataCustomer, Product } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';

/** What the Counter's keeper does with the events it is told. */
export interface KeptListener {
  product: (product: Product) => void;
  /** Many products changed at once (an import): the catalogue is read again. */
  catalogue: () => void;
  customer: (customer: KhataCustomer) => void;
}

let listener: KeptListener | null = null;

/** Tells `keeper` the live events until the returned function is called. */
export function listenForKept(keeper: KeptListener): () => void {
  listener = keeper;
  return () => {
    if (listener === keeper) listener = null;
  };
}

/** Live `product:updated`: the kept copy changes (an archived product is forgotten). */
export const keptProductChanged = (_client: QueryClient, product: Product): void =>
  listener?.product(product);

/** Live `catalogue:updated`: a new pass over the catalogue. */
export const keptCatalogueChanged = (_client: QueryClient): void => listener?.catalogue();

/** Live `khata:updated`: the customer's balance and limit as kept. */
export const keptCustomerChanged = (_client: QueryClient, customer: KhataCustomer): void =>
  listener?.customer(customer);
