/**
 * Importing a paper khata (docs/khata.md#import): a CSV of customers (name, phone, creditLimit,
 * balance, note) with what each owes now. All or nothing: any bad row refuses the file. A new
 * customer's balance is written as one adjustment, "Opening balance (imported)"; a phone already
 * on the khata changes that customer's name, limit and note, never their balance (the ledger's).
 */
import {
  indianMobileField,
  KHATA_IMPORT_COLUMNS,
  MAX_KHATA_AMOUNT,
  paiseOf,
  readableText,
  requiredText,
  toPaise,
  type KhataImportError,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import * as z from 'zod/mini';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { brokenUnique } from './khata-customers.service.js';
import { readCsv } from '../product/catalogue-import-csv.js';
import type { KhataTables } from './khata.entity.js';
import { lockCustomer, postEntry } from './khata-ledger.js';
import { uuidv7 } from 'uuidv7';

type Column = (typeof KHATA_IMPORT_COLUMNS)[number];

export const OPENING_BALANCE_REASON = 'Opening balance (imported)';

/** Rupees as a spreadsheet writes them ('1,250.50', '-40'); blank is 0. */
const rupeesCell = (field: string, signed: boolean) =>
  z.string().check(
    z.trim(),
    z.overwrite((text) => text.replace(/,/g, '')),
    z.regex(
      signed ? /^(-?\d+(\.\d{1,2})?)?$/ : /^(\d+(\.\d{1,2})?)?$/,
      `${field} must be ${signed ? 'an amount of rupees (negative: the shop owes them)' : 'an amount of rupees'}, at most two decimals`,
    ),
    z.refine(
      // Not a number is the pattern's error alone.
      (text) => !(Math.abs(Number(text)) > MAX_KHATA_AMOUNT),
      `${field} must be at most ${MAX_KHATA_AMOUNT} rupees`,
    ),
  );

const rowSchema = z.object({
  name: requiredText('name'),
  phone: indianMobileField(),
  creditLimit: rupeesCell('creditLimit', false),
  balance: rupeesCell('balance', true),
  note: z
    .string()
    .check(
      z.trim(),
      z.maxLength(500, 'note must be at most 500 characters'),
      ...readableText('note'),
    ),
});

interface Row {
  row: number;
  name: string;
  phone: string;
  creditLimitPaise: number;
  balancePaise: number;
  note: string | null;
}

/** The file's rows, or the errors that refuse it (row 0: the header). */
function readRows(csv: Buffer): { rows: Row[]; errors: KhataImportError[] } {
  const errors: KhataImportError[] = [];
  const [header, ...records] = readCsv(csv);
  if (!header)
    return { rows: [], errors: [{ row: 0, message: 'the file is empty: it needs a header line' }] };
  const columns = new Map<Column, number>();
  header.cells.forEach((cell, index) => {
    const name = KHATA_IMPORT_COLUMNS.find(
      (column) => column.toLowerCase() === cell.trim().toLowerCase(),
    );
    if (!name)
      errors.push({
        row: 0,
        message: `unknown column "${cell}": the columns are ${KHATA_IMPORT_COLUMNS.join(', ')}`,
      });
    else if (columns.has(name))
      errors.push({ row: 0, message: `the column ${name} is there twice` });
    else columns.set(name, index);
  });
  for (const needed of ['name', 'phone'] as const)
    if (!columns.has(needed)) errors.push({ row: 0, message: `the column ${needed} is missing` });
  if (errors.length > 0) return { rows: [], errors };
  if (records.length === 0)
    errors.push({ row: 0, message: 'the file has no customers under its header' });

  const rows: Row[] = [];
  const phones = new Map<string, number>();
  records.forEach(({ cells, line }, index) => {
    const row = index + 1;
    const cell = (column: Column) => {
      const at = columns.get(column);
      return at === undefined ? '' : (cells[at] ?? '');
    };
    const parsed = rowSchema.safeParse(
      Object.fromEntries(KHATA_IMPORT_COLUMNS.map((column) => [column, cell(column)])),
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ row, message: `row ${row} (line ${line}): ${issue.message}` });
      return;
    }
    const { name, phone, creditLimit, balance, note } = parsed.data;
    const earlier = phones.get(phone);
    if (earlier !== undefined) {
      errors.push({
        row,
        message: `row ${row} (line ${line}): phone ${phone} is on row ${earlier} too`,
      });
      return;
    }
    phones.set(phone, row);
    rows.push({
      row,
      name,
      phone,
      creditLimitPaise: creditLimit ? toPaise(Number(creditLimit)) : 0,
      balancePaise: balance ? paiseOf(Number(balance)) : 0,
      note: note || null,
    });
  });
  return { rows, errors };
}

/** `write`, a customer added at once by another request answered as a conflict to try again. */
async function imported<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (brokenUnique(error) === undefined) throw error;
    throw new AppError(
      'CONFLICT',
      'A customer of the file was added to the khata meanwhile: import the file again',
    );
  }
}

export interface ImportResult {
  created: number;
  updated: number;
  /** Rows of customers already on the khata whose balance in the file is not the ledger's. */
  balancesKept: number[];
  errors: KhataImportError[];
}

/**
 * Imports the customers of `csv` in one transaction, or none of them (the answer's errors say
 * why); publishes `khata.changed` for each customer written once committed.
 * @throws AppError INVALID when it is not CSV or not UTF-8; TOO_LARGE past the import's rows.
 */
export async function importCustomers(
  em: EntityManager,
  events: DomainEvents,
  csv: Buffer,
): Promise<ImportResult> {
  const { rows, errors } = readRows(csv);
  if (errors.length > 0) return { created: 0, updated: 0, balancesKept: [], errors };
  const written = await imported(() =>
    em.transactional(async (tx) => {
      const db = tx.getKysely<KhataTables>();
      const existing = new Map(
        (
          await db
            .selectFrom('khata_customers')
            .select(['id', 'phone', 'balance_paise'])
            .where(
              'phone',
              'in',
              rows.map((row) => row.phone),
            )
            .forUpdate()
            .execute()
        ).map((customer) => [customer.phone, customer]),
      );
      const ids: string[] = [];
      const balancesKept: number[] = [];
      let created = 0;
      const now = new Date();
      for (const row of rows) {
        const found = existing.get(row.phone);
        if (found) {
          await db
            .updateTable('khata_customers')
            .set({
              name: row.name,
              credit_limit_paise: row.creditLimitPaise,
              note: row.note,
              updated_at: now,
            })
            .where('id', '=', found.id)
            .execute();
          if (Number(found.balance_paise) !== row.balancePaise) balancesKept.push(row.row);
          ids.push(found.id);
          continue;
        }
        const id = uuidv7();
        await db
          .insertInto('khata_customers')
          .values({
            id,
            name: row.name,
            phone: row.phone,
            credit_limit_paise: row.creditLimitPaise,
            shopper_id: null,
            note: row.note,
            balance_paise: 0,
            owing_since: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        if (row.balancePaise !== 0) {
          const customer = await lockCustomer(tx, id);
          await postEntry(tx, customer, {
            kind: 'adjustment',
            amountPaise: row.balancePaise,
            note: OPENING_BALANCE_REASON,
            at: now,
          });
        }
        created += 1;
        ids.push(id);
      }
      return { ids, created, updated: ids.length - created, balancesKept };
    }),
  );
  for (const customerId of written.ids) events.publish({ type: 'khata.changed', customerId });
  return {
    created: written.created,
    updated: written.updated,
    balancesKept: written.balancesKept,
    errors: [],
  };
}
