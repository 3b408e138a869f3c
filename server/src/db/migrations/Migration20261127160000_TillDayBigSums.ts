import { Migration } from '@mikro-orm/migrations';

const SUMS = [
  'cash_sales_paise',
  'cash_returns_paise',
  'handovers_paise',
  'expected_paise',
  'counted_paise',
];

/**
 * A closed day's sums, and the cash counted against them, in 64 bits: each bill and handover
 * fits 32-bit paise, a day of many does not (₹2.15 crore of cash made the close fail and left the
 * till open for good).
 */
export class Migration20261127160000_TillDayBigSums extends Migration {
  override name = 'Migration20261127160000_TillDayBigSums';

  override up(): void | Promise<void> {
    const columns = SUMS.map((column) => `alter column "${column}" type bigint`);
    this.addSql(`alter table "counter_days" ${columns.join(', ')};`);
  }

  override down(): void | Promise<void> {
    const columns = SUMS.map((column) => `alter column "${column}" type integer`);
    this.addSql(`alter table "counter_days" ${columns.join(', ')};`);
  }
}
