import { Migration } from '@mikro-orm/migrations';

/**
 * A push subscription's failures in a row and since when, and when it was switched off for
 * failing too long (push.service.ts): kept, so a restart does not send to it again.
 */
export class Migration20261206080000_PushFailures extends Migration {
  override name = 'Migration20261206080000_PushFailures';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "push_subscriptions" add "failures" smallint not null default 0, add "failing_since" timestamptz null, add "disabled_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "push_subscriptions" drop column "failures", drop column "failing_since", drop column "disabled_at";`,
    );
  }
}
