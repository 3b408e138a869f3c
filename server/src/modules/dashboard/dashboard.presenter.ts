import { toRupees, type Dashboard } from '@kirana/shared';
import type { DashboardDays, DashboardFigures } from './dashboard-queries.js';
import type { KhataFigures } from './dashboard.service.js';

/** The dashboard as `GET /api/dashboard` answers it: rupees, minutes to a tenth, shares to 0.001. */
export function presentDashboard(
  days: DashboardDays,
  figures: DashboardFigures,
  khata: KhataFigures,
): Dashboard {
  return {
    from: days.from,
    to: days.to,
    timeZone: days.timeZone,
    orders: figures.orders,
    sales: toRupees(figures.salesPaise),
    cancelled: figures.cancelled,
    delivered: figures.delivered,
    averageDeliveryMinutes:
      figures.timedDeliveries > 0
        ? Math.round(figures.deliveryMs / figures.timedDeliveries / 6_000) / 10
        : null,
    withinPromise:
      figures.delivered > 0
        ? Math.round((figures.withinPromise / figures.delivered) * 1_000) / 1_000
        : null,
    byHour: figures.byHour,
    topProducts: figures.topProducts.map((product) => ({
      _id: product.id,
      name: product.name,
      unit: product.unit,
      quantity: product.quantity,
      sales: toRupees(product.salesPaise),
    })),
    counterBills: figures.counterBills,
    counterSales: toRupees(figures.counterSalesPaise),
    toCount: {
      products: figures.toCount.map(({ id, name, unit, pastCount }) => ({
        _id: id,
        name,
        unit,
        pastCount,
      })),
      total: figures.toCountTotal,
    },
    toCollect: toRupees(khata.toCollectPaise),
    owingCustomers: khata.owingCustomers,
  };
}
