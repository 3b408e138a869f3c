import { Migration } from '@mikro-orm/migrations';

export class Migration20261124040000_OrderIdempotencyKeys extends Migration {
  override name = 'Migration20261124040000_OrderIdempotencyKeys';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "order_idempotency_keys" ("id" uuid not null, "user_id" uuid not null, "key" varchar(255) not null, "fingerprint" varchar(64) not null, "order_id" uuid null, "answer_status" int null, "answer" jsonb null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "order_idempotency_keys" add constraint "order_idempotency_keys_user_id_key_unique" unique ("user_id", "key");`,
    );
    this.addSql(
      `create index "order_idempotency_keys_created_at_index" on "order_idempotency_keys" ("created_at");`,
    );
    this.addSql(
      `alter table "order_idempotency_keys" add constraint "order_idempotency_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "order_idempotency_keys" add constraint "order_idempotency_keys_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "order_idempotency_keys" cascade;`);
  }
}
