/**
 * The khata's customers (docs/khata.md#customers): the seller adds and changes them; their
 * balance moves only through the ledger (khata-ledger.ts). Each change publishes `khata.changed`
 * once committed. Written with Kysely, as the ledger is.
 */
import { toPaise, type KhataCustomerBody } from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import type { OrderSchema } from '../order/order.entity.js';
import type { UserSchema } from '../user/user.entity.js';
import type { KhataTables } from './khata.entity.js';
import { lockCustomer } from './khata-ledger.js';
import {
  customerById,
  customerByPhone,
  customerOfShopper,
  type CustomerRecord,
} from './khata-reads.js';

type Tables = KhataTables & InferKyselyDB<typeof UserSchema | typeof OrderSchema>;

/** The name of the unique constraint `error` broke, if it is PostgreSQL's unique_violation. */
export function brokenUnique(error: unknown): string | undefined {
  const found = [error, (error as { cause?: unknown } | null)?.cause].find(
    (each): each is { code: string; constraint?: string } =>
      typeof each === 'object' && each !== null && (each as { code?: unknown }).code === '23505',
  );
  return found ? (found.constraint ?? '') : undefined;
}

/**
 * Refuses `body`'s phone when another customer than `self` has it, and its shopper when that is
 * no shopper account or another customer's.
 * @throws AppError PHONE_TAKEN naming the customer who has the phone; INVALID for no such
 * shopper account; CONFLICT for a shopper linked to another customer.
 */
export async function checkCustomer(
  em: EntityManager,
  body: Pick<KhataCustomerBody, 'phone' | 'shopper'>,
  self?: string,
): Promise<void> {
  const holder = await customerByPhone(em, body.phone);
  if (holder && holder.id !== self)
    throw new AppError('PHONE_TAKEN', `${body.phone} is ${holder.name}'s phone, on their khata`);
  if (!body.shopper) return;
  const account = await em
    .getKysely<Tables>()
    .selectFrom('users')
    .select('id')
    .where('id', '=', body.shopper)
    .executeTakeFirst();
  if (!account) throw new AppError('INVALID', 'shopper must be the id of a shopper account');
  const linked = await customerOfShopper(em, body.shopper);
  if (linked && linked.id !== self)
    throw new AppError(
      'CONFLICT',
      `This shopper account is linked to ${linked.name}'s khata: unlink it there first`,
    );
}

/** Runs `write`, answering a unique constraint it broke (a race with another write) as checkCustomer would. */
async function uniquely<T>(
  em: EntityManager,
  body: Pick<KhataCustomerBody, 'phone' | 'shopper'>,
  self: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (brokenUnique(error) === undefined) throw error;
    await checkCustomer(em.fork(), body, self);
    throw error;
  }
}

/**
 * Adds a customer to the khata, owing nothing.
 * @throws AppError as checkCustomer does.
 */
export async function createCustomer(
  em: EntityManager,
  events: DomainEvents,
  body: KhataCustomerBody,
): Promise<CustomerRecord> {
  await checkCustomer(em, body);
  const id = uuidv7();
  const now = new Date();
  await uniquely(em, body, undefined, () =>
    em
      .getKysely<Tables>()
      .insertInto('khata_customers')
      .values({
        id,
        name: body.name,
        phone: body.phone,
        credit_limit_paise: toPaise(body.creditLimit),
        shopper_id: body.shopper ?? null,
        note: body.note || null,
        balance_paise: 0,
        owing_since: null,
        created_at: now,
        updated_at: now,
      })
      .execute(),
  );
  events.publish({ type: 'khata.changed', customerId: id });
  return customerById(em, id);
}

/**
 * Refuses to unlink shopper `shopperId` from their khata while an order of theirs on it is on its
 * way: its delivery puts it on this khata. Run under the customer's lock, which placing such an
 * order takes too.
 * @throws AppError CONFLICT saying how many orders wait.
 */
async function checkNoOrdersOnTheWay(tx: EntityManager, shopperId: string): Promise<void> {
  const { waiting } = await tx
    .getKysely<Tables>()
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('waiting'))
    .where('user_id', '=', shopperId)
    .where('payment_type', '=', 'Khata')
    .where('status', 'not in', ['Delivered', 'Cancelled'])
    .executeTakeFirstOrThrow();
  const count = Number(waiting);
  if (count > 0)
    throw new AppError(
      'CONFLICT',
      `This shopper has ${count === 1 ? 'an order' : `${count} orders`} on the khata on the way: unlink them once ${count === 1 ? 'it is' : 'they are'} delivered or cancelled`,
    );
}

/**
 * Changes customer `customerId`'s name, phone, limit, and (when given; null: none) shopper account
 * and note. A limit below what they owe now stands: it only stops new credit.
 * @throws AppError NOT_FOUND for no such customer; as checkCustomer does; CONFLICT for unlinking a
 * shopper whose khata orders are on their way.
 */
export async function updateCustomer(
  em: EntityManager,
  events: DomainEvents,
  customerId: string,
  body: KhataCustomerBody,
): Promise<CustomerRecord> {
  await customerById(em, customerId);
  await checkCustomer(em, body, customerId);
  await uniquely(em, body, customerId, () =>
    em.transactional(async (tx) => {
      await lockCustomer(tx, customerId);
      const linked = (await customerById(tx, customerId)).shopper;
      if (linked && body.shopper !== undefined && body.shopper !== linked.id)
        await checkNoOrdersOnTheWay(tx, linked.id);
      await tx
        .getKysely<Tables>()
        .updateTable('khata_customers')
        .set({
          name: body.name,
          phone: body.phone,
          credit_limit_paise: toPaise(body.creditLimit),
          ...(body.shopper !== undefined && { shopper_id: body.shopper }),
          ...(body.note !== undefined && { note: body.note || null }),
          updated_at: new Date(),
        })
        .where('id', '=', customerId)
        .execute();
    }),
  );
  events.publish({ type: 'khata.changed', customerId });
  return customerById(em, customerId);
}
