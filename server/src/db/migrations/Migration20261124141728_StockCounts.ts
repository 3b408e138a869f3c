import { Migration } from '@mikro-orm/migrations';

export class Migration20261124141728_StockCounts extends Migration {
  override name = 'Migration20261124141728_StockCounts';

  override up(): void | Promise<void> {
    // Counted stock (docs/orders.md#stock): units left per product, null when not counted;
    // which order lines took units (a cancellation puts back those); the seller's changes.
    this.addSql(`alter table "products" add "stock_count" int null;`);
    this.addSql(
      `alter table "products" add constraint "products_stock_count_check" check (stock_count >= 0);`,
    );
    this.addSql(`alter table "order_items" add "stock_taken" boolean not null default false;`);
    this.addSql(
      `create table "product_events" ("id" uuid not null, "product_id" uuid not null, "type" text not null, "actor_role" text not null, "in_stock" boolean not null, "stock_count" int null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "product_events_product_id_index" on "product_events" ("product_id");`,
    );
    this.addSql(
      `alter table "product_events" add constraint "product_events_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_events" add constraint "product_events_type_check" check ("type" in ('added', 'stock'));`,
    );
    this.addSql(
      `alter table "product_events" add constraint "product_events_actor_role_check" check ("actor_role" in ('seller'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "product_events" cascade;`);
    this.addSql(`alter table "order_items" drop column "stock_taken";`);
    this.addSql(`alter table "products" drop constraint "products_stock_count_check";`);
    this.addSql(`alter table "products" drop column "stock_count";`);
  }
}
