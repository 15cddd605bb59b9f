// The function library under parallel plans (issue #20). A PL/pgSQL exception handler starts a
// subtransaction, which PostgreSQL refuses in parallel mode ("cannot start subtransactions during
// a parallel operation") — in the workers and in the leader, for the whole query. Each query here
// runs over a table with valid and invalid inputs twice: with parallelism off, and with every
// parallel cost at zero (a Gather over the scan whenever the functions allow it); the answers must
// be the same.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFunctionLibrarySql, numberFormatSpec, pinSettingsQuery } from '@/lib/engine/postgres/functions';
import { freshDatabase } from './cluster';

let serial: pg.Client;
let parallel: pg.Client;

const PARALLEL_SETTINGS = [
  'SET max_parallel_workers_per_gather = 2', 'SET parallel_setup_cost = 0', 'SET parallel_tuple_cost = 0',
  'SET min_parallel_table_scan_size = 0', 'SET parallel_leader_participation = on',
];

// Inputs cycled over the table's rows: numbers, text that is none, JSON and not, zones, powers that overflow.
const TEXTS = ['12.345', 'abc', '1e400', '-7', '', ' 3 ', 'NaN', '99999999999999999999999999999999999999999', 'yes', 'aGk=', '2024-02-30', '2021-03-19', '9999-12-31'];
const JSONS = ['{"a":1,"b":[1,2]}', '{bad', '[1,2,3]', 'null', '"x"', '[1,', '{"a":{"b":2}}', '12', "{a: 'x', \"b\": [.5, 007],}", ' [1, 2] ', '{"a":1,"a":2}', '[1 2]'];
// Stored VARIANT text (always JSON): with the words a missing element or NaN is stored as, inside strings.
const VARIANTS = ['{"a":1,"b":[1,2]}', '[1,2,3]', '"Infinity war"', '["undefined", "a,undefined]", "NaN"]', '12', 'null', '{"a":"\\"NaN"}'];
const ZONES = ['America/New_York', 'europe/paris', 'UTC', '+05:30', 'Asia/Tokyo', 'EST'];
const POWERS = [[2, 10], [10, 400], [0.5, 2000], [-10, 401], [3, 0.5], [1e300, 2], [2, 1024], [2, -1075], [-1.0000001, 7097827481]];

async function connect(url: string, settings: string[]): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, types: { getTypeParser: () => (v: string) => v } });
  await c.connect();
  await c.query(pinSettingsQuery({ nowMs: Date.UTC(2024, 2, 10, 10, 30), seed: 1, timezone: 'America/Los_Angeles' }));
  for (const s of settings) await c.query(s);
  return c;
}

beforeAll(async () => {
  const url = await freshDatabase();
  serial = await connect(url, ['SET max_parallel_workers_per_gather = 0']);
  for (const s of installFunctionLibrarySql()) await serial.query(s);
  const arr = (xs: unknown[]) => `ARRAY[${xs.map((x) => `'${String(x).replace(/'/g, "''")}'`).join(', ')}]`;
  await serial.query(`CREATE TABLE t AS SELECT i,
      (${arr(TEXTS)})[i % ${TEXTS.length} + 1] AS s,
      (${arr(JSONS)})[i % ${JSONS.length} + 1] AS j,
      (${arr(VARIANTS)})[i % ${VARIANTS.length} + 1] AS v,
      (${arr(ZONES)})[i % ${ZONES.length} + 1] AS z,
      (${arr(POWERS.map((p) => p[0]))})[i % ${POWERS.length} + 1]::float8 AS x,
      (${arr(POWERS.map((p) => p[1]))})[i % ${POWERS.length} + 1]::float8 AS y
    FROM generate_series(1, 4000) i`);
  await serial.query('ANALYZE t');
  parallel = await connect(url, PARALLEL_SETTINGS);
}, 120_000);
afterAll(async () => {
  await serial?.end();
  await parallel?.end();
});

const rows = async (c: pg.Client, sql: string): Promise<unknown[]> => (await c.query({ text: sql, rowMode: 'array' })).rows;

describe('parallel plans', () => {
  it('the settings give a parallel plan for a plain scan (so the comparisons below can fail)', async () => {
    const plan = (await parallel.query('EXPLAIN SELECT i, length(s) FROM t WHERE length(s) >= 0')).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Gather/);
  });

  it('no PARALLEL SAFE function of the library enters an exception handler', async () => {
    const { rows: bad } = await serial.query(`SELECT p.oid::regprocedure::text AS f FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'floe' AND p.proparallel <> 'u' AND p.prosrc ~* '\\mEXCEPTION\\s+WHEN\\M' ORDER BY 1`);
    expect(bad).toEqual([]);
  });

  it('the zone functions keep their parallel plans (a zone is checked without an exception handler)', async () => {
    const sql = `SELECT i, floe."floe_convert_timezone"(z, '2024-03-10 12:00:00.000000000 +0000', 'TZ') FROM t`;
    const plan = (await parallel.query(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Gather/);
    const unknown = `SELECT floe."floe_convert_timezone"(z || '/Nowhere', '2024-03-10 12:00:00.000000000 +0000', 'TZ') FROM t`;
    await expect(parallel.query(unknown)).rejects.toThrow(/^FLOE\|100040\|22007\|Unknown time zone: '[^']+\/Nowhere'$/);
  });

  // Functions that decide their errors before raising (no exception handler): the planner may parallelize them.
  const PARALLEL_SAFE: Record<string, string> = {
    'POWER(x, y) (overflow and underflow decided from the operands)': `floe."power"(x, y)`,
    // FLOE_CONVERT's TRY_ paths ask each step quietly instead of catching its error.
    'TRY_CAST(s AS FLOAT)': `floe."floe_convert"(s, 'TEXT', 'REAL', '', 1)`,
    'TRY_TO_NUMBER(s, 38, 2)': `floe."floe_convert"(s, 'TEXT', 'FIXED:38:2', '', 1)`,
    'TRY_TO_BOOLEAN(s)': `floe."floe_convert"(s, 'TEXT', 'BOOLEAN', '', 1)`,
    'TRY_TO_BINARY(s, \'BASE64\')': `floe."floe_convert"(s, 'TEXT', 'BINARY', 'BASE64', 1)`,
    'TRY_TO_DATE(s)': `floe."floe_convert"(s, 'TEXT', 'DATE', '', 1)`,
    'TRY_TO_TIMESTAMP_LTZ(s, fmt)': `floe."floe_convert"(s, 'TEXT', 'LTZ', 'YYYY-MM-DD HH24:MI:SS', 1)`,
    'TRY_TO_NUMBER(s, \'999.99\', 5, 2)': `floe._convert_number(s, 'TEXT', 'FIXED:5:2', '${numberFormatSpec('999.99')}'::jsonb, 1)`,
    // A stored VARIANT is read without an exception handler.
    'ARRAY_SIZE(v)': `floe."array_size"(v)`,
    'GET(v, \'a\')': `floe."floe_get"(v, 'a')`,
    // PARSE_JSON tells strict text from lenient text before reading it.
    'PARSE_JSON(j)': `floe."parse_json"(j)`,
    'ARRAY_SIZE(PARSE_JSON(j))': `floe."array_size"(floe."parse_json"(j))`,
  };
  for (const [what, call] of Object.entries(PARALLEL_SAFE)) {
    it(`${what} gets a parallel plan`, async () => {
      const plan = (await parallel.query(`EXPLAIN SELECT i, ${call} FROM t`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Gather/);
    });
  }

  it('a stored VARIANT with a missing element or NaN as a bareword fails closed; the same words in its strings are text', async () => {
    await expect(parallel.query(`SELECT floe."array_size"('[1,undefined,2]')`)).rejects.toThrow(/^FLOE\|002140\|42601\|.*'an array with missing elements'/s);
    await expect(parallel.query(`SELECT floe."array_size"('[1, -Infinity]')`)).rejects.toThrow(/^FLOE\|002140\|42601\|.*'NaN or Infinity inside a VARIANT'/s);
    await expect(parallel.query(`SELECT floe."floe_get"('{"a":NaN}', 'a')`)).rejects.toThrow(/'NaN or Infinity inside a VARIANT'/);
    expect((await parallel.query(`SELECT floe."array_size"('["undefined", "x\\"NaN", "[Infinity]"]') AS n, floe."array_size"(NULL) AS none`)).rows).toEqual([{ n: '3', none: null }]);
  });

  // Snowflake SQL → the library call the dialect makes of it.
  const QUERIES: Record<string, string> = {
    'TRY_TO_NUMBER(s, 38, 2)': `floe."floe_convert"(s, 'TEXT', 'FIXED:38:2', '', 1)`,
    'TRY_CAST(s AS FLOAT)': `floe."floe_convert"(s, 'TEXT', 'REAL', '', 1)`,
    'TRY_TO_DATE(s)': `floe."floe_convert"(s, 'TEXT', 'DATE', '', 1)`,
    'TRY_TO_BOOLEAN(s)': `floe."floe_convert"(s, 'TEXT', 'BOOLEAN', '', 1)`,
    'TRY_TO_BINARY(s, \'BASE64\')': `floe."floe_convert"(s, 'TEXT', 'BINARY', 'BASE64', 1)`,
    'TRY_TO_TIMESTAMP_LTZ(s || \' 00:00:00\', fmt)': `floe."floe_convert"(s || ' 00:00:00', 'TEXT', 'LTZ', 'YYYY-MM-DD HH24:MI:SS', 1)`,
    'TRY_TO_NUMBER(s, \'999.99\', 5, 2)': `floe._convert_number(s, 'TEXT', 'FIXED:5:2', '${numberFormatSpec('999.99')}'::jsonb, 1)`,
    'TRY_TO_DOUBLE(s, \'9.9EEEE\')': `floe._convert_number(s, 'TEXT', 'REAL', '${numberFormatSpec('9.9EEEE')}'::jsonb, 1)`,
    'TRY_PARSE_JSON(j)': `floe."try_parse_json"(j)`,
    'ARRAY_SIZE(TRY_PARSE_JSON(j))': `floe."array_size"(floe."try_parse_json"(j))`,
    'GET(TRY_PARSE_JSON(j), \'a\')': `floe."floe_get"(floe."try_parse_json"(j), 'a')`,
    'POWER(x, y)': `floe."power"(x, y)`,
    'ARRAY_SIZE(v)': `floe."array_size"(v)`,
    'GET(v, \'a\')': `floe."floe_get"(v, 'a')`,
    // Over the texts PARSE_JSON reads (the others are its error).
    'PARSE_JSON(j) of JSON text': `floe."parse_json"(CASE WHEN floe."check_json"(j) IS NULL THEN j END)`,
    'CONVERT_TIMEZONE(z, ts)': `floe."floe_convert_timezone"(z, '2024-03-10 12:00:00.000000000 +0000', 'TZ')`,
    'TRY_TO_TIMESTAMP(i * 86400000, 3)': `floe."floe_epoch_to"(i::numeric * 86400000, 3, 'NTZ', true)`,
    'TRY_TO_TIMESTAMP_TZ(n) beyond NUMBER(38) and the date range': `floe."floe_epoch_to"(CASE i % 3 WHEN 0 THEN 1e40 WHEN 1 THEN i * 1e15 ELSE i END, 0, 'TZ', true)`,
    'DATEADD(hour, i, TO_TIMESTAMP_LTZ(\'2024-03-10 01:30:00\'))': `floe."floe_dateadd"('hour', i, floe."floe_to_timestamp_ltz"('2024-03-10 01:30:00'), 'LTZ', 'LTZ')`,
  };
  for (const [snowflake, call] of Object.entries(QUERIES)) {
    it(`${snowflake} answers the same with a parallel plan`, async () => {
      const sql = `SELECT i, ${call} FROM t ORDER BY i`;
      const expected = await rows(serial, sql);
      expect(expected).toHaveLength(4000);
      expect(await rows(parallel, sql)).toEqual(expected);
    });
  }
});
