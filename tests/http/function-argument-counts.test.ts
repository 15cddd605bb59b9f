// Every built-in (as SHOW FUNCTIONS lists them) called with argument lists it does not take: the
// answer is a 200 or a 422 with a Snowflake compilation code, never an internal error (000603)
// from a half-built call. Definitions that check their own arity give 000938 / 000939; calls
// the parser keeps as plain calls give 002140.
import { describe, expect, test } from 'vitest';
import { exec, ok } from './client';

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
    // A few at a time: thousands of statements, each a compile error or a tiny result.
    for (let i = 0; i < statements.length; i += 8) {
      await Promise.all(statements.slice(i, i + 8).map(async (sql) => {
        const res = await exec(sql);
        const bad = res.status !== 200 && (res.status !== 422 || res.json?.code === '000603' || /internal/i.test(res.json?.message ?? ''));
        if (bad) internal.push(`${sql} → ${res.status} ${res.json?.code} ${res.json?.message}`);
      }));
    }
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

  test('an unknown function is still reported as unknown', async () => {
    const res = await exec('SELECT NO_SUCH_FUNCTION(1)');
    expect({ status: res.status, code: res.json?.code }).toEqual({ status: 422, code: '002139' });
  });
});
