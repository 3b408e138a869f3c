import { Migration } from '@mikro-orm/migrations';

/**
 * The till without a connection (docs/counter.md#the-till-without-a-connection): counter devices
 * with their bill series (C1, C2 …), when a sale made offline reached the server, and the units
 * each sold line took beyond the count.
 */
export class Migration20261207100000_OfflineCounter extends Migration {
  override name = 'Migration20261207100000_OfflineCounter';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "counter_devices" ("series" varchar(8) not null, "name" varchar(40) not null, "created_at" timestamptz not null, primary key ("series"));`,
    );
    this.addSql(`alter table "counter_sales" add "received_at" timestamptz null;`);
    this.addSql(
      `alter table "counter_sale_lines" add "past_count" int not null default 0, add constraint "counter_sale_lines_past_count_check" check (past_count >= 0);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "counter_sale_lines" drop constraint "counter_sale_lines_past_count_check", drop column "past_count";`,
    );
    this.addSql(`alter table "counter_sales" drop column "received_at";`);
    this.addSql(`drop table if exists "counter_devices" cascade;`);
  }
}
