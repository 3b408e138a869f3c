import { Migration } from '@mikro-orm/migrations';

export class Migration20261124023000_AgentDevices extends Migration {
  override name = 'Migration20261124023000_AgentDevices';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "agent_invites" ("id" uuid not null, "code_hash" varchar(64) not null, "agent_id" uuid not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "agent_invites" add constraint "agent_invites_code_hash_unique" unique ("code_hash");`,
    );
    this.addSql(`create index "agent_invites_agent_id_index" on "agent_invites" ("agent_id");`);
    this.addSql(
      `alter table "agent_invites" add constraint "agent_invites_agent_id_foreign" foreign key ("agent_id") references "agents" ("id");`,
    );

    this.addSql(
      `create table "agent_devices" ("id" uuid not null, "credential_hash" varchar(64) not null, "agent_id" uuid not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "agent_devices" add constraint "agent_devices_credential_hash_unique" unique ("credential_hash");`,
    );
    this.addSql(`create index "agent_devices_agent_id_index" on "agent_devices" ("agent_id");`);
    this.addSql(
      `alter table "agent_devices" add constraint "agent_devices_agent_id_foreign" foreign key ("agent_id") references "agents" ("id");`,
    );

    // Sessions begun by phone number alone predate paired phones: every agent signs in again.
    this.addSql(`delete from "sessions" where "kind" = 'agent';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agent_devices" cascade;`);
    this.addSql(`drop table if exists "agent_invites" cascade;`);
  }
}
