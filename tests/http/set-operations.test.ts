// Set operations convert their branches to one common type (issue 19): a result column has the
// supertype of its branches' columns, and each branch's values are converted to it (an error
// where they do not convert). SQLite kept each branch's own values before: 'abc' in a NUMBER
// column, a FLOAT SUM of text that gave NaN, INTERSECT missing equal values of two types.
import { describe, expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';

async function expectError(sql: string, code: string, message?: string): Promise<void> {
  const res = await exec(sql, await freshDatabase());
  expect({ status: res.status, code: res.json?.code }, JSON.stringify(res.json)).toEqual({ status: 422, code });
  if (message !== undefined) expect(res.json?.message).toBe(message);
}

const typesOf = (r: Awaited<ReturnType<typeof ok>>) => r.resultSetMetaData!.rowType.map((c) => [c.type, c.scale]);

/** jsonv2 sends a DATE as days since the epoch. */
const day = (s: string) => String(Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10)) / 86_400_000);

describe('UNION [ALL]: the branches take the common type', () => {
  test('text in a NUMBER column converts, or fails as Snowflake fails', async () => {
    await expectError("SELECT 1 x UNION ALL SELECT 'abc'", '100038', "Numeric value 'abc' is not recognized");
    await expectError("SELECT 'abc' x UNION ALL SELECT 1", '100038', "Numeric value 'abc' is not recognized");
    const r = await ok("SELECT 1 AS x UNION ALL SELECT '22' ORDER BY x");
    expect(typesOf(r)).toEqual([['fixed', 0]]);
    expect(r.data).toEqual([['1'], ['22']]);
  });

  test('a FLOAT and a string: the string is read as a FLOAT (SUM was NaN)', async () => {
    const r = await ok("SELECT SUM(v) AS s FROM (SELECT 1::FLOAT v UNION ALL SELECT '2')");
    expect(typesOf(r)).toEqual([['real', null]]);
    expect(r.data).toEqual([['3']]);
  });

  test('NUMBER widens to the largest scale, FLOAT wins over NUMBER', async () => {
    const widened = await ok('SELECT 1 AS v UNION ALL SELECT 2.50::NUMBER(10,2) ORDER BY v');
    expect(typesOf(widened)).toEqual([['fixed', 2]]);
    expect(widened.data).toEqual([['1.00'], ['2.50']]);
    const float = await ok('SELECT 1.25::NUMBER(10,2) AS v UNION ALL SELECT 2.5::FLOAT ORDER BY v');
    expect(typesOf(float)).toEqual([['real', null]]);
    expect(float.data).toEqual([['1.25'], ['2.5']]);
  });

  test('a DATE and a string: the string is a DATE, or a DATE error', async () => {
    for (const sql of ["SELECT DATE '2024-01-31' AS d UNION ALL SELECT '2024-02-01' ORDER BY d", "SELECT '2024-02-01' AS d UNION ALL SELECT DATE '2024-01-31' ORDER BY d"]) {
      const r = await ok(sql);
      expect(typesOf(r).map(([t]) => t), sql).toEqual(['date']);
      expect(r.data, sql).toEqual([[day('2024-01-31')], [day('2024-02-01')]]);
    }
    await expectError("SELECT DATE '2024-01-31' UNION ALL SELECT 'nope'", '100040');
  });

  test('a DATE and a TIMESTAMP: TIMESTAMP', async () => {
    const r = await ok("SELECT TO_VARCHAR(t, 'YYYY-MM-DD HH24:MI') AS t FROM (SELECT DATE '2024-01-31' AS t UNION ALL SELECT '2024-02-01 10:30'::TIMESTAMP_NTZ) ORDER BY t");
    expect(r.data).toEqual([['2024-01-31 00:00'], ['2024-02-01 10:30']]);
  });

  test('NULL branches take the type of the others', async () => {
    const r = await ok('SELECT NULL AS v UNION ALL SELECT 1.5 ORDER BY v');
    expect(typesOf(r)).toEqual([['fixed', 1]]);
    expect(r.data).toEqual([['1.5'], [null]]);
  });

  test("each branch's columns are its own tables' (a name two tables share)", async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE N (x NUMBER(10,2))', ctx);
    await ok('CREATE TABLE S (x VARCHAR)', ctx);
    await ok("INSERT INTO N VALUES (1.5)", ctx);
    await ok("INSERT INTO S VALUES ('2.25'), ('3')", ctx);
    const r = await ok('SELECT x FROM N UNION ALL SELECT x FROM S ORDER BY x', ctx);
    expect(typesOf(r)).toEqual([['fixed', 2]]);
    expect(r.data).toEqual([['1.50'], ['2.25'], ['3.00']]);
    const star = await ok('SELECT * FROM S UNION ALL SELECT * FROM N ORDER BY 1', ctx);
    expect(star.data).toEqual([['1.50'], ['2.25'], ['3.00']]);
    await ok("INSERT INTO S VALUES ('x')", ctx);
    const bad = await exec('SELECT x FROM N UNION ALL SELECT x FROM S', ctx);
    expect({ status: bad.status, code: bad.json?.code, message: bad.json?.message }).toEqual({ status: 422, code: '100038', message: "Numeric value 'x' is not recognized" });
  });

  test('in a subquery, a CTE, INSERT … SELECT and CREATE TABLE AS', async () => {
    const ctx = await freshDatabase();
    const cte = await ok("WITH c AS (SELECT 1 AS k UNION ALL SELECT '2') SELECT SUM(k) AS s FROM c", ctx);
    expect(typesOf(cte)).toEqual([['fixed', 0]]);
    expect(cte.data).toEqual([['3']]);
    // Bound values are numbered in text order, the WITH of the set operation first.
    const bound = await ok("WITH c AS (SELECT ? AS k) SELECT k, 'cte' FROM c UNION ALL SELECT ?, 'branch' ORDER BY k", { ...ctx, bindings: { 1: { type: 'FIXED', value: '1' }, 2: { type: 'TEXT', value: '20' } } });
    expect(bound.data).toEqual([['1', 'cte'], ['20', 'branch']]);
    expect((await ok("SELECT s.v + 1 FROM (SELECT 1 AS v UNION ALL SELECT '41') s ORDER BY 1", ctx)).data).toEqual([['2'], ['42']]);
    await ok('CREATE TABLE T (f FLOAT)', ctx);
    await ok("INSERT INTO T SELECT 1.5 UNION ALL SELECT '2'", ctx);
    expect((await ok('SELECT SUM(f) FROM T', ctx)).data).toEqual([['3.5']]);
    await ok('CREATE TABLE C AS SELECT 1 AS n UNION ALL SELECT 2.5', ctx);
    const c = await ok('SELECT n FROM C ORDER BY n', ctx);
    expect(typesOf(c)).toEqual([['fixed', 1]]);
    expect(c.data).toEqual([['1.0'], ['2.5']]);
  });

  test('a VARIANT branch makes the column VARIANT', async () => {
    const r = await ok("SELECT PARSE_JSON('{\"a\":1}') AS v UNION ALL SELECT 'x'");
    expect(typesOf(r).map(([t]) => t)).toEqual(['variant']);
    expect(r.data).toEqual([['{\n  "a": 1\n}'], ['"x"']]);
  });

  test('column counts that differ are still Snowflake\'s error', async () => {
    await expectError("SELECT 1, 'a' UNION SELECT 'b'", '001789');
  });
});

describe('INTERSECT and EXCEPT / MINUS compare in the common type', () => {
  test("1 and '1' are the same value", async () => {
    expect((await ok("SELECT 1 AS v INTERSECT SELECT '1'")).data).toEqual([['1']]);
    expect((await ok("SELECT 1 AS v EXCEPT SELECT '1'")).data).toEqual([]);
    expect((await ok("SELECT 1 AS v MINUS SELECT '1.0'")).data).toEqual([]);
    expect((await ok('SELECT 2.5::FLOAT AS v INTERSECT SELECT 2.50::NUMBER(5,2)')).data).toEqual([['2.5']]);
  });
});
