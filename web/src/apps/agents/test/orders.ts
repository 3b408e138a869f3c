import type { AgentOrder } from '@kirana/shared';
import { anOrder } from '../../../test/orders';

export { at } from '../../../test/orders';

export const ME = '0190a5b2-7c3e-7a10-b000-000000000001';
export const SOMEONE_ELSE = '0190a5b2-7c3e-7a10-b000-000000000002';

/** An order as `orders/visible` answers it (see the shared test `anOrder`). */
export const anAgentOrder = (minute: number, overrides: Partial<AgentOrder> = {}) =>
  anOrder<AgentOrder>(minute, overrides);
