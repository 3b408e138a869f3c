import { Migration } from '@mikro-orm/migrations';

/**
 * Paying the khata online (docs/payments.md#paying-the-khata-online): a shopper's provider
 * orders for what their khata owes, apart from `payments`, which are an order's.
 */
export class Migration20261206173000_KhataPayments extends Migration {
  override name = 'Migration20261206173000_KhataPayments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "khata_payments" ("id" uuid not null, "customer_id" uuid not null, "shopper_id" uuid null, "provider" text not null, "provider_order_id" varchar(64) not null, "provider_payment_id" varchar(64) null, "amount_paise" int not null, "status" text not null default 'created', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "khata_payments" add constraint "khata_payments_provider_order_id_unique" unique ("provider_order_id"), add constraint "khata_payments_provider_payment_id_unique" unique ("provider_payment_id"), add constraint "khata_payments_customer_id_foreign" foreign key ("customer_id") references "khata_customers" ("id") on delete cascade, add constraint "khata_payments_shopper_id_foreign" foreign key ("shopper_id") references "users" ("id") on delete set null, add constraint "khata_payments_provider_check" check ("provider" in ('razorpay', 'sandbox')), add constraint "khata_payments_status_check" check ("status" in ('created', 'attempted', 'paid'));`,
    );
    this.addSql(
      `create index "khata_payments_customer_id_index" on "khata_payments" ("customer_id");`,
    );
    this.addSql(
      `create index "khata_payments_status_created_at_index" on "khata_payments" ("status", "created_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "khata_payments" cascade;`);
  }
}
