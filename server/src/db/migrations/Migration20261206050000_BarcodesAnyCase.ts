import { Migration } from '@mikro-orm/migrations';

/**
 * A SKU may not be another live product's barcode in any case (product-codes.ts): the live
 * barcodes by lower case, so that check reads an index, not the catalogue.
 */
export class Migration20261206050000_BarcodesAnyCase extends Migration {
  override name = 'Migration20261206050000_BarcodesAnyCase';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "products_barcode_live_lower_index" on "products" (lower("barcode")) where "archived_at" is null and "barcode" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "products_barcode_live_lower_index";`);
  }
}
