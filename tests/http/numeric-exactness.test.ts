// NUMBER values are exact end to end (storage, arithmetic, SUM, comparison, ORDER BY) and
// written values are coerced and checked as Snowflake does (100038, 100046, 100074, rounding).
import { expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';

const BIG = ['12345678901234567890.12', '12345678901234567890.13', '-99999999999999999999.99', '1.50', '0.10'];

async function bigTable() {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE M (ID INT, AMT NUMBER(38,2))', ctx);
  await ok(`INSERT INTO M VALUES ${BIG.map((v, i) => `(${i + 1}, ${v})`).join(', ')}`, ctx);
  return ctx;
}

test('NUMBER(38,2) keeps every digit in storage and in arithmetic', async () => {
  const ctx = await bigTable();
  expect((await ok('SELECT AMT FROM M ORDER BY ID', ctx)).data).toEqual(BIG.map((v) => [v]));
  expect((await ok('SELECT AMT * 2, AMT + 0.01, -AMT FROM M WHERE ID = 1', ctx)).data)
    .toEqual([['24691357802469135780.24', '12345678901234567890.13', '-12345678901234567890.12']]);
  const j = await ok('SELECT AMT / 3 AS Q FROM M WHERE ID = 2', ctx);
  expect(j.data).toEqual([['4115226300411522630.04333333']]);
  expect(j.resultSetMetaData!.rowType[0]).toMatchObject({ type: 'fixed', scale: 8 });
});

test('SUM over NUMBER(38,2) is exact', async () => {
  const ctx = await bigTable();
  const j = await ok('SELECT SUM(AMT) FROM M', ctx);
  expect(j.data?.[0][0]).toBe('-75308642197530864218.14');
  const ctx2 = await freshDatabase();
  await ok('CREATE TABLE P (AMT NUMBER(38,2))', ctx2);
  await ok(`INSERT INTO P SELECT 0.10 FROM (WITH RECURSIVE C(X) AS (SELECT 1 UNION ALL SELECT X + 1 FROM C WHERE X < 1000) SELECT X FROM C)`, ctx2);
  const s = await ok('SELECT SUM(AMT), SUM(AMT * 3) FROM P', ctx2);
  expect(s.data).toEqual([['100.00', '300.00']]);
  expect(s.resultSetMetaData!.rowType[0]).toMatchObject({ type: 'fixed', precision: 38, scale: 2 });
});

test('comparisons and ORDER BY on NUMBER(38,2) are exact, also beyond a double', async () => {
  const ctx = await bigTable();
  expect((await ok('SELECT ID FROM M ORDER BY AMT', ctx)).data).toEqual([['3'], ['5'], ['4'], ['1'], ['2']]);
  expect((await ok('SELECT ID FROM M ORDER BY AMT DESC', ctx)).data).toEqual([['2'], ['1'], ['4'], ['5'], ['3']]);
  expect((await ok('SELECT ID FROM M WHERE AMT > 12345678901234567890.12 ORDER BY ID', ctx)).data).toEqual([['2']]);
  expect((await ok('SELECT ID FROM M WHERE AMT = 12345678901234567890.12', ctx)).data).toEqual([['1']]);
  expect((await ok("SELECT ID FROM M WHERE AMT = '1.5'", ctx)).data).toEqual([['4']]);
  expect((await ok('SELECT ID FROM M WHERE AMT < 1 ORDER BY ID', ctx)).data).toEqual([['3'], ['5']]);
});

test('values written into NUMBER(p,s) are rounded half away from zero; overflow is refused', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE R (N NUMBER(5,2))', ctx);
  await ok("INSERT INTO R VALUES (1.235), (-1.235), ('2.5'), (999.994)", ctx);
  expect((await ok('SELECT N FROM R', ctx)).data).toEqual([['1.24'], ['-1.24'], ['2.50'], ['999.99']]);
  const over = await exec('INSERT INTO R VALUES (999.995)', ctx);
  expect(over.status).toBe(422);
  expect(over.json).toMatchObject({ code: '100046', sqlState: '22003', message: 'Number out of representable range: type FIXED[SB4](5,2){nullable=true}, value 1000.00' });
  const upd = await exec('UPDATE R SET N = N * 1000', ctx);
  expect(upd.json).toMatchObject({ code: '100046' });
  expect((await ok('SELECT COUNT(*) FROM R WHERE N = 1.24', ctx)).data).toEqual([['1']]);
});

test('a string that is not a number is refused by a NUMBER column (100038)', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE N1 (N NUMBER(10,2), I INT)', ctx);
  for (const sql of ["INSERT INTO N1 (N) VALUES ('abc')", "INSERT INTO N1 (I) VALUES ('12x')", "INSERT INTO N1 (N) SELECT 'nope'"]) {
    const r = await exec(sql, ctx);
    expect(r.status, sql).toBe(422);
    expect(r.json, sql).toMatchObject({ code: '100038', sqlState: '22018' });
  }
  await ok("INSERT INTO N1 VALUES ('  12.5 ', '7')", ctx);
  const u = await exec("UPDATE N1 SET N = 'x'", ctx);
  expect(u.json).toMatchObject({ code: '100038', message: "Numeric value 'x' is not recognized" });
  expect((await ok('SELECT N, I FROM N1', ctx)).data).toEqual([['12.50', '7']]);
});

test('text longer than VARCHAR(n) is refused on write (100074), a cast keeps it', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE V (S VARCHAR(3))', ctx);
  await ok("INSERT INTO V VALUES ('abc'), ('äöü')", ctx);
  const r = await exec("INSERT INTO V VALUES ('abcd')", ctx);
  expect(r.status).toBe(422);
  expect(r.json).toMatchObject({ code: '100074', sqlState: '22000', message: "String 'abcd' is too long and would be truncated" });
  const u = await exec("UPDATE V SET S = S || 'x'", ctx);
  expect(u.json).toMatchObject({ code: '100074' });
  await ok('CREATE TABLE W (S VARCHAR(3))', ctx);
  const m = await exec("MERGE INTO W USING (SELECT 'long text' AS S) X ON W.S = X.S WHEN NOT MATCHED THEN INSERT (S) VALUES (X.S)", ctx);
  expect(m.json).toMatchObject({ code: '100074' });
  expect((await ok('SELECT S FROM V ORDER BY S', ctx)).data).toEqual([['abc'], ['äöü']]);
});

test('FIXED bindings beyond int64 are stored, compared and computed with every digit', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE G (N NUMBER(38,0))', ctx);
  const big = '-99999999999999999999999999999999999999';
  await ok('INSERT INTO G VALUES (?), (?), (?)', { ...ctx, bindings: {
    '1': { type: 'FIXED', value: big }, '2': { type: 'FIXED', value: '9223372036854775809' }, '3': { type: 'FIXED', value: '9007199254740993' },
  } });
  const j = await ok('SELECT N, N + ?, ? FROM G WHERE N <> ? ORDER BY N', { ...ctx, bindings: {
    '1': { type: 'FIXED', value: '1' }, '2': { type: 'FIXED', value: '12345678901234567890123' }, '3': { type: 'FIXED', value: '9007199254740993' },
  } });
  expect(j.data).toEqual([[big, '-99999999999999999999999999999999999998', '12345678901234567890123'], ['9223372036854775809', '9223372036854775810', '12345678901234567890123']]);
  expect(j.resultSetMetaData!.rowType[0]).toMatchObject({ type: 'fixed', precision: 38, scale: 0 });
  expect((await ok('SELECT COUNT(*) FROM G WHERE N = ?', { ...ctx, bindings: { '1': { type: 'FIXED', value: big } } })).data).toEqual([['1']]);
});

test('GREATEST/LEAST over wide integers answer numbers that sort with the others', async () => {
  // FLOOR of a NUMBER(p,s) is NUMBER(38,0): it reaches the exact LEAST as text, and its answer
  // must sort as a number (a histogram bucket ORDER BY 1).
  const rows = await ok('SELECT LEAST(9, FLOOR(X)) AS B, GREATEST(0, CEIL(X)) AS C FROM (SELECT 12.5 AS X UNION ALL SELECT 3.2 UNION ALL SELECT 0.5) ORDER BY 1');
  expect(rows.data).toEqual([['0', '1'], ['3', '4'], ['9', '13']]);
  expect((await ok('SELECT LEAST(9, FLOOR(X)) AS B FROM (SELECT 12.5 AS X UNION ALL SELECT 3.2 UNION ALL SELECT 0.5) ORDER BY B DESC')).data)
    .toEqual([['9'], ['3'], ['0']]);
});
