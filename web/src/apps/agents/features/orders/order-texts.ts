import type { OrderStatus, PaymentType } from '@kirana/shared';
import { t } from '@lingui/core/macro';

/** An order's status as the agent reads it; in English, the status itself. */
export function statusText(status: OrderStatus): string {
  switch (status) {
    case 'Order Placed':
      return t`Order Placed`;
    case 'Picked':
      return t`Picked`;
    case 'Delivered':
      return t`Delivered`;
    case 'Cancelled':
      return t`Cancelled`;
  }
}

/** The button that moves an order on to `status`: 'Mark Picked', 'Mark Delivered'. */
export function markStatusText(status: OrderStatus): string {
  switch (status) {
    case 'Picked':
      return t`Mark Picked`;
    case 'Delivered':
      return t`Mark Delivered`;
    default: {
      const name = statusText(status);
      return t`Mark ${name}`;
    }
  }
}

/** How an order is paid, as the agent reads it; in English, the spec's 'COD' and 'Online'. */
export function paymentTypeText(type: PaymentType): string {
  switch (type) {
    case 'COD':
      return t`COD`;
    case 'Online':
      return t`Online`;
    case 'Khata':
      return t`Khata`;
  }
}
