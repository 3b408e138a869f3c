import { Migration } from '@mikro-orm/migrations';

export class Migration20261122021743_Initial extends Migration {
  override name = 'Migration20261122021743_Initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "agents" ("id" uuid not null, "name" varchar(100) not null, "phone" varchar(20) not null, "removed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "agents_active_phone_unique" on "agents" ("phone") where removed_at is null;`,
    );

    this.addSql(
      `create table "products" ("id" uuid not null, "name" varchar(200) not null, "category" text not null, "description" jsonb not null, "price_paise" int not null, "offer_price_paise" int not null, "images" jsonb not null, "in_stock" boolean not null default true, "weight" varchar(50) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "products_category_index" on "products" ("category");`);

    this.addSql(
      `create table "sellers" ("id" uuid not null, "email" varchar(254) not null, "password_hash" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "sellers" add constraint "sellers_email_unique" unique ("email");`);

    this.addSql(
      `create table "sessions" ("token_hash" varchar(64) not null, "kind" text not null, "subject_id" uuid not null, "expires_at" timestamptz not null, "last_seen_at" timestamptz not null, "created_at" timestamptz not null, primary key ("token_hash"));`,
    );
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);
    this.addSql(
      `create index "sessions_kind_subject_id_index" on "sessions" ("kind", "subject_id");`,
    );

    this.addSql(
      `create table "users" ("id" uuid not null, "name" varchar(100) not null, "email" varchar(254) not null, "password_hash" varchar(255) not null, "cart_items" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "orders" ("id" uuid not null, "user_id" uuid not null, "address" jsonb not null, "subtotal_paise" int not null, "tax_paise" int not null, "amount_paise" int not null, "status" text not null default 'Order Placed', "payment_type" text not null, "is_paid" boolean not null default false, "paid_at" timestamptz null, "assigned_to_id" uuid null, "assigned_at" timestamptz null, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "orders_user_id_index" on "orders" ("user_id");`);
    this.addSql(`create index "orders_assigned_to_id_index" on "orders" ("assigned_to_id");`);
    this.addSql(
      `create index "orders_status_assigned_to_id_index" on "orders" ("status", "assigned_to_id");`,
    );
    this.addSql(`create index "orders_created_at_index" on "orders" ("created_at");`);

    this.addSql(
      `create table "payments" ("id" uuid not null, "order_id" uuid not null, "provider" text not null, "purpose" text not null, "provider_order_id" varchar(64) not null, "provider_payment_id" varchar(64) null, "amount_paise" int not null, "currency" varchar(3) not null default 'INR', "status" text not null default 'created', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "payments_order_id_index" on "payments" ("order_id");`);
    this.addSql(
      `alter table "payments" add constraint "payments_provider_order_id_unique" unique ("provider_order_id");`,
    );
    this.addSql(
      `alter table "payments" add constraint "payments_provider_payment_id_unique" unique ("provider_payment_id");`,
    );

    this.addSql(
      `create table "order_items" ("id" uuid not null, "order_id" uuid not null, "position" int not null, "product_id" uuid not null, "quantity" int not null, "unit_price_paise" int not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "order_items" add constraint "order_items_order_id_position_unique" unique ("order_id", "position");`,
    );

    this.addSql(
      `create table "order_events" ("id" uuid not null, "order_id" uuid not null, "type" text not null, "actor_role" text not null, "actor_id" uuid null, "from_status" text null, "to_status" text null, "note" varchar(200) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "order_events_order_id_index" on "order_events" ("order_id");`);

    this.addSql(
      `create table "addresses" ("id" uuid not null, "user_id" uuid not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "email" varchar(254) not null, "phone" varchar(20) not null, "street" varchar(300) not null, "city" varchar(100) not null, "state" varchar(100) not null, "zipcode" varchar(10) not null, "country" varchar(100) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "addresses_user_id_index" on "addresses" ("user_id");`);

    this.addSql(
      `alter table "products" add constraint "products_price_paise_check" check (price_paise > 0);`,
    );
    this.addSql(
      `alter table "products" add constraint "products_offer_price_paise_check" check (offer_price_paise > 0 and offer_price_paise <= price_paise);`,
    );
    this.addSql(
      `alter table "products" add constraint "products_category_check" check ("category" in ('Vegetables', 'Fruits', 'Drinks', 'Instant', 'Dairy', 'Bakery', 'Grains'));`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_kind_check" check ("kind" in ('user', 'seller', 'agent'));`,
    );

    this.addSql(
      `alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id");`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_assigned_to_id_foreign" foreign key ("assigned_to_id") references "agents" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_status_check" check ("status" in ('Order Placed', 'Picked', 'Delivered'));`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_payment_type_check" check ("payment_type" in ('COD', 'Online'));`,
    );

    this.addSql(
      `alter table "payments" add constraint "payments_order_id_foreign" foreign key ("order_id") references "orders" ("id");`,
    );
    this.addSql(
      `alter table "payments" add constraint "payments_provider_check" check ("provider" in ('razorpay', 'sandbox'));`,
    );
    this.addSql(
      `alter table "payments" add constraint "payments_purpose_check" check ("purpose" in ('checkout', 'collection'));`,
    );
    this.addSql(
      `alter table "payments" add constraint "payments_status_check" check ("status" in ('created', 'paid', 'failed'));`,
    );

    this.addSql(
      `alter table "order_items" add constraint "order_items_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "order_items" add constraint "order_items_product_id_foreign" foreign key ("product_id") references "products" ("id");`,
    );
    this.addSql(
      `alter table "order_items" add constraint "order_items_quantity_check" check (quantity between 1 and 999);`,
    );

    this.addSql(
      `alter table "order_events" add constraint "order_events_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "order_events" add constraint "order_events_type_check" check ("type" in ('placed', 'paid', 'accepted', 'status', 'released', 'expired'));`,
    );
    this.addSql(
      `alter table "order_events" add constraint "order_events_actor_role_check" check ("actor_role" in ('user', 'seller', 'agent', 'system'));`,
    );
    this.addSql(
      `alter table "order_events" add constraint "order_events_from_status_check" check ("from_status" in ('Order Placed', 'Picked', 'Delivered'));`,
    );
    this.addSql(
      `alter table "order_events" add constraint "order_events_to_status_check" check ("to_status" in ('Order Placed', 'Picked', 'Delivered'));`,
    );

    this.addSql(
      `alter table "addresses" add constraint "addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_assigned_to_id_foreign";`);
    this.addSql(`alter table "order_items" drop constraint "order_items_product_id_foreign";`);
    this.addSql(`alter table "orders" drop constraint "orders_user_id_foreign";`);
    this.addSql(`alter table "addresses" drop constraint "addresses_user_id_foreign";`);
    this.addSql(`alter table "payments" drop constraint "payments_order_id_foreign";`);
    this.addSql(`alter table "order_items" drop constraint "order_items_order_id_foreign";`);
    this.addSql(`alter table "order_events" drop constraint "order_events_order_id_foreign";`);

    this.addSql(`drop table if exists "agents" cascade;`);
    this.addSql(`drop table if exists "products" cascade;`);
    this.addSql(`drop table if exists "sellers" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "orders" cascade;`);
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "order_items" cascade;`);
    this.addSql(`drop table if exists "order_events" cascade;`);
    this.addSql(`drop table if exists "addresses" cascade;`);
  }
}
