import {
  formatAmount,
  khataAgeing,
  ORDER_CURRENCY,
  shopTime,
  type KhataAgeing,
  type KhataCustomer,
} from '@kirana/shared';
import { Link } from 'react-router';
import { DataTable, dataCell } from '../../../../../common/ui/data-table';
import './customer-table.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

const AGEING_TEXT: Record<KhataAgeing, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '60+': '60+ days',
};

interface CustomerTableProps {
  customers: readonly KhataCustomer[];
  /** The shop's time zone, for the days. */
  timeZone: string;
  /** The time now, for the ageing. */
  now: number;
}

/**
 * The khata's customers: name (a link to their page), phone, what they owe, their limit, since
 * when they have owed, and for how long (0–30, 31–60, 60+ days).
 */
export function CustomerTable({ customers, timeZone, now }: CustomerTableProps) {
  return (
    <DataTable caption="Khata customers" className="khata-customers">
      <thead>
        <tr>
          <th scope="col">Customer</th>
          <th scope="col" className={dataCell.optional}>
            Phone
          </th>
          <th scope="col" className={dataCell.number}>
            Owes
          </th>
          <th scope="col" className={dataCell.number}>
            Limit
          </th>
          <th scope="col" className={dataCell.optional}>
            Owing since
          </th>
          <th scope="col">Ageing</th>
        </tr>
      </thead>
      <tbody>
        {customers.map((customer) => {
          const ageing =
            customer.balance > 0 && customer.oldestUnpaidAt
              ? khataAgeing(new Date(customer.oldestUnpaidAt), new Date(now))
              : null;
          return (
            <tr key={customer._id}>
              <th scope="row">
                <Link to={`/seller/khata/${encodeURIComponent(customer._id)}`}>
                  {customer.name}
                </Link>
              </th>
              <td className={dataCell.optional}>
                <a href={`tel:${customer.phone}`}>{customer.phone}</a>
              </td>
              <td
                className={`${dataCell.number} khata-customers__balance`}
                data-owing={customer.balance > 0 || undefined}
              >
                {rupees(customer.balance)}
              </td>
              <td className={dataCell.number}>
                {customer.creditLimit > 0 ? rupees(customer.creditLimit) : 'No credit'}
              </td>
              <td className={dataCell.optional}>
                {customer.balance > 0 && customer.oldestUnpaidAt
                  ? shopTime(customer.oldestUnpaidAt, timeZone, 'day-time').split(',')[0]
                  : '—'}
              </td>
              <td>
                {ageing ? (
                  <span className="khata-ageing" data-ageing={ageing}>
                    {AGEING_TEXT[ageing]}
                  </span>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
