import { Migration } from '@mikro-orm/migrations';

/**
 * Cash paid out of the till: given back for a cash order cancelled after its agent handed the
 * cash over. A day of the till expects that much less, and a closed day keeps its sum.
 */
export class Migration20261206070000_TillPayouts extends Migration {
  override name = 'Migration20261206070000_TillPayouts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "till_payouts" ("id" uuid not null, "amount_paise" int not null, "order_id" uuid not null, "note" varchar(200) not null, "created_at" timestamptz not null, primary key ("id"), constraint "till_payouts_amount_check" check (amount_paise > 0));`,
    );
    this.addSql(
      `alter table "till_payouts" add constraint "till_payouts_order_id_unique" unique ("order_id");`,
    );
    this.addSql(
      `alter table "till_payouts" add constraint "till_payouts_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete restrict;`,
    );
    this.addSql(`create index "till_payouts_created_at_index" on "till_payouts" ("created_at");`);
    this.addSql(`alter table "counter_days" add column "payouts_paise" bigint null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "counter_days" drop column "payouts_paise";`);
    this.addSql(`drop table "till_payouts";`);
  }
}
