import { describe, expect, test } from 'vitest';
import { compareOutlines, kiranaSchema, type KiranaSchema } from './kirana-schema.js';
import { RestoreRefusedError } from './restore-sql.js';

const schema: KiranaSchema = {
  migration: 'Migration2_Ledger',
  shapes: new Map(),
  tables: new Set(['users', 'lines']),
  sequences: new Set(),
  outline: [
    'column users.id uuid not null',
    'function lines_append_only_fn()',
    'relation lines r',
    'relation users r',
    'trigger lines.lines_append_only',
  ],
};

describe('the restored schema’s objects', () => {
  test('are Kirana’s, whatever the database held before (a server’s own event trigger)', () => {
    const before = ['event trigger the_host_s_own'];
    expect(() => compareOutlines([...schema.outline, ...before], before, schema)).not.toThrow();
  });

  test.each([
    ['a function more', 'function planted()'],
    ['a trigger more', 'trigger users.planted'],
    ['a rule', 'rule users.planted'],
    ['a view', 'relation planted v'],
    ['an event trigger', 'event trigger planted'],
  ])('with %s are refused, and undone', (_, item) => {
    expect(() => compareOutlines([...schema.outline, item].sort(), [], schema)).toThrow(
      `restored, the database has ${item}, which Kirana’s schema has not: undone`,
    );
  });

  test('lacking the append-only trigger are refused', () => {
    const without = schema.outline.filter((item) => !item.startsWith('trigger'));
    expect(() => compareOutlines(without, [], schema)).toThrow(
      'restored, the database lacks trigger lines.lines_append_only of Kirana’s schema: undone',
    );
  });
});

describe('the schema a backup must have', () => {
  const migrations = {
    names: ['Migration1_Initial', 'Migration2_Ledger'],
    migrate: async () => {
      throw new Error('not made for a backup that is refused');
    },
  };

  test.each([
    [[], /records no migrations of Kirana/],
    [
      ['Migration1_Initial', 'Migration3_Newer'],
      /a migration this Kirana does not know \(Migration3_Newer\)/,
    ],
    [
      ['Migration2_Ledger'],
      /did not run Kirana’s migrations one by one \(it lacks Migration1_Initial\)/,
    ],
    [['Migration1_Initial', 'Migration1_Initial'], /did not run Kirana’s migrations one by one/],
    [
      ['Migration1_Initial', 'Migration2_Ledger', 'Migration3_Newer'],
      /does not know \(Migration3_Newer\): restore it with the Kirana that made it/,
    ],
  ])('is none for a backup whose migrations are %j', async (applied, refusal) => {
    const made = kiranaSchema(applied, migrations);
    await expect(made).rejects.toThrow(RestoreRefusedError);
    await expect(made).rejects.toThrow(refusal);
  });
});
