// A query compiled once is reused for the same text (lib/sql/compile/compile-cache.ts): these
// repeat one text under every change that must make it compile afresh and check each answer is
// what a first compile gives. USE_CACHED_RESULT is off so every statement really runs.
import { beforeAll, describe, expect, test } from 'vitest';
import { exec, getStatement, ok, type ExecOptions } from './client';
import { freshDatabase } from './helpers';

let ctx: { database: string; schema: string };
const NO_RESULT_CACHE = { USE_CACHED_RESULT: 'FALSE' };

const run = (sql: string, opts: ExecOptions = {}) => ok(sql, { ...ctx, ...opts, parameters: { ...NO_RESULT_CACHE, ...opts.parameters } });

beforeAll(async () => {
  ctx = await freshDatabase();
  await ok('CREATE SCHEMA OTHER', ctx);
  await ok('CREATE TABLE PUBLIC.T (A INT)', ctx);
  await ok('INSERT INTO PUBLIC.T VALUES (1)', ctx);
  await ok('CREATE TABLE OTHER.T (A VARCHAR)', ctx);
  await ok("INSERT INTO OTHER.T VALUES ('other')", ctx);
});

describe('compiled queries reused by text', () => {
  test('the same text resolves against each request’s own schema', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await run('SELECT A FROM T', { schema: 'PUBLIC' })).data).toEqual([['1']]);
      const other = await run('SELECT A FROM T', { schema: 'OTHER' });
      expect(other.data).toEqual([['other']]);
      expect(other.resultSetMetaData!.rowType[0]).toMatchObject({ type: 'text', schema: 'OTHER' });
    }
  });

  test('a table change (DDL) is seen by the next run of the same text', async () => {
    await run('CREATE TABLE R (X INT)');
    await run("INSERT INTO R VALUES (5)");
    expect((await run('SELECT * FROM R')).resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['X']);
    await run('ALTER TABLE R ADD COLUMN Y VARCHAR');
    const after = await run('SELECT * FROM R');
    expect(after.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['X', 'Y']);
    expect(after.data).toEqual([['5', null]]);
    await run('DROP TABLE R');
    const gone = await exec('SELECT * FROM R', { ...ctx, parameters: NO_RESULT_CACHE });
    expect(gone.status).toBe(422);
    expect(gone.json!.code).toBe('002003');
  });

  test('session-dependent functions answer per request', async () => {
    const a = await run('SELECT CURRENT_SESSION(), CURRENT_STATEMENT(), CURRENT_SCHEMA()', { schema: 'PUBLIC' });
    const b = await run('SELECT CURRENT_SESSION(), CURRENT_STATEMENT(), CURRENT_SCHEMA()', { schema: 'OTHER' });
    expect(b.data![0][0]).not.toBe(a.data![0][0]);
    expect(b.data![0][1]).not.toBe(a.data![0][1]);
    expect([a.data![0][2], b.data![0][2]]).toEqual(['PUBLIC', 'OTHER']);
  });

  test('session variables and format parameters are read afresh', async () => {
    const multi = (v: number) => exec(`SET V = ${v}; SELECT $V + 1`, { ...ctx, parameters: { ...NO_RESULT_CACHE, MULTI_STATEMENT_COUNT: '2' } });
    for (const v of [1, 41]) {
      const res = await multi(v);
      expect(res.status).toBe(200);
      const handles = res.json!.statementHandles as string[];
      const second = await getStatement(handles[1]);
      expect(second.json!.data).toEqual([[String(v + 1)]]);
    }
    const iso = await run("SELECT '2024-03-05'::DATE");
    const us = await run("SELECT '2024-03-05'::DATE", { parameters: { DATE_OUTPUT_FORMAT: 'MM/DD/YYYY' } });
    expect(iso.data).toEqual([['19787']]);
    expect(us.data).toEqual([['03/05/2024']]);
  });

  test('bind types are part of what was compiled', async () => {
    const text = await run('SELECT ?', { bindings: { 1: { type: 'TEXT', value: '7' } } });
    const fixed = await run('SELECT ?', { bindings: { 1: { type: 'FIXED', value: '7' } } });
    expect(text.resultSetMetaData!.rowType[0].type).toBe('text');
    expect(fixed.resultSetMetaData!.rowType[0].type).toBe('fixed');
  });
});
