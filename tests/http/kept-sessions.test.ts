// X-Floe-Session: a session kept across requests (the console's worksheets). USE, SET, ALTER
// SESSION and temporary tables persist; it belongs to one user; it ends when idle or when its
// user starts more than FLOE_MAX_SESSIONS_PER_USER; an open transaction is rolled back at the end
// of each run (with a notice). Without the header nothing changes. Also X-Floe-Wait-Ms and the
// child handles of a failed multi-statement request.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeRes, getStatement, ok, poll, submit, type SubmitOptions } from './client';
import { freshDatabase, uniqueName, UUID_RE } from './helpers';
import { addPat, createUser } from './auth-keys';
import { startServer, type FloeServer } from './server-control';

const context = (res: { headers: Headers }) => JSON.parse(decodeURIComponent(res.headers.get('x-floe-session-context') ?? 'null')) as Record<string, string | null>;

/** Runs `sql` in session `id` ('new' starts one) and returns the answer, polled to its end. */
async function inSession(id: string, sql: string, opts: SubmitOptions = {}) {
  const res = await submit(sql, { ...opts, headers: { ...opts.headers, 'x-floe-session': id } });
  if (res.status !== 202) return res;
  return poll(res.json!.statementHandle!, { ...opts, headers: { 'x-floe-session': id } });
}

describe('kept sessions on the shared server', () => {
  test('USE, SET, ALTER SESSION and a temporary table persist across requests; the context comes back', async () => {
    const { database } = await freshDatabase();
    const first = await inSession('new', `USE DATABASE ${database}`);
    expect(first.status, describeRes(first)).toBe(200);
    const id = first.headers.get('x-floe-session')!;
    expect(id).toMatch(UUID_RE);
    expect(context(first)).toMatchObject({ database, schema: 'PUBLIC' });
    await ok('CREATE SCHEMA S2', { database });
    expect(context(await inSession(id, 'USE SCHEMA S2'))).toMatchObject({ database, schema: 'S2' });
    expect((await inSession(id, 'SELECT CURRENT_DATABASE(), CURRENT_SCHEMA()')).json!.data).toEqual([[database, 'S2']]);
    expect((await inSession(id, 'SET x = 42')).status).toBe(200);
    expect((await inSession(id, 'SELECT $x AS X')).json!.data).toEqual([['42']]);
    await inSession(id, "ALTER SESSION SET DATE_OUTPUT_FORMAT = 'DD/MM/YYYY'");
    expect((await inSession(id, "SELECT TO_VARCHAR('2024-02-29'::DATE) AS D")).json!.data).toEqual([['29/02/2024']]);
    await inSession(id, 'CREATE TEMPORARY TABLE TMP (A INT); INSERT INTO TMP VALUES (7)', { parameters: { MULTI_STATEMENT_COUNT: 0 } });
    expect((await inSession(id, 'SELECT A FROM TMP')).json!.data).toEqual([['7']]);
    // Another session (and a request without one) does not see it.
    const other = await inSession('new', 'SELECT A FROM TMP', { database, schema: 'S2' });
    expect(other.status).toBe(422);
    expect((await submit('SELECT A FROM TMP', { database, schema: 'S2' })).json!.code).toBe('002003');
    // Body context fields change the session as a USE would.
    expect(context(await inSession(id, 'SELECT 1', { database, schema: 'PUBLIC' }))).toMatchObject({ database, schema: 'PUBLIC' });
    expect((await inSession(id, 'SELECT CURRENT_SCHEMA()')).json!.data).toEqual([['PUBLIC']]);
  });

  test('LAST_QUERY_ID follows the runs of the session', async () => {
    const a = await inSession('new', 'SELECT 1');
    const id = a.headers.get('x-floe-session')!;
    const b = await inSession(id, 'SELECT LAST_QUERY_ID() AS L');
    expect(b.json!.data).toEqual([[a.json!.statementHandle]]);
  });

  test('a request without the header is its own session, answered exactly as before', async () => {
    await ok('SET y = 1');
    const res = await submit('SELECT $y');
    expect(res.status).toBe(422);
    expect(res.json!.code).toBe('002211');
    expect(res.headers.get('x-floe-session')).toBeNull();
    expect(res.headers.get('x-floe-session-context')).toBeNull();
  });

  test('unknown or malformed ids, and another user\'s session, are refused before anything runs', async () => {
    const unknown = await submit('SELECT 1', { headers: { 'x-floe-session': '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: '390111' });
    expect(unknown.json!.message).toContain('X-Floe-Session: new');
    const bad = await submit('SELECT 1', { headers: { 'x-floe-session': 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.json!.code).toBe('390142');
    const mine = await inSession('new', 'SET secret = 1');
    const id = mine.headers.get('x-floe-session')!;
    const name = await createUser(undefined, ['PUBLIC']);
    const pat = (await addPat(name)).secret;
    const theirs = await submit('SELECT $secret', { token: pat, headers: { 'x-floe-session': id } });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.json)).toBe(JSON.stringify(unknown.json).replace('00000000-0000-4000-8000-000000000000', id));
    // The owner still has it.
    expect((await inSession(id, 'SELECT $secret')).json!.data).toEqual([['1']]);
  });

  test('an open transaction is rolled back at the end of the run, with a notice; COMMIT in the run keeps the rows', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (A INT)', ctx);
    const open = await inSession('new', 'BEGIN; INSERT INTO T VALUES (1)', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 0 } });
    expect(open.status, describeRes(open)).toBe(200);
    const id = open.headers.get('x-floe-session')!;
    expect(context(open).notice).toMatch(/rolled back/);
    expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['0']]);
    const next = await inSession(id, 'SELECT CURRENT_TRANSACTION() AS T');
    expect(next.json!.data).toEqual([[null]]);
    expect(context(next).notice).toBeUndefined();
    // Other sessions can write: the writer is not held between runs.
    await ok('INSERT INTO T VALUES (5)', ctx);
    await inSession(id, 'BEGIN; INSERT INTO T VALUES (2); COMMIT', { parameters: { MULTI_STATEMENT_COUNT: 0 } });
    expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['2']]);
  });

  test('one run at a time per session: a second while one runs answers 409', async () => {
    const first = await inSession('new', 'SELECT 1');
    const id = first.headers.get('x-floe-session')!;
    const long = await submit('SELECT SYSTEM$WAIT(2)', { async: true, headers: { 'x-floe-session': id } });
    expect(long.status).toBe(202);
    const busy = await submit('SELECT 2', { headers: { 'x-floe-session': id } });
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({ code: '390112' });
    expect(busy.json!.message).toContain(long.json!.statementHandle);
    // The GET that sees the run end (sent with the session) says the session's context; without it, nothing.
    const done = await poll(long.json!.statementHandle!, { headers: { 'x-floe-session': id } });
    expect(done.status).toBe(200);
    expect(done.headers.get('x-floe-session')).toBe(id);
    expect(context(done)).toHaveProperty('warehouse');
    expect((await getStatement(long.json!.statementHandle!)).headers.get('x-floe-session-context')).toBeNull();
    expect((await inSession(id, 'SELECT 3')).status).toBe(200);
  });

  test("a request's body parameters apply to its kept session and persist; its timeout lasts the request; a refused request changes nothing", async () => {
    const id = (await inSession('new', 'SELECT 1')).headers.get('x-floe-session')!;
    const param = async (name: string) => (await inSession(id, `SHOW PARAMETERS LIKE '${name}'`)).json!.data![0].slice(0, 4);
    const dated = await inSession(id, "SELECT TO_VARCHAR('2024-02-29'::DATE) AS D", { parameters: { DATE_OUTPUT_FORMAT: 'DD/MM/YYYY', query_tag: 'tagged' } });
    expect(dated.json!.data, describeRes(dated)).toEqual([['29/02/2024']]);
    expect((await inSession(id, "SELECT TO_VARCHAR('2024-03-01'::DATE) AS D")).json!.data).toEqual([['01/03/2024']]);
    expect(await param('QUERY_TAG')).toEqual(['QUERY_TAG', 'tagged', '', 'SESSION']);
    // An invalid value is refused before anything runs, and leaves the session as it was.
    const bad = await inSession(id, 'SELECT 1', { parameters: { WEEK_START: 9, QUERY_TAG: 'not this' } });
    expect(bad.status).toBe(422);
    expect(bad.json!.code).toBe('002031');
    expect(await param('QUERY_TAG')).toEqual(['QUERY_TAG', 'tagged', '', 'SESSION']);
    // STATEMENT_TIMEOUT_IN_SECONDS from the body persists: the next request's statements stop at it.
    await inSession(id, 'SELECT 2', { parameters: { STATEMENT_TIMEOUT_IN_SECONDS: 1 } });
    const stopped = await inSession(id, 'CALL SYSTEM$WAIT(30)');
    expect(stopped.status, describeRes(stopped)).toBe(408);
    expect(stopped.json!.message).toContain('timeout of 1 second');
    // The body's `timeout` stands for it during its own request only.
    const waited = await inSession(id, 'CALL SYSTEM$WAIT(2)', { timeout: 60 });
    expect(waited.status, describeRes(waited)).toBe(200);
    expect(await param('STATEMENT_TIMEOUT_IN_SECONDS')).toEqual(['STATEMENT_TIMEOUT_IN_SECONDS', '1', '172800', 'SESSION']);
    // A request refused because the session is busy changes neither its parameters nor its context.
    const long = await submit('SELECT SYSTEM$WAIT(2) AS W', { async: true, timeout: 60, headers: { 'x-floe-session': id } });
    const busy = await submit('SELECT 3', { parameters: { QUERY_TAG: 'busy', STATEMENT_TIMEOUT_IN_SECONDS: 0 }, headers: { 'x-floe-session': id } });
    expect(busy.status).toBe(409);
    expect((await poll(long.json!.statementHandle!)).status).toBe(200);
    expect(await param('QUERY_TAG')).toEqual(['QUERY_TAG', 'tagged', '', 'SESSION']);
    expect((await param('STATEMENT_TIMEOUT_IN_SECONDS'))[1]).toBe('1');
  });

  test("MULTI_STATEMENT_COUNT: ALTER SESSION's counts the session's later requests; a body's counts its own request only", async () => {
    const first = await inSession('new', 'SELECT 1; SELECT 2', { parameters: { MULTI_STATEMENT_COUNT: 2 } });
    expect(first.status, describeRes(first)).toBe(200);
    const id = first.headers.get('x-floe-session')!;
    const mismatch = (desired: number) => ({ code: '000008', message: `Actual statement count 2 did not match the desired statement count ${desired}.` });
    expect((await inSession(id, 'SELECT 1; SELECT 2')).json).toMatchObject(mismatch(1));
    expect((await inSession(id, 'ALTER SESSION SET MULTI_STATEMENT_COUNT = 0')).status).toBe(200);
    const any = await inSession(id, 'SELECT 1; SELECT 2; SELECT 3');
    expect(any.status, describeRes(any)).toBe(200);
    expect(any.json!.statementHandles).toHaveLength(3);
    // The body's count wins for its request, and does not replace the session's.
    expect((await inSession(id, 'SELECT 1; SELECT 2', { parameters: { MULTI_STATEMENT_COUNT: 3 } })).json).toMatchObject(mismatch(3));
    expect((await inSession(id, 'SELECT 1; SELECT 2')).status).toBe(200);
    await inSession(id, 'ALTER SESSION UNSET MULTI_STATEMENT_COUNT');
    expect((await inSession(id, 'SELECT 1; SELECT 2')).json).toMatchObject(mismatch(1));
  });

  test('X-Floe-Wait-Ms: a synchronous POST answers 202 after that long; a fast one answers 200', async () => {
    const fast = await submit('SELECT 1', { headers: { 'x-floe-wait-ms': '1000' } });
    expect(fast.status).toBe(200);
    const slow = await submit('SELECT SYSTEM$WAIT(3)', { headers: { 'x-floe-wait-ms': '50' } });
    expect(slow.status).toBe(202);
    expect(slow.json!.statementHandle).toMatch(UUID_RE);
    const bad = await submit('SELECT 1', { headers: { 'x-floe-wait-ms': 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.json!.code).toBe('390142');
  });

  test('a failed multi-statement request names the statements it ran (the failing one last)', async () => {
    const res = await submit('SELECT 1 AS A; SELECT * FROM NO_SUCH_TABLE_X; SELECT 3', { ...(await freshDatabase()), parameters: { MULTI_STATEMENT_COUNT: 0 } });
    expect(res.status).toBe(422);
    expect(res.json!.code).toBe('100132');
    const children = res.headers.get('x-floe-statement-handles')!.split(',');
    expect(children).toHaveLength(2);
    expect((await getStatement(children[0])).json!.data).toEqual([['1']]);
    const failed = await getStatement(children[1]);
    expect(failed.status).toBe(422);
    expect(failed.json!.message).toContain('NO_SUCH_TABLE_X');
    const again = await getStatement(res.json!.statementHandle!);
    expect(again.headers.get('x-floe-statement-handles')).toBe(children.join(','));
  });
});

describe('bounds', () => {
  let server: FloeServer;
  const on = () => ({ baseUrl: server.url, token: server.token });
  beforeAll(async () => {
    server = await startServer({ env: { FLOE_SESSION_IDLE_S: '2', FLOE_MAX_SESSIONS_PER_USER: '2' } });
  }, 200_000);
  afterAll(async () => { await server?.dispose(); });

  test('a session idle past FLOE_SESSION_IDLE_S ends, and its temporary tables are dropped', async () => {
    const db = uniqueName('DB');
    await ok(`CREATE DATABASE ${db}`, on());
    const first = await inSession('new', 'CREATE TEMPORARY TABLE GONE (A INT)', { ...on(), database: db });
    const id = first.headers.get('x-floe-session')!;
    await new Promise((r) => setTimeout(r, 3500));
    const late = await submit('SELECT 1', { ...on(), headers: { 'x-floe-session': id } });
    expect(late.status).toBe(404);
    expect(late.json!.message).toContain('FLOE_SESSION_IDLE_S');
    // The name is free again: the temporary table went with its session.
    expect((await submit('CREATE TABLE GONE (A INT)', { ...on(), database: db })).status).toBe(200);
  });

  test('a user\'s third session ends his least recently used one (FLOE_MAX_SESSIONS_PER_USER)', async () => {
    const a = (await inSession('new', 'SET v = 1', on())).headers.get('x-floe-session')!;
    const b = (await inSession('new', 'SET v = 2', on())).headers.get('x-floe-session')!;
    expect((await inSession(a, 'SELECT $v', on())).json!.data).toEqual([['1']]);
    const c = (await inSession('new', 'SET v = 3', on())).headers.get('x-floe-session')!;
    expect((await inSession(b, 'SELECT $v', on())).status).toBe(404);
    expect((await inSession(a, 'SELECT $v', on())).json!.data).toEqual([['1']]);
    expect((await inSession(c, 'SELECT $v', on())).json!.data).toEqual([['3']]);
  });
});
