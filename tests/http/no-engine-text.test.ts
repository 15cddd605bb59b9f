// Malformed and semantically wrong statements of every kind, through the real HTTP API: each is a
// 422 with a Snowflake code and SQLSTATE, and no message shows the engine underneath (SQLite's
// wording, its tables or functions, Floe's internal names). The server stays healthy after.
import { beforeAll, describe, expect, test } from 'vitest';
import { api, describeRes, exec, ok } from './client';
import { freshDatabase } from './helpers';

/** [statement, expected code (optional: any Snowflake code will do)]. Tables: T(A INT, S VARCHAR), T2(A INT, B INT), X(A INT), Y(A INT). */
const CASES: [string, string?][] = [
  // syntax
  ['SELEC 1', '001003'], ['SELECT * FORM T', '001003'], ['SELECT A FORM T', '001003'], ['SELECT FROM WHERE', '001003'],
  ['SELECT 1 +', '001003'], ['SELECT (1', '001003'], ['SELECT A FROM T WHERE', '001003'], ['SELECT 1 1', '001003'],
  ['SELECT A,, S FROM T', '001003'], ['SELECT * FROM T ORDER BY', '001003'], ['SELECT * FROM T GROUP BY', '001003'],
  ['SELECT CASE WHEN 1 THEN 2', '001003'], ['SELECT F(', '001003'], ['SELECT 1 FROM', '001003'], ['CREATE TABLE (A INT)', '001003'],
  ['CREATE TABLE Z0 (', '001003'], ['SELECT #', '001003'], ['SELECT 1)', '001003'], ['SELECT ~~~ 1', '001003'],
  ['SELECT 1 \\ 2', '001003'], ['SELECT A::', '001003'], ['DROP', '001003'], ['ALTER TABLE', '001003'], ['FOO BAR', '001003'],
  ['SELECT [1,2', '001003'], ["SELECT {'a':1", '001003'], ['SELECT A FROM T WHERE A LIKE', '001003'],
  ['SELECT A FROM T WHERE A BETWEEN 1', '001003'], ['SELECT A FROM T WHERE NOT', '001003'], ['SELECT A FROM T LIMIT 1 OFFSET', '001003'],
  ["SELECT '' || NULL ||", '001003'], ['SELECT 1; SELEC 2', '100132'], ['BEGIN NOPE', '001003'], ['START', '001003'],
  ['COMMIT NOW', '001003'], ['SET = 1', '001003'], ['CREATE OR REPLACE TABLE T (A INT) AS', '001003'],
  ['SELECT ((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))', undefined], ['SELECT (1, 2)', undefined],
  ['SELECT A FROM T WHERE (A, S) = 1', undefined],
  // unterminated literals and comments
  ["SELECT 'abc", '001003'], ['SELECT "abc', '001003'], ['SELECT $$abc', '001003'], ['SELECT 1 /* never closed', '001003'],
  ["SELECT 'it''s", '001003'], ['SELECT 1;\n/* open', '001003'],
  // names
  ['SELECT NOPE FROM T', '000904'], ['SELECT T.NOPE FROM T', '000904'], ['SELECT NOPE.A FROM T', '000904'],
  ['SELECT A FROM T WHERE NOPE = 1', '000904'], ['SELECT A FROM T ORDER BY NOPE', '000904'], ['SELECT A FROM T GROUP BY NOPE', '000904'],
  ['SELECT A FROM X, Y', '000904'], ['SELECT A FROM X JOIN Y ON X.A = Y.A', '000904'], ['SELECT A FROM T JOIN T2 USING (NOPE)', '000904'],
  ['SELECT * FROM NOPE', '002003'], ['SELECT * FROM NOPE_DB.PUBLIC.T', '002003'], ['SELECT * FROM NOPE_SCHEMA.T', '002003'],
  ['SELECT * FROM sqlite_master', '002003'], ['SELECT * FROM sqlite_schema', '002003'], ['SELECT * FROM _floe_grants', '002003'],
  ['WITH C AS (SELECT 1) SELECT * FROM NOPE', '002003'], ['WITH C AS (SELECT 1 X) SELECT Y FROM C', '000904'],
  // functions
  ['SELECT NO_SUCH_FN(1)', '002139'], ['SELECT sqlite_version()', '002139'], ['SELECT sqlite_source_id()', '002139'],
  ['SELECT randomblob(10)', '002139'], ['SELECT zeroblob(2)', '002139'], ["SELECT printf('%d', 1)", '002139'],
  ["SELECT strftime('%Y', 'now')", '002139'], ["SELECT julianday('now')", '002139'], ['SELECT last_insert_rowid()', '002139'],
  ['SELECT changes()', '002139'], ["SELECT load_extension('x')", '002139'], ["SELECT json('{}')", '002139'],
  ["SELECT FLOE_NUMERIC('1')", '002139'], ['SELECT FLOE_DEC_ADD(1, 2)', '002139'], ["SELECT * FROM pragma_table_info('T')", undefined],
  ['SELECT ABS()', undefined], ['SELECT ABS(1, 2)', undefined], ['SELECT SUBSTR()', undefined], ['SELECT COALESCE()', undefined],
  ['SELECT CONCAT()', '000938'], ['SELECT GREATEST()', '000938'], ['SELECT IFF(1)', undefined], ['SELECT ARRAY_SLICE()', undefined],
  ['SELECT SPLIT_PART()', undefined], ["SELECT OBJECT_CONSTRUCT('a')", undefined], ["SELECT REPEAT('x', 1000000000000)", undefined],
  // aggregates and windows
  ['SELECT A FROM T WHERE COUNT(*) > 1', '002035'], ['SELECT A FROM T WHERE SUM(A) > 1', '002035'], ['SELECT SUM(SUM(A)) FROM T', undefined],
  ['SELECT A FROM T HAVING A > 1', undefined], ['SELECT ROW_NUMBER() FROM T', undefined],
  ['SELECT A FROM T WHERE ROW_NUMBER() OVER (ORDER BY A) = 1', undefined],
  ['SELECT SUM(A) OVER (ORDER BY A ROWS BETWEEN 1 FOLLOWING AND 1 PRECEDING) FROM T', undefined],
  ['SELECT A FROM T GROUP BY ROW_NUMBER() OVER (ORDER BY A)', undefined], ['SELECT SUM(A) OVER W FROM T', undefined],
  // set operations and subqueries
  ['SELECT 1 UNION SELECT 1, 2', '001789'], ['SELECT A FROM T UNION SELECT A, S FROM T', '001789'],
  ['SELECT * FROM T WHERE A IN (SELECT A, S FROM T)', undefined], ['SELECT (SELECT A, S FROM T)', undefined],
  ['SELECT A FROM T NATURAL JOIN T USING (A)', undefined],
  // clauses
  ["SELECT * FROM T LIMIT 'x'", undefined], ['SELECT * FROM T ORDER BY 5', undefined], ['SELECT A FROM T GROUP BY 5', undefined],
  // values and casts
  ["SELECT 'abc'::INT", '100038'], ["SELECT 'x'::DATE", '100040'], ["SELECT TO_NUMBER('x1')", '100038'], ['SELECT 1 / 0', '100051'],
  ["SELECT PARSE_JSON('{bad')", undefined], ['SELECT 99999999999999999999999999999999999999999::NUMBER(38,0)', undefined],
  ["SELECT X'ZZ'", undefined], ['SELECT 1::NOPE', undefined], ['SELECT TRY_CAST(1 AS NOPE)', undefined],
  // DML
  ['INSERT INTO T VALUES (1, 2, 3)', '002020'], ["INSERT INTO T VALUES ('x', 'y')", '100038'], ['INSERT INTO T (A) VALUES (1, 2)', undefined],
  ['INSERT INTO T (NOPE) VALUES (1)', '000904'], ['INSERT INTO T SELECT 1, 2, 3', undefined], ['INSERT INTO NOPE VALUES (1)', '002003'],
  ['UPDATE T SET NOPE = 1', '000904'], ["UPDATE T SET A = 'x'", '100038'], ['UPDATE NOPE SET A = 1', '002003'], ['DELETE FROM NOPE', '002003'],
  ['DELETE FROM T WHERE NOPE = 1', '000904'], ['MERGE INTO T USING NOPE ON T.A = NOPE.A WHEN MATCHED THEN DELETE', '002003'],
  ['MERGE INTO T USING T2 ON T.A = T2.A', '001003'], ['INSERT OVERWRITE INTO NOPE SELECT 1', '002003'],
  // DDL
  ['CREATE TABLE T (A INT)', '002002'], ['CREATE TABLE Z1 (A INT, A INT)', undefined], ['CREATE TABLE Z2 (A NOTATYPE)', undefined],
  ['CREATE TABLE Z3 ()', undefined], ['CREATE TABLE Z4 AS SELECT NOPE FROM T', '000904'], ['CREATE TABLE Z5 LIKE NOPE', '002003'], ['CREATE VIEW T AS SELECT 1 X', undefined], ['CREATE DATABASE', '001003'],
  ['CREATE SCHEMA NOPE_DB.S', '002003'], ['DROP TABLE NOPE', '002003'], ['DROP VIEW NOPE', '002003'], ['DROP SCHEMA NOPE', '002003'],
  ['DROP DATABASE NOPE_DB_XYZ', '002003'], ['ALTER TABLE T ADD COLUMN A INT', undefined], ['ALTER TABLE T DROP COLUMN NOPE', '000904'],
  ['ALTER TABLE T RENAME COLUMN NOPE TO B', '000904'], ['ALTER TABLE T RENAME COLUMN A TO S', undefined],
  ['ALTER TABLE NOPE ADD COLUMN B INT', '002003'], ['TRUNCATE TABLE NOPE', '002003'], ["COMMENT ON TABLE NOPE IS 'x'", '002003'],
  // session and metadata
  ['USE DATABASE NOPE_DB_XYZ', '002003'], ['USE SCHEMA NOPE_SCHEMA', '002003'], ['USE WAREHOUSE NOPE_WH', undefined],
  ['USE ROLE NOPE_ROLE', undefined], ['SHOW NOPES', undefined], ['SHOW TABLES IN DATABASE NOPE_DB_XYZ', '002003'],
  ['DESCRIBE TABLE NOPE', '002003'], ['SELECT $nope', undefined], ['SELECT * FROM TABLE(NOPE())', undefined],
  ["SELECT * FROM RESULT_SCAN('01234567-89ab-cdef-0123-456789abcdef')", undefined],
  // engine statements that are not Snowflake's
  ['PRAGMA table_info(T)', '001003'], ["ATTACH DATABASE 'x' AS y", '001003'], ['VACUUM', '001003'], ['REINDEX', '001003'],
  ['ANALYZE', '001003'], ['DETACH DATABASE y', '001003'], ['SELECT `A` FROM T', '001003'],
];

/** SQLite's vocabulary and Floe's storage names: none may reach a user. */
const ENGINE_TEXT = /sqlite|near "|no such (column|table|function|window)|misuse of|malformed|SQL logic error|incomplete input|unrecognized token|wrong number of arguments|constraint failed|sub-select|term out of range|datatype mismatch|_floe_|FLOE_|FLOE\||Cannot read properties|undefined|\[object /i;
/** A syntax error is only ever in Snowflake's frame (a multi-statement failure quotes it after its own line). */
const SYNTAX_FRAME = /(^|\n)SQL compilation error:\nsyntax error line \d+ at position \d+ unexpected '.*'\.$/s;

let ctx: { database: string; schema: string };

beforeAll(async () => {
  ctx = await freshDatabase();
  for (const s of ['CREATE TABLE T (A INT, S VARCHAR)', "INSERT INTO T VALUES (1, 'x'), (2, 'y')", 'CREATE TABLE T2 (A INT, B INT)', 'CREATE TABLE X (A INT)', 'CREATE TABLE Y (A INT)']) await ok(s, ctx);
});

test('the audit covers at least 80 statements', () => {
  expect(CASES.length).toBeGreaterThanOrEqual(80);
  expect(new Set(CASES.map(([s]) => s)).size).toBe(CASES.length);
});

describe('every malformed statement fails as Snowflake would say it', () => {
  test.each(CASES)('%s', async (sql, code) => {
    const res = await exec(sql, { ...ctx, parameters: sql.includes(';') ? { MULTI_STATEMENT_COUNT: 0 } : undefined });
    const body = res.json ?? {};
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.code, JSON.stringify(body)).toMatch(/^\d{6}$/);
    expect(body.sqlState, JSON.stringify(body)).toMatch(/^[0-9A-Z]{5}$/);
    // An internal error would hide what the user got wrong.
    expect(body.code, JSON.stringify(body)).not.toBe('000603');
    if (code) expect(body.code, JSON.stringify(body)).toBe(code);
    // Names the user wrote may come back (sqlite_master, _floe_grants): the rest of the text may not.
    const written = sql.match(/sqlite_\w+|_floe_\w+|FLOE_\w+/gi) ?? [];
    const message = written.reduce((m, w) => m.replaceAll(w.toUpperCase(), '').replaceAll(w, ''), String(body.message));
    expect(message).not.toMatch(ENGINE_TEXT);
    if (/syntax error/.test(message) || body.code === '001003') expect(body.message).toMatch(SYNTAX_FRAME);
  });
});

test('the server stays healthy after the audit', async () => {
  const health = await api('GET', '/healthz', { token: null });
  expect(health.status, describeRes(health)).toBe(200);
  const res = await exec('SELECT COUNT(*) FROM T', ctx);
  expect(res.status, describeRes(res)).toBe(200);
  expect(res.json?.data).toEqual([['2']]);
});
