import { Migration } from '@mikro-orm/migrations';

/**
 * Units a product sold past its count since the count was last set (the counter's sales past 0,
 * later the offline till's): the seller counts the shelf again. The few products with some are
 * listed by it, most first, from a partial index.
 */
export class Migration20261206060000_SoldPastCount extends Migration {
  override name = 'Migration20261206060000_SoldPastCount';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "products" add column "past_count" int not null default 0, add constraint "products_past_count_check" check (past_count >= 0);`,
    );
    this.addSql(
      `create index "products_past_count_index" on "products" ("past_count" desc, "id") where past_count > 0;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "products_past_count_index";`);
    this.addSql(
      `alter table "products" drop constraint "products_past_count_check", drop column "past_count";`,
    );
  }
}
