// INT is NUMBER(38,0): values beyond int64 up to 38 digits store and compute exactly, whatever the
// engine keeps them in (PostgreSQL declares integer columns bigint and widens them to numeric on
// the first write of such a value: docs/architecture.md "PostgreSQL storage of INT"). Runs on
// both engines (projects http and http-pg).
import { expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';

const MAX64 = '9223372036854775807';
const MIN64 = '-9223372036854775808';
const TWO63 = '9223372036854775808';
const D38 = '99999999999999999999999999999999999999';
const multi = (n: number) => ({ parameters: { MULTI_STATEMENT_COUNT: n } });
const rows = async (sql: string, ctx: object) => (await ok(sql, ctx)).data;

test('INSERT of values beyond int64 into an INT column keeps every digit, negatives and 38 digits included', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (ID INT, N INT)', ctx);
  await ok(`INSERT INTO T VALUES (1, ${MAX64}), (2, ${MIN64}), (3, 7)`, ctx);
  await ok(`INSERT INTO T VALUES (4, ${TWO63}), (5, -${D38}), (6, ${D38})`, ctx);
  expect(await rows('SELECT N FROM T ORDER BY ID', ctx)).toEqual([[MAX64], [MIN64], ['7'], [TWO63], [`-${D38}`], [D38]]);
  expect(await rows(`SELECT ID FROM T WHERE N > ${MAX64} ORDER BY ID`, ctx)).toEqual([['4'], ['6']]);
  // A bind value, as a client sends one.
  await ok('INSERT INTO T VALUES (7, ?)', { ...ctx, bindings: { 1: { type: 'FIXED', value: '12345678901234567890123' } } });
  expect(await rows('SELECT N FROM T WHERE ID = 7', ctx)).toEqual([['12345678901234567890123']]);
});

test('-x and ABS(x) of -2^63 in an INT column are exact (no bigint overflow)', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (N INT)', ctx);
  await ok(`INSERT INTO T VALUES (${MIN64})`, ctx);
  expect(await rows('SELECT -N, ABS(N), N - 1, N * 2 FROM T', ctx)).toEqual([[TWO63, TWO63, '-9223372036854775809', '-18446744073709551616']]);
});

test('UPDATE, MERGE and ADD COLUMN write values beyond int64', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (ID INT, N INT)', ctx);
  await ok(`INSERT INTO T VALUES (1, ${MAX64}), (2, 5)`, ctx);
  await ok('UPDATE T SET N = N + 1 WHERE ID = 1', ctx);
  expect(await rows('SELECT ID, N FROM T ORDER BY ID', ctx)).toEqual([['1', TWO63], ['2', '5']]);
  await ok('CREATE TABLE U (ID INT, N INT)', ctx);
  await ok('INSERT INTO U VALUES (2, 1)', ctx);
  await ok(`MERGE INTO U USING T ON U.ID = T.ID WHEN MATCHED THEN UPDATE SET N = T.N * 1000 WHEN NOT MATCHED THEN INSERT (ID, N) VALUES (T.ID, T.N * 10)`, ctx);
  expect(await rows('SELECT ID, N FROM U ORDER BY ID', ctx)).toEqual([['1', '92233720368547758080'], ['2', '5000']]);
  await ok('ALTER TABLE U ADD COLUMN M INT', ctx);
  await ok('UPDATE U SET M = N * 3', ctx);
  expect(await rows('SELECT M FROM U ORDER BY ID', ctx)).toEqual([['276701161105643274240'], ['15000']]);
});

test('CREATE TABLE AS SELECT of values beyond int64, with and without a column list', async () => {
  const ctx = await freshDatabase();
  await ok(`CREATE TABLE C AS SELECT ${TWO63} * 10 AS N, 1 AS K`, ctx);
  expect(await rows('SELECT N, K FROM C', ctx)).toEqual([['92233720368547758080', '1']]);
  await ok(`CREATE TABLE D (A INT, B INT) AS SELECT 2, -${D38}`, ctx);
  expect(await rows('SELECT A, B FROM D', ctx)).toEqual([['2', `-${D38}`]]);
  // NUMBER(p, 0)'s own bound still holds: 100046, nothing widened into accepting it.
  await ok('CREATE TABLE P (N NUMBER(5,0))', ctx);
  const over = await exec(`INSERT INTO P VALUES (${TWO63})`, ctx);
  expect(over.json).toMatchObject({ code: '100046', sqlState: '22003' });
  expect(await rows('SELECT COUNT(*) FROM P', ctx)).toEqual([['0']]);
});

test('SUM of int64 values beyond int64 is exact', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (G INT, N INT)', ctx);
  await ok(`INSERT INTO T VALUES (1, ${MAX64}), (1, ${MAX64}), (1, 2), (2, ${MIN64}), (2, ${MIN64})`, ctx);
  expect(await rows('SELECT G, SUM(N), COUNT(DISTINCT N) FROM T GROUP BY G ORDER BY G', ctx)).toEqual([['1', '18446744073709551616', '2'], ['2', '-18446744073709551616', '1']]);
  expect(await rows('SELECT SUM(N) OVER (ORDER BY G, N) FROM T WHERE G = 1 ORDER BY 1', ctx)).toEqual([['2'], ['18446744073709551616'], ['18446744073709551616']]);
});

test('HASH of an integer is the same before and after its column holds values beyond int64', async () => {
  const ctx = await freshDatabase();
  const values = ['0', '1', '-5', '9007199254740993', '4611686018427387905', MAX64, MIN64];
  await ok('CREATE TABLE T (ID INT, N INT)', ctx);
  await ok(`INSERT INTO T VALUES ${values.map((v, i) => `(${i}, ${v})`).join(', ')}`, ctx);
  const before = await rows('SELECT ID, HASH(N), HASH(ID, N) FROM T ORDER BY ID', ctx);
  await ok(`INSERT INTO T VALUES (99, ${D38})`, ctx);
  expect(await rows('SELECT ID, HASH(N), HASH(ID, N) FROM T WHERE ID < 99 ORDER BY ID', ctx)).toEqual(before);
  // A literal hashes as the column's value (-2^63 aside: sql.js reads that literal as -(2^63), beyond int64).
  const literal = await rows(`SELECT ${values.slice(0, -1).map((v) => `HASH(${v})`).join(', ')}`, ctx);
  expect(literal![0]).toEqual(before!.slice(0, -1).map((r) => r[1]));
});

test('in a transaction: values beyond int64 commit with it, and a ROLLBACK leaves the table as it was', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (ID INT, N INT)', ctx);
  await ok('INSERT INTO T VALUES (1, 1)', ctx);
  await ok(`BEGIN; INSERT INTO T VALUES (2, 2); INSERT INTO T VALUES (3, ${TWO63}); UPDATE T SET N = N * ${MAX64} WHERE ID = 2; ROLLBACK`, { ...ctx, ...multi(5) });
  expect(await rows('SELECT ID, N FROM T ORDER BY ID', ctx)).toEqual([['1', '1']]);
  expect(await rows('SELECT SUM(N), COUNT(DISTINCT N) FROM T', ctx)).toEqual([['1', '1']]);
  await ok(`BEGIN; INSERT INTO T VALUES (2, 2); INSERT INTO T VALUES (3, -${D38}); SELECT COUNT(*) FROM T; COMMIT`, { ...ctx, ...multi(5) });
  expect(await rows('SELECT ID, N FROM T ORDER BY ID', ctx)).toEqual([['1', '1'], ['2', '2'], ['3', `-${D38}`]]);
});
