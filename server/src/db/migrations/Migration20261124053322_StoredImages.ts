import { Migration } from '@mikro-orm/migrations';

export class Migration20261124053322_StoredImages extends Migration {
  override name = 'Migration20261124053322_StoredImages';

  override up(): void | Promise<void> {
    // Pictures of UPLOADS=database, so that every instance serves every picture.
    this.addSql(
      `create table "stored_images" ("name" varchar(255) not null, "bytes" bytea not null, "content_type" varchar(100) not null, "etag" varchar(64) not null, "size" int not null, "created_at" timestamptz not null, primary key ("name"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stored_images" cascade;`);
  }
}
