/*
 * A link to one order on the agent's phone: `/agents?order=<id>`, where a tapped alert of a new
 * order leads (web/public/agents-sw.js). Active Orders brings that order's card into view.
 */

/** The query parameter naming the order. */
export const ORDER_PARAM = 'order';

/** The order a page's query names (`?order=<id>`), or null; anything but an id is ignored. */
export function linkedOrderId(search: string): string | null {
  const id = new URLSearchParams(search).get(ORDER_PARAM)?.trim() ?? '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/** The same address without the order parameter: the link is followed once, not at every reload. */
export function withoutOrderParam(path: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  params.delete(ORDER_PARAM);
  const rest = params.toString();
  return `${path}${rest ? `?${rest}` : ''}${hash}`;
}
