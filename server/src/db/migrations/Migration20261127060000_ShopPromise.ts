import { Migration } from '@mikro-orm/migrations';

export class Migration20261127060000_ShopPromise extends Migration {
  override name = 'Migration20261127060000_ShopPromise';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "shop_settings" ("id" smallint not null, "zipcodes" jsonb not null, "hours" jsonb not null, "paused_until" timestamptz null, "minimum_order_paise" int not null default 0, "delivery_fee_paise" int not null default 0, "free_delivery_above_paise" int not null default 0, "promise_minutes" smallint not null default 30, "upi_id" varchar(320) not null default '', "upi_name" varchar(100) not null default '', "time_zone" varchar(64) not null default 'Asia/Kolkata', "updated_at" timestamptz not null, primary key ("id"), constraint shop_settings_id_check check (id = 1));`,
    );
    // The one shop, as the spec runs it: everywhere, always open, free delivery, 30 minutes.
    this.addSql(
      `insert into "shop_settings" ("id", "zipcodes", "hours", "updated_at") values (1, '[]', '[]', now());`,
    );
    // Orders: the fee charged, when each should arrive, and when it was picked and delivered.
    this.addSql(
      `alter table "orders" add column "delivery_fee_paise" int not null default 0, add column "promised_at" timestamptz null, add column "picked_at" timestamptz null, add column "delivered_at" timestamptz null;`,
    );
    // Past orders, from their history and the promise the storefront always made (30 minutes
    // from when the shop saw them).
    this.addSql(
      `update "orders" o set "picked_at" = e."created_at" from "order_events" e where e."order_id" = o."id" and e."to_status" = 'Picked';`,
    );
    this.addSql(
      `update "orders" o set "delivered_at" = e."created_at" from "order_events" e where e."order_id" = o."id" and e."to_status" = 'Delivered';`,
    );
    this.addSql(
      `update "orders" set "promised_at" = (case when "payment_type" = 'COD' then "created_at" else "paid_at" end) + interval '30 minutes' where "payment_type" = 'COD' or "paid_at" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "orders" drop column "delivery_fee_paise", drop column "promised_at", drop column "picked_at", drop column "delivered_at";`,
    );
    this.addSql(`drop table if exists "shop_settings" cascade;`);
  }
}
