import { Migration } from '@mikro-orm/migrations';

const OLD_TYPES = `'placed', 'paid', 'accepted', 'status', 'released', 'expired', 'refunded', 'cancelled', 'assigned', 'unaccepted'`;

export class Migration20261124200100_DeliveryPin extends Migration {
  override name = 'Migration20261124200100_DeliveryPin';

  override up(): void | Promise<void> {
    // Orders placed before have no PIN: their shoppers never saw one, so none is asked.
    this.addSql(
      `alter table "orders" add "delivery_pin" varchar(4) null, add "pin_failures" smallint not null default 0, add "pin_locked_at" timestamptz null;`,
    );

    this.addSql(`alter table "order_events" drop constraint "order_events_type_check";`);
    this.addSql(
      `alter table "order_events" add constraint "order_events_type_check" check ("type" in (${OLD_TYPES}, 'pin-wrong', 'pin-locked', 'pin-unlocked'));`,
    );
  }

  override down(): void | Promise<void> {
    // History lines of the kinds this migration allowed go: the old check would refuse them.
    this.addSql(
      `delete from "order_events" where "type" in ('pin-wrong', 'pin-locked', 'pin-unlocked');`,
    );
    this.addSql(`alter table "order_events" drop constraint "order_events_type_check";`);
    this.addSql(
      `alter table "order_events" add constraint "order_events_type_check" check ("type" in (${OLD_TYPES}));`,
    );

    this.addSql(
      `alter table "orders" drop column "delivery_pin", drop column "pin_failures", drop column "pin_locked_at";`,
    );
  }
}
