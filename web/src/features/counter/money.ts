import { formatAmount, ORDER_CURRENCY, toRupees, type Paise } from '@kirana/shared';

/** An amount on the seller's screens: '₹336.60' (printed receipts write 'Rs', printers lack ₹). */
export const rupees = (amount: number): string => formatAmount(amount, ORDER_CURRENCY);

/** An amount in paise, as the seller's screens write it. */
export const paiseText = (paise: Paise): string => rupees(toRupees(paise));
