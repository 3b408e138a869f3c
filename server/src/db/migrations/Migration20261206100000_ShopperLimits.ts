import { Migration } from '@mikro-orm/migrations';

/**
 * What one shopper may hold: the most units of one product an order takes, and the most open
 * unpaid orders a shopper may have; every shop starts at the defaults.
 */
export class Migration20261206100000_ShopperLimits extends Migration {
  override name = 'Migration20261206100000_ShopperLimits';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "shop_settings" add column "max_per_line" smallint not null default 20, add column "max_open_orders" smallint not null default 3;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "shop_settings" drop column "max_per_line", drop column "max_open_orders";`,
    );
  }
}
