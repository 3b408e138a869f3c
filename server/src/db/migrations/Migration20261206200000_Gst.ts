import { Migration } from '@mikro-orm/migrations';

/**
 * The bill the law asks for (docs/gst.md): the shop's tax settings, products' HSN codes and GST
 * rates, each sold line's tax as sold, the document series counted per financial year, and the
 * documents (invoices, bills of supply, bills, credit notes) with their lines.
 */
export class Migration20261206200000_Gst extends Migration {
  override name = 'Migration20261206200000_Gst';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "shop_settings" add "tax" text not null default 'spec', add "gstin" varchar(15) not null default '', add "legal_name" varchar(100) not null default '', add "invoice_prefix" varchar(4) not null default '', add constraint "shop_settings_tax_check" check ("tax" in ('spec', 'unregistered', 'composition', 'regular'));`,
    );
    this.addSql(
      `alter table "products" add "hsn" varchar(8) null, add "gst_rate" smallint null, add constraint "products_gst_rate_check" check (gst_rate in (0, 25, 300, 500, 1800, 4000));`,
    );
    this.addSql(
      `alter table "orders" add "tax_mode" text not null default 'spec', add constraint "orders_tax_mode_check" check ("tax_mode" in ('spec', 'unregistered', 'composition', 'regular'));`,
    );
    for (const table of ['order_items', 'counter_sale_lines'])
      this.addSql(
        `alter table "${table}" add "hsn" varchar(8) null, add "gst_rate" smallint null, add "taxable_paise" int null, add "cgst_paise" int null, add "sgst_paise" int null;`,
      );

    this.addSql(
      `create table "document_series" ("series" varchar(8) not null, "year" smallint not null, "last_number" int not null, primary key ("series", "year"));`,
    );
    this.addSql(
      `create table "tax_documents" ("id" uuid not null, "series" varchar(8) not null, "year" smallint not null, "number" int not null, "printed" varchar(16) not null, "kind" text not null, "mode" text not null, "issued_at" timestamptz not null, "date" date not null, "gstin" varchar(15) not null default '', "place_of_supply" varchar(2) not null default '', "order_id" uuid null, "refers_to_id" uuid null, "taxable_paise" bigint not null, "cgst_paise" bigint not null, "sgst_paise" bigint not null, "amount_paise" bigint not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "tax_documents" add constraint "tax_documents_series_year_number_unique" unique ("series", "year", "number"), add constraint "tax_documents_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete restrict, add constraint "tax_documents_refers_to_id_foreign" foreign key ("refers_to_id") references "tax_documents" ("id") on delete restrict, add constraint "tax_documents_credit_note_check" check ((kind = 'credit-note') = (refers_to_id is not null)), add constraint "tax_documents_sums_check" check (taxable_paise + cgst_paise + sgst_paise = amount_paise and amount_paise >= 0), add constraint "tax_documents_kind_check" check ("kind" in ('tax-invoice', 'bill-of-supply', 'bill', 'credit-note')), add constraint "tax_documents_mode_check" check ("mode" in ('spec', 'unregistered', 'composition', 'regular'));`,
    );
    this.addSql(
      `create unique index "tax_documents_order_kind_unique" on "tax_documents" ("order_id", (kind = 'credit-note')) where order_id is not null;`,
    );
    this.addSql(
      `create index "tax_documents_refers_to_id_index" on "tax_documents" ("refers_to_id");`,
    );
    this.addSql(`create index "tax_documents_date_index" on "tax_documents" ("date");`);

    this.addSql(
      `create table "tax_document_lines" ("id" uuid not null, "document_id" uuid not null, "position" smallint not null, "product_id" uuid null, "description" varchar(200) not null, "hsn" varchar(8) null, "gst_rate" smallint null, "unit" text not null, "quantity" int not null, "unit_price_paise" int not null, "amount_paise" int not null, "taxable_paise" int not null, "cgst_paise" int not null, "sgst_paise" int not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "tax_document_lines" add constraint "tax_document_lines_document_id_position_unique" unique ("document_id", "position"), add constraint "tax_document_lines_document_id_foreign" foreign key ("document_id") references "tax_documents" ("id") on delete cascade, add constraint "tax_document_lines_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete restrict, add constraint "tax_document_lines_sums_check" check (taxable_paise + cgst_paise + sgst_paise = amount_paise and amount_paise >= 0), add constraint "tax_document_lines_unit_check" check ("unit" in ('piece', 'kg', 'L'));`,
    );
    this.addSql(
      `create index "tax_document_lines_document_id_index" on "tax_document_lines" ("document_id");`,
    );

    for (const table of ['counter_sales', 'counter_returns'])
      this.addSql(
        `alter table "${table}" add "tax_document_id" uuid null, add constraint "${table}_tax_document_id_foreign" foreign key ("tax_document_id") references "tax_documents" ("id") on delete restrict, add constraint "${table}_tax_document_id_unique" unique ("tax_document_id");`,
      );
  }

  override down(): void | Promise<void> {
    for (const table of ['counter_sales', 'counter_returns'])
      this.addSql(`alter table "${table}" drop column "tax_document_id";`);
    this.addSql(`drop table if exists "tax_document_lines" cascade;`);
    this.addSql(`drop table if exists "tax_documents" cascade;`);
    this.addSql(`drop table if exists "document_series" cascade;`);
    for (const table of ['order_items', 'counter_sale_lines'])
      this.addSql(
        `alter table "${table}" drop column "hsn", drop column "gst_rate", drop column "taxable_paise", drop column "cgst_paise", drop column "sgst_paise";`,
      );
    this.addSql(`alter table "orders" drop column "tax_mode";`);
    this.addSql(`alter table "products" drop column "hsn", drop column "gst_rate";`);
    this.addSql(
      `alter table "shop_settings" drop column "tax", drop column "gstin", drop column "legal_name", drop column "invoice_prefix";`,
    );
  }
}
