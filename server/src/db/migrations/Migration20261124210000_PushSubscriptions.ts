import { Migration } from '@mikro-orm/migrations';

export class Migration20261124210000_PushSubscriptions extends Migration {
  override name = 'Migration20261124210000_PushSubscriptions';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "push_subscriptions" ("id" uuid not null, "agent_id" uuid not null, "endpoint" text not null, "p256dh" varchar(100) not null, "auth" varchar(32) not null, "locale" text not null default 'en', "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_endpoint_unique" unique ("endpoint");`,
    );
    this.addSql(
      `create index "push_subscriptions_agent_id_index" on "push_subscriptions" ("agent_id");`,
    );
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_agent_id_foreign" foreign key ("agent_id") references "agents" ("id");`,
    );
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_locale_check" check ("locale" in ('en', 'hi'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "push_subscriptions" cascade;`);
  }
}
