import { Migration } from '@mikro-orm/migrations';

/**
 * Counter sales on the khata (docs/counter.md#khata-sales): a sale's customer, what it put on
 * the khata and what was paid now (a split); returns given back on the khata; a closed day's
 * khata payments received in cash. Online orders on the khata (docs/orders.md#khata-orders).
 */
export class Migration20261206172000_KhataCounter extends Migration {
  override name = 'Migration20261206172000_KhataCounter';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_payment_type_check";`);
    this.addSql(
      `alter table "orders" add constraint "orders_payment_type_check" check ("payment_type" in ('COD', 'Online', 'Khata'));`,
    );
    this.addSql(`alter table "counter_days" add "khata_cash_paise" bigint null;`);
    this.addSql(
      `alter table "counter_sales" add "customer_id" uuid null, add "khata_paise" int null, add "paid_cash_paise" int null, add "paid_upi_paise" int null;`,
    );
    this.addSql(
      `alter table "counter_sales" add constraint "counter_sales_customer_id_foreign" foreign key ("customer_id") references "khata_customers" ("id") on delete restrict;`,
    );
    this.addSql(
      `create index "counter_sales_customer_id_index" on "counter_sales" ("customer_id");`,
    );
    this.addSql(
      `alter table "counter_sales" add constraint "counter_sales_khata_check" check ((payment = 'khata') = (customer_id is not null) and (payment = 'khata') = (khata_paise is not null) and (payment = 'khata') = (paid_cash_paise is not null) and (payment = 'khata') = (paid_upi_paise is not null) and khata_paise > 0 and paid_cash_paise >= 0 and paid_upi_paise >= 0 and khata_paise + paid_cash_paise + paid_upi_paise = amount_paise);`,
    );
    this.addSql(`alter table "counter_sales" drop constraint "counter_sales_payment_check";`);
    this.addSql(
      `alter table "counter_sales" add constraint "counter_sales_payment_check" check ("payment" in ('cash', 'upi', 'khata'));`,
    );
    this.addSql(`alter table "counter_returns" drop constraint "counter_returns_payment_check";`);
    this.addSql(
      `alter table "counter_returns" add constraint "counter_returns_payment_check" check ("payment" in ('cash', 'upi', 'khata'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "counter_returns" drop constraint "counter_returns_payment_check";`);
    this.addSql(
      `alter table "counter_returns" add constraint "counter_returns_payment_check" check ("payment" in ('cash', 'upi'));`,
    );
    this.addSql(`alter table "counter_sales" drop constraint "counter_sales_payment_check";`);
    this.addSql(
      `alter table "counter_sales" add constraint "counter_sales_payment_check" check ("payment" in ('cash', 'upi'));`,
    );
    this.addSql(
      `alter table "counter_sales" drop column "customer_id", drop column "khata_paise", drop column "paid_cash_paise", drop column "paid_upi_paise";`,
    );
    this.addSql(`alter table "counter_days" drop column "khata_cash_paise";`);
    this.addSql(`alter table "orders" drop constraint "orders_payment_type_check";`);
    this.addSql(
      `alter table "orders" add constraint "orders_payment_type_check" check ("payment_type" in ('COD', 'Online'));`,
    );
  }
}
