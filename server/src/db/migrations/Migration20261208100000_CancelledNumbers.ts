import { Migration } from '@mikro-orm/migrations';

/**
 * Cancelled numbers (docs/gst.md#cancelled-numbers): a bill a counter numbered offline that will
 * never be a sale stays in its series as a cancelled document, with the reason, never a gap.
 */
export class Migration20261208100000_CancelledNumbers extends Migration {
  override name = 'Migration20261208100000_CancelledNumbers';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tax_documents" add "cancelled_reason" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tax_documents" drop column "cancelled_reason";`);
  }
}
