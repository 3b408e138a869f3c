import { Migration } from '@mikro-orm/migrations';

export class Migration20261127080000_ShopperPushSubscriptions extends Migration {
  override name = 'Migration20261127080000_ShopperPushSubscriptions';

  override up(): void | Promise<void> {
    // A subscription is an agent's phone or a shopper's browser, the latter in one session.
    this.addSql(
      `alter table "push_subscriptions" add "user_id" uuid null, add "session_token_hash" varchar(64) null;`,
    );
    this.addSql(`alter table "push_subscriptions" alter column "agent_id" drop not null;`);
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id");`,
    );
    // Its session's end (logout, another login, expiry swept) takes the subscription with it.
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_session_token_hash_foreign" foreign key ("session_token_hash") references "sessions" ("token_hash") on delete cascade;`,
    );
    this.addSql(
      `create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id");`,
    );
    this.addSql(
      `create index "push_subscriptions_session_token_hash_index" on "push_subscriptions" ("session_token_hash");`,
    );
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_owner_check" check ((agent_id is not null and user_id is null and session_token_hash is null) or (agent_id is null and user_id is not null and session_token_hash is not null));`,
    );
  }

  override down(): void | Promise<void> {
    // The shoppers' subscriptions have no place in the agents' table of before.
    this.addSql(`delete from "push_subscriptions" where "agent_id" is null;`);
    this.addSql(
      `alter table "push_subscriptions" drop constraint "push_subscriptions_owner_check";`,
    );
    this.addSql(
      `alter table "push_subscriptions" drop column "user_id", drop column "session_token_hash";`,
    );
    this.addSql(`alter table "push_subscriptions" alter column "agent_id" set not null;`);
  }
}
