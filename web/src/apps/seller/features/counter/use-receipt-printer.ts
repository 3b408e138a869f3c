import type { CounterSale, ReceiptShop } from '@kirana/shared';
import { useRef, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { errorText } from '../../failure-message';
import { printReceipt } from './print-receipt';

/**
 * The till's receipts from `shop` (the shop as the Counter knows it, kept for when the server
 * cannot be reached), one at a time: `print(sale, openDrawer)`, `openDrawer` only for the sale
 * just made in cash; rendered without the server, so a sale made offline prints too. A receipt
 * asked for while another prints waits for it; a repeat of a reprint is ignored. `printing`
 * while one prints. Without the shop yet, printing says so.
 */
export function useReceiptPrinter(shop?: ReceiptShop) {
  const [printing, setPrinting] = useState(false);
  // Read after awaits (a print right after a sale): a ref, not this render's value.
  const printingNow = useRef<Promise<void> | null>(null);

  const printOne = async (sale: CounterSale, openDrawer: boolean) => {
    if (!shop) {
      toast.warning('The receipt cannot print yet: the shop’s details have not loaded');
      return;
    }
    setPrinting(true);
    try {
      const result = await printReceipt(sale, shop, openDrawer && sale.payment === 'cash');
      if (!result.printed) toast.warning(result.reason);
    } catch (problem) {
      toast.warning(`The receipt could not be printed: ${errorText(problem)}`);
    } finally {
      setPrinting(false);
    }
  };

  const print = async (sale: CounterSale, openDrawer = false) => {
    if (printingNow.current) {
      if (!openDrawer) return;
      await printingNow.current;
    }
    const printed = printOne(sale, openDrawer);
    printingNow.current = printed;
    try {
      await printed;
    } finally {
      if (printingNow.current === printed) printingNow.current = null;
    }
  };

  return { printing, print };
}
