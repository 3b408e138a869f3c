import { Migration } from '@mikro-orm/migrations';

/**
 * Loose goods sold (docs/catalogue.md#loose-goods-and-packs): an order's and a walk-in sale's
 * line keeps the unit it was sold by (grams at a price per kilo, or pieces) and the stock it
 * took, which for a pack drawing from a loose product is the loose product's grams; the shop says
 * what its weighing scales print on their labels.
 */
export class Migration20261206140000_LooseSales extends Migration {
  override name = 'Migration20261206140000_LooseSales';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "shop_settings" add column "scale_labels" jsonb not null default '[{"prefix":"21","value":"grams"},{"prefix":"23","value":"paise"}]';`,
    );
    // The stock a line took: null, its own product and quantity (every line before packs drew).
    for (const table of ['order_items', 'counter_sale_lines']) {
      this.addSql(
        `alter table "${table}" add column "unit" text not null default 'piece', add column "stock_product_id" uuid null, add column "stock_quantity" int null;`,
      );
      this.addSql(
        `alter table "${table}" add constraint "${table}_unit_check" check ("unit" in ('piece', 'kg', 'L')), add constraint "${table}_stock_quantity_check" check ("stock_quantity" > 0), add constraint "${table}_stock_product_id_foreign" foreign key ("stock_product_id") references "products" ("id") on update cascade on delete restrict;`,
      );
    }
    // Grams go up to a tonne a line; the piece limit is the service's, by the product's unit.
    this.addSql(
      `alter table "order_items" drop constraint if exists "order_items_quantity_check", add constraint "order_items_quantity_check" check ("quantity" between 1 and 1000000);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "order_items" drop constraint "order_items_quantity_check", add constraint "order_items_quantity_check" check ("quantity" between 1 and 999);`,
    );
    for (const table of ['order_items', 'counter_sale_lines']) {
      this.addSql(
        `alter table "${table}" drop constraint "${table}_stock_product_id_foreign", drop constraint "${table}_stock_quantity_check", drop constraint "${table}_unit_check", drop column "stock_quantity", drop column "stock_product_id", drop column "unit";`,
      );
    }
    this.addSql(`alter table "shop_settings" drop column "scale_labels";`);
  }
}
