import {
  formatAmount,
  lineAmount,
  SHOP_CURRENCY,
  toRupees,
  type CounterDay,
  type CounterReturn,
  type CounterSale,
} from '@kirana/shared';
import { presentLineTax } from '../../lib/line-tax.js';
import type { SaleRecord } from './counter-reads.js';
import type { ReturnRecord } from './counter-returns.service.js';
import type { DayRecord } from './till-day.service.js';

/** A sale as the API answers it, amounts in rupees. */
export function presentSale(sale: SaleRecord): CounterSale {
  return {
    _id: sale.id,
    number: sale.number,
    invoice: sale.invoice && {
      number: sale.invoice.number,
      series: sale.invoice.series,
      date: sale.invoice.date,
      kind: sale.invoice.kind,
    },
    lines: sale.lines.map((line) => ({
      product: line.product,
      name: line.name,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: toRupees(line.unitPricePaise),
      amount: toRupees(lineAmount(line.unitPricePaise, line.quantity, line.unit)),
      returned: line.returned,
      ...presentLineTax(line),
    })),
    subtotal: toRupees(sale.subtotalPaise),
    tax: toRupees(sale.taxPaise),
    amount: toRupees(sale.amountPaise),
    payment: sale.payment,
    tendered: sale.tenderedPaise === null ? null : toRupees(sale.tenderedPaise),
    change: sale.changePaise === null ? null : toRupees(sale.changePaise),
    refunded: toRupees(sale.refundedPaise),
    customer: sale.customer && {
      _id: sale.customer.id,
      name: sale.customer.name,
      balance: toRupees(sale.customer.balancePaise),
      creditLimit: toRupees(sale.customer.creditLimitPaise),
    },
    onKhata: toRupees(sale.khataPaise),
    paid: sale.paid && { cash: toRupees(sale.paid.cashPaise), upi: toRupees(sale.paid.upiPaise) },
    createdAt: sale.createdAt.toISOString(),
  };
}

export function presentReturn(record: ReturnRecord): CounterReturn {
  return {
    _id: record.id,
    sale: record.saleId,
    lines: record.lines.map((line) => ({
      product: line.product,
      name: line.name,
      unit: line.unit ?? 'piece',
      quantity: line.quantity,
      amount: toRupees(line.amountPaise),
      ...presentLineTax(line),
    })),
    amount: toRupees(record.amountPaise),
    payment: record.payment,
    creditNote: record.creditNote,
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * What the till tells the seller once a return is recorded: give the money back, or, for a khata
 * sale (a split's paid part too), that it went back on the customer's khata.
 */
export function returnMessage(record: ReturnRecord): string {
  if (record.amountPaise === 0) return 'Return recorded';
  return record.payment === 'khata'
    ? `Return recorded: ${formatAmount(toRupees(record.amountPaise), SHOP_CURRENCY)} back on the customer's khata, no money to give`
    : 'Return recorded: give the money back';
}

/** A day of the till: expected and, once closed, counted and the difference. */
export function presentDay(day: DayRecord): CounterDay {
  return {
    _id: day.id,
    date: day.date,
    openedAt: day.openedAt.toISOString(),
    closedAt: day.closedAt?.toISOString() ?? null,
    openingFloat: toRupees(day.openingFloatPaise),
    sales: day.sales,
    cashSales: toRupees(day.cashSalesPaise),
    upiSales: toRupees(day.upiSalesPaise),
    khataSales: toRupees(day.khataSalesPaise),
    khataCash: toRupees(day.khataCashPaise),
    cashReturns: toRupees(day.cashReturnsPaise),
    upiReturns: toRupees(day.upiReturnsPaise),
    handovers: toRupees(day.handoversPaise),
    payouts: toRupees(day.payoutsPaise),
    expected: toRupees(day.expectedPaise),
    counted: day.countedPaise === null ? null : toRupees(day.countedPaise),
    difference: day.countedPaise === null ? null : toRupees(day.countedPaise - day.expectedPaise),
    note: day.note,
  };
}
