import { CompiledQuery, sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/fixtures.js';
import { inPlainTransaction } from './plain-transaction.js';
import { named, preparedRows } from './prepared-statement.js';

describe('a named statement with one plan', () => {
  const app = useTestApp();
  const twice = (n: number) => sql<{ twice: number }>`select ${n}::int * 2 as twice`;

  test('answers each call’s values, its one plan for this statement alone', async () => {
    const em = app.orm.em.fork();
    expect(await preparedRows(em, twice(2))).toEqual([{ twice: 4 }]);
    expect(await preparedRows(em, twice(21))).toEqual([{ twice: 42 }]);
    const { rows } = await sql<{
      mode: string;
    }>`select current_setting('plan_cache_mode') as mode`.execute(em.getKysely());
    expect(rows).toEqual([{ mode: 'auto' }]);
  });

  test('a statement that fails rejects and leaves no connection in a failed transaction', async () => {
    const em = app.orm.em.fork();
    await expect(preparedRows(em, sql`select 1 / ${0}::int`)).rejects.toThrow(/division by zero/);
    const pool = await em.getConnection().getNativeClient();
    // Every connection the pool lends is outside any transaction.
    const clients = await Promise.all(
      Array.from({ length: pool.options.max }, () => pool.connect()),
    );
    try {
      for (const client of clients) {
        // In a transaction begun before, now() is its start; in a failed one, this is refused.
        const { rows } = await client.query<{ outside: boolean }>(
          'select now() = statement_timestamp() as outside',
        );
        expect(rows).toEqual([{ outside: true }]);
      }
    } finally {
      for (const client of clients) client.release();
    }
    expect(await preparedRows(em, twice(3))).toEqual([{ twice: 6 }]);
  });
});

describe('a text registered by named()', () => {
  const app = useTestApp();

  test('goes through the ORM as a named statement of its connection, other texts unnamed', async () => {
    const thrice = named('select $1::int * 3 as thrice');
    const other = 'select $1::int * 4 as four_times';
    const { answers, prepared } = await inPlainTransaction(app.orm.em.fork(), async (tx) => {
      const db = tx.getKysely();
      const answers = [];
      for (const [text, value] of [
        [thrice, 2],
        [thrice, 5],
        [other, 1],
      ] as const)
        answers.push((await db.executeQuery(CompiledQuery.raw(text, [value]))).rows);
      // The same connection: the transaction's.
      const { rows } = await db.executeQuery<{ statement: string; runs: number }>(
        CompiledQuery.raw(
          `select statement, (generic_plans + custom_plans)::int as runs
           from pg_prepared_statements where not from_sql and statement in ($1, $2)`,
          [thrice, other],
        ),
      );
      return { answers, prepared: rows };
    });
    expect(answers).toEqual([[{ thrice: 6 }], [{ thrice: 15 }], [{ four_times: 4 }]]);
    expect(prepared).toEqual([{ statement: thrice, runs: 2 }]);
  });
});
