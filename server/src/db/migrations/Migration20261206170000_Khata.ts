import { Migration } from '@mikro-orm/migrations';

/**
 * The khata (docs/khata.md): the shop's regulars, each with a credit limit and a balance, and
 * their ledgers, whose entries are only ever added.
 */
export class Migration20261206170000_Khata extends Migration {
  override name = 'Migration20261206170000_Khata';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "khata_customers" ("id" uuid not null, "name" varchar(100) not null, "phone" varchar(10) not null, "credit_limit_paise" bigint not null, "shopper_id" uuid null, "note" varchar(500) null, "balance_paise" bigint not null default '0', "owing_since" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "khata_customers" add constraint "khata_customers_phone_unique" unique ("phone"), add constraint "khata_customers_shopper_id_unique" unique ("shopper_id"), add constraint "khata_customers_shopper_id_foreign" foreign key ("shopper_id") references "users" ("id") on delete set null, add constraint "khata_customers_limit_check" check (credit_limit_paise >= 0), add constraint "khata_customers_owing_check" check ((balance_paise > 0) = (owing_since is not null));`,
    );
    this.addSql(
      `create index "khata_customers_owing_since_index" on "khata_customers" ("owing_since");`,
    );

    this.addSql(
      `create table "khata_entries" ("id" uuid not null, "customer_id" uuid not null, "kind" text not null, "amount_paise" bigint not null, "balance_paise" bigint not null, "method" text null, "sale_id" uuid null, "sale_number" int null, "order_id" uuid null, "payment_ref" varchar(100) null, "note" varchar(200) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "khata_entries" add constraint "khata_entries_payment_ref_unique" unique ("payment_ref"), add constraint "khata_entries_customer_id_foreign" foreign key ("customer_id") references "khata_customers" ("id") on delete restrict, add constraint "khata_entries_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete restrict, add constraint "khata_entries_kind_check" check ("kind" in ('credit', 'payment', 'return', 'adjustment')), add constraint "khata_entries_method_check" check ("method" in ('cash', 'upi', 'online')), add constraint "khata_entries_amount_check" check ((kind = 'credit' and amount_paise > 0) or (kind in ('payment', 'return') and amount_paise < 0) or (kind = 'adjustment' and amount_paise <> 0)), add constraint "khata_entries_payment_method_check" check ((kind = 'payment') = (method is not null));`,
    );
    this.addSql(
      `create index "khata_entries_customer_id_created_at_index" on "khata_entries" ("customer_id", "created_at");`,
    );
    this.addSql(`create index "khata_entries_created_at_index" on "khata_entries" ("created_at");`);
    this.addSql(`create index "khata_entries_sale_id_index" on "khata_entries" ("sale_id");`);
    // A delivered order goes on the khata once, and a counter bill once.
    this.addSql(
      `create unique index "khata_entries_order_credit_unique" on "khata_entries" ("order_id") where kind = 'credit';`,
    );
    this.addSql(
      `create unique index "khata_entries_sale_credit_unique" on "khata_entries" ("sale_id") where kind = 'credit';`,
    );
    this.addSql(
      `create or replace function "khata_entries_khata_entries_append_only_fn"() returns trigger as $$ begin raise exception 'khata_entries is append-only: write an adjustment instead'; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "khata_entries_append_only" BEFORE UPDATE OR DELETE on "khata_entries" for each ROW execute function "khata_entries_khata_entries_append_only_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "khata_entries" cascade;`);
    this.addSql(`drop function if exists "khata_entries_khata_entries_append_only_fn"();`);
    this.addSql(`drop table if exists "khata_customers" cascade;`);
  }
}
