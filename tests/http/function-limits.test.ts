// Arguments that ask a function for something enormous (10^(10^308), a string of a billion
// characters, a shift by 10^20 places) or for something it cannot do: each is an answer or a
// Snowflake error, never an internal one, and the server (a single process with the engine's
// threads) stays up. Before these guards, CEIL(1e308, 1e308) grew one bigint cache until the
// process ran out of memory.
import { describe, expect, test } from 'vitest';
import { api, exec } from './client';

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
