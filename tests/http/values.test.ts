// Values that used to come back silently wrong (200, wrong data) or as internal errors (000603),
// through the real HTTP API: typed constants, bindings with a scale, FLOAT specials, VARIANT
// arguments of string and number functions, scalar subquery types, AUTOCOMMIT, MERGE with
// bindings, DISTINCT window aggregates and deep generated trees (issue 19).
import { describe, expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';
import { sqlNamesOf } from '@/lib/sql/functions';
import { stringFunctions } from '@/lib/sql/functions/string';
import { stringEncodingFunctions } from '@/lib/sql/functions/string-encoding';
import { regexpFunctions } from '@/lib/sql/functions/regexp';
import { numericFunctions } from '@/lib/sql/functions/numeric';

const UTC = { TIMEZONE: 'UTC' };
const typesOf = (r: Awaited<ReturnType<typeof ok>>) => r.resultSetMetaData!.rowType.map((c) => c.type);

describe('typed constants', () => {
  test('DATE, TIME and TIMESTAMP constants are values of their type', async () => {
    const r = await ok("SELECT TIMESTAMP '2001-01-01 00:00:00', DATE '2001-01-01', TIME '01:02:03', TIMESTAMP_NTZ '2001-01-01 00:00:01', TIMESTAMP_LTZ '2001-01-01 00:00:02', TIMESTAMP_TZ '2001-01-01 00:00:00 +01:00', DATETIME '2001-01-01 00:00:03'", { parameters: UTC });
    expect(typesOf(r)).toEqual(['timestamp_ntz', 'date', 'time', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz', 'timestamp_ntz']);
    expect(r.data).toEqual([['978307200.000000000', '11323', '3723.000000000', '978307201.000000000', '978307202.000000000', '978303600.000000000 1500', '978307203.000000000']]);
  });

  test('TIMESTAMP follows TIMESTAMP_TYPE_MAPPING; a constant that is no date is a conversion error', async () => {
    const r = await ok("SELECT TIMESTAMP '2001-01-01 00:00:00'", { parameters: { ...UTC, TIMESTAMP_TYPE_MAPPING: 'TIMESTAMP_LTZ' } });
    expect(typesOf(r)).toEqual(['timestamp_ltz']);
    const bad = await exec("SELECT DATE 'tomorrow-ish'");
    expect(bad.status).toBe(422);
    expect(bad.json!.code).not.toBe('000603');
  });

  test("X'…' is BINARY, shown as hex", async () => {
    const r = await ok("SELECT x'48656C6C6F', X'00FF', LENGTH(x'48656C6C6F')");
    expect(typesOf(r)).toEqual(['binary', 'binary', 'fixed']);
    expect(r.data).toEqual([['48656C6C6F', '00FF', '5']]);
  });
});

describe('bindings keep their scale', () => {
  const three = (type: string, value: string) => ({ 1: { type, value }, 2: { type, value }, 3: { type, value } });

  test('a FIXED binding with a fraction (Decimal, BigDecimal) is a NUMBER with that scale', async () => {
    const r = await ok('SELECT ? AS v, ? * 2, ROUND(?, 1)', { bindings: three('FIXED', '1.25') });
    expect(r.data).toEqual([['1.25', '2.50', '1.3']]);
    expect(r.resultSetMetaData!.rowType.map((c) => [c.type, c.scale])).toEqual([['fixed', 2], ['fixed', 2], ['fixed', 1]]);
    const written = await ok('SELECT ?', { bindings: { 1: { type: 'FIXED', value: '-0.500' } } });
    expect(written.data).toEqual([['-0.500']]);
  });

  test('an integer FIXED binding stays scale 0; a REAL binding is a FLOAT', async () => {
    const int = await ok('SELECT ? AS v, ? * 2, ROUND(?, 1)', { bindings: three('FIXED', '12') });
    expect(int.data).toEqual([['12', '24', '12']]);
    expect(int.resultSetMetaData!.rowType[0].scale).toBe(0);
    const real = await ok('SELECT ? AS v, ? * 2, ROUND(?, 1)', { bindings: three('REAL', '1.25') });
    expect(real.data).toEqual([['1.25', '2.5', '1.3']]);
    expect(typesOf(real)).toEqual(['real', 'real', 'real']);
  });

  test('a FIXED binding with a fraction is stored exactly in a NUMBER column', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE PRICES (P NUMBER(10,2))', ctx);
    await ok('INSERT INTO PRICES VALUES (?)', { ...ctx, bindings: { 1: { type: 'FIXED', value: '19.99' } } });
    expect((await ok('SELECT P, P * 3 FROM PRICES', ctx)).data).toEqual([['19.99', '59.97']]);
  });
});

describe('FLOAT specials', () => {
  test("'NaN', 'inf' and '-inf' cast to FLOAT are NaN, inf and -inf", async () => {
    const r = await ok("SELECT 'NaN'::FLOAT, 'inf'::FLOAT, '-inf'::FLOAT, TO_DOUBLE('NaN'), CAST('Infinity' AS DOUBLE), '1.5'::FLOAT");
    expect(r.data).toEqual([['NaN', 'inf', '-inf', 'NaN', 'inf', '1.5']]);
    expect(new Set(typesOf(r))).toEqual(new Set(['real']));
  });

  test('text that is no number is a conversion error, not 0', async () => {
    const r = await exec("SELECT 'abc'::FLOAT");
    expect({ status: r.status, code: r.json!.code }).toEqual({ status: 422, code: '100038' });
  });

  test('NaN and inf are stored in a FLOAT column and bound as REAL', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE F (X FLOAT)', ctx);
    await ok("INSERT INTO F VALUES ('NaN'), ('-inf'), (1)", ctx);
    await ok('INSERT INTO F VALUES (?)', { ...ctx, bindings: { 1: { type: 'REAL', value: 'NaN' } } });
    // Snowflake orders NaN above every other value.
    expect((await ok('SELECT X FROM F ORDER BY X', ctx)).data).toEqual([['-inf'], ['1'], ['NaN'], ['NaN']]);
  });
});

/**
 * Each string function with its VARIANT argument (`$`, a JSON string) against the same call with
 * the plain VARCHAR: Snowflake casts the VARIANT to its string value.
 */
const TEXT_CALLS: [string, string][] = [
  ["CONCAT($, 'x')", 'Banana Split'], ["CONCAT_WS(',', $, 'x')", 'Banana Split'], ["$ || '!'", 'Banana Split'],
  ["SPLIT($, ' ')", 'Banana Split'], ["SPLIT_PART($, ' ', 2)", 'Banana Split'], ["STRTOK($, ' ', 2)", 'Banana Split'],
  ["STRTOK_TO_ARRAY($, ' ')", 'Banana Split'], ["INSERT($, 1, 2, 'xy')", 'Banana Split'], ["CONTAINS($, 'ana')", 'Banana Split'],
  ["STARTSWITH($, 'Ban')", 'Banana Split'], ["ENDSWITH($, 'lit')", 'Banana Split'], ["LPAD($, 15, '*')", 'Banana Split'],
  ["RPAD($, 15, '*')", 'Banana Split'], ['INITCAP($)', 'banana split'], ['UPPER($)', 'Banana Split'], ['LOWER($)', 'Banana Split'],
  ['TRIM($)', '  Banana  '], ["TRIM($, '*')", '**Banana**'], ['LTRIM($)', '  Banana  '], ['RTRIM($)', '  Banana  '],
  ['LEFT($, 3)', 'Banana Split'], ['RIGHT($, 3)', 'Banana Split'], ['SUBSTR($, 2, 3)', 'Banana Split'],
  ['SUBSTRING($, 2)', 'Banana Split'], ["CHARINDEX('an', $)", 'Banana Split'], ["POSITION('an', $)", 'Banana Split'],
  ["POSITION('an' IN $)", 'Banana Split'], ['REPEAT($, 2)', 'Banana'], ['SOUNDEX($)', 'Banana'], ['SOUNDEX_P123($)', 'Banana'],
  ['REVERSE($)', 'Banana'], ["REPLACE($, 'an', 'AN')", 'Banana'], ["TRANSLATE($, 'an', 'AN')", 'Banana'], ['LENGTH($)', 'Banana'],
  ['LEN($)', 'Banana'], ['ASCII($)', 'Banana'], ['UNICODE($)', 'Banana'], ['OCTET_LENGTH($)', 'Banana'], ["EDITDISTANCE($, 'Bandana')", 'Banana'], ['SPACE($)', '3'], ['CHR($)', '65'],
  ['CHAR($)', '66'], ['MD5($)', 'Banana'], ['MD5_HEX($)', 'Banana'], ['MD5_NUMBER_UPPER64($)', 'Banana'],
  ['MD5_NUMBER_LOWER64($)', 'Banana'], ['SHA1($)', 'Banana'], ['SHA1_HEX($)', 'Banana'], ['SHA2($)', 'Banana'], ['SHA2_HEX($, 512)', 'Banana'],
  ['BASE64_ENCODE($)', 'Banana'], ['BASE64_DECODE_STRING($)', 'QmFuYW5h'], ['TRY_BASE64_DECODE_STRING($)', 'QmFuYW5h'],
  ['HEX_ENCODE($)', 'Banana'], ['HEX_DECODE_STRING($)', '42616E616E61'], ['TRY_HEX_DECODE_STRING($)', '42616E616E61'],
  ["UUID_STRING('fe971b24-9572-4005-b22f-351e9c09274d', $)", 'Banana'], ["$ LIKE 'Ban%'", 'Banana'], ["$ ILIKE 'ban%'", 'Banana'],
  ["RLIKE($, 'B.*')", 'Banana'], ["REGEXP_LIKE($, 'B.*')", 'Banana'], ["REGEXP_SUBSTR($, 'an')", 'Banana'],
  ["REGEXP_SUBSTR_ALL($, 'an')", 'Banana'], ["REGEXP_EXTRACT_ALL($, 'an')", 'Banana'], ["REGEXP_REPLACE($, 'an', '-')", 'Banana'],
  ["REGEXP_COUNT($, 'an')", 'Banana'], ["REGEXP_INSTR($, 'an')", 'Banana'],
];

/** Each number function with its VARIANT argument (`$`, a JSON number) against the same call with the FLOAT. */
const NUMBER_CALLS: [string, string][] = [
  ['ROUND($, 1)', '2.25'], ['TRUNC($)', '2.75'], ['TRUNCATE($, 1)', '2.75'], ['FLOOR($)', '-2.5'], ['CEIL($)', '2.1'], ['ABS($)', '-3.5'],
  ['SIGN($)', '-3.5'], ['MOD($, 2)', '7'], ['POWER($, 2)', '1.5'], ['POW(2, $)', '3'], ['SQRT($)', '6.25'], ['EXP($)', '1'], ['LN($)', '2'],
  ['LOG(10, $)', '100'], ['SQUARE($)', '1.5'], ['CBRT($)', '27'], ['DEGREES($)', '1'], ['RADIANS($)', '90'], ['SIN($)', '0.5'],
  ['COS($)', '0.5'], ['TAN($)', '0.5'], ['COT($)', '0.5'], ['ASIN($)', '0.5'], ['ACOS($)', '0.5'], ['ATAN($)', '0.5'], ['ATAN2($, 1)', '0.5'],
  ['SINH($)', '0.5'], ['COSH($)', '0.5'], ['TANH($)', '0.5'], ['WIDTH_BUCKET($, 0, 10, 5)', '4.5'], ['HAVERSINE($, 0, 1, 1)', '1'],
  ['BITAND($, 3)', '6'], ['BITOR($, 3)', '6'], ['BITXOR($, 3)', '6'], ['BITNOT($)', '6'], ['BITSHIFTLEFT($, 1)', '6'],
  ['BITSHIFTRIGHT($, 1)', '6'], ['FACTORIAL($)', '5'],
];
/** Number functions with no number argument a VARIANT could be (or that take any type as it is). */
const NO_NUMBER_ARGUMENT = new Set(['RANDOM', 'PI', 'NORMAL', 'UNIFORM', 'RANDSTR', 'HASH', 'SUM']);

const nameOf = (call: string) => /^[A-Z_0-9]+(?=\()/.exec(call)?.[0] ?? (/\b(LIKE|ILIKE)\b/.exec(call)?.[0] ?? 'CONCAT');
const POSITION_SYNTAX = /POSITION\('an' IN/;

describe('VARIANT arguments of string and number functions', () => {
  test('every string and number function is in the loop below', () => {
    const covered = new Set([...TEXT_CALLS, ...NUMBER_CALLS].filter(([c]) => !POSITION_SYNTAX.test(c)).map(([c]) => nameOf(c)));
    const names = [stringFunctions, stringEncodingFunctions, regexpFunctions, numericFunctions].flat().flatMap(sqlNamesOf);
    expect(names.filter((n) => !covered.has(n) && !NO_NUMBER_ARGUMENT.has(n))).toEqual([]);
  });

  test.each(TEXT_CALLS)('%s over a VARIANT string is the call over its string value', async (call, value) => {
    const json = JSON.stringify(value).replaceAll("'", "''");
    const r = await ok(`SELECT ${call.replaceAll('$', `PARSE_JSON('${json}')`)} AS V, ${call.replaceAll('$', `'${value}'`)} AS S`);
    expect(r.data![0][0]).toBe(r.data![0][1]);
    expect(r.resultSetMetaData!.rowType[0].type).toBe(r.resultSetMetaData!.rowType[1].type);
  });

  test.each(NUMBER_CALLS)('%s over a VARIANT number is the call over its FLOAT', async (call, value) => {
    const r = await ok(`SELECT ${call.replaceAll('$', `PARSE_JSON('${value}')`)} AS V, ${call.replaceAll('$', `${value}::FLOAT`)} AS F`);
    expect(r.data![0][0]).toBe(r.data![0][1]);
  });

  test('the issue case: UPPER of an object field is BANANA, without JSON quotes; NULL stays NULL', async () => {
    const r = await ok(`SELECT UPPER(PARSE_JSON('{"f":"banana"}'):f), TRIM(PARSE_JSON('{"f":" a "}'):f), LENGTH(PARSE_JSON('{"f":"abc"}'):f), UPPER(PARSE_JSON('{}'):f)`);
    expect(r.data).toEqual([['BANANA', 'a', '3', null]]);
  });
});

describe('scalar subqueries keep their column type', () => {
  test('BOOLEAN, NUMBER with a scale, VARCHAR, DATE, TIMESTAMP, VARIANT', async () => {
    const r = await ok("SELECT (SELECT TRUE), (SELECT 1.5), (SELECT 'a'), (SELECT '2024-01-02'::DATE), (SELECT '2024-01-02 03:04:05'::TIMESTAMP_NTZ), (SELECT PARSE_JSON('[1]')), (SELECT 1 WHERE FALSE)");
    expect(typesOf(r)).toEqual(['boolean', 'fixed', 'text', 'date', 'timestamp_ntz', 'variant', 'fixed']);
    expect(r.data).toEqual([['true', '1.5', 'a', '19724', '1704164645.000000000', '[\n  1\n]', null]]);
  });

  test('a subquery over a table has the column type', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE B (FLAG BOOLEAN, D DATE)', ctx);
    await ok("INSERT INTO B VALUES (FALSE, '2020-01-01')", ctx);
    const r = await ok('SELECT (SELECT FLAG FROM B), (SELECT MAX(D) FROM B)', ctx);
    expect(typesOf(r)).toEqual(['boolean', 'date']);
    expect(r.data).toEqual([['false', '18262']]);
  });
});

describe('AUTOCOMMIT', () => {
  test('ALTER SESSION SET AUTOCOMMIT = FALSE is refused, and nothing after it runs', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE A (X INT)', ctx);
    const r = await exec('ALTER SESSION SET AUTOCOMMIT = FALSE; INSERT INTO A VALUES (1); ROLLBACK', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 3 } });
    expect(r.status).toBe(422);
    expect(r.json!.message).toMatch(/AUTOCOMMIT/);
    expect((await ok('SELECT COUNT(*) FROM A', ctx)).data).toEqual([['0']]);
    const alone = await exec('ALTER SESSION SET AUTOCOMMIT = FALSE', ctx);
    expect({ status: alone.status, code: alone.json!.code }).toEqual({ status: 422, code: '002140' });
    await ok('ALTER SESSION SET AUTOCOMMIT = TRUE', ctx);
  });

  test('the request parameter AUTOCOMMIT=false is refused; true is accepted', async () => {
    const r = await exec('SELECT 1', { parameters: { AUTOCOMMIT: 'false' } });
    expect(r.status).toBe(422);
    expect(r.json!.message).toMatch(/AUTOCOMMIT/);
    expect((await exec('SELECT 1', { parameters: { autocommit: false } })).status).toBe(422);
    expect((await ok('SELECT 1', { parameters: { AUTOCOMMIT: true } })).data).toEqual([['1']]);
  });
});

describe('statements that used to fail with an internal error', () => {
  test('a cast that changes nothing (ARRAY to VARIANT, VARIANT to VARIANT)', async () => {
    const r = await ok("SELECT ARRAY_CONSTRUCT('foo')::VARIANT, PARSE_JSON('1')::VARIANT, OBJECT_CONSTRUCT('a', 1)::OBJECT::VARIANT");
    expect(typesOf(r)).toEqual(['variant', 'variant', 'variant']);
    expect(r.data).toEqual([['[\n  "foo"\n]', '1', '{\n  "a": 1\n}']]);
  });

  test('MERGE with bindings in its source', async () => {
    const ctx = await freshDatabase();
    await ok("CREATE TABLE T (ID INT, NAME VARCHAR)", ctx);
    await ok("INSERT INTO T VALUES (1, 'old')", ctx);
    const merge = 'MERGE INTO T USING (SELECT ? AS id, ? AS name) s ON T.ID = s.id WHEN MATCHED THEN UPDATE SET NAME = s.name WHEN NOT MATCHED THEN INSERT (ID, NAME) VALUES (s.id, s.name)';
    const b = (id: string, name: string) => ({ 1: { type: 'FIXED', value: id }, 2: { type: 'TEXT', value: name } });
    expect((await ok(merge, { ...ctx, bindings: b('1', 'new') })).data).toEqual([['0', '1']]);
    expect((await ok(merge, { ...ctx, bindings: b('2', 'two') })).data).toEqual([['1', '0']]);
    // A binding in a clause's condition and in its values.
    await ok('MERGE INTO T USING (SELECT 2 AS id) s ON T.ID = s.id WHEN MATCHED AND T.NAME = ? THEN UPDATE SET NAME = ?', { ...ctx, bindings: { 1: { type: 'TEXT', value: 'two' }, 2: { type: 'TEXT', value: 'TWO' } } });
    expect((await ok('SELECT ID, NAME FROM T ORDER BY ID', ctx)).data).toEqual([['1', 'new'], ['2', 'TWO']]);
  });

  test('DISTINCT aggregates over a window', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE W (ID INT, C VARCHAR)', ctx);
    await ok("INSERT INTO W VALUES (1, 'b'), (1, 'a'), (1, 'b'), (1, NULL), (2, 'c')", ctx);
    const r = await ok('SELECT ID, ARRAY_AGG(DISTINCT C) WITHIN GROUP (ORDER BY C) OVER (PARTITION BY ID), COUNT(DISTINCT C) OVER (PARTITION BY ID), LISTAGG(DISTINCT C, \',\') WITHIN GROUP (ORDER BY C) OVER (PARTITION BY ID) FROM W ORDER BY ID LIMIT 1', ctx);
    expect(r.data).toEqual([['1', '[\n  "a",\n  "b"\n]', '2', 'a,b']]);
    const sum = await exec('SELECT SUM(DISTINCT ID) OVER () FROM W', ctx);
    expect({ status: sum.status, code: sum.json!.code }).toEqual({ status: 422, code: '002140' });
  });

  test.each([11, 12, 13, 14, 40])('INFORMATION_SCHEMA.TABLES in a database holding tables of %i columns', async (n) => {
    const ctx = await freshDatabase();
    const cols = Array.from({ length: n }, (_, i) => `C${i + 1} INT`).join(', ');
    for (const t of ['A', 'B', 'C']) await ok(`CREATE TABLE ${t} (${cols})`, ctx);
    await ok('INSERT INTO A (C1) VALUES (1)', ctx);
    const r = await ok("SELECT TABLE_NAME, ROW_COUNT FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY 1", ctx);
    expect(r.data).toEqual([['A', '1'], ['B', '0'], ['C', '0']]);
  });
});
