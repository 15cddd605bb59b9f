// Fair share between users, on a private server with a small statement queue (8) and two reader
// workers (both kept warm, so nothing waits for one to start): one user holds at most his share of the queue (429 beyond it) while another user's
// statements still run; statements that only wait hold no reader; long CPU-bound reads of one user
// never take every reader, so another user's table read is answered while they run.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeRes, makeClient } from './client';
import { addPat, createUser } from './auth-keys';
import { uniqueName } from './helpers';
import { startServer, type FloeServer } from './server-control';

let server: FloeServer;
let c: ReturnType<typeof makeClient>;
let ctx: { database: string; schema: string };

beforeAll(async () => {
  // A per-user setting above the queue: the user's share of the queue (6 of 8) is what binds.
  server = await startServer({ env: { FLOE_MAX_QUEUED_STATEMENTS: '8', FLOE_MAX_RUNNING_PER_USER: '100', FLOE_MAX_READERS: '2' } });
  c = makeClient(server);
  ctx = { database: uniqueName('DB'), schema: 'PUBLIC' };
  await c.ok(`CREATE DATABASE ${ctx.database}`);
  await c.ok("CREATE TABLE T (ID INT, NAME VARCHAR) AS SELECT SEQ4(), 'row' FROM TABLE(GENERATOR(ROWCOUNT => 100))", ctx);
  await c.ok('CREATE TABLE D (N INT) AS SELECT SEQ4() FROM TABLE(GENERATOR(ROWCOUNT => 1000))', ctx);
});
afterAll(async () => server?.dispose());

const t = () => ({ baseUrl: server.url, token: server.token });
const newUser = async () => (await addPat(await createUser(t()), t())).secret;
const NO_CACHE = { USE_CACHED_RESULT: 'FALSE' };

/** Starts `n` copies of a statement for the user, asynchronously; returns the answers. */
async function startMany(n: number, sql: string, token: string) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await c.submit(sql, { ...ctx, token, async: true, parameters: NO_CACHE }));
  return out;
}

async function cancelAll(handles: string[], token: string) {
  for (const h of handles) expect((await c.cancel(h, { token })).status).toBe(200);
}

test("one user gets 429 390505 at his share of the statement queue (6 of 8); another user's SELECT 1 and the admin's still run", async () => {
  const [a, b] = [await newUser(), await newUser()];
  const answers = await startMany(8, 'SELECT SYSTEM$WAIT(60)', a);
  expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202, 202, 202, 429, 429]);
  expect(answers[6].json).toMatchObject({ code: '390505' });
  expect((await c.ok('SELECT 1', { token: b })).data).toEqual([['1']]);
  expect((await c.ok('SELECT 2')).data).toEqual([['2']]);
  await cancelAll(answers.slice(0, 6).map((r) => r.json!.statementHandle!), a);
  expect((await c.ok('SELECT 3', { token: a })).data).toEqual([['3']]);
});

test("statements that only wait hold no reader worker: another user's table read is answered while six of them run", async () => {
  const [a, b] = [await newUser(), await newUser()];
  const handles = (await startMany(6, 'SELECT SYSTEM$WAIT(60)', a)).map((r) => {
    expect(r.status, describeRes(r)).toBe(202);
    return r.json!.statementHandle!;
  });
  const read = await c.exec('SELECT COUNT(*) FROM T', { ...ctx, token: b, parameters: NO_CACHE });
  expect(read.status, describeRes(read)).toBe(200);
  expect(read.json!.data).toEqual([['100']]);
  // All of the user's waits were still running meanwhile.
  for (const h of handles) expect((await c.getStatement(h, { token: a })).status).toBe(202);
  await cancelAll(handles, a);
  for (const h of handles) expect((await c.getStatement(h, { token: a })).json).toMatchObject({ code: '000604' });
});

test('a statement that only waits answers exactly as a wait run by the engine does', async () => {
  const shape = (j: { resultSetMetaData?: unknown; data?: unknown }) => ({ meta: j.resultSetMetaData, data: j.data });
  // The second has a FROM clause: it runs in the engine.
  for (const [alone, engine] of [
    ['SELECT SYSTEM$WAIT(1)', 'SELECT SYSTEM$WAIT(1) FROM (SELECT 1)'],
    ["SELECT SYSTEM$WAIT(5, 'MILLISECONDS') AS W", "SELECT SYSTEM$WAIT(5, 'MILLISECONDS') AS W FROM (SELECT 1)"],
  ]) {
    const [x, y] = [await c.ok(alone, { ...ctx, parameters: NO_CACHE }), await c.ok(engine, { ...ctx, parameters: NO_CACHE })];
    expect(shape(x)).toEqual(shape(y));
  }
  expect((await c.ok("CALL SYSTEM$WAIT(1, 'MILLISECONDS')", ctx)).data).toEqual([['waited 1 milliseconds']]);
  // Its timeout still stops it.
  const timedOut = await c.exec('SELECT SYSTEM$WAIT(30)', { ...ctx, timeout: 1 });
  expect(timedOut.status, describeRes(timedOut)).toBe(408);
  expect(timedOut.json).toMatchObject({ code: '000630' });
});

test("one user's long CPU-bound reads never hold every reader: another user's table read is answered while they run", async () => {
  const [a, b] = [await newUser(), await newUser()];
  // Far longer than this test: a 10^12-row cross join. Of the two readers this user gets one; his
  // other reads wait for it, not the other user's.
  const handles = (await startMany(4, 'SELECT COUNT(*) FROM D a, D b, D c, D d', a)).map((r) => {
    expect(r.status, describeRes(r)).toBe(202);
    return r.json!.statementHandle!;
  });
  const read = await c.exec('SELECT COUNT(*) FROM T WHERE ID >= 0', { ...ctx, token: b, parameters: NO_CACHE });
  expect(read.status, describeRes(read)).toBe(200);
  expect(read.json!.data).toEqual([['100']]);
  for (const h of handles) expect((await c.getStatement(h, { token: a })).status).toBe(202);
  await cancelAll(handles, a);
});
