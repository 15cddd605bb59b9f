// Snowflake SQL that tools and test suites use (issue 19), where the answer is more than the
// corpus checks: stats, several statements of one session, catalog state after a statement.
import { describe, expect, test } from 'vitest';
import { exec, ok, poll, type StatementJson } from './client';
import { freshDatabase } from './helpers';

type Ctx = Awaited<ReturnType<typeof freshDatabase>>;

/** The last statement's answer of a multi-statement request (one session for all of them). */
async function last(sql: string, ctx: Ctx): Promise<{ status: number; json: StatementJson }> {
  const res = await exec(sql, { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 0 } });
  if (res.status !== 200) return { status: res.status, json: res.json! };
  const handles = res.json!.statementHandles!;
  const end = await poll(handles[handles.length - 1]);
  return { status: end.status, json: end.json! };
}

describe('TRUNCATE', () => {
  test('answers the status row with the rows it removed in the stats', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE temp (i NUMBER)', ctx);
    await ok('INSERT INTO temp SELECT SEQ8() FROM TABLE(GENERATOR(ROWCOUNT => 20)) v', ctx);
    const t = await ok('TRUNCATE TABLE IF EXISTS temp', ctx);
    expect(t.resultSetMetaData!.rowType.map((r) => [r.name, r.type])).toEqual([['status', 'text']]);
    expect(t.data).toEqual([['Statement executed successfully.']]);
    expect(t.stats).toEqual({ numRowsDeleted: 20 });
    expect((await ok('SELECT COUNT(*) FROM temp', ctx)).data).toEqual([['0']]);
    expect((await ok('TRUNCATE TABLE temp', ctx)).stats).toEqual({ numRowsDeleted: 0 });
  });
});

describe('SET <var> = <expression>', () => {
  test('evaluates the expression once, when SET runs', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE t (x INT)', ctx);
    await ok('INSERT INTO t VALUES (5), (7)', ctx);
    const r = await last('SET top = (SELECT MAX(x) FROM t); INSERT INTO t VALUES (100); SELECT $top, (SELECT MAX(x) FROM t)', ctx);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual([['7', '100']]);
  });

  test('UNSET drops the variable: reading it again names it', async () => {
    const ctx = await freshDatabase();
    const r = await last('SET v = 1 + 2; UNSET v; SELECT $v', ctx);
    expect(r.status).toBe(422);
    expect(r.json.message).toContain("Session variable '$V' does not exist");
  });
});

