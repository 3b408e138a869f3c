// Which V8 flags `npm start` gives the server, by the database it will run on.
import { describe, expect, test } from 'vitest';
import { SERVER_FLAGS, serverFlags } from './start.mjs';

describe('the server flags of npm start', () => {
  test('on the embedded database (no DATABASE_URL) WebAssembly is compiled by Liftoff alone', () => {
    expect(serverFlags({})).toEqual([...SERVER_FLAGS, '--liftoff-only']);
  });

  test('a blank DATABASE_URL is the embedded database, as the server reads it', () => {
    expect(serverFlags({ DATABASE_URL: '  ' })).toContain('--liftoff-only');
  });

  test('on a PostgreSQL server only the heap flags, since it runs no WebAssembly', () => {
    expect(serverFlags({ DATABASE_URL: 'postgres://shop@db:5432/kirana' })).toEqual(SERVER_FLAGS);
  });
});
