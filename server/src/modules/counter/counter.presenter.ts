import {
  lineAmount,
  toRupees,
  type CounterDay,
  type CounterReturn,
  type CounterSale,
} from '@kirana/shared';
import type { SaleRecord } from './counter-reads.js';
import type { ReturnRecord } from './counter-returns.service.js';
import type { DayRecord } from './till-day.service.js';

/** A sale as the API answers it, amounts in rupees. */
export function presentSale(sale: SaleRecord): CounterSale {
  return {
    _id: sale.id,
    number: sale.number,
    lines: sale.lines.map((line) => ({
      product: line.product,
      name: line.name,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: toRupees(line.unitPricePaise),
      amount: toRupees(lineAmount(line.unitPricePaise, line.quantity, line.unit)),
      returned: line.returned,
    })),
    subtotal: toRupees(sale.subtotalPaise),
    tax: toRupees(sale.taxPaise),
    amount: toRupees(sale.amountPaise),
    payment: sale.payment,
    tendered: sale.tenderedPaise === null ? null : toRupees(sale.tenderedPaise),
    change: sale.changePaise === null ? null : toRupees(sale.changePaise),
    refunded: toRupees(sale.refundedPaise),
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
    })),
    amount: toRupees(record.amountPaise),
    payment: record.payment,
    createdAt: record.createdAt.toISOString(),
  };
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
