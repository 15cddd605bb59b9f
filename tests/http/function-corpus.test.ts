// Snowflake's function library through the real HTTP API: one file per family under functions/,
// expected values and rowTypes as Snowflake's documentation examples give them.
import { describe, expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';
import type { ColumnType, FunctionCase } from './functions/types';
import { conditional } from './functions/conditional';
import { session } from './functions/session';
import { semiStructured } from './functions/semi-structured';
import { aggregateWindow } from './functions/aggregate-window';
import { aggregateStatistics } from './functions/aggregate-statistics';
import { aggregateSetsEvents } from './functions/aggregate-sets-events';
import { numeric } from './functions/numeric';
import { string } from './functions/string';
import { datetime } from './functions/datetime';
import { conversion } from './functions/conversion';
import { querySyntax } from './functions/query-syntax';
import { calendar } from './functions/calendar';
import { regexpPosix } from './functions/regexp-posix';
import { pivotGenerator } from './functions/pivot-generator';
import { exactNumbers } from './functions/exact-numbers';
import { rowTypes } from './functions/row-types';
import { deepExpressions } from './functions/deep-expressions';
import { tableFunctions } from './functions/table-functions';

const FAMILIES: [string, FunctionCase[]][] = [
  ['conditional', conditional], ['session', session], ['numeric', numeric],
  ['semi-structured', semiStructured], ['aggregate-window', aggregateWindow],
  ['aggregate-statistics', aggregateStatistics], ['aggregate-sets-events', aggregateSetsEvents], ['string', string],
  ['datetime', datetime], ['conversion', conversion],
  ['query-syntax', querySyntax], ['calendar', calendar], ['regexp-posix', regexpPosix],
  ['pivot-generator', pivotGenerator], ['exact-numbers', exactNumbers], ['row-types', rowTypes],
  ['deep-expressions', deepExpressions], ['table-functions', tableFunctions],
];

function typeFields(t: ColumnType): Record<string, unknown> {
  return typeof t === 'string' ? { type: t } : t;
}

async function runCase(c: FunctionCase): Promise<void> {
  const ctx = c.setup ? await freshDatabase() : {};
  // Setup runs with the case's parameters too (TIMESTAMP_TYPE_MAPPING shapes a CREATE TABLE).
  for (const s of c.setup ?? []) await ok(s, { ...ctx, parameters: c.parameters });
  const res = await exec(c.sql, { ...ctx, parameters: c.parameters });
  const body = res.json;
  if (c.error) {
    expect({ status: res.status, code: body?.code }, JSON.stringify(body)).toEqual({ status: 422, code: c.error });
    return;
  }
  expect(res.status, JSON.stringify(body)).toBe(200);
  const rowType = body!.resultSetMetaData!.rowType;
  if (c.names) expect(rowType.map((r) => r.name)).toEqual(c.names);
  if (c.types) {
    expect(rowType.map((r, i) => {
      const want = typeFields(c.types![i] ?? 'missing');
      return Object.fromEntries(Object.keys(want).map((k) => [k, (r as unknown as Record<string, unknown>)[k]]));
    })).toEqual(c.types.map(typeFields));
  }
  if (c.rows) expect(body!.data).toEqual(c.rows);
}

for (const [family, cases] of FAMILIES) {
  describe(family, () => {
    test.concurrent.each(cases.map((c) => [c.name ?? c.sql, c] as const))('%s', async (_n, c) => runCase(c));
  });
}

test('every case name is unique', () => {
  const all = FAMILIES.flatMap(([f, cs]) => cs.map((c) => `${f}/${c.name ?? c.sql}`));
  expect(new Set(all).size).toBe(all.length);
});
