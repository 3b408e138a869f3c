/**
 * What the khata reads (docs/khata.md): a customer with their shopper account, a page of
 * customers found by name or phone, a page of a ledger, a period's entries. Written with Kysely.
 */
import {
  KHATA_PAGE_SIZE,
  KHATA_SHOPPERS_LISTED,
  type KhataEntryKind,
  type KhataPaymentMethod,
} from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { timestampReader } from '../../lib/timestamps.js';
import type { UserSchema } from '../user/user.entity.js';
import type { KhataTables } from './khata.entity.js';

type Tables = KhataTables & InferKyselyDB<typeof UserSchema>;

/** A customer as the khata keeps them, in paise. */
export interface CustomerRecord {
  id: string;
  name: string;
  phone: string;
  creditLimitPaise: number;
  shopper: { id: string; name: string; email: string } | null;
  note: string | null;
  balancePaise: number;
  owingSince: Date | null;
  createdAt: Date;
}

/** An entry of a ledger, in paise: `balancePaise` is what the customer owed once it was written. */
export interface EntryRecord {
  id: string;
  kind: KhataEntryKind;
  amountPaise: number;
  balancePaise: number;
  method: KhataPaymentMethod | null;
  /** The sale's bill number as its receipt prints it. */
  sale: { id: string; number: string } | null;
  orderId: string | null;
  note: string | null;
  createdAt: Date;
}

const db = (em: EntityManager): Kysely<Tables> => em.getKysely<Tables>();

function customers(em: EntityManager) {
  return db(em)
    .selectFrom('khata_customers as c')
    .leftJoin('users as u', 'u.id', 'c.shopper_id')
    .select([
      'c.id',
      'c.name',
      'c.phone',
      'c.credit_limit_paise',
      'c.note',
      'c.balance_paise',
      'c.owing_since',
      'c.created_at',
      'u.id as shopper_id',
      'u.name as shopper_name',
      'u.email as shopper_email',
    ]);
}

type CustomerRow = Awaited<ReturnType<ReturnType<typeof customers>['execute']>>[number];

function customerOf(em: EntityManager) {
  const date = timestampReader(em);
  return (row: CustomerRow): CustomerRecord => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    creditLimitPaise: Number(row.credit_limit_paise),
    shopper:
      row.shopper_id === null
        ? null
        : { id: row.shopper_id, name: row.shopper_name ?? '', email: row.shopper_email ?? '' },
    note: row.note,
    balancePaise: Number(row.balance_paise),
    owingSince: row.owing_since === null ? null : date(row.owing_since),
    createdAt: date(row.created_at),
  });
}

/**
 * Customer `customerId` as they stand now.
 * @throws AppError NOT_FOUND when there is none.
 */
export async function customerById(em: EntityManager, customerId: string): Promise<CustomerRecord> {
  const row = await customers(em).where('c.id', '=', customerId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No khata customer has this id');
  return customerOf(em)(row);
}

/** The customer whose phone is `phone` (its ten digits), or undefined. */
export async function customerByPhone(
  em: EntityManager,
  phone: string,
): Promise<CustomerRecord | undefined> {
  const row = await customers(em).where('c.phone', '=', phone).executeTakeFirst();
  return row && customerOf(em)(row);
}

/** The customer linked to shopper account `shopperId`, or undefined. */
export async function customerOfShopper(
  em: EntityManager,
  shopperId: string,
): Promise<CustomerRecord | undefined> {
  const row = await customers(em).where('c.shopper_id', '=', shopperId).executeTakeFirst();
  return row && customerOf(em)(row);
}

/** `text` for a LIKE pattern: its own % _ and \ match themselves. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The digits of a phone number as typed in a search (spaces, dashes, +91 and all), at most the
 * ten a mobile number has; empty for a search with letters in it ('Regular 07' is a name).
 */
function phoneDigits(q: string): string {
  if (!/^[\d\s+()-]+$/.test(q)) return '';
  const digits = q.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/**
 * Page `page` of the customers whose name holds `q` (in any case) or whose phone holds its
 * digits; `owing`: only those who owe, the longest owing first (else by name). With how many
 * there are, and what every customer owes together (the positive balances), in paise.
 */
export async function customersPage(
  em: EntityManager,
  { q, owing, page }: { q?: string | undefined; owing: boolean; page: number },
): Promise<{ customers: CustomerRecord[]; total: number; toCollectPaise: number }> {
  let found = customers(em);
  let counted = db(em)
    .selectFrom('khata_customers as c')
    .select(sql<string>`count(*)`.as('total'));
  if (q) {
    const digits = phoneDigits(q);
    const byPhone = digits ? sql` or c.phone like ${`%${digits}%`}` : sql``;
    const matches = sql<boolean>`(c.name ilike ${`%${likeText(q)}%`}${byPhone})`;
    found = found.where(matches);
    counted = counted.where(matches);
  }
  if (owing) {
    found = found.where('c.balance_paise', '>', 0).orderBy('c.owing_since').orderBy('c.id');
    counted = counted.where('c.balance_paise', '>', 0);
  } else {
    found = found.orderBy(sql`lower(c.name)`).orderBy('c.id');
  }
  const [rows, count, sum] = [
    await found
      .limit(KHATA_PAGE_SIZE)
      .offset((page - 1) * KHATA_PAGE_SIZE)
      .execute(),
    await counted.executeTakeFirstOrThrow(),
    await toCollect(em),
  ];
  return {
    customers: rows.map(customerOf(em)),
    total: Number(count.total),
    toCollectPaise: sum.toCollectPaise,
  };
}

/** What every customer owes together (the positive balances), in paise, and how many owe. */
export async function toCollect(
  em: EntityManager,
): Promise<{ toCollectPaise: number; owingCustomers: number }> {
  const row = await db(em)
    .selectFrom('khata_customers')
    .select([
      sql<string>`coalesce(sum(balance_paise), 0)`.as('paise'),
      sql<string>`count(*)`.as('owing'),
    ])
    .where('balance_paise', '>', 0)
    .executeTakeFirstOrThrow();
  return { toCollectPaise: Number(row.paise), owingCustomers: Number(row.owing) };
}

function entries(em: EntityManager) {
  return db(em)
    .selectFrom('khata_entries as e')
    .select([
      'e.id',
      'e.kind',
      'e.amount_paise',
      'e.balance_paise',
      'e.method',
      'e.sale_id',
      'e.sale_number',
      // The bill's invoice number as printed (written with the sale, after this entry): read by
      // the tables' names, the counter and gst modules being above this one.
      sql<
        string | null
      >`(select d.printed from counter_sales s join tax_documents d on d.id = s.tax_document_id where s.id = e.sale_id)`.as(
        'bill',
      ),
      'e.order_id',
      'e.note',
      'e.created_at',
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

function entryOf(em: EntityManager) {
  const date = timestampReader(em);
  return (row: EntryRow): EntryRecord => ({
    id: row.id,
    kind: row.kind,
    amountPaise: Number(row.amount_paise),
    balancePaise: Number(row.balance_paise),
    method: row.method,
    sale:
      row.sale_id === null
        ? null
        : { id: row.sale_id, number: row.bill ?? String(row.sale_number ?? 0) },
    orderId: row.order_id,
    note: row.note,
    createdAt: date(row.created_at),
  });
}

/** Entry `entryId`. @throws AppError NOT_FOUND when there is none. */
export async function entryById(em: EntityManager, entryId: string): Promise<EntryRecord> {
  const row = await entries(em).where('e.id', '=', entryId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No khata entry has this id');
  return entryOf(em)(row);
}

/**
 * A page of customer `customerId`'s ledger, newest first: the newest entries, or (`before`) those
 * older than that entry of theirs; `more` when older ones follow.
 * @throws AppError INVALID when `before` is not an entry of theirs.
 */
export async function entriesPage(
  em: EntityManager,
  customerId: string,
  before?: string,
  size = KHATA_PAGE_SIZE,
): Promise<{ entries: EntryRecord[]; more: boolean }> {
  let query = entries(em).where('e.customer_id', '=', customerId);
  if (before !== undefined) {
    const last = await db(em)
      .selectFrom('khata_entries')
      .select('id')
      .where('id', '=', before)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!last)
      throw new AppError('INVALID', "before must be the id of an entry of this customer's");
    // Compared in the database: a timestamp read into JavaScript would lose its microseconds.
    query = query.where(
      sql<boolean>`(e.created_at, e.id) < (select created_at, id from khata_entries where id = ${last.id})`,
    );
  }
  const rows = await query
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(size + 1)
    .execute();
  return { entries: rows.slice(0, size).map(entryOf(em)), more: rows.length > size };
}

/**
 * Customer `customerId`'s entries from `start` until `end`, oldest first, with what they owed
 * before the first (the balance of the last entry before `start`; 0 without one).
 */
export async function entriesBetween(
  em: EntityManager,
  customerId: string,
  start: Date,
  end: Date,
): Promise<{ openingPaise: number; entries: EntryRecord[] }> {
  const opening = await db(em)
    .selectFrom('khata_entries')
    .select('balance_paise')
    .where('customer_id', '=', customerId)
    .where('created_at', '<', start)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rows = await entries(em)
    .where('e.customer_id', '=', customerId)
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return { openingPaise: Number(opening?.balance_paise ?? 0), entries: rows.map(entryOf(em)) };
}

/** Up to KHATA_SHOPPERS_LISTED shopper accounts whose e-mail or name holds `q` (in any case), by name. */
export async function findShoppers(
  em: EntityManager,
  q: string,
): Promise<{ id: string; name: string; email: string }[]> {
  let query = db(em).selectFrom('users').select(['id', 'name', 'email']);
  if (q) {
    const pattern = `%${likeText(q)}%`;
    query = query.where((where) =>
      where.or([where('email', 'ilike', pattern), where('name', 'ilike', pattern)]),
    );
  }
  return query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(KHATA_SHOPPERS_LISTED)
    .execute();
}
