// RESULT_SCAN over stored results: original names and types, partition files, LAST_QUERY_ID(n),
// and only the statement's owner may read a result.
import { expect, test } from 'vitest';
import { exec, ok, poll } from './client';
import { addPat, createUser } from './auth-keys';
import { freshDatabase } from './helpers';

test('RESULT_SCAN by handle keeps names and declared types of every kind of column', async () => {
  const ctx = await freshDatabase();
  const first = await ok(`SELECT 12.50::NUMBER(10,2) AS "amount", 3::INT AS N, TRUE AS B, '2020-02-03'::DATE AS D, '12:34:56.5'::TIME AS TM,
    '2021-01-02 03:04:05.123'::TIMESTAMP_NTZ AS NTZ, '2021-01-02 03:04:05 +02:00'::TIMESTAMP_TZ AS TZ, TO_BINARY('CAFE', 'HEX') AS BIN, 1.5::FLOAT AS F, NULL AS NOTHING`, ctx);
  const scanned = await ok(`SELECT * FROM TABLE(RESULT_SCAN('${first.statementHandle}'))`, ctx);
  const shape = (rt: typeof first.resultSetMetaData) => rt!.rowType.map((c) => [c.name, c.type, c.precision, c.scale]);
  expect(shape(scanned.resultSetMetaData)).toEqual(shape(first.resultSetMetaData));
  expect(scanned.data).toEqual(first.data);
  // The scanned values are data again: they compare and compute like the originals.
  const where = await ok(`SELECT "amount" * 2, N + 1, D FROM TABLE(RESULT_SCAN('${first.statementHandle}')) WHERE B AND D = '2020-02-03'::DATE AND NTZ > '2021-01-01'::TIMESTAMP_NTZ`, ctx);
  expect(where.data).toEqual([['25.00', '4', '18295']]);
});

test('$n reads a stored result by position when its column names repeat', async () => {
  const ctx = await freshDatabase();
  const first = await ok("SELECT COLUMN1 AS A, COLUMN2 AS A, COLUMN3 AS A FROM VALUES (1, 2, 'x'), (3, 4, 'y')", ctx);
  const scan = `TABLE(RESULT_SCAN('${first.statementHandle}'))`;
  const each = await ok(`SELECT $1, $2, $3, $2 * 10 AS T FROM ${scan}`, ctx);
  expect(each.resultSetMetaData!.rowType.map((c) => [c.name, c.type])).toEqual([['$1', 'fixed'], ['$2', 'fixed'], ['$3', 'text'], ['T', 'fixed']]);
  expect(each.data).toEqual([['1', '2', 'x', '20'], ['3', '4', 'y', '40']]);
  expect((await ok(`SELECT $3 FROM ${scan} ORDER BY $2 DESC`, ctx)).data).toEqual([['y'], ['x']]);
  expect((await ok(`SELECT $3 FROM ${scan} WHERE $2 = 2`, ctx)).data).toEqual([['x']]);
  expect((await ok(`SELECT MIN($2), MAX($3), COUNT(DISTINCT $2) FROM ${scan}`, ctx)).data).toEqual([['2', 'y', '2']]);
  // * keeps every column, under its own name, in place.
  const star = await ok(`SELECT * FROM ${scan} WHERE $2 > 2`, ctx);
  expect(star.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['A', 'A', 'A']);
  expect(star.data).toEqual([['3', '4', 'y']]);
  // A table's columns by position are unchanged.
  await ok("CREATE TABLE T (ID INT, A VARCHAR)", ctx);
  await ok("INSERT INTO T VALUES (1, 'a'), (2, 'b')", ctx);
  expect((await ok('SELECT $2 FROM T WHERE $1 = 2 ORDER BY $1', ctx)).data).toEqual([['b']]);
});

test('RESULT_SCAN reads results stored in partition files', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE BIG (I INT, S VARCHAR)', ctx);
  const rows = Array.from({ length: 5000 }, (_, i) => `(${i + 1}, 'row number ${i + 1} of a result kept in files')`).join(', ');
  await ok(`INSERT INTO BIG VALUES ${rows}`, ctx);
  const all = await ok('SELECT I, S FROM BIG ORDER BY I', ctx);
  const agg = await ok(`SELECT COUNT(*), SUM(I), MAX(I) FROM TABLE(RESULT_SCAN('${all.statementHandle}'))`, ctx);
  expect(agg.data).toEqual([['5000', String((5000 * 5001) / 2), '5000']]);
});

test('LAST_QUERY_ID(n) counts the statements of the request', async () => {
  const sql = "SELECT 'one' AS X; SELECT 'two' AS X; SELECT LAST_QUERY_ID(), LAST_QUERY_ID(-2), LAST_QUERY_ID(1), LAST_QUERY_ID(5); SELECT X FROM TABLE(RESULT_SCAN(LAST_QUERY_ID(-3)))";
  const h = (await exec(sql, { parameters: { MULTI_STATEMENT_COUNT: 4 } })).json!.statementHandles!;
  expect((await poll(h[2])).json!.data).toEqual([[h[1], h[0], h[0], null]]);
  expect((await poll(h[3])).json!.data).toEqual([['one']]);
});

test('a result belongs to its owner: another user gets "not found"', async () => {
  const mine = await ok('SELECT 42 AS ANSWER');
  const other = await createUser();
  const { secret } = await addPat(other);
  const res = await exec(`SELECT * FROM TABLE(RESULT_SCAN('${mine.statementHandle}'))`, { token: secret });
  expect(res.status).toBe(422);
  expect(res.json).toMatchObject({ code: '000709', sqlState: '02000', message: `Statement ${mine.statementHandle} not found` });
  expect((await ok(`SELECT ANSWER FROM TABLE(RESULT_SCAN('${mine.statementHandle}'))`)).data).toEqual([['42']]);
});

test('writes read computed tables: CTAS and INSERT … SELECT over RESULT_SCAN and INFORMATION_SCHEMA', async () => {
  const ctx = await freshDatabase();
  await ok("CREATE TABLE SRC (A INT, B VARCHAR, D DATE)", ctx);
  await ok("INSERT INTO SRC VALUES (1, 'x', '2024-01-02'), (2, NULL, NULL)", ctx);
  const sql = [
    'SELECT * FROM SRC ORDER BY A',
    'CREATE TABLE DUP AS SELECT * FROM TABLE(RESULT_SCAN(LAST_QUERY_ID()))',
    'INSERT INTO DUP SELECT A + 10, B, D FROM TABLE(RESULT_SCAN(LAST_QUERY_ID(-2)))',
    "INSERT INTO DUP (A, B) SELECT 100, TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'SRC'",
    "UPDATE DUP SET B = 'seen' WHERE A IN (SELECT A FROM TABLE(RESULT_SCAN(LAST_QUERY_ID(-4))))",
  ].join('; ');
  const res = await exec(sql, { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 5 } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const copy = await ok('SELECT A, B, D FROM DUP ORDER BY A', ctx);
  expect(copy.data).toEqual([['1', 'seen', '19724'], ['2', 'seen', null], ['11', 'x', '19724'], ['12', null, null], ['100', 'SRC', null]]);
  expect(copy.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(['fixed', 'text', 'date']);
});

test('CREATE TABLE … AS SELECT binds the request’s values', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE BOUND AS SELECT ?::INT AS N, ? AS S', { ...ctx, bindings: { 1: { type: 'FIXED', value: '7' }, 2: { type: 'TEXT', value: 'seven' } } });
  expect((await ok('SELECT N, S FROM BOUND', ctx)).data).toEqual([['7', 'seven']]);
});
