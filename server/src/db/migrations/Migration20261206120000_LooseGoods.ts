import { Migration } from '@mikro-orm/migrations';

/**
 * Loose goods and packs (docs/catalogue.md#loose-goods-and-packs): a product's unit (every
 * product so far is sold by the piece), a loose product's steps and scale code, a pack's family
 * and label, and a pack drawing from a loose product's stock. The checks hold the rules that one
 * row can see; whether a pack draws from a live loose product is the service's (several rows).
 */
export class Migration20261206120000_LooseGoods extends Migration {
  override name = 'Migration20261206120000_LooseGoods';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "products" add column "unit" text not null default 'piece', add column "steps" jsonb null, add column "scale_code" varchar(5) null, add column "family" varchar(200) null, add column "pack_label" varchar(40) null, add column "draws_from" uuid null, add column "pack_quantity" int null;`,
    );
    this.addSql(
      `alter table "products" add constraint "products_unit_check" check ("unit" in ('piece', 'kg', 'L'));`,
    );
    // A loose product is always offered in steps; one sold by the piece never.
    this.addSql(
      `alter table "products" add constraint "products_steps_check" check (("unit" = 'piece') = ("steps" is null) and ("steps" is null or jsonb_typeof("steps") = 'array'));`,
    );
    this.addSql(
      `alter table "products" add constraint "products_scale_code_check" check ("scale_code" is null or ("unit" <> 'piece' and "scale_code" ~ '^[0-9]{5}$'));`,
    );
    this.addSql(
      `alter table "products" add constraint "products_pack_label_check" check (("family" is null) = ("pack_label" is null));`,
    );
    // A pack drawing from a loose product is sold by the piece, holds some of it, and keeps no
    // count of its own: the loose product's is its.
    this.addSql(
      `alter table "products" add constraint "products_draws_from_check" check (("draws_from" is null) = ("pack_quantity" is null) and ("draws_from" is null or ("unit" = 'piece' and "stock_count" is null and "draws_from" <> "id")));`,
    );
    this.addSql(
      `alter table "products" add constraint "products_pack_quantity_check" check ("pack_quantity" > 0);`,
    );
    // Deferred: an import may add a pack before the loose product it draws from, in one go.
    this.addSql(
      `alter table "products" add constraint "products_draws_from_foreign" foreign key ("draws_from") references "products" ("id") on update cascade on delete restrict deferrable initially deferred;`,
    );
    this.addSql(
      `create index "products_draws_from_index" on "products" ("draws_from") where "draws_from" is not null;`,
    );
    this.addSql(
      `create unique index "products_scale_code_live_unique" on "products" ("scale_code") where "archived_at" is null and "scale_code" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "products_scale_code_live_unique";`);
    this.addSql(`drop index if exists "products_draws_from_index";`);
    this.addSql(
      `alter table "products" drop constraint "products_draws_from_foreign", drop constraint "products_pack_quantity_check", drop constraint "products_draws_from_check", drop constraint "products_pack_label_check", drop constraint "products_scale_code_check", drop constraint "products_steps_check", drop constraint "products_unit_check";`,
    );
    this.addSql(
      `alter table "products" drop column "pack_quantity", drop column "draws_from", drop column "pack_label", drop column "family", drop column "scale_code", drop column "steps", drop column "unit";`,
    );
  }
}
