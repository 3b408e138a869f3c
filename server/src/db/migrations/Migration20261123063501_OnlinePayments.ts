import { Migration } from '@mikro-orm/migrations';

export class Migration20261123063501_OnlinePayments extends Migration {
  override name = 'Migration20261123063501_OnlinePayments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "sandbox_orders" ("id" varchar(64) not null, "amount" int not null, "currency" varchar(3) not null, "receipt" varchar(64) null, "notes" jsonb not null, "status" text not null default 'created', "created_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "sandbox_payments" ("id" varchar(64) not null, "order_id" varchar(64) not null, "amount" int not null, "currency" varchar(3) not null, "status" text not null, "amount_refunded" int not null default 0, "error_description" varchar(200) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "sandbox_payments_order_id_index" on "sandbox_payments" ("order_id");`,
    );

    this.addSql(
      `create table "sandbox_refunds" ("id" varchar(64) not null, "payment_id" varchar(64) not null, "amount" int not null, "status" text not null default 'processed', "receipt" varchar(64) null, "idempotency_key" varchar(100) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "sandbox_refunds_payment_id_index" on "sandbox_refunds" ("payment_id");`,
    );
    this.addSql(
      `alter table "sandbox_refunds" add constraint "sandbox_refunds_idempotency_key_unique" unique ("idempotency_key");`,
    );

    this.addSql(
      `create table "refunds" ("id" uuid not null, "order_id" uuid not null, "provider_payment_id" varchar(64) not null, "provider_refund_id" varchar(64) null, "amount_paise" int not null, "status" text not null default 'requested', "idempotency_key" varchar(100) not null, "reason" varchar(200) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "refunds_order_id_index" on "refunds" ("order_id");`);
    this.addSql(
      `alter table "refunds" add constraint "refunds_provider_refund_id_unique" unique ("provider_refund_id");`,
    );
    this.addSql(
      `alter table "refunds" add constraint "refunds_idempotency_key_unique" unique ("idempotency_key");`,
    );

    this.addSql(
      `create table "payment_events" ("id" uuid not null, "order_id" uuid not null, "source" text not null, "type" varchar(40) not null, "dedupe_key" varchar(100) null, "provider_payment_id" varchar(64) null, "amount_paise" int null, "note" varchar(200) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "payment_events_order_id_index" on "payment_events" ("order_id");`);
    this.addSql(
      `alter table "payment_events" add constraint "payment_events_dedupe_key_unique" unique ("dedupe_key");`,
    );

    this.addSql(`alter table "orders" drop constraint "orders_status_check";`);
    this.addSql(
      `alter table "orders" add "paid_via" text null, add "cancelled_at" timestamptz null, add "cancelled_by" text null, add "cancel_reason" varchar(200) null, add "refund_paise" int not null default 0, add "refund_status" text null;`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_paid_via_check" check ("paid_via" in ('cash', 'online'));`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_cancelled_by_check" check ("cancelled_by" in ('user', 'seller', 'system'));`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_refund_status_check" check ("refund_status" in ('pending', 'processed', 'failed'));`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_status_check" check ("status" in ('Order Placed', 'Picked', 'Delivered', 'Cancelled'));`,
    );

    this.addSql(`alter table "payments" drop constraint "payments_status_check";`);
    this.addSql(`alter table "payments" add "failure_reason" varchar(200) null;`);
    this.addSql(
      `alter table "payments" add constraint "payments_status_check" check ("status" in ('created', 'attempted', 'paid'));`,
    );

    this.addSql(`alter table "order_events" drop constraint "order_events_from_status_check";`);
    this.addSql(`alter table "order_events" drop constraint "order_events_to_status_check";`);
    this.addSql(`alter table "order_events" drop constraint "order_events_type_check";`);
    this.addSql(
      `alter table "order_events" add constraint "order_events_from_status_check" check ("from_status" in ('Order Placed', 'Picked', 'Delivered', 'Cancelled'));`,
    );
    this.addSql(
      `alter table "order_events" add constraint "order_events_to_status_check" check ("to_status" in ('Order Placed', 'Picked', 'Delivered', 'Cancelled'));`,
    );
    this.addSql(
      `alter table "order_events" add constraint "order_events_type_check" check ("type" in ('placed', 'paid', 'accepted', 'status', 'released', 'expired', 'refunded'));`,
    );

    this.addSql(
      `alter table "sandbox_orders" add constraint "sandbox_orders_status_check" check ("status" in ('created', 'attempted', 'paid'));`,
    );

    this.addSql(
      `alter table "sandbox_payments" add constraint "sandbox_payments_order_id_foreign" foreign key ("order_id") references "sandbox_orders" ("id");`,
    );
    this.addSql(
      `alter table "sandbox_payments" add constraint "sandbox_payments_status_check" check ("status" in ('captured', 'refunded', 'failed'));`,
    );

    this.addSql(
      `alter table "sandbox_refunds" add constraint "sandbox_refunds_payment_id_foreign" foreign key ("payment_id") references "sandbox_payments" ("id");`,
    );
    this.addSql(
      `alter table "sandbox_refunds" add constraint "sandbox_refunds_status_check" check ("status" in ('processed'));`,
    );

    this.addSql(
      `alter table "refunds" add constraint "refunds_order_id_foreign" foreign key ("order_id") references "orders" ("id");`,
    );
    this.addSql(
      `alter table "refunds" add constraint "refunds_status_check" check ("status" in ('requested', 'pending', 'processed', 'failed'));`,
    );

    this.addSql(
      `alter table "payment_events" add constraint "payment_events_order_id_foreign" foreign key ("order_id") references "orders" ("id");`,
    );
    this.addSql(
      `alter table "payment_events" add constraint "payment_events_source_check" check ("source" in ('checkout', 'webhook', 'poller', 'server'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "sandbox_payments" drop constraint "sandbox_payments_order_id_foreign";`,
    );
    this.addSql(
      `alter table "sandbox_refunds" drop constraint "sandbox_refunds_payment_id_foreign";`,
    );

    this.addSql(`drop table if exists "sandbox_orders" cascade;`);
    this.addSql(`drop table if exists "sandbox_payments" cascade;`);
    this.addSql(`drop table if exists "sandbox_refunds" cascade;`);
    this.addSql(`drop table if exists "refunds" cascade;`);
    this.addSql(`drop table if exists "payment_events" cascade;`);

    this.addSql(`alter table "order_events" drop constraint "order_events_type_check";`);
    this.addSql(`alter table "order_events" drop constraint "order_events_from_status_check";`);
    this.addSql(`alter table "order_events" drop constraint "order_events_to_status_check";`);
    this.addSql(
      `alter table "order_events" add constraint "order_events_type_check" check ("type" in ('placed', 'paid', 'accepted', 'status', 'released', 'expired'));`,
    );
    this.addSql(
      `alter table "order_events" add constraint "order_events_from_status_check" check ("from_status" in ('Order Placed', 'Picked', 'Delivered'));`,
    );
    this.addSql(
      `alter table "order_events" add constraint "order_events_to_status_check" check ("to_status" in ('Order Placed', 'Picked', 'Delivered'));`,
    );

    this.addSql(`alter table "orders" drop constraint "orders_paid_via_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_cancelled_by_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_refund_status_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_status_check";`);
    this.addSql(
      `alter table "orders" drop column "paid_via", drop column "cancelled_at", drop column "cancelled_by", drop column "cancel_reason", drop column "refund_paise", drop column "refund_status";`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_status_check" check ("status" in ('Order Placed', 'Picked', 'Delivered'));`,
    );

    this.addSql(`alter table "payments" drop constraint "payments_status_check";`);
    this.addSql(`alter table "payments" drop column "failure_reason";`);
    this.addSql(
      `alter table "payments" add constraint "payments_status_check" check ("status" in ('created', 'paid', 'failed'));`,
    );
  }
}
