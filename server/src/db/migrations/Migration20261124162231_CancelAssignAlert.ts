import { Migration } from '@mikro-orm/migrations';

export class Migration20261124162231_CancelAssignAlert extends Migration {
  override name = 'Migration20261124162231_CancelAssignAlert';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add "offered_at" timestamptz null;`);
    // Orders already waiting in the pool were offered when placed (COD) or paid (online).
    this.addSql(
      `update "orders" set "offered_at" = coalesce("paid_at", "created_at") where "assigned_to_id" is null and "status" = 'Order Placed' and ("payment_type" = 'COD' or "is_paid");`,
    );

    this.addSql(`alter table "order_events" drop constraint "order_events_type_check";`);
    this.addSql(
      `alter table "order_events" add constraint "order_events_type_check" check ("type" in ('placed', 'paid', 'accepted', 'status', 'released', 'expired', 'refunded', 'cancelled', 'assigned', 'unaccepted'));`,
    );
  }

  override down(): void | Promise<void> {
    // History lines of the kinds this migration allowed go: the old check would refuse them.
    this.addSql(
      `delete from "order_events" where "type" in ('cancelled', 'assigned', 'unaccepted');`,
    );
    this.addSql(`alter table "order_events" drop constraint "order_events_type_check";`);
    this.addSql(
      `alter table "order_events" add constraint "order_events_type_check" check ("type" in ('placed', 'paid', 'accepted', 'status', 'released', 'expired', 'refunded'));`,
    );

    this.addSql(`alter table "orders" drop column "offered_at";`);
  }
}
