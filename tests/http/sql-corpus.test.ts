// Table-driven Snowflake SQL corpus through the real HTTP API: one file per area under
// corpus/, each case in a fresh database of its own, expected answers as Snowflake documents them.
import { describe, expect, test } from 'vitest';
import { exec, ok, poll, type StatementJson } from './client';
import { freshDatabase } from './helpers';
import { onPostgres } from './server-control';
import type { CorpusCase } from './corpus/types';
import { identifiers } from './corpus/identifiers';
import { ddl } from './corpus/ddl';
import { dml } from './corpus/dml';
import { showDescribe } from './corpus/show-describe';
import { informationSchema } from './corpus/information-schema';
import { session } from './corpus/session';
import { transactions } from './corpus/transactions';
import { errors } from './corpus/errors';
import { warehouses } from './corpus/warehouses';
import { metadata } from './corpus/metadata';
import { unsupportedStatements } from './corpus/unsupported';
import { tableKinds } from './corpus/table-kinds';
import { defaults } from './corpus/defaults';
import { values } from './corpus/values';
import { toolSql } from './corpus/tool-sql';

const AREAS: [string, CorpusCase[]][] = [
  ['identifiers', identifiers], ['ddl', ddl], ['dml', dml], ['show-describe', showDescribe],
  ['information-schema', informationSchema], ['session', session], ['transactions', transactions], ['errors', errors], ['warehouses', warehouses], ['metadata', metadata],
  ['unsupported', unsupportedStatements],
  ['table-kinds', tableKinds], ['defaults', defaults], ['values', values],
  ['tool-sql', toolSql],
];

// `{db}` is the case's database, `{dblower}` its name in lower case (for case-insensitive LIKE).
const fill = <T>(v: T, db: string): T => JSON.parse(JSON.stringify(v).replaceAll('{dblower}', db.toLowerCase()).replaceAll('{db}', db)) as T;

async function runCase(c: CorpusCase): Promise<void> {
  const ctx = await freshDatabase();
  const db = ctx.database;
  for (const s of c.setup ?? []) await ok(fill(s, db), ctx);
  const sql = fill(c.sql, db);
  let res = await exec(sql, c.multi ? { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 0 } } : ctx);
  if (c.multi && res.status === 200) {
    const handles = res.json!.statementHandles!;
    res = await poll(handles[handles.length - 1]);
  }
  const e = fill(onPostgres() && c.onPostgres ? c.onPostgres : c.expect, db);
  const body = res.json as StatementJson;
  if ('error' in e) {
    expect({ status: res.status, code: body?.code }, JSON.stringify(body)).toEqual({ status: 422, code: e.error });
    if (e.sqlState) expect(body.sqlState).toBe(e.sqlState);
    if (e.message !== undefined) expect(body.message).toBe(e.message);
    return;
  }
  expect(res.status, JSON.stringify(body)).toBe(200);
  const rowType = body.resultSetMetaData!.rowType;
  if (e.columns) expect(rowType.map((r) => [r.name, r.type])).toEqual(e.columns);
  if (e.names) expect(rowType.map((r) => r.name)).toEqual(e.names);
  if (e.rows) {
    const idx = e.pick?.map((n) => rowType.findIndex((r) => r.name === n)) ?? rowType.map((_, i) => i);
    expect(body.data!.map((r) => idx.map((i) => r[i]))).toEqual(e.rows);
  }
}

/**
 * Areas whose cases create or alter account-wide objects (warehouses) run one case at a time; the
 * others' cases each have a database of their own and run several at once (as function-corpus's
 * do), overlapping their round trips instead of queueing 500 database creations one by one.
 */
const ONE_AT_A_TIME = new Set(['warehouses']);

for (const [area, cases] of AREAS) {
  describe(area, () => {
    const each = (list: CorpusCase[]) => list.map((c) => [c.name, c] as const);
    const kind = ONE_AT_A_TIME.has(area) ? test : test.concurrent;
    kind.each(each(cases.filter((c) => !c.known)))('%s', async (_name, c) => runCase(c));
    // Known gaps stay listed and fail loudly once they start passing.
    const known = cases.filter((c) => c.known);
    if (known.length > 0) test.fails.each(each(known))('known gap: %s', async (_name, c) => runCase(c));
  });
}

test('the corpus has at least 150 cases with unique names', () => {
  const all = AREAS.flatMap(([a, cs]) => cs.map((c) => `${a}/${c.name}`));
  expect(all.length).toBeGreaterThanOrEqual(150);
  expect(new Set(all).size).toBe(all.length);
});
