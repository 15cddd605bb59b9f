// Snowflake's function library through the real HTTP API: one file per family under functions/,
// expected values and rowTypes as Snowflake's documentation examples give them.
import { afterAll, describe, expect, test } from 'vitest';
import { PG_FUNCTIONS, PG_UNSUPPORTED_FORMS } from '@/lib/engine/postgres/functions';
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

// The engine of the server under test (global-setup passes the environment on): on PostgreSQL a
// case on a function listed unsupported there expects 002140, and a listed form may fail closed.
const ON_POSTGRES = /^postgres(ql)?:/.test(process.env.FLOE_ENGINE ?? '');
const calls = (text: string, name: string) => new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`, 'i').test(text);
const caseText = (c: FunctionCase) => [...(c.setup ?? []), c.sql].join('\n');
const unsupportedMessage = (feature: string) => new RegExp(`Unsupported feature '${feature.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.*' on the PostgreSQL engine`);
/** The unsupported engine functions a case reaches through a Snowflake name the table lists. */
function unsupportedOnPostgres(c: FunctionCase): string[] {
  const text = caseText(c);
  return Object.entries(PG_FUNCTIONS).flatMap(([n, e]) => (!e.supported && e.sql.some((s) => calls(text, s)) ? [n] : []));
}
/** The listed forms a case may reach (a failure naming one of them is failing closed, as listed). */
const formsOf = (c: FunctionCase) => PG_UNSUPPORTED_FORMS.filter((f) => f.sql.some((s) => calls(caseText(c), s)));

const tally = { cases: 0, answered: 0, failedClosed: 0 };

function typeFields(t: ColumnType): Record<string, unknown> {
  return typeof t === 'string' ? { type: t } : t;
}

async function runCase(c: FunctionCase): Promise<void> {
  const ctx = c.setup ? await freshDatabase() : {};
  const unsupported = ON_POSTGRES ? unsupportedOnPostgres(c) : [];
  if (unsupported.length) {
    // Fails closed, in setup or in the statement, naming one of the functions it reaches.
    let res = null;
    for (const s of [...(c.setup ?? []), c.sql]) {
      res = await exec(s, { ...ctx, parameters: c.parameters });
      if (res.status !== 200) break;
    }
    expect({ status: res!.status, code: res!.json?.code }, JSON.stringify(res!.json)).toEqual({ status: 422, code: '002140' });
    expect(unsupported.some((f) => unsupportedMessage(f).test(String(res!.json?.message))), String(res!.json?.message)).toBe(true);
    tally.failedClosed++;
    return;
  }
  try {
    await answers(c, ctx);
    tally.answered++;
  } catch (e) {
    // A listed form failing closed is what PostgreSQL answers; anything else is a failure.
    const message = (e as Error).message;
    if (ON_POSTGRES && message.includes('"code":"002140"') && formsOf(c).some((f) => unsupportedMessage(f.feature).test(message.replace(/\\n/g, '\n')))) {
      tally.failedClosed++;
      return;
    }
    throw e;
  }
}

async function answers(c: FunctionCase, ctx: Partial<Awaited<ReturnType<typeof freshDatabase>>>): Promise<void> {
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
    test.concurrent.each(cases.map((c) => [c.name ?? c.sql, c] as const))('%s', async (_n, c) => {
      tally.cases++;
      await runCase(c);
    });
  });
}

afterAll(() => {
  const pct = (n: number) => (tally.cases ? ((100 * n) / tally.cases).toFixed(1) : '0');
  const closed = ON_POSTGRES ? `, ${tally.failedClosed} failed closed as listed (${pct(tally.failedClosed)} %)` : '';
  console.log(`function corpus on ${ON_POSTGRES ? 'postgres' : 'sql.js'}: ${tally.answered}/${tally.cases} cases answered (${pct(tally.answered)} %)${closed}`);
});

test('every case name is unique', () => {
  const all = FAMILIES.flatMap(([f, cs]) => cs.map((c) => `${f}/${c.name ?? c.sql}`));
  expect(new Set(all).size).toBe(all.length);
});
