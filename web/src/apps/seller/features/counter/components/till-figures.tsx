import { type CounterDay } from '@kirana/shared';
import { rupees } from '../money';

/** What the count came to against the cash expected: none, short or over. */
const differenceText = (difference: number): string =>
  difference === 0
    ? 'None'
    : `${rupees(Math.abs(difference))} ${difference < 0 ? 'short' : 'over'}`;

/** The figures of a day of the till: how the cash expected is made, and what was counted. */
export function TillFigures({ day }: { day: CounterDay }) {
  const rows: [string, string][] = [
    ['Opening float', rupees(day.openingFloat)],
    ['Cash sales', rupees(day.cashSales)],
    ['Cash given back', `−\u00a0${rupees(day.cashReturns)}`],
    ['Agents’ handovers', rupees(day.handovers)],
    ['Khata payments in cash', rupees(day.khataCash)],
    ['Paid out for cancelled orders', `−\u00a0${rupees(day.payouts)}`],
    ['Cash expected', rupees(day.expected)],
  ];
  if (day.counted !== null && day.difference !== null)
    rows.push(
      ['Cash counted', rupees(day.counted)],
      ['Difference', differenceText(day.difference)],
    );
  rows.push(
    ['UPI sales', rupees(day.upiSales)],
    ['UPI given back', rupees(day.upiReturns)],
    // Sold on credit: no cash came for it (the part paid now is in the cash and UPI sales).
    ['Put on the khata', rupees(day.khataSales)],
  );
  return (
    <dl className="counter-figures">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
