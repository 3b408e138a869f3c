import { Migration } from '@mikro-orm/migrations';

/** The till (docs/counter.md#the-till): its days, walk-in sales with their lines, and returns. */
export class Migration20261127120000_Counter extends Migration {
  override name = 'Migration20261127120000_Counter';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "counter_days" ("id" uuid not null, "date" date not null, "opening_float_paise" int not null, "opened_at" timestamptz not null, "closed_at" timestamptz null, "cash_sales_paise" int null, "cash_returns_paise" int null, "handovers_paise" int null, "expected_paise" int null, "counted_paise" int null, "note" varchar(500) null, primary key ("id"), constraint counter_days_float_check check (opening_float_paise >= 0), constraint counter_days_closed_check check ((closed_at is null) = (counted_paise is null) and (closed_at is null) = (expected_paise is null)));`,
    );
    this.addSql(`create index "counter_days_date_index" on "counter_days" ("date");`);
    // At most one day of the till is open.
    this.addSql(
      `create unique index "counter_days_one_open" on "counter_days" ((closed_at is null)) where closed_at is null;`,
    );

    this.addSql(`create sequence "counter_sale_number" as int;`);
    this.addSql(
      `create table "counter_sales" ("id" uuid not null, "number" int not null default nextval('counter_sale_number'), "day_id" uuid not null, "payment" text check ("payment" in ('cash', 'upi')) not null, "subtotal_paise" int not null, "tax_paise" int not null, "amount_paise" int not null, "tendered_paise" int null, "change_paise" int null, "refunded_paise" int not null default 0, "idempotency_key" varchar(255) null, "fingerprint" varchar(64) null, "created_at" timestamptz not null, primary key ("id"), constraint counter_sales_cash_check check ((payment = 'cash') = (tendered_paise is not null) and (tendered_paise is null) = (change_paise is null) and change_paise >= 0), constraint counter_sales_refund_check check (refunded_paise between 0 and amount_paise));`,
    );
    this.addSql(`alter sequence "counter_sale_number" owned by "counter_sales"."number";`);
    this.addSql(
      `alter table "counter_sales" add constraint "counter_sales_number_unique" unique ("number");`,
    );
    this.addSql(
      `alter table "counter_sales" add constraint "counter_sales_idempotency_key_unique" unique ("idempotency_key");`,
    );
    this.addSql(`create index "counter_sales_day_id_index" on "counter_sales" ("day_id");`);
    this.addSql(`create index "counter_sales_created_at_index" on "counter_sales" ("created_at");`);
    this.addSql(
      `alter table "counter_sales" add constraint "counter_sales_day_id_foreign" foreign key ("day_id") references "counter_days" ("id");`,
    );

    this.addSql(
      `create table "counter_sale_lines" ("id" uuid not null, "sale_id" uuid not null, "position" smallint not null, "product_id" uuid not null, "name" varchar(200) not null, "quantity" int not null, "unit_price_paise" int not null, "stock_taken" boolean not null, "returned" int not null default 0, primary key ("id"), constraint counter_sale_lines_quantity_check check (quantity > 0), constraint counter_sale_lines_returned_check check (returned between 0 and quantity));`,
    );
    this.addSql(
      `create index "counter_sale_lines_sale_id_index" on "counter_sale_lines" ("sale_id");`,
    );
    this.addSql(
      `alter table "counter_sale_lines" add constraint "counter_sale_lines_sale_id_foreign" foreign key ("sale_id") references "counter_sales" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "counter_sale_lines" add constraint "counter_sale_lines_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete restrict;`,
    );

    this.addSql(
      `create table "counter_returns" ("id" uuid not null, "sale_id" uuid not null, "day_id" uuid not null, "payment" text check ("payment" in ('cash', 'upi')) not null, "amount_paise" int not null, "lines" jsonb not null, "created_at" timestamptz not null, primary key ("id"), constraint counter_returns_amount_check check (amount_paise >= 0));`,
    );
    this.addSql(`create index "counter_returns_sale_id_index" on "counter_returns" ("sale_id");`);
    this.addSql(`create index "counter_returns_day_id_index" on "counter_returns" ("day_id");`);
    this.addSql(
      `alter table "counter_returns" add constraint "counter_returns_sale_id_foreign" foreign key ("sale_id") references "counter_sales" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "counter_returns" add constraint "counter_returns_day_id_foreign" foreign key ("day_id") references "counter_days" ("id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "counter_returns" cascade;`);
    this.addSql(`drop table if exists "counter_sale_lines" cascade;`);
    this.addSql(`drop table if exists "counter_sales" cascade;`);
    this.addSql(`drop table if exists "counter_days" cascade;`);
  }
}
