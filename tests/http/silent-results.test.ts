// Silent wrong results (issue 19): each answered 200 with a wrong value before, SQLite reading a
// construct the compiler passed through. Now Snowflake's value, or Snowflake's error.
import { describe, expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';

async function expectError(sql: string, code: string, message?: string): Promise<void> {
  const res = await exec(sql, await freshDatabase());
  expect({ status: res.status, code: res.json?.code }, JSON.stringify(res.json)).toEqual({ status: 422, code });
  if (message !== undefined) expect(res.json?.message).toBe(message);
}

describe('date and timestamp arithmetic', () => {
  test('DATE ± n adds days, n + DATE too, DATE - DATE is days', async () => {
    const r = await ok("SELECT DATE '2024-03-01' - 1 AS a, DATE '2024-02-28' + 2 AS b, 1 + DATE '2024-12-31' AS c, DATE '2024-03-01' - DATE '2024-01-01' AS d");
    expect(r.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(['date', 'date', 'date', 'fixed']);
    // jsonv2 sends a DATE as days since the epoch.
    const day = (s: string) => String(Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10)) / 86_400_000);
    expect(r.data).toEqual([[day('2024-02-29'), day('2024-03-01'), day('2025-01-01'), '60']]);
  });

  test('CURRENT_DATE() - 1 is yesterday', async () => {
    const r = await ok('SELECT CURRENT_DATE() - 1 = DATEADD(day, -1, CURRENT_DATE()) AS y, CURRENT_TIMESTAMP() - 1 < CURRENT_TIMESTAMP() AS t');
    expect(r.data).toEqual([['true', 'true']]);
  });

  test('TIMESTAMP ± n adds days and keeps its type', async () => {
    const r = await ok("SELECT TO_VARCHAR(TIMESTAMP '2024-03-01 10:00:00' + 1) AS a, TO_VARCHAR(TO_TIMESTAMP_NTZ('2024-03-01 10:00:00') - 31) AS b", { parameters: { TIMESTAMP_NTZ_OUTPUT_FORMAT: 'YYYY-MM-DD HH24:MI:SS' } });
    expect(r.data).toEqual([['2024-03-02 10:00:00', '2024-01-30 10:00:00']]);
  });

  test('a date column with bound and column day counts', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE D (d DATE, n INT)', ctx);
    await ok("INSERT INTO D VALUES ('2024-01-31', 1), ('2024-02-28', NULL)", ctx);
    const r = await ok('SELECT TO_VARCHAR(d + n), TO_VARCHAR(d - ?) FROM D ORDER BY d', { ...ctx, bindings: { 1: { type: 'FIXED', value: '31' } } });
    expect(r.data).toEqual([['2024-02-01', '2023-12-31'], [null, '2024-01-28']]);
  });

  test('what Snowflake refuses is refused, not computed on the stored text', async () => {
    for (const [sql, op, types] of [
      ["SELECT DATE '2024-03-01' * 2", '*', 'DATE, NUMBER(1,0)'],
      ["SELECT 1 - DATE '2024-03-01'", '-', 'NUMBER(1,0), DATE'],
      ["SELECT TIME '10:00:00' + 1", '+', 'TIME(9), NUMBER(1,0)'],
      ["SELECT DATE '2024-03-01' + DATE '2024-03-01'", '+', 'DATE, DATE'],
      ["SELECT TO_TIMESTAMP_NTZ('2024-03-01') - TO_TIMESTAMP_NTZ('2024-01-01')", '-', 'TIMESTAMP_NTZ(9), TIMESTAMP_NTZ(9)'],
    ]) await expectError(sql, '001044', `SQL compilation error: error line 1 at position 7\nInvalid argument types for function '${op}': (${types})`);
  });
});

describe('arithmetic operands are numbers', () => {
  test('a string is read as a number strictly, a VARIANT number as its number', async () => {
    const r = await ok("SELECT '5' + 1, '1.5' - 1, -'5', ABS('-2.5'), TO_VARIANT(7) + 1, -TO_VARIANT(7)");
    expect(r.data).toEqual([['6', '0.5', '-5', '2.5', '8', '-7']]);
    await expectError("SELECT 'abc' + 1", '100038', "Numeric value 'abc' is not recognized");
    await expectError("SELECT -'abc'", '100038');
    await expectError("SELECT SQRT('abc')", '100038');
    await expectError("SELECT MOD('abc', 2)", '100038', "Numeric value 'abc' is not recognized");
    expect((await ok("SELECT MOD('7', 2), BITAND('12', 10)")).data).toEqual([['1', '8']]);
    // A VARIANT is cast to a number as number functions cast it: a string in it converts, an object or array is an error (was 0).
    const v = await ok(`SELECT PARSE_JSON('"5"') + 1, PARSE_JSON('1.5') * 2`);
    expect(v.data).toEqual([['6', '3']]);
    await expectError(`SELECT PARSE_JSON('{"a":1}') + 1`, '100038', `Numeric value '{"a":1}' is not recognized`);
    await expectError("SELECT PARSE_JSON('[1]') - 1", '100038');
  });

  test('BOOLEAN, BINARY, ARRAY, OBJECT and temporal operands are refused', async () => {
    for (const [sql, name, types] of [
      ['SELECT TRUE + 1', '+', 'BOOLEAN, NUMBER(1,0)'],
      ["SELECT X'48' * 2", '*', 'BINARY(8388608), NUMBER(1,0)'],
      ['SELECT ARRAY_CONSTRUCT(1) + 1', '+', 'ARRAY, NUMBER(1,0)'],
      ["SELECT -DATE '2024-01-01'", '-', 'DATE'],
      ['SELECT -TRUE', '-', 'BOOLEAN'],
      ["SELECT ABS(DATE '2024-01-01')", 'ABS', 'DATE'],
      ["SELECT SQRT(TIME '10:00:00')", 'SQRT', 'TIME(9)'],
      // MOD and the engine's integer functions took these as numbers (0, 1 …) before.
      ["SELECT MOD(DATE '2024-01-01', 2)", 'MOD', 'DATE, NUMBER(1,0)'],
      ['SELECT MOD(TRUE, 2)', 'MOD', 'BOOLEAN, NUMBER(1,0)'],
      ['SELECT BITAND(TRUE, 3)', 'BITAND', 'BOOLEAN, NUMBER(1,0)'],
      ["SELECT WIDTH_BUCKET(X'41', 0, 10, 5)", 'WIDTH_BUCKET', 'BINARY(8388608), NUMBER(1,0), NUMBER(2,0), NUMBER(1,0)'],
      ["SELECT FACTORIAL(DATE '2024-01-01')", 'FACTORIAL', 'DATE'],
    ]) await expectError(sql, '001044', `SQL compilation error: error line 1 at position 7\nInvalid argument types for function '${name}': (${types})`);
  });

  test('BINARY values: SUBSTR and CONCAT are bytes, typed BINARY', async () => {
    const r = await ok("SELECT SUBSTR(X'48656C6C6F', 2, 3), CONCAT(X'48', X'6921'), X'00FF' || X'10'");
    expect(r.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(['binary', 'binary', 'binary']);
    expect(r.data).toEqual([['656C6C', '486921', '00FF10']]);
    await expectError("SELECT CONCAT(X'48', 'a')", '001044');
  });

  test("a BOOLEAN, FLOAT or NUMBER with a scale in a string function is Snowflake's text of it, not the engine's", async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE S (b BOOLEAN, f FLOAT, n NUMBER(5,2))', ctx);
    await ok("INSERT INTO S VALUES (TRUE, 'inf', 1.5), (FALSE, '-inf', -2), (NULL, 'NaN', NULL)", ctx);
    // Was 1 / Infinity / INFINITY / 1.5: the engine's text of the stored value.
    const r = await ok('SELECT UPPER(b), LENGTH(f), UPPER(f), n || \'\', LPAD(n, 6, \'*\'), CONTAINS(f, \'in\') FROM S ORDER BY f', ctx);
    expect(r.data).toEqual([['FALSE', '4', '-INF', '-2.00', '*-2.00', 'true'], ['TRUE', '3', 'INF', '1.50', '**1.50', 'true'], [null, '3', 'NAN', null, null, 'false']]);
  });

  test('BINARY values: LEFT, RIGHT and REVERSE are bytes, typed BINARY (were text)', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE B (b BINARY, n INT)', ctx);
    await ok("INSERT INTO B SELECT X'48656C6C6F', 2 UNION ALL SELECT NULL, 1 UNION ALL SELECT X'00FF', NULL", ctx);
    const r = await ok('SELECT LEFT(b, n), RIGHT(b, n), REVERSE(b), LEFT(b, -1), RIGHT(b, 0) FROM B ORDER BY n NULLS LAST', ctx);
    expect(r.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(Array(5).fill('binary'));
    expect(r.data).toEqual([[null, null, null, null, null], ['4865', '6C6F', '6F6C6C6548', '', ''], [null, null, 'FF00', '', '']]);
  });

  test('IN with one item and BETWEEN are BOOLEAN', async () => {
    const r = await ok('SELECT 12.34::NUMBER(10,2) IN (12.34::NUMBER(10,2)), 1.5::NUMBER(3,1) BETWEEN 1 AND 2');
    expect(r.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(['boolean', 'boolean']);
    expect(r.data).toEqual([['true', 'true']]);
  });
});

describe("FLOAT's NaN and infinities", () => {
  test('NaN in arithmetic is NaN, NULL stays NULL', async () => {
    const r = await ok("SELECT 'NaN'::FLOAT + 1, ('NaN'::FLOAT + 1) * 2, -('NaN'::FLOAT), 'NaN'::FLOAT / 2, 'NaN'::FLOAT + NULL, 'inf'::FLOAT + 1, -('inf'::FLOAT), SQRT('NaN'::FLOAT)");
    expect(r.data).toEqual([['NaN', 'NaN', 'NaN', 'NaN', null, 'inf', '-inf', 'NaN']]);
    expect(r.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(Array(8).fill('real'));
  });

  test('NaN = NaN, and NaN is greater than every number, inf included', async () => {
    const r = await ok("SELECT 'NaN'::FLOAT = 'NaN'::FLOAT, 'NaN'::FLOAT > 'inf'::FLOAT, 'inf'::FLOAT > 1e308, '-inf'::FLOAT < -1e308");
    expect(r.data).toEqual([['true', 'true', 'true', 'true']]);
  });

  test('a FLOAT column: ORDER BY, MIN/MAX, SUM/AVG with NaN', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE F (g INT, x FLOAT)', ctx);
    await ok("INSERT INTO F VALUES (1, 'NaN'), (1, 1.5), (1, 'inf'), (1, '-inf'), (2, 2), (2, 3), (3, NULL)", ctx);
    expect((await ok('SELECT x FROM F WHERE g = 1 ORDER BY x', ctx)).data).toEqual([['-inf'], ['1.5'], ['inf'], ['NaN']]);
    const agg = await ok('SELECT g, SUM(x), AVG(x), MIN(x), MAX(x), COUNT(x) FROM F GROUP BY g ORDER BY g', ctx);
    expect(agg.data).toEqual([['1', 'NaN', 'NaN', '-inf', 'NaN', '4'], ['2', '5', '2.5', '2', '3', '2'], ['3', null, null, null, null, '0']]);
    expect((await ok('SELECT x + 1 FROM F WHERE g = 1 ORDER BY x', ctx)).data).toEqual([['-inf'], ['2.5'], ['inf'], ['NaN']]);
  });

  // SQLite computes inf - inf as NaN and stores that as NULL: every FLOAT + - * (and SUM, AVG) whose
  // operands are not NULL gives Snowflake's NaN instead.
  test('inf - inf, inf * 0 and friends are NaN, not NULL', async () => {
    const r = await ok("SELECT 'inf'::FLOAT - 'inf'::FLOAT, 'inf'::FLOAT + '-inf'::FLOAT, 0 * 'inf'::FLOAT, ('inf'::FLOAT - 'inf'::FLOAT) * 2 + 1, 'NaN'::FLOAT + 'inf'::FLOAT - 'inf'::FLOAT, 'inf'::FLOAT - NULL, ('inf'::FLOAT - 'inf'::FLOAT) IS NULL");
    expect(r.data).toEqual([['NaN', 'NaN', 'NaN', 'NaN', 'NaN', null, 'false']]);
    const ctx = await freshDatabase();
    await ok('CREATE TABLE F (g INT, x FLOAT, n INT)', ctx);
    await ok("INSERT INTO F VALUES (1, 'inf', 0), (1, '-inf', 1), (2, 'inf', 2), (2, 1, NULL), (3, NULL, 3)", ctx);
    expect((await ok('SELECT x - x, x * n, x + n FROM F ORDER BY g, n', ctx)).data)
      .toEqual([['NaN', 'NaN', 'inf'], ['NaN', '-inf', '-inf'], ['NaN', 'inf', 'inf'], ['0', null, null], [null, null, null]]);
    expect((await ok('SELECT g, SUM(x), AVG(x) FROM F GROUP BY g ORDER BY g', ctx)).data)
      .toEqual([['1', 'NaN', 'NaN'], ['2', 'inf', 'inf'], ['3', null, null]]);
  });

  test('statistical aggregates over FLOAT values with NaN: NaN sorts last, no conversion error', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE F (g INT, x FLOAT)', ctx);
    await ok("INSERT INTO F VALUES (1, 'NaN'), (1, 1), (1, 2), (2, 'inf'), (2, 1), (2, 'inf')", ctx);
    // Was 100038 "Numeric value 'NaN' is not recognized".
    const r = await ok('SELECT g, MEDIAN(x), MAX(x), VAR_POP(x), PERCENTILE_DISC(0.9) WITHIN GROUP (ORDER BY x), APPROX_PERCENTILE(x, 0) FROM F GROUP BY g ORDER BY g', ctx);
    expect(r.data).toEqual([['1', '2', 'NaN', 'NaN', 'NaN', '1'], ['2', 'inf', 'inf', 'NaN', 'inf', '1']]);
  });

  test('window SUM/AVG over FLOAT: NaN and infinities as in a group, in sliding frames too', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE F (k INT, g INT, x FLOAT)', ctx);
    await ok("INSERT INTO F VALUES (1, 1, 1), (2, 1, 'NaN'), (3, 1, 2), (4, 2, 'inf'), (5, 2, '-inf'), (6, 2, 3), (7, 3, 'inf'), (8, 3, 1), (9, 3, 2), (10, 4, NULL)", ctx);
    const r = await ok('SELECT k, SUM(x) OVER (PARTITION BY g), AVG(x) OVER (PARTITION BY g), SUM(x) OVER (ORDER BY k ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM F ORDER BY k', ctx);
    expect(r.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(['fixed', 'real', 'real', 'real']);
    expect(r.data).toEqual([
      ['1', 'NaN', 'NaN', '1'], ['2', 'NaN', 'NaN', 'NaN'], ['3', 'NaN', 'NaN', 'NaN'],
      ['4', 'NaN', 'NaN', 'inf'], ['5', 'NaN', 'NaN', 'NaN'], ['6', 'NaN', 'NaN', '-inf'],
      // SQLite slides a frame by subtracting what leaves it: the inf of k = 7 left k = 9's frame.
      ['7', 'inf', 'inf', 'inf'], ['8', 'inf', 'inf', 'inf'], ['9', 'inf', 'inf', '3'],
      ['10', null, null, '2'],
    ]);
    // RATIO_TO_REPORT divides by the same SUM (was 0 for a NaN row, NULL beside an infinity).
    expect((await ok('SELECT k, RATIO_TO_REPORT(x) OVER (PARTITION BY g) FROM F WHERE g IN (1, 3) ORDER BY k', ctx)).data)
      .toEqual([['1', 'NaN'], ['2', 'NaN'], ['3', 'NaN'], ['7', 'NaN'], ['8', '0'], ['9', '0']]);
  });
});

describe('VARIANT strings cast to numbers, booleans and dates', () => {
  test('a string that is not one is an error, not 0', async () => {
    await expectError("SELECT 'abc'::VARIANT::FLOAT", '100038', "Numeric value 'abc' is not recognized");
    await expectError(`SELECT PARSE_JSON('"abc"')::FLOAT`, '100038', "Numeric value 'abc' is not recognized");
    await expectError(`SELECT PARSE_JSON('"abc"')::NUMBER(10,2)`, '100038');
    await expectError(`SELECT PARSE_JSON('"abc"')::INT`, '100038');
    await expectError(`SELECT PARSE_JSON('"abc"')::BOOLEAN`, '100037');
    await expectError(`SELECT PARSE_JSON('"abc"')::DATE`, '100040');
  });

  test('a string that is one converts', async () => {
    const r = await ok(`SELECT PARSE_JSON('"12"')::INT, PARSE_JSON('"1.5"')::FLOAT, PARSE_JSON('"true"')::BOOLEAN, TO_VARCHAR(PARSE_JSON('"2024-01-02"')::DATE), PARSE_JSON('"NaN"')::FLOAT`);
    expect(r.data).toEqual([['12', '1.5', 'true', '2024-01-02', 'NaN']]);
  });
});

describe('a list ending in a comma is a syntax error where the item is missing', () => {
  for (const [sql, near, pos] of [
    ['SELECT * FROM T,', '<EOF>', 16],
    ['SELECT 1,', '<EOF>', 9],
    ['SELECT N, FROM T', 'FROM', 10],
    ['SELECT N FROM T ORDER BY N,', '<EOF>', 27],
    ['SELECT N FROM T GROUP BY N,', '<EOF>', 27],
    ['SELECT N FROM T WHERE N IN (1,)', ')', 30],
    ['CREATE TABLE T2 (A INT,)', ')', 23],
  ] as const) {
    test(sql, async () => {
      const ctx = await freshDatabase();
      await ok('CREATE TABLE T (N INT)', ctx);
      const res = await exec(sql, ctx);
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json).toMatchObject({ code: '001003', sqlState: '42000', message: `SQL compilation error:\nsyntax error line 1 at position ${pos} unexpected '${near}'.` });
    });
  }

  test('commas inside strings and complete lists are fine', async () => {
    const r = await ok("SELECT 'a,', ARRAY_CONSTRUCT(1, 2), 1 IN (1, 2) ORDER BY 1, 2");
    expect(r.data).toEqual([['a,', '[\n  1,\n  2\n]', 'true']]);
  });
});

describe('a function without a definition never reaches the engine', () => {
  // SQLite built-ins Snowflake does not have: each ran (or failed inside the engine) before.
  const SQLITE_ONLY = [
    "PRINTF('%d', 1)", "FORMAT('%d', 1)", "JULIANDAY('2024-01-01')", "INSTR('abc', 'b')", "UNISTR('a')",
    "LIKELIHOOD(1, 0.5)", 'TOTAL(1)', 'ZEROBLOB(1)', "MATCH('a', 'b')", 'CHANGES()', "SQLITE_COMPILEOPTION_USED('x')",
    "GLOB('a*', 'abc')", "QUOTE('a')", 'RANDOMBLOB(4)', "UNLIKELY(1)", "STRFTIME('%Y', 'now')",
  ];
  for (const call of SQLITE_ONLY) {
    test(call, async () => {
      const name = /^\w+/.exec(call)![0];
      await expectError(`SELECT ${call}`, '002139', `SQL compilation error:\nUnknown function ${name}`);
    });
  }

  test('an unknown name anywhere in a statement, and a known name with arguments none of its forms takes', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (N INT)', ctx);
    for (const sql of ['SELECT N FROM T WHERE NO_SUCH_FN(N) > 0', 'SELECT N FROM T ORDER BY no_such_fn(N)', 'INSERT INTO T SELECT no_such_fn(1)', 'UPDATE T SET N = NO_SUCH_FN(N)']) {
      const res = await exec(sql, ctx);
      expect(res.json, sql).toMatchObject({ code: '002139', message: 'SQL compilation error:\nUnknown function NO_SUCH_FN' });
    }
    const res = await exec('SELECT MAX(1, 2)', ctx);
    expect(res.json).toMatchObject({ code: '002140', message: 'SQL compilation error:\nInvalid number of arguments for function [MAX].' });
  });

  test("other dialects' names the parser reads as a Snowflake function are unknown too", async () => {
    for (const call of ["LOCATE('b', 'abc')", "STRPOS('abc', 'b')", "LCASE('A')", "UCASE('a')", 'IF(TRUE, 1, 2)', "DATE_DIFF(day, '2024-01-01', '2024-01-02')"]) {
      await expectError(`SELECT ${call}`, '002139', `SQL compilation error:\nUnknown function ${/^\w+/.exec(call)![0]}`);
    }
    // The same words naming objects are not calls.
    const ctx = await freshDatabase();
    await ok('CREATE TABLE EVERY (N INT)', ctx);
    await ok('INSERT INTO EVERY (N) VALUES (1)', ctx);
  });

  test('the names SQLite and Snowflake share run through their definitions', async () => {
    const r = await ok("SELECT UNICODE('a'), IFNULL(NULL, 1), SOUNDEX('Robert'), CHAR(65), OCTET_LENGTH('abc'), CONCAT_WS(',', 'a', 'b'), SUBSTR('abc', 2)");
    expect(r.data).toEqual([['97', '1', 'R163', 'A', '3', 'a,b', 'bc']]);
  });
});
