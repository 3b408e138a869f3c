import { Migration } from '@mikro-orm/migrations';

export class Migration20261124200000_AgentDuty extends Migration {
  override name = 'Migration20261124200000_AgentDuty';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agents" add "on_duty" boolean not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents" drop column "on_duty";`);
  }
}
