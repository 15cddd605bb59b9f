// Arguments that ask a function for something enormous (10^(10^308), a string of a billion
// characters, a shift by 10^20 places) or for something it cannot do: each is an answer or a
// Snowflake error, never an internal one, and the server (a single process with the engine's
// threads) stays up. Before these guards, CEIL(1e308, 1e308) grew one bigint cache until the
// process ran out of memory.
import { describe, expect, inject, test } from 'vitest';
import { api, exec } from './client';
import { freshDatabase } from './helpers';

const ANSWERS: [string, (string | null)[]][] = [
  ['SELECT CEIL(1e308, 1e308)', ['1e+308']],
  ['SELECT ROUND(1.5, 1000000000)', ['1.5']],
  ['SELECT ROUND(123.456, -1000000000), TRUNC(-123.456, -1000000000)', ['0', '0']],
  ['SELECT FLOOR(-1.5, -3), CEIL(1.5, -3), CEIL(-1.5, -3), FLOOR(1.5, -3)', ['-1000', '1000', '0', '0']],
  ['SELECT BITSHIFTLEFT(1, 100000000000000000000), BITSHIFTRIGHT(-8, 100000000000000000000)', ['0', '-1']],
  // Snowflake aggregates BINARY values into an array as a VARIANT holds them (hex); sql.js's JSON cannot hold bytes, so Floe refused it before.
  ["SELECT ARRAY_AGG(TO_BINARY('ff', 'HEX'))", ['[\n  "FF"\n]']],
];

const ERRORS: [string, string][] = [
  ["SELECT REPEAT('x', 1000000000)", '100082'],
  ["SELECT SPACE(1000000000)", '100082'],
  ["SELECT LPAD('a', 1000000000, 'b')", '100082'],
  ['SELECT RANDSTR(1000000000, 1)', '100082'],
  ['SELECT CEIL(1.5, -1000000000)', '100046'],
  ["SELECT CONVERT_TIMEZONE('UTC')", '000938'],
  ["SELECT GET_PATH(PARSE_JSON('{}'), [1, 'a'])", '002140'],
];

describe('calls of hundreds of arguments, and joins of many tables', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(', ');
  const pairs = Array.from({ length: 120 }, (_, i) => `'k${i}', ${i}`).join(', ');

  // PostgreSQL refuses a call of more than 100 arguments (54023): a variadic one gets an array there.
  test('OBJECT_CONSTRUCT of 120 pairs, ARRAY_CONSTRUCT and HASH of 300 values, CONCAT and COALESCE of 300', async () => {
    const res = await exec(`SELECT OBJECT_CONSTRUCT(${pairs}):k119, ARRAY_SIZE(OBJECT_KEYS(OBJECT_CONSTRUCT(${pairs}))), ARRAY_CONSTRUCT(${values(300)})[299],
      HASH(${values(300)}) = HASH(${values(300)}), HASH(${values(300)}) = HASH(${values(299)}), LENGTH(CONCAT(${values(300)})),
      COALESCE(${Array.from({ length: 299 }, () => 'NULL').join(', ')}, 'last')`);
    expect(res.status, res.text).toBe(200);
    expect(res.json?.data).toEqual([['119', '120', '300', 'true', 'false', String(9 + 90 * 2 + 201 * 3), 'last']]);
  });

  // Snowflake's own limit is higher; each engine's is a compilation error naming it, never an internal one.
  test('a table or a result of 2,100 columns: 002140 / 54011 naming the engine\'s limit; 1,500 columns work', async () => {
    const cols = (n: number) => Array.from({ length: n }, (_, i) => `${i} AS c${i}`).join(', ');
    const ok = await exec(`SELECT ${cols(1500)}`);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json?.data?.[0]?.[1499]).toBe('1499');
    const wide = await exec(`SELECT ${cols(2100)}`);
    expect({ status: wide.status, code: wide.json?.code, sqlState: wide.json?.sqlState }, wide.text).toEqual({ status: 422, code: '002140', sqlState: '54011' });
    expect(wide.json?.message).toMatch(/^SQL compilation error:\nToo many columns: a query's result may have at most (2000|1664) columns on this engine\.$/);
    const ctx = await freshDatabase();
    const table = await exec(`CREATE TABLE WIDE (${Array.from({ length: 2100 }, (_, i) => `c${i} INT`).join(', ')})`, ctx);
    expect({ status: table.status, code: table.json?.code, sqlState: table.json?.sqlState }, table.text).toEqual({ status: 422, code: '002140', sqlState: '54011' });
    expect(table.json?.message).toMatch(/a table may have at most (2000|1600) columns on this engine/);
    // Nothing of it was made.
    expect((await exec("SHOW TABLES LIKE 'WIDE'", ctx)).json?.data).toEqual([]);
  });

  test('a join of 70 tables: PostgreSQL runs it; sql.js (SQLite joins at most 64) refuses it with 001003 naming its limit', async () => {
    const res = await exec(`SELECT COUNT(*), SUM(${Array.from({ length: 70 }, (_, i) => `t${i}.x`).join(' + ')}) FROM ${Array.from({ length: 70 }, (_, i) => `(SELECT ${i} AS x) t${i}`).join(' CROSS JOIN ')}`);
    if (inject('FLOE_PG_URL')) {
      expect(res.status, res.text).toBe(200);
      expect(res.json?.data).toEqual([['1', String((69 * 70) / 2)]]);
    } else {
      expect({ status: res.status, code: res.json?.code }, res.text).toEqual({ status: 422, code: '001003' });
      expect(res.json?.message).toMatch(/Statement too complex: a query joins more than 64 tables/);
    }
  });
});

describe('functions asked for enormous or impossible results', () => {
  test.each(ANSWERS)('%s', async (sql, row) => {
    const res = await exec(sql);
    expect(res.status, res.text).toBe(200);
    expect(res.json?.data).toEqual([row]);
  });

  test.each(ERRORS)('%s → %s', async (sql, code) => {
    const res = await exec(sql);
    expect({ status: res.status, code: res.json?.code }, res.text).toEqual({ status: 422, code });
  });

  test('the server is healthy after all of them', async () => {
    expect((await api('GET', '/healthz')).status).toBe(200);
    expect((await exec('SELECT 1')).status).toBe(200);
  });
});
