import { Migration } from '@mikro-orm/migrations';

export class Migration20261124200200_CashLedger extends Migration {
  override name = 'Migration20261124200200_CashLedger';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "agent_cash_lines" ("id" uuid not null, "agent_id" uuid not null, "kind" text not null, "amount_paise" int not null, "order_id" uuid null, "note" varchar(200) null, "by" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "agent_cash_lines_agent_id_created_at_index" on "agent_cash_lines" ("agent_id", "created_at");`,
    );
    this.addSql(
      `create index "agent_cash_lines_created_at_index" on "agent_cash_lines" ("created_at");`,
    );
    this.addSql(
      `create unique index "agent_cash_lines_collection_unique" on "agent_cash_lines" ("order_id") where kind = 'collection';`,
    );

    this.addSql(
      `alter table "agent_cash_lines" add constraint "agent_cash_lines_agent_id_foreign" foreign key ("agent_id") references "agents" ("id");`,
    );
    this.addSql(
      `alter table "agent_cash_lines" add constraint "agent_cash_lines_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "agent_cash_lines" add constraint "agent_cash_lines_amount_check" check ((kind = 'collection' and amount_paise > 0) or (kind = 'handover' and amount_paise < 0) or (kind = 'correction' and amount_paise <> 0));`,
    );
    this.addSql(
      `alter table "agent_cash_lines" add constraint "agent_cash_lines_collection_order_check" check (kind <> 'collection' or order_id is not null);`,
    );
    this.addSql(
      `alter table "agent_cash_lines" add constraint "agent_cash_lines_kind_check" check ("kind" in ('collection', 'handover', 'correction'));`,
    );
    this.addSql(
      `alter table "agent_cash_lines" add constraint "agent_cash_lines_by_check" check ("by" in ('agent', 'seller', 'system'));`,
    );
    this.addSql(
      `create or replace function "agent_cash_lines_agent_cash_lines_append_only_fn"() returns trigger as $$ begin raise exception 'agent_cash_lines is append-only: write a correction instead'; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "agent_cash_lines_append_only" BEFORE UPDATE OR DELETE on "agent_cash_lines" for each ROW execute function "agent_cash_lines_agent_cash_lines_append_only_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "agent_cash_lines_append_only" on "agent_cash_lines";`);
    this.addSql(`drop function if exists "agent_cash_lines_agent_cash_lines_append_only_fn"();`);
    this.addSql(`drop table if exists "agent_cash_lines" cascade;`);
  }
}
