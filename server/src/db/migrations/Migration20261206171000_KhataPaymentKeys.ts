import { Migration } from '@mikro-orm/migrations';

/** A payment the seller records on a khata is written once per Idempotency-Key, as a sale is. */
export class Migration20261206171000_KhataPaymentKeys extends Migration {
  override name = 'Migration20261206171000_KhataPaymentKeys';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "khata_entries" add column "idempotency_key" varchar(255) null, add column "fingerprint" varchar(64) null;`,
    );
    this.addSql(
      `alter table "khata_entries" add constraint "khata_entries_idempotency_key_unique" unique ("idempotency_key");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "khata_entries" drop constraint "khata_entries_idempotency_key_unique", drop column "idempotency_key", drop column "fingerprint";`,
    );
  }
}
