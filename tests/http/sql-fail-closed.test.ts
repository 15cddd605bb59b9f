// Fail closed: Snowflake syntax the parser reads but the compiler has no rule for is refused with
// Snowflake's unsupported-feature error; before, each was handed to SQLite as it was and answered
// with a wrong value, a wrong type or an engine error (lib/sql/compile/node-policy.ts).
import { describe, expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';

const CASES: [string, string, string][] = [
  // SQLite read it as its own IS NOT: the value right, typed FIXED instead of BOOLEAN.
  ['IS DISTINCT FROM', 'SELECT 1 IS DISTINCT FROM 2', 'NULL_SAFE_NEQ'],
  ['IS NOT DISTINCT FROM', 'SELECT NULL IS NOT DISTINCT FROM NULL', 'NULL_SAFE_EQ'],
  // SQLite has no intervals.
  ['date plus an INTERVAL', "SELECT TO_DATE('2018-04-15') + INTERVAL '1 year'", 'INTERVAL'],
  // SQLite has no such collation.
  ['COLLATE', "SELECT 'a' COLLATE 'en-ci' = 'A'", 'COLLATION'],
  // SQLite has no quantified comparison.
  ['= ANY (subquery)', 'SELECT 1 = ANY (SELECT 1)', 'ANY'],
  // SQLite has no hierarchical queries.
  ['CONNECT BY PRIOR', 'SELECT N FROM T START WITH N = 1 CONNECT BY PRIOR N = M', 'CONNECT BY'],
  ['CONNECT BY', 'SELECT N FROM T START WITH N = 1 CONNECT BY N = M', 'CONNECT BY'],
  // Floe keeps no history: time travel was dropped or misread.
  ['AT (time travel)', 'SELECT * FROM T AT (OFFSET => -60)', 'AT | BEFORE'],
  ['CHANGES', 'SELECT * FROM T CHANGES (INFORMATION => DEFAULT) AT (OFFSET => -60)', 'CHANGES'],
  ['MATCH_RECOGNIZE', 'SELECT * FROM T MATCH_RECOGNIZE (ORDER BY N PATTERN (X) DEFINE X AS N > 0)', 'MATCH_RECOGNIZE'],
  // A lambda argument (TRANSFORM, FILTER, REDUCE).
  ['a lambda', 'SELECT TRANSFORM([1, 2], x -> x + 1)', 'LAMBDA'],
];

describe('constructs without a compiler rule answer a clear error', () => {
  for (const [name, sql, feature] of CASES) {
    test(name, async () => {
      const ctx = await freshDatabase();
      await ok('CREATE TABLE T (N INT, M INT)', ctx);
      const res = await exec(sql, ctx);
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json).toMatchObject({ code: '002140', sqlState: '42601', message: `SQL compilation error:\nUnsupported feature '${feature}'.` });
    });
  }
});

test('what the compiler does have still runs next to them', async () => {
  const ctx = await freshDatabase();
  const r = await ok("SELECT 1 IN (1, 2) AS a, NOT (1 = 2) AS b, (SELECT 1 UNION SELECT 2 ORDER BY 1 LIMIT 1) AS c, ROW_NUMBER() OVER (ORDER BY 1) AS d", ctx);
  expect(r.data).toEqual([['true', 'true', '1', '1']]);
});
