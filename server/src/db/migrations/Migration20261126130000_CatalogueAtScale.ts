import { Migration } from '@mikro-orm/migrations';
import { uuidv7 } from 'uuidv7';

/** The spec's seven categories as first seeded: label, path, tile colour, in this order. */
const SPEC_CATEGORIES = [
  ['Organic veggies', 'Vegetables', '#FEF6DA'],
  ['Fresh Fruits', 'Fruits', '#FEE0E0'],
  ['Cold Drinks', 'Drinks', '#F0F5DE'],
  ['Instant Food', 'Instant', '#E1F5EC'],
  ['Dairy Products', 'Dairy', '#FEE6CD'],
  ['Bakery & Breads', 'Bakery', '#E0F6FE'],
  ['Grains & Cereals', 'Grains', '#F1E3F9'],
] as const;

/**
 * A real shop's catalogue (docs/catalogue.md): categories as rows the seller
 * manages, SKU and barcode on products, and the indexes of the server's search (full text for
 * word forms, trigrams for typos and substrings, both on PGlite as on a PostgreSQL server).
 */
export class Migration20261126130000_CatalogueAtScale extends Migration {
  override name = 'Migration20261126130000_CatalogueAtScale';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(
      `create table "categories" ("id" uuid not null, "path" varchar(40) not null, "label" varchar(60) not null, "image" varchar(500) not null, "bg_color" varchar(7) not null, "position" int not null, "hidden" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "categories" add constraint "categories_path_unique" unique ("path");`,
    );
    // URLs compare paths in lower case: two paths that differ only in case would be one page.
    this.addSql(
      `create unique index "categories_path_lower_unique" on "categories" (lower("path"));`,
    );
    this.addSql(
      `alter table "categories" add constraint "categories_bg_color_check" check ("bg_color" ~ '^#[0-9A-Fa-f]{6}$');`,
    );
    for (const [index, [label, path, colour]] of SPEC_CATEGORIES.entries()) {
      this.addSql(
        `insert into "categories" ("id", "path", "label", "image", "bg_color", "position", "hidden", "created_at", "updated_at") values ('${uuidv7()}', '${path}', '${label}', '/uploads/categories/${path.toLowerCase()}.webp', '${colour}', ${index + 1}, false, now(), now());`,
      );
    }
    this.addSql(`alter table "products" drop constraint "products_category_check";`);
    this.addSql(`alter table "products" alter column "category" type varchar(40);`);
    this.addSql(
      `alter table "products" add constraint "products_category_foreign" foreign key ("category") references "categories" ("path") on update restrict on delete restrict;`,
    );

    this.addSql(
      `alter table "products" add "sku" varchar(64) null, add "barcode" varchar(32) null;`,
    );
    // Unique among live products: an archived product's code may be given to its successor.
    this.addSql(
      `create unique index "products_sku_live_unique" on "products" (lower("sku")) where "archived_at" is null and "sku" is not null;`,
    );
    this.addSql(
      `create unique index "products_barcode_live_unique" on "products" ("barcode") where "archived_at" is null and "barcode" is not null;`,
    );

    // Word forms ('tomatoes' finds Tomato): the name weighs most, the description least.
    this.addSql(
      `alter table "products" add "search_vector" tsvector generated always as (setweight(to_tsvector('english', "name"), 'A') || setweight(jsonb_to_tsvector('english', "description", '["string"]'), 'D')) stored;`,
    );
    this.addSql(
      `create index "products_search_vector_index" on "products" using gin ("search_vector");`,
    );
    // Substrings and typos ('tomatto'): trigrams of the name.
    this.addSql(
      `create index "products_name_trigram_index" on "products" using gin (lower("name") gin_trgm_ops);`,
    );

    // The seller's own Indian names of groceries, beside the shipped list (product-search.ts).
    this.addSql(
      `create table "search_names" ("id" uuid not null, "name" varchar(60) not null, "means" varchar(60) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "search_names_name_means_unique" on "search_names" (lower("name"), lower("means"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "search_names";`);
    this.addSql(`drop index if exists "products_name_trigram_index";`);
    this.addSql(`drop index if exists "products_search_vector_index";`);
    this.addSql(`alter table "products" drop column "search_vector";`);
    this.addSql(`drop index if exists "products_barcode_live_unique";`);
    this.addSql(`drop index if exists "products_sku_live_unique";`);
    this.addSql(`alter table "products" drop column "sku", drop column "barcode";`);
    this.addSql(`alter table "products" drop constraint "products_category_foreign";`);
    this.addSql(`alter table "products" alter column "category" type text;`);
    // Refused while products sit in the seller's own categories: move them first.
    this.addSql(
      `alter table "products" add constraint "products_category_check" check ("category" in (${SPEC_CATEGORIES.map(([, path]) => `'${path}'`).join(', ')}));`,
    );
    this.addSql(`drop table if exists "categories";`);
  }
}
