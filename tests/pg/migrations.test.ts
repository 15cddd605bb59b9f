// Floe's versioned migrations on PostgreSQL (lib/migrations/postgres-schema.ts), on a real
// database: a fresh one is initialised once, an older schema is brought up to date, and two
// nodes starting at once do not race.
import { afterEach, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS, migratePostgres } from '@/lib/migrations/postgres-schema';
import { FUNCTION_LIBRARY_VERSION } from '@/lib/engine/postgres/functions';
import type { PostgresEngine } from '@/lib/engine/postgres/postgres-engine';
import type { SqlStep } from '@/lib/engine/types';
import { engineOn, freshDatabase, outside } from './cluster';

const latest = POSTGRES_MIGRATIONS.map((m) => m.version);
const engines: PostgresEngine[] = [];
const open = (url: string) => {
  const e = engineOn(url);
  engines.push(e);
  return e;
};

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
});

/** The account's first rows, counting how often they were asked for. */
function accountRows() {
  const asked = { n: 0 };
  const rows = async (): Promise<SqlStep[]> => {
    asked.n++;
    return [{ sql: "INSERT INTO _floe_meta(key, value) VALUES ('created_on', ?)", params: [String(Date.now())] }];
  };
  return { asked, rows };
}

async function versions(url: string): Promise<number[]> {
  const pg = await outside(url);
  try {
    return (await pg.query('SELECT version FROM _floe_migrations ORDER BY version')).rows.map((r) => Number(r.version));
  } finally {
    await pg.end();
  }
}

describe('PostgreSQL migrations', () => {
  it('initialise a fresh database once, with the account rows and the function library', async () => {
    const url = await freshDatabase();
    const { asked, rows } = accountRows();
    const first = await migratePostgres(open(url), rows);
    expect(first).toEqual({ fresh: true, applied: latest });
    const again = await migratePostgres(open(url), rows);
    expect(again).toEqual({ fresh: false, applied: [] });
    expect(asked.n).toBe(1);
    expect(await versions(url)).toEqual(latest);
    const pg = await outside(url);
    try {
      expect((await pg.query("SELECT value FROM _floe_meta WHERE key = 'pg_function_library'")).rows[0].value).toBe(FUNCTION_LIBRARY_VERSION);
      // Object ids (≈ Date.now() × 100) and epoch milliseconds fit the system tables.
      await pg.query('INSERT INTO _floe_databases(id, name, created_on) VALUES ($1, $2, $3)', [Date.now() * 100, 'BIG', Date.now()]);
      // A token row gets an id without naming one (rowid-style tables).
      await pg.query("INSERT INTO _floe_tokens(user_name, name, lookup, secret_hash, created_on) VALUES ('U', 'T', 'l', 'h', 0)");
      expect((await pg.query('SELECT id FROM _floe_tokens')).rows).toHaveLength(1);
    } finally {
      await pg.end();
    }
  });

  it('bring an older schema up to date', async () => {
    const url = await freshDatabase();
    const { rows } = accountRows();
    await migratePostgres(open(url), rows, 1);
    expect(await versions(url)).toEqual([1]);
    const later = await migratePostgres(open(url), rows);
    expect(later).toEqual({ fresh: false, applied: latest.filter((v) => v > 1) });
    expect(await versions(url)).toEqual(latest);
  });

  it('let two nodes starting at once wait for each other (the advisory lock)', async () => {
    const url = await freshDatabase();
    const { asked, rows } = accountRows();
    const [a, b] = await Promise.all([migratePostgres(open(url), rows), migratePostgres(open(url), rows)]);
    expect([a.fresh, b.fresh].sort()).toEqual([false, true]);
    expect([...a.applied, ...b.applied].sort()).toEqual(latest);
    expect(asked.n).toBe(1);
    expect(await versions(url)).toEqual(latest);
  });
});
