import { Migration } from '@mikro-orm/migrations';

/**
 * The shop's name and how shoppers reach it, and its returns policy in its own words: settings
 * the seller edits (until now the storefront's own texts, which are their defaults).
 */
export class Migration20261206040000_ShopContact extends Migration {
  override name = 'Migration20261206040000_ShopContact';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "shop_settings" add column "name" varchar(60) not null default 'Kirana', add column "phone" varchar(20) not null default '1800 000 000', add column "email" varchar(254) not null default 'hello@kirana.example', add column "address" varchar(300) not null default '', add column "returns_policy" varchar(2000) not null default '';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "shop_settings" drop column "name", drop column "phone", drop column "email", drop column "address", drop column "returns_policy";`,
    );
  }
}
