// USE_CACHED_RESULT: a repeated identical query is answered from the stored result (a new handle,
// the same data, at once) while the data it read is unchanged; writes, the parameter, missing
// privileges and non-deterministic functions each keep it from being served.
import { beforeAll, describe, expect, test } from 'vitest';
import { exec, getStatement, ok, type ExecOptions } from './client';
import { addPat, createUser } from './auth-keys';
import { freshDatabase, uniqueName } from './helpers';

// Work enough (about 150k joined rows) that a run of it always takes milliseconds, which a reused
// answer never does (EXECUTION_TIME 0); more only makes the runs it takes slow (4M rows took most of the file's minutes).
const HEAVY = 'SELECT COUNT(*) AS N, SUM(a.N * b.N + c.N) AS S FROM D a, D b, D c WHERE a.N <> b.N AND a.N < 32 AND b.N < 32';

let ctx: { database: string; schema: string };

beforeAll(async () => {
  ctx = await freshDatabase();
  await ok('CREATE TABLE D (N INT)', ctx);
  await ok(`INSERT INTO D SELECT a.N * 10 + b.N FROM (VALUES ${Array.from({ length: 10 }, (_, i) => `(${i})`).join(', ')}) a(N), (VALUES ${Array.from({ length: 16 }, (_, i) => `(${i})`).join(', ')}) b(N)`, ctx);
  await ok('CREATE TABLE T (ID INT, NAME VARCHAR)', ctx);
  await ok("INSERT INTO T VALUES (1, 'one'), (2, 'two')", ctx);
  await ok('CREATE TABLE OTHER (X INT)', ctx);
});

/** Runs sql; `reused` says whether the answer came from a stored result (QUERY_HISTORY's EXECUTION_TIME is 0). */
async function run(sql: string, opts: ExecOptions = {}) {
  const res = await ok(sql, { ...ctx, ...opts });
  const hist = await ok(`SELECT EXECUTION_TIME FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_ID = '${res.statementHandle}'`, ctx);
  return { res, reused: hist.data![0][0] === '0' };
}

describe('USE_CACHED_RESULT', () => {
  test('a repeated heavy query is answered from the stored result: new handle, same data, fast', async () => {
    const first = await run(HEAVY);
    const again = await run(HEAVY);
    expect(again.res.statementHandle).not.toBe(first.res.statementHandle);
    expect(again.res.data).toEqual(first.res.data);
    expect(again.res.resultSetMetaData).toEqual(first.res.resultSetMetaData);
    expect(first.reused).toBe(false);
    expect(again.reused).toBe(true);
    // The reused answer is a statement of its own: GET and QUERY_HISTORY know it.
    // (Among the newest 10,000 rows: other files' statements of the same user run meanwhile.)
    const hist = await ok(`SELECT QUERY_ID, QUERY_TEXT FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_ID = '${again.res.statementHandle}'`, ctx);
    expect(hist.data).toEqual([[again.res.statementHandle, HEAVY]]);
  });

  test('a result in partition files is reused whole', async () => {
    const name = uniqueName('BIG');
    await ok(`CREATE TABLE ${name} (I INT, S VARCHAR)`, ctx);
    await ok(`INSERT INTO ${name} SELECT a.N * 1000 + b.N, 'row text that takes some room in the result' FROM D a, D b`, ctx);
    const sql = `SELECT I, S FROM ${name} ORDER BY I`;
    const first = await ok(sql, ctx);
    const again = await ok(sql, ctx);
    expect(again.statementHandle).not.toBe(first.statementHandle);
    const parts = again.resultSetMetaData!.partitionInfo!.length;
    expect(parts).toBeGreaterThan(1);
    for (let p = 1; p < parts; p++) {
      const [a, b] = await Promise.all([getStatement(first.statementHandle!, { partition: p }), getStatement(again.statementHandle!, { partition: p })]);
      expect(b.status).toBe(200);
      expect(b.json!.data).toEqual(a.json!.data);
    }
  });

  test('a write to a table it read invalidates it; a write elsewhere does not', async () => {
    const sql = 'SELECT ID, NAME FROM T ORDER BY ID';
    const first = await ok(sql, ctx);
    await ok(HEAVY, ctx);
    await ok('INSERT INTO OTHER VALUES (1)', ctx);
    await ok(`CREATE TABLE ${uniqueName('NEW')} (X INT)`, ctx);
    await ok(`CREATE ROLE ${uniqueName('R')}`);
    const same = await run(HEAVY);
    expect(same.reused).toBe(true); // nothing HEAVY reads changed: still served from the cache
    await ok('ALTER TABLE D ADD COLUMN EXTRA INT', ctx);
    const altered = await run(HEAVY);
    expect(altered.res.data).toEqual(same.res.data);
    expect(altered.reused).toBe(false); // D's storage table changed: executed again
    await ok("INSERT INTO T VALUES (3, 'three')", ctx);
    const after = await ok(sql, ctx);
    expect(after.data).toEqual([...first.data!, ['3', 'three']]);
    await ok("UPDATE T SET NAME = 'THREE' WHERE ID = 3", ctx);
    expect((await ok(sql, ctx)).data!.at(-1)).toEqual(['3', 'THREE']);
    await ok('DELETE FROM T WHERE ID = 3', ctx);
    expect((await ok(sql, ctx)).data).toEqual(first.data);
    await ok("MERGE INTO T USING (SELECT 2 AS ID) s ON T.ID = s.ID WHEN MATCHED THEN UPDATE SET NAME = 'TWO'", ctx);
    expect((await ok(sql, ctx)).data).toEqual([['1', 'one'], ['2', 'TWO']]);
    await ok("CREATE OR REPLACE TABLE T AS SELECT 9 AS ID, 'nine' AS NAME", ctx);
    expect((await ok(sql, ctx)).data).toEqual([['9', 'nine']]);
    await ok('TRUNCATE TABLE T', ctx);
    expect((await ok(sql, ctx)).data).toEqual([]);
    await ok("INSERT INTO T VALUES (1, 'one'), (2, 'two')", ctx);
  });

  test('a write by another user through a view, and a rolled back transaction, are seen', async () => {
    const view = uniqueName('V');
    await ok(`CREATE VIEW ${view} AS SELECT COUNT(*) AS C FROM OTHER`, ctx);
    const before = await ok(`SELECT C FROM ${view}`, ctx);
    const other = await createUser();
    const { secret } = await addPat(other);
    await ok('INSERT INTO OTHER VALUES (2)', { ...ctx, token: secret });
    const after = await ok(`SELECT C FROM ${view}`, ctx);
    expect(Number(after.data![0][0])).toBe(Number(before.data![0][0]) + 1);
    // Inside a transaction nothing is cached; after its rollback the old data is what is served.
    const sql = 'SELECT COUNT(*) FROM OTHER';
    const counted = (await ok(sql, ctx)).data;
    const multi = await exec(`BEGIN; INSERT INTO OTHER VALUES (3); ${sql}; ROLLBACK`, { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 4 } });
    expect(multi.status).toBe(200);
    expect((await ok(sql, ctx)).data).toEqual(counted);
  });

  test('USE_CACHED_RESULT=FALSE (body or ALTER SESSION) runs the query again', async () => {
    await run(HEAVY);
    const off = await run(HEAVY, { parameters: { USE_CACHED_RESULT: 'FALSE' } });
    expect(off.reused).toBe(false);
    const session = await exec(`ALTER SESSION SET USE_CACHED_RESULT = FALSE; ${HEAVY}`, { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 2 } });
    expect(session.status).toBe(200);
    expect((await run(HEAVY)).reused).toBe(true); // still cached for everyone else
    const bad = await exec('SELECT 1', { ...ctx, parameters: { USE_CACHED_RESULT: 'maybe' } });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({ code: '002031' });
    const shown = await ok("ALTER SESSION SET USE_CACHED_RESULT = FALSE; SHOW PARAMETERS LIKE 'USE_CACHED_RESULT'", { parameters: { MULTI_STATEMENT_COUNT: 2 } });
    expect(shown.statementHandles).toHaveLength(2);
  });

  test('served to another user with a role allowed to read; never to a role lacking SELECT', async () => {
    const role = uniqueName('R');
    await ok(`CREATE ROLE ${role}`);
    await ok(`GRANT USAGE ON DATABASE ${ctx.database} TO ROLE ${role}`);
    await ok(`GRANT USAGE ON SCHEMA ${ctx.database}.PUBLIC TO ROLE ${role}`);
    const [a, b] = [await createUser(undefined, [role]), await createUser(undefined, [role])];
    const [ta, tb] = [(await addPat(a)).secret, (await addPat(b)).secret];
    const sql = 'SELECT ID, NAME FROM T ORDER BY ID';
    await ok(sql, ctx); // cached for ACCOUNTADMIN
    const denied = await exec(sql, { ...ctx, token: ta });
    expect(denied.status).toBe(422);
    expect(['002003', '003001']).toContain(denied.json!.code);
    await ok(`GRANT SELECT ON TABLE ${ctx.database}.PUBLIC.D TO ROLE ${role}`);
    const first = await run(HEAVY, { token: ta });
    const second = await run(HEAVY, { token: tb });
    expect(second.res.data).toEqual(first.res.data);
    expect(second.reused).toBe(true);
    await ok(`REVOKE SELECT ON TABLE ${ctx.database}.PUBLIC.D FROM ROLE ${role}`);
    const revoked = await exec(HEAVY, { ...ctx, token: tb });
    expect(revoked.status).toBe(422);
    expect(['002003', '003001']).toContain(revoked.json!.code);
  });

  test('non-deterministic queries are never served from the cache', async () => {
    for (const sql of ['SELECT RANDOM() AS R FROM D', 'SELECT SUM(UNIFORM(1, 1000000, RANDOM())) AS U FROM D', 'SELECT CURRENT_TIMESTAMP() AS T FROM D']) {
      const [x, y] = [await ok(sql, ctx), await ok(sql, ctx)];
      expect(y.data).not.toEqual(x.data);
    }
    // A text of its own, among the newest 10,000 rows: other files' statements (the same user) ran
    // meanwhile, and in a full run more than the default RESULT_LIMIT of 100 pushed it out.
    const marker = `SELECT 1 AS QH_${Date.now()}`;
    const q = `SELECT QUERY_ID FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_TEXT = '${marker}' ORDER BY QUERY_ID`;
    await ok(marker, ctx);
    const h1 = await ok(q, ctx);
    expect(h1.data!.length).toBe(1);
    await ok(marker, ctx);
    const h2 = await ok(q, ctx);
    expect(h2.data!.length).toBe(h1.data!.length + 1);
  });
});
