// Every built-in (as SHOW FUNCTIONS lists them) called with argument lists it does not take: the
// answer is a 200 or a 422 with a Snowflake compilation code, never an internal error (000603)
// from a half-built call. Definitions that check their own arity give 000938 / 000939; calls
// the parser keeps as plain calls give 002140.
import { describe, expect, test } from 'vitest';
import { exec, ok } from './client';
import { ENGINE_FUNCTIONS, isInternalFunction } from '@/lib/engine/functions/manifest';

const ARGUMENT_LISTS = [
  [], ['1'], ['day'], ["'a'", "'b'"], ['day', '1'], ['1', '2', '3'], ["'2024-01-01'", '1', '2', '3'],
  ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
];

async function builtins(): Promise<string[]> {
  const res = await ok('SHOW FUNCTIONS');
  const nameAt = res.resultSetMetaData!.rowType.findIndex((c) => c.name === 'name');
  return [...new Set(res.data!.map((r) => r[nameAt]!))].filter((n) => /^[A-Z_][A-Z0-9_$]*$/.test(n));
}

describe('argument counts of built-in functions', () => {
  test('no built-in answers a wrong argument count with an internal error', async () => {
    const names = await builtins();
    expect(names.length).toBeGreaterThan(250);
    const statements = names.flatMap((n) => ARGUMENT_LISTS.map((a) => `SELECT ${n}(${a.join(', ')})`));
    const internal: string[] = [];
    // Eight at a time: thousands of statements, each a compile error or a tiny result. Eight
    // clients each take the next one when theirs is answered (batches of eight waited for their slowest).
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let i = next++; i < statements.length; i = next++) {
        const sql = statements[i];
        const res = await exec(sql);
        const bad = res.status !== 200 && (res.status !== 422 || res.json?.code === '000603' || /internal/i.test(res.json?.message ?? ''));
        if (bad) internal.push(`${sql} → ${res.status} ${res.json?.code} ${res.json?.message}`);
      }
    }));
    expect(internal).toEqual([]);
  }, 300_000);

  test.each([
    ['SELECT ROUND()', '000938', 'not enough arguments for function [ROUND], expected 1, got 0'],
    ['SELECT DATEADD(day, 1)', '000938', 'not enough arguments for function [DATEADD], expected 3, got 2'],
    ["SELECT DATE_TRUNC('day')", '000938', 'not enough arguments for function [DATE_TRUNC], expected 2, got 1'],
    ['SELECT MAX_BY(1)', '000938', 'not enough arguments for function [MAX_BY], expected 2, got 1'],
    ['SELECT IFF(TRUE, 1)', '000938', 'not enough arguments for function [IFF], expected 3, got 2'],
    ['SELECT NVL(1)', '002140', 'Invalid number of arguments for function [NVL].'],
    ['SELECT STDDEV(1, 2, 3)', '002140', 'Invalid number of arguments for function [STDDEV].'],
  ])('%s → %s', async (sql, code, message) => {
    const res = await exec(sql);
    expect(res.status).toBe(422);
    expect(res.json?.code).toBe(code);
    expect(res.json?.message).toContain(message);
  });

  // The engine functions a user calls by their own names (SQRT, BITAND, ARRAY_SLICE …): a count
  // outside the manifest's is refused while compiling, never reaches the engine (SQLite's own
  // "wrong number of arguments" came back as 002140 at run time).
  test('engine functions called by name: a wrong count is a compile error from the manifest', async () => {
    const names = new Set(await builtins());
    const byName = Object.entries(ENGINE_FUNCTIONS).filter(([n]) => !isInternalFunction(n) && names.has(n));
    expect(byName.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const [name, { minArgs, maxArgs }] of byName) {
      const counts = [minArgs - 1, ...(maxArgs === null ? [] : [maxArgs + 1])].filter((n) => n >= 0);
      for (const n of counts) {
        const sql = `SELECT ${name}(${Array(n).fill('NULL').join(', ')})`;
        const res = await exec(sql);
        // The parser refuses some counts itself (a syntax error), which is as good.
        const want = n < minArgs ? '000938' : '000939';
        if (res.status !== 422 || (res.json?.code !== want && res.json?.code !== '001003')) wrong.push(`${sql} → ${res.status} ${res.json?.code} ${res.json?.message}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  test.each([
    ['SELECT BITAND(1)', '000938', 'not enough arguments for function [BITAND], expected 2, got 1'],
    ['SELECT WIDTH_BUCKET(1, 2)', '000938', 'not enough arguments for function [WIDTH_BUCKET], expected 4, got 2'],
    ["SELECT ARRAY_SLICE(ARRAY_CONSTRUCT(1), 0)", '000938', 'not enough arguments for function [ARRAY_SLICE], expected 3, got 2'],
    ["SELECT OBJECT_KEYS(PARSE_JSON('{}'), 1)", '000939', 'too many arguments for function [OBJECT_KEYS], expected 1, got 2'],
    ['SELECT GET(1)', '000938', 'not enough arguments for function [GET], expected 2, got 1'],
  ])('%s → %s (was the engine\'s 002140 at run time)', async (sql, code, message) => {
    const res = await exec(sql);
    expect({ status: res.status, code: res.json?.code }).toEqual({ status: 422, code });
    expect(res.json?.message).toContain(message);
  });

  test('an unknown function is still reported as unknown', async () => {
    const res = await exec('SELECT NO_SUCH_FUNCTION(1)');
    expect({ status: res.status, code: res.json?.code }).toEqual({ status: 422, code: '002139' });
  });
});
