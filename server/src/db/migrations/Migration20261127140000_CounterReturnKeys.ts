import { Migration } from '@mikro-orm/migrations';

/** A return of the till is made once per Idempotency-Key, as a sale is. */
export class Migration20261127140000_CounterReturnKeys extends Migration {
  override name = 'Migration20261127140000_CounterReturnKeys';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "counter_returns" add column "idempotency_key" varchar(255) null, add column "fingerprint" varchar(64) null;`,
    );
    this.addSql(
      `alter table "counter_returns" add constraint "counter_returns_idempotency_key_unique" unique ("idempotency_key");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "counter_returns" drop constraint "counter_returns_idempotency_key_unique", drop column "idempotency_key", drop column "fingerprint";`,
    );
  }
}
