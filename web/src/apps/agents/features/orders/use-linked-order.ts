import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { linkedOrderId, withoutOrderParam } from './linked-order';
import './linked-order.css';

/** How long the linked order's card stays highlighted. */
const HIGHLIGHT_MS = 4000;

/**
 * The order a link opened the page with (`/agents?order=<id>`, a tapped alert): once the list
 * is `ready`, its card is scrolled into view and its id answered for a few seconds, to highlight
 * it; an order no longer on the list (taken by another agent, cancelled) is said so in a toast.
 * The link is followed once: the address drops it.
 */
export function useLinkedOrder(ready: boolean): string | null {
  const linked = useRef(linkedOrderId(window.location.search));
  const [highlighted, setHighlighted] = useState<string | null>(null);

  useEffect(() => {
    const id = linked.current;
    if (!id || !ready) return;
    linked.current = null;
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      withoutOrderParam(pathname, search, hash),
    );
    // The cards are on the page by now: the list rendered before this effect ran.
    const card = document.getElementById(`order-${id}`)?.closest('article');
    if (!card) {
      toast.warning(t`That order is no longer open: another agent may have taken it.`);
      return;
    }
    card.scrollIntoView({ block: 'center' });
    setHighlighted(id);
  }, [ready]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
