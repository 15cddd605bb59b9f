// Temporary tables across sessions (a request is a session), their clean-up after a crash, and
// SHOW DATABASES / SCHEMAS is_default. Old sql.js images: table-lifetimes-migration.test.ts.
import { afterAll, expect, test } from 'vitest';
import { exec, makeClient, ok, poll, submit } from './client';
import { freshDatabase } from './helpers';
import { addPat, createUser } from './auth-keys';
import { startServer, type FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a temporary table is seen only by the request that created it, while it runs', async () => {
  const ctx = await freshDatabase();
  const insert = `INSERT INTO ${ctx.database}.PUBLIC.TMP VALUES (1)`;
  const long = await submit(`CREATE TEMPORARY TABLE TMP (A INT); ${insert}; SELECT SYSTEM$WAIT(3)`, {
    ...ctx, async: true, parameters: { MULTI_STATEMENT_COUNT: 0 },
  });
  expect(long.status).toBe(202);
  // The table exists once its INSERT has succeeded (QUERY_HISTORY says so).
  const inserted = `SELECT COUNT(*) FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_TEXT = '${insert}' AND EXECUTION_STATUS = 'SUCCESS'`;
  for (let i = 0; i < 100 && (await ok(inserted, ctx)).data![0][0] === '0'; i++) await sleep(50);
  expect((await ok(inserted, ctx)).data).toEqual([['1']]);
  const other = await exec('SELECT * FROM TMP', ctx);
  expect(other.json).toMatchObject({ code: '002003' });
  expect((await ok('SHOW TABLES', ctx)).data).toEqual([]);
  expect((await ok("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'", ctx)).data).toEqual([['0']]);
  const done = await poll(long.json!.statementHandle!);
  expect(done.status).toBe(200);
  expect((await ok('SHOW TABLES', ctx)).data).toEqual([]);
});

test('SHOW DATABASES / SCHEMAS: is_default is the user’s DEFAULT_NAMESPACE, is_current the session’s', async () => {
  const { database: db } = await freshDatabase();
  await ok(`CREATE SCHEMA ${db}.HOME`);
  const user = await createUser(undefined, ['ACCOUNTADMIN'], `DEFAULT_NAMESPACE = '${db}.HOME'`);
  const token = (await addPat(user)).secret;
  const pick = (data: (string | null)[][] | undefined, cols: number[]) => data!.map((r) => cols.map((i) => r[i]));
  // Columns: created_on, name, is_default, is_current.
  expect(pick((await ok(`SHOW DATABASES LIKE '${db}'`, { token })).data, [1, 2, 3])).toEqual([[db, 'Y', 'Y']]);
  expect(pick((await ok(`SHOW SCHEMAS IN DATABASE ${db}`, { token })).data, [1, 2, 3])).toEqual([['HOME', 'Y', 'Y'], ['INFORMATION_SCHEMA', 'N', 'N'], ['PUBLIC', 'N', 'N']]);
  const other = await freshDatabase();
  expect(pick((await ok(`SHOW DATABASES LIKE '${db}'`, { token, ...other })).data, [1, 2, 3])).toEqual([[db, 'Y', 'N']]);
  expect(pick((await ok(`SHOW DATABASES LIKE '${other.database}'`, { token, ...other })).data, [1, 2, 3])).toEqual([[other.database, 'N', 'Y']]);
  // ADMIN has no default namespace.
  expect(pick((await ok(`SHOW DATABASES LIKE '${db}'`, { database: db })).data, [2, 3])).toEqual([['N', 'Y']]);
});

test('temporary tables left by a crash are dropped at the next start', { timeout: 300_000 }, async () => {
  // On PostgreSQL the restarted node knows its data dir's previous node is gone and ends its lease
  // at once: a lease far longer than the test proves that, not its expiry, drops the tables (sql.js ignores it).
  const env = { FLOE_NODE_LEASE_S: '3600' };
  const s = await startServer({ env });
  servers.push(s);
  const a = makeClient(s);
  await a.ok('CREATE DATABASE CRASH');
  const ctx = { database: 'CRASH', schema: 'PUBLIC' };
  const long = await a.submit('CREATE TEMPORARY TABLE TMP (A INT); SELECT SYSTEM$WAIT(60)', { ...ctx, async: true, parameters: { MULTI_STATEMENT_COUNT: 0 } });
  expect(long.status).toBe(202);
  const created = "SELECT COUNT(*) FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_TEXT = 'CREATE TEMPORARY TABLE TMP (A INT)' AND EXECUTION_STATUS = 'SUCCESS'";
  for (let i = 0; i < 100 && (await a.ok(created, ctx)).data![0][0] === '0'; i++) await sleep(50);
  await s.kill9();
  const again = await startServer({ dataDir: s.dataDir, env });
  servers.push(again);
  const b = makeClient(again);
  expect((await b.ok('SHOW TABLES', ctx)).data).toEqual([]);
  // The crashed request's session is over: its statement is never answered as still running.
  const after = await b.poll(long.json!.statementHandle!);
  expect(after.status).toBe(422);
  await b.ok('CREATE TABLE TMP (B INT)', ctx);
  expect((await b.ok('SHOW TABLES', ctx)).data!.map((r) => r[1])).toEqual(['TMP']);
});

