import { Migration } from '@mikro-orm/migrations';

const SEARCH_INDEXES = ['products_search_vector_index', 'products_name_trigram_index'];

/**
 * The search's GIN indexes take each write at once (`fastupdate = off`): with the default
 * pending list, an import of thousands of products left every search scanning that list row by
 * row (a bitmap scan of 1.4 ms where it takes 0.01 ms) until the next vacuum.
 */
export class Migration20261126160000_SearchIndexesCurrent extends Migration {
  override name = 'Migration20261126160000_SearchIndexesCurrent';

  override up(): void | Promise<void> {
    for (const index of SEARCH_INDEXES) {
      this.addSql(`alter index "${index}" set (fastupdate = off);`);
      this.addSql(`select gin_clean_pending_list('"${index}"'::regclass);`);
    }
  }

  override down(): void | Promise<void> {
    for (const index of SEARCH_INDEXES) this.addSql(`alter index "${index}" reset (fastupdate);`);
  }
}
