import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/fixtures.js';
import { preparedRows } from './prepared-statement.js';

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
