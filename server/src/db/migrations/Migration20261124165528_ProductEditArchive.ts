import { Migration } from '@mikro-orm/migrations';

export class Migration20261124165528_ProductEditArchive extends Migration {
  override name = 'Migration20261124165528_ProductEditArchive';

  override up(): void | Promise<void> {
    this.addSql(`alter table "products" add "archived_at" timestamptz null;`);

    this.addSql(`alter table "product_events" drop constraint "product_events_type_check";`);
    this.addSql(`alter table "product_events" add "note" varchar(200) null;`);
    this.addSql(
      `alter table "product_events" add constraint "product_events_type_check" check ("type" in ('added', 'stock', 'edited', 'archived'));`,
    );
  }

  override down(): void | Promise<void> {
    // History lines of the kinds this migration allowed go: the old check would refuse them.
    this.addSql(`delete from "product_events" where "type" in ('edited', 'archived');`);
    this.addSql(`alter table "product_events" drop constraint "product_events_type_check";`);
    this.addSql(`alter table "product_events" drop column "note";`);
    this.addSql(
      `alter table "product_events" add constraint "product_events_type_check" check ("type" in ('added', 'stock'));`,
    );

    this.addSql(`alter table "products" drop column "archived_at";`);
  }
}
