import { formatAmount, SHOP_CURRENCY, type CounterDay } from '@kirana/shared';

const rs = (amount: number) => formatAmount(amount, SHOP_CURRENCY);

/** The figures of a day of the till: how the cash expected is made, and what was counted. */
export function TillFigures({ day }: { day: CounterDay }) {
  const rows: [string, string][] = [
    ['Opening float', rs(day.openingFloat)],
    ['Cash sales', rs(day.cashSales)],
    ['Cash given back', `− ${rs(day.cashReturns)}`],
    ['Agents’ handovers', rs(day.handovers)],
    ['Cash expected', rs(day.expected)],
  ];
  if (day.counted !== null && day.difference !== null)
    rows.push(
      ['Cash counted', rs(day.counted)],
      ['Difference', day.difference === 0 ? 'None' : rs(day.difference)],
    );
  rows.push(['UPI sales', rs(day.upiSales)], ['UPI given back', rs(day.upiReturns)]);
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
