// How the PostgreSQL engine stores INT (docs/architecture.md "PostgreSQL storage of INT"): a
// table's NUMBER(p, 0) columns are the domain floe.widening_bigint over bigint until a write of a
// value beyond int64 widens them to numeric; writers racing to widen the same table all succeed.
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeRes, makeClient } from '../http/client';
import { startServer, type FloeServer } from '../http/server-control';
import { freshDatabase, outside } from './cluster';

let server: FloeServer;
let c: ReturnType<typeof makeClient>;
let db: pg.Client;
const ctx = { database: 'INTDB', schema: 'PUBLIC' };
const SECRET = 'pg-test-session-secret-0123456789abcdef';
const TWO63 = '9223372036854775808';
/** FLOE_PG_WIDEN_LOCK_WAIT_MS of this server. */
const WAIT_MS = 1_500;

beforeAll(async () => {
  const url = await freshDatabase();
  server = await startServer({ env: { FLOE_ENGINE: url, NEXTAUTH_SECRET: SECRET, FLOE_PG_WIDEN_LOCK_WAIT_MS: String(WAIT_MS) } });
  c = makeClient({ url: server.url, token: server.token });
  await c.ok('CREATE DATABASE INTDB');
  db = await outside(url);
}, 240_000);

afterAll(async () => {
  await db?.end();
  await server?.stop();
});

/** Each column of Floe table `name` with its PostgreSQL type (the domain's name for a domain). */
async function columnTypes(name: string): Promise<Record<string, string>> {
  const r = await db.query(
    `SELECT a.attname AS col, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
      WHERE a.attrelid = to_regclass(quote_ident('t' || (SELECT id FROM _floe_tables WHERE name = $1))) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [name],
  );
  return Object.fromEntries(r.rows.map((x) => [x.col, x.type]));
}

it('declares every NUMBER(p, 0) column floe.widening_bigint, other types as before', async () => {
  await c.ok('CREATE TABLE S (A INT, B NUMBER(10,0), C NUMBER(38,0), D NUMBER(12,2), E FLOAT, F VARCHAR)', ctx);
  await c.ok('ALTER TABLE S ADD COLUMN G BIGINT', ctx);
  await c.ok('CREATE TABLE S2 AS SELECT A, D FROM S', ctx);
  expect(await columnTypes('S')).toEqual({
    A: 'floe.widening_bigint', B: 'floe.widening_bigint', C: 'floe.widening_bigint', D: 'numeric', E: 'double precision', F: 'text', G: 'floe.widening_bigint',
  });
  expect(await columnTypes('S2')).toEqual({ A: 'floe.widening_bigint', D: 'numeric' });
});

it('widens the integer columns of a table written a value beyond int64 to numeric, and only that table', async () => {
  await c.ok('CREATE TABLE W (A INT, B INT, D NUMBER(12,2))', ctx);
  await c.ok('CREATE TABLE K (A INT)', ctx);
  await c.ok('INSERT INTO W VALUES (1, 2, 3.5)', ctx);
  await c.ok('INSERT INTO K SELECT A FROM W', ctx);
  expect(await columnTypes('W')).toEqual({ A: 'floe.widening_bigint', B: 'floe.widening_bigint', D: 'numeric' });
  await c.ok(`INSERT INTO W VALUES (${TWO63}, 1, 1)`, ctx);
  expect(await columnTypes('W')).toEqual({ A: 'numeric', B: 'numeric', D: 'numeric' });
  expect(await columnTypes('K')).toEqual({ A: 'floe.widening_bigint' });
  expect((await c.ok('SELECT A, B FROM W ORDER BY B', ctx)).data).toEqual([[TWO63, '1'], ['1', '2']]);
  // A CTAS whose values overflow declares numeric for its integer columns.
  await c.ok(`CREATE TABLE W2 AS SELECT A * 2 AS A, B FROM W`, ctx);
  expect(await columnTypes('W2')).toEqual({ A: 'numeric', B: 'numeric' });
  // An error that no widening cures stands (the table keeps its type).
  const r = await c.exec('INSERT INTO K VALUES (1 / 0)', ctx);
  expect(r.json).toMatchObject({ code: '100051' });
  expect(await columnTypes('K')).toEqual({ A: 'floe.widening_bigint' });
});

it('a ROLLBACK takes the widening back with the rows', async () => {
  await c.ok('CREATE TABLE R (A INT)', ctx);
  await c.ok('INSERT INTO R VALUES (1)', ctx);
  await c.ok(`BEGIN; INSERT INTO R VALUES (${TWO63}); ROLLBACK`, { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 3 } });
  expect(await columnTypes('R')).toEqual({ A: 'floe.widening_bigint' });
  expect((await c.ok('SELECT A FROM R', ctx)).data).toEqual([['1']]);
  await c.ok(`BEGIN; INSERT INTO R VALUES (${TWO63}); COMMIT`, { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 3 } });
  expect(await columnTypes('R')).toEqual({ A: 'numeric' });
});

it('concurrent writers of values beyond int64 into one table all succeed', async () => {
  await c.ok('CREATE TABLE CW (W INT, N INT)', ctx);
  await c.ok('INSERT INTO CW VALUES (0, 0)', ctx);
  const writers = Array.from({ length: 6 }, (_, w) => c.ok(
    w % 2 === 0 ? `INSERT INTO CW VALUES (${w + 1}, ${TWO63}${w})` : `INSERT INTO CW SELECT ${w + 1}, ${w} FROM CW WHERE W = 0`,
    ctx,
  ));
  await Promise.all(writers);
  expect(await columnTypes('CW')).toEqual({ W: 'numeric', N: 'numeric' });
  expect((await c.ok('SELECT W, N FROM CW ORDER BY W', ctx)).data).toEqual([
    ['0', '0'], ['1', `${TWO63}0`], ['2', '1'], ['3', `${TWO63}2`], ['4', '3'], ['5', `${TWO63}4`], ['6', '5'],
  ]);
});

it('a transaction holding the table: the widening waits at most FLOE_PG_WIDEN_LOCK_WAIT_MS, the write fails with 000625 and readers are not held; after its end the write succeeds', async () => {
  await c.ok('CREATE TABLE LT (A INT)', ctx);
  await c.ok('INSERT INTO LT VALUES (1)', ctx);
  // A transaction that read the table and holds it (its lock lasts to its COMMIT).
  const holder = await c.submit('BEGIN; SELECT COUNT(*) FROM LT; SELECT SYSTEM$WAIT(6); COMMIT', { ...ctx, async: true, parameters: { MULTI_STATEMENT_COUNT: 4 } });
  expect(holder.status, describeRes(holder)).toBe(202);
  await new Promise((r) => setTimeout(r, 1_000));
  const t0 = Date.now();
  const [write, read] = await Promise.all([
    c.exec(`INSERT INTO LT VALUES (${TWO63})`, ctx),
    // Queued behind the ALTER's lock request for as long as that waits, no longer.
    new Promise((r) => setTimeout(r, 200)).then(() => c.ok('SELECT COUNT(*) FROM LT', { ...ctx, parameters: { USE_CACHED_RESULT: 'FALSE' } })),
  ]);
  const took = Date.now() - t0;
  expect(write.status, describeRes(write)).toBe(422);
  expect(write.json).toMatchObject({ code: '000625', sqlState: '40001' });
  expect(write.json!.message).toMatch(/FLOE_PG_WIDEN_LOCK_WAIT_MS/);
  expect(read.data).toEqual([['1']]);
  expect(took).toBeGreaterThanOrEqual(WAIT_MS);
  expect(took).toBeLessThan(WAIT_MS + 2_500);
  expect(await columnTypes('LT')).toEqual({ A: 'floe.widening_bigint' });
  expect((await c.poll(holder.json!.statementHandle!, { pollTimeoutMs: 30_000 })).status).toBe(200);
  await c.ok(`INSERT INTO LT VALUES (${TWO63})`, ctx);
  expect(await columnTypes('LT')).toEqual({ A: 'numeric' });
  expect((await c.ok('SELECT A FROM LT ORDER BY A', ctx)).data).toEqual([['1'], [TWO63]]);
});
