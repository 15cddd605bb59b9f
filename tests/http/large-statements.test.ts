// Large statements: their parse and compile run on compile workers, so other requests are answered
// meanwhile (and a statement timeout stops them); a statement too deeply nested to parse gets a
// clear error; a bulk INSERT … VALUES (its rows read from tokens) inserts exactly what the same
// rows inserted a few at a time do.
import { expect, test } from 'vitest';
import { api, exec, ok, type StatementResponse } from './client';
import { freshDatabase } from './helpers';

const union = (branches: number) => Array.from({ length: branches }, (_, i) => `SELECT ${i % 10}`).join(' UNION ALL ');

/** Row i of the bulk tables: every common literal form (quotes, negatives, exponents, NULL, booleans). */
const row = (i: number) =>
  `(${i}, 'name ''${i}''', ${i % 7 === 0 ? `-${i}.25` : `${i}.25`}, ${i % 5 === 0 ? 'NULL' : `${i}e-2`}, '2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}', ${i % 2 === 0 ? 'TRUE' : 'false'})`;
const rows = (from: number, to: number, at: (i: number) => string = row) => Array.from({ length: to - from + 1 }, (_, k) => at(from + k)).join(', ');
const TABLE = '(ID INT, NAME VARCHAR, AMOUNT NUMBER(10,2), F FLOAT, D DATE, B BOOLEAN)';

/** A statement that parses for seconds and then fails: its last row is narrower (no bulk path: the parser reads every row). */
const slowToFail = (n: number) => `INSERT INTO NARROW VALUES ${rows(1, n, (i) => `(${i}, 'row ${i}')`)}, (0)`;

test('other requests are answered while a huge statement compiles; its error comes after', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE NARROW (N INT, S VARCHAR)', ctx);
  let bigDone = false;
  const big = exec(slowToFail(60_000), { ...ctx, pollTimeoutMs: 600_000 }).finally(() => { bigDone = true; });
  for (let i = 0; i < 5; i++) {
    expect((await api('GET', '/healthz')).status).toBe(200);
    expect((await ok('SELECT 1')).data).toEqual([['1']]);
    expect(bigDone).toBe(false);
  }
  const r: StatementResponse = await big;
  expect(r.status).toBe(422);
  expect(r.json!.code).toBe('002020');
  expect((await ok('SELECT COUNT(*) FROM NARROW', ctx)).data).toEqual([['0']]);
}, 600_000);

test('a chain of 100,000 UNION ALL branches gets a clear error, not a syntax error at position 0', async () => {
  const r = await exec(union(100_000), { pollTimeoutMs: 600_000 });
  expect(r.status).toBe(422);
  expect(r.json!.code).toBe('001003');
  expect(r.json!.message).toMatch(/^SQL compilation error:\nStatement too complex: it nests deeper than the parser's limit of 512 levels/);
  expect(r.json!.message).not.toMatch(/position 0/);
}, 600_000);

test('a statement timeout stops a large statement while it compiles; the next ones compile as before', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE NARROW (N INT, S VARCHAR)', ctx);
  const r = await exec(slowToFail(150_000), { ...ctx, timeout: 1, pollTimeoutMs: 600_000 });
  expect(r.status).toBe(408);
  expect(r.json!.code).toBe('000630');
  await ok('CREATE TABLE T (N INT)', ctx);
  // Large enough to compile on a worker (a new one: the stopped one was ended).
  const j = await ok(`INSERT INTO T VALUES ${rows(1, 3000, (i) => `(${i})`)}`, ctx);
  expect(j.data).toEqual([['3000']]);
  expect((await ok('SELECT COUNT(*), SUM(N) FROM T', ctx)).data).toEqual([['3000', String((3000 * 3001) / 2)]]);
}, 600_000);

test('a 30,000-row INSERT … VALUES inserts the rows and types that the same rows inserted a few at a time do', async () => {
  const ctx = await freshDatabase();
  await ok(`CREATE TABLE BULK ${TABLE}`, ctx);
  await ok(`CREATE TABLE FEW ${TABLE}`, ctx);
  const text = `INSERT INTO BULK VALUES ${rows(1, 30_000)}`;
  expect(text.length).toBeGreaterThan(1_500_000);
  const j = await ok(text, { ...ctx, pollTimeoutMs: 600_000 });
  expect(j.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['number of rows inserted']);
  expect(j.data).toEqual([['30000']]);
  expect(j.stats).toEqual({ numRowsInserted: 30_000 });
  // The same rows, a few per statement (below the bulk threshold: parsed and printed by polyglot).
  for (const [from, to] of [[1, 60], [14_000, 14_059], [29_941, 30_000]]) await ok(`INSERT INTO FEW VALUES ${rows(from, to)}`, ctx);
  const cols = 'ID, NAME, AMOUNT, F, D, B';
  expect((await ok(`SELECT COUNT(*) FROM (SELECT ${cols} FROM FEW EXCEPT SELECT ${cols} FROM BULK)`, ctx)).data).toEqual([['0']]);
  expect((await ok(`SELECT COUNT(*) FROM (SELECT ${cols} FROM BULK WHERE ID IN (SELECT ID FROM FEW) EXCEPT SELECT ${cols} FROM FEW)`, ctx)).data).toEqual([['0']]);
  const sample = await ok(`SELECT ${cols} FROM BULK WHERE ID IN (7, 10, 29999) ORDER BY ID`, ctx);
  expect(sample.resultSetMetaData!.rowType.map((c) => [c.name, c.type])).toEqual([
    ['ID', 'fixed'], ['NAME', 'text'], ['AMOUNT', 'fixed'], ['F', 'real'], ['D', 'date'], ['B', 'boolean'],
  ]);
  expect(sample.data).toEqual([
    ['7', "name '7'", '-7.25', '0.07', String((Date.UTC(2024, 7, 8) / 86_400_000)), 'false'],
    ['10', "name '10'", '10.25', null, String((Date.UTC(2024, 10, 11) / 86_400_000)), 'true'],
    ['29999', "name '29999'", '29999.25', '299.99', String((Date.UTC(2024, 11, 12) / 86_400_000)), 'false'],
  ]);
  const sums = await ok('SELECT COUNT(*), SUM(ID), SUM(AMOUNT), COUNT(F), COUNT_IF(B) FROM BULK', ctx);
  const negatives = Array.from({ length: 30_000 }, (_, k) => k + 1).filter((i) => i % 7 === 0);
  const amount = (30_000 * 30_001) / 2 + 30_000 * 0.25 - 2 * negatives.reduce((s, i) => s + i + 0.25, 0);
  expect(sums.data).toEqual([['30000', String((30_000 * 30_001) / 2), amount.toFixed(2), '24000', '15000']]);
}, 600_000);

test('a bad value in row N of a bulk INSERT fails the statement with the error of that value, and inserts nothing', async () => {
  const ctx = await freshDatabase();
  await ok(`CREATE TABLE BULK ${TABLE}`, ctx);
  const bad = (i: number) => (i === 20_000 ? "(20000, 'x', 'not a number', 1, '2024-01-01', TRUE)" : row(i));
  const r = await exec(`INSERT INTO BULK VALUES ${rows(1, 30_000, bad)}`, { ...ctx, pollTimeoutMs: 600_000 });
  expect(r.status).toBe(422);
  // The same error as that one row inserted alone.
  const alone = await exec(`INSERT INTO BULK VALUES ${bad(20_000)}`, ctx);
  expect(alone.status).toBe(422);
  expect(r.json!.code).toBe('100038');
  expect([r.json!.code, r.json!.sqlState, r.json!.message]).toEqual([alone.json!.code, alone.json!.sqlState, alone.json!.message]);
  expect(r.json!.message).toMatch(/not a number/);
  expect((await ok('SELECT COUNT(*) FROM BULK', ctx)).data).toEqual([['0']]);
  // A row of another width: the column-count error, nothing inserted.
  const narrow = await exec(`INSERT INTO BULK VALUES ${rows(1, 2000)}, (1, 'x')`, { ...ctx, pollTimeoutMs: 600_000 });
  expect(narrow.status).toBe(422);
  expect(narrow.json!.code).toBe('002020');
  expect((await ok('SELECT COUNT(*) FROM BULK', ctx)).data).toEqual([['0']]);
}, 600_000);

/** A string literal long enough to send the statement holding it to a compile worker (FLOE_COMPILE_OFFLOAD_CHARS). */
const FILLER = `'${'x'.repeat(20_000)}'`;

test('a large statement compiled on a worker reads RESULT_SCAN and QUERY_HISTORY through the request thread', async () => {
  const first = await ok('SELECT 42 AS X');
  const scanned = await ok(`SELECT X FROM TABLE(RESULT_SCAN('${first.statementHandle}')) WHERE ${FILLER} <> ''`);
  expect(scanned.data).toEqual([['42']]);
  const history = await ok(`SELECT COUNT(*) > 0 FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_ID = '${first.statementHandle}' AND ${FILLER} <> ''`);
  expect(history.data).toEqual([['true']]);
  const missing = await exec(`SELECT * FROM TABLE(RESULT_SCAN('01234567-89ab-cdef-0123-456789abcdef')) WHERE ${FILLER} <> ''`);
  expect([missing.status, missing.json!.code]).toEqual([422, '000709']);
});

test('a large multi-statement request: a long SET compiles on a worker, errors are placed in their statement', async () => {
  const res = await exec(`SET V = ${FILLER};\nSELECT LENGTH($V);\n  SELECT NOPE FROM (SELECT 1 AS A) WHERE ${FILLER} <> ''`, { parameters: { MULTI_STATEMENT_COUNT: 3 } });
  expect(res.status).toBe(422);
  expect(res.json!.message).toMatch(/^JavaScript execution error: Uncaught Execution of multiple statements failed on statement "SELECT NOPE FROM/);
  expect(res.json!.message).toContain('(at line 3, position 2).');
  expect(res.json!.message).toMatch(/error line 1 at position 7\ninvalid identifier 'NOPE'$/);
  const ok2 = await exec(`SET V = ${FILLER}; SELECT LENGTH($V)`, { parameters: { MULTI_STATEMENT_COUNT: 2 } });
  expect(ok2.status).toBe(200);
  const second = await api('GET', `/api/v2/statements/${ok2.json!.statementHandles![1]}`);
  expect(second.json.data).toEqual([['20000']]);
});

test('large session statements (SET, ALTER SESSION, USE) compile on a worker and change the session as short ones do', async () => {
  const ctx = await freshDatabase();
  const tag = 'q'.repeat(20_000);
  const res = await exec([
    `SET (A, B) = (${FILLER}, -5)`,
    `ALTER SESSION SET TIMEZONE = 'Asia/Tokyo', QUERY_TAG = '${tag}', SOME_PARAMETER = 'kept'`,
    `USE SCHEMA ${ctx.database}.PUBLIC`,
    'SELECT LENGTH($A), $B, CURRENT_DATABASE(), CURRENT_SCHEMA()',
    'SHOW PARAMETERS',
  ].join(';\n'), { parameters: { MULTI_STATEMENT_COUNT: 5 } });
  expect(res.status).toBe(200);
  const [set, alter, , select, show] = await Promise.all(res.json!.statementHandles!.map((h) => api('GET', `/api/v2/statements/${h}`)));
  expect(set.json.data).toEqual([['Statement executed successfully.']]);
  expect(alter.json.data).toEqual([['Statement executed successfully.']]);
  expect(select.json.data).toEqual([['20000', '-5', ctx.database, 'PUBLIC']]);
  const param = (key: string) => (show.json.data as string[][]).find((r) => r[0] === key)?.slice(1, 4);
  expect(param('TIMEZONE')).toEqual(['Asia/Tokyo', 'America/Los_Angeles', 'SESSION']);
  expect(param('QUERY_TAG')).toEqual([tag, '', 'SESSION']);
  expect(param('SOME_PARAMETER')?.[0]).toBe('kept');
});

test('a large session statement that fails answers the error a short one does', async () => {
  const name = `NOPE_${'N'.repeat(20_000)}`;
  const short = await exec('USE DATABASE "NOPE"');
  const long = await exec(`USE DATABASE "${name}"`);
  expect(short.status).toBe(422);
  expect(long.status).toBe(422);
  expect([long.json!.code, long.json!.sqlState]).toEqual([short.json!.code, short.json!.sqlState]);
  expect(long.json!.message).toBe(short.json!.message!.replace('NOPE', name));
  // SET of a query of two columns to one variable: the compile error, from the worker.
  const bad = await exec(`SET V = (SELECT ${FILLER}, 2)`);
  expect([bad.status, bad.json!.code, bad.json!.message]).toEqual([422, '002140', 'SQL compilation error:\nSET needs a single value for each variable']);
});
