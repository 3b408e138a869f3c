import type { OrderEvent } from '@kirana/shared';

const ROLES: Record<OrderEvent['by']['role'], string> = {
  user: 'Shopper',
  seller: 'Seller',
  agent: 'Agent',
  system: 'Kirana',
};

/** Who made a change, as the counter reads it: "Agent Ravi", "Shopper Priya", "Seller". */
export function actorText({ by }: Pick<OrderEvent, 'by'>): string {
  return by.name ? `${ROLES[by.role]} ${by.name}` : ROLES[by.role];
}

/** What a change of the order's history did, in a few words. */
export function changeText(
  event: Pick<OrderEvent, 'type' | 'fromStatus' | 'toStatus' | 'note'>,
): string {
  const note = event.note ? ` (${event.note})` : '';
  switch (event.type) {
    case 'placed':
      return `placed the order${note}`;
    case 'paid': {
      // The server's notes: 'cash' (an agent at the door), or 'online (how, via what)'.
      if (event.note === 'cash') return 'collected the cash at the door';
      const how = event.note?.replace(/^online \((.*)\)$/, '$1');
      return `paid online${how ? ` (${how})` : ''}`;
    }
    case 'accepted':
      return `accepted the order${note}`;
    case 'assigned':
      return `assigned the order to ${event.note ?? 'an agent'}`;
    case 'cancelled':
      return `cancelled the order${note}`;
    case 'unaccepted':
      return `offered it to the agents again: nobody accepted it${note}`;
    case 'released':
      return `took the order back from its agent${note}`;
    case 'expired':
      return `cancelled it: not paid in time${note}`;
    case 'refunded':
      return `refunded the payment${note}`;
    case 'pin-wrong':
      return `entered a wrong delivery PIN${note}`;
    case 'pin-locked':
      return `locked the delivery: too many wrong PINs${note}`;
    case 'pin-unlocked':
      return `unlocked the delivery PIN${note}`;
    case 'status':
      return `${event.fromStatus ?? '—'} → ${event.toStatus ?? '—'}${note}`;
  }
}
