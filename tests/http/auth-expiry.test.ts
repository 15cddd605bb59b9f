// Time-based credentials across restarts: a PAT's DAYS_TO_EXPIRY is honoured (the server is
// restarted with its clock moved two days on, tests/http/fixtures/clock-offset.cjs), object
// grants survive the restart, and FLOE_SQL_API_ENABLED=false closes the SQL API (403).
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { addPat, createUser } from './auth-keys';
import { uniqueName } from './helpers';
import { PROJECT_ROOT, startServer, type FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

const TWO_DAYS_MS = 2 * 86_400_000;
const clockOn = (ms: number) => ({
  NODE_OPTIONS: `--require ${path.join(PROJECT_ROOT, 'tests', 'http', 'fixtures', 'clock-offset.cjs')}`,
  FLOE_TEST_CLOCK_OFFSET_MS: String(ms),
});

test('DAYS_TO_EXPIRY: expired PATs answer 401 and show EXPIRED; grants persist; FLOE_SQL_API_ENABLED=false is 403', { timeout: 400_000 }, async () => {
  const first = await startServer();
  servers.push(first);
  const t = { baseUrl: first.url, token: first.token };
  const a = makeClient(first);
  const role = uniqueName('R');
  await a.ok(`CREATE ROLE ${role}`);
  const user = await createUser(t, [role]);
  const short = await addPat(user, t, uniqueName('PAT'), 'DAYS_TO_EXPIRY = 1');
  const long = await addPat(user, t, uniqueName('PAT'), 'DAYS_TO_EXPIRY = 5');
  await a.ok('CREATE DATABASE KEPT');
  await a.ok('CREATE TABLE KEPT.PUBLIC.T (A INT)');
  for (const sql of ['GRANT USAGE ON DATABASE KEPT', 'GRANT USAGE ON SCHEMA KEPT.PUBLIC', 'GRANT SELECT ON TABLE KEPT.PUBLIC.T']) await a.ok(`${sql} TO ROLE ${role}`);
  expect((await a.ok('SELECT COUNT(*) FROM KEPT.PUBLIC.T', { token: short.secret })).data).toEqual([['0']]);
  // Warehouses: PUBLIC starts with USAGE on COMPUTE_WH; without it the warehouse is not there.
  const warehouse = 'SELECT CURRENT_WAREHOUSE()';
  expect((await a.ok(warehouse, { token: short.secret })).data).toEqual([['COMPUTE_WH']]);
  await a.ok('REVOKE USAGE ON WAREHOUSE COMPUTE_WH FROM ROLE PUBLIC');
  expect((await a.ok(warehouse, { token: short.secret })).data).toEqual([[null]]);
  expect((await a.ok('SHOW WAREHOUSES', { token: short.secret })).data).toEqual([]);
  expect((await a.exec('USE WAREHOUSE COMPUTE_WH', { token: short.secret })).json).toMatchObject({ code: '002043' });
  await a.ok(`GRANT USAGE ON WAREHOUSE COMPUTE_WH TO ROLE ${role}`);
  expect((await a.ok('SHOW WAREHOUSES', { token: short.secret })).data!.map((r) => r[0])).toEqual(['COMPUTE_WH']);
  await first.stop();

  const later = await startServer({ dataDir: first.dataDir, env: clockOn(TWO_DAYS_MS) });
  servers.push(later);
  const b = makeClient(later);
  const expired = await b.submit('SELECT 1', { token: short.secret });
  expect(expired.status).toBe(401);
  expect(expired.json).toMatchObject({ code: '390303' });
  expect((await b.ok('SELECT COUNT(*), CURRENT_WAREHOUSE() FROM KEPT.PUBLIC.T', { token: long.secret })).data).toEqual([['0', 'COMPUTE_WH']]);
  const shown = await b.ok(`SHOW USER PROGRAMMATIC ACCESS TOKENS FOR USER ${user}`);
  const status = Object.fromEntries(shown.data!.map((r) => [r[0], r[4]]));
  expect(status).toEqual({ [short.tokenName]: 'EXPIRED', [long.tokenName]: 'ACTIVE' });
  await later.stop();

  const closed = await startServer({ dataDir: first.dataDir, env: { FLOE_SQL_API_ENABLED: 'false' } });
  servers.push(closed);
  const res = await makeClient(closed).submit('ALTER ACCOUNT SET SQL_API_ENABLED = TRUE');
  expect(res.status).toBe(403);
  expect(res.json).toMatchObject({ code: '390403' });
});
