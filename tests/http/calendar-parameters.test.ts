// WEEK_START, WEEK_OF_YEAR_POLICY and TIMESTAMP_TYPE_MAPPING through ALTER SESSION, SHOW
// PARAMETERS, and the journal: a write computed with the session's week settings replays with
// them pinned (readers re-run the INSERT), whatever the reading session says.
import { expect, test } from 'vitest';
import { exec, ok, poll } from './client';
import { freshDatabase } from './helpers';

const MULTI = (n: number) => ({ MULTI_STATEMENT_COUNT: n });

test('ALTER SESSION sets the week settings and TIMESTAMP_TYPE_MAPPING; SHOW PARAMETERS reports them', async () => {
  const r = await ok(
    "ALTER SESSION SET WEEK_START = 7, WEEK_OF_YEAR_POLICY = 1, TIMESTAMP_TYPE_MAPPING = TIMESTAMP_LTZ; SELECT DAYOFWEEK('2025-04-05'::DATE), WEEK('2017-01-01'::DATE), '2024-01-01 00:00:00'::TIMESTAMP; SHOW PARAMETERS LIKE 'WEEK%'",
    { parameters: MULTI(3) },
  );
  const selected = (await poll(r.statementHandles![1])).json!;
  expect(selected.data![0].slice(0, 2)).toEqual(['7', '1']);
  expect(selected.resultSetMetaData!.rowType[2].type).toBe('timestamp_ltz');
  const shown = (await poll(r.statementHandles![2])).json!;
  expect(shown.data!.map((row) => row.slice(0, 3)).sort()).toEqual([['WEEK_OF_YEAR_POLICY', '1', '0'], ['WEEK_START', '7', '0']]);
});

test('out-of-range week settings and unknown mappings are refused', async () => {
  for (const sql of ['ALTER SESSION SET WEEK_START = 8', 'ALTER SESSION SET WEEK_OF_YEAR_POLICY = 2', 'ALTER SESSION SET TIMESTAMP_TYPE_MAPPING = TIMESTAMP']) {
    expect((await exec(sql)).json, sql).toMatchObject({ code: '002031' });
  }
  const bad = await exec('SELECT 1', { parameters: { WEEK_OF_YEAR_POLICY: 5 } });
  expect(bad.status).toBe(422);
  expect(bad.json).toMatchObject({ code: '002031' });
});

test('a write replays with the WEEK_START it ran with', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE W (N INT, DOW INT, TRUNC DATE)', ctx);
  // Saturday 2025-04-05: DAYOFWEEK 7 and weeks from Sunday with WEEK_START 7 (6 and Monday by default).
  await ok("INSERT INTO W SELECT 1, DAYOFWEEK('2025-04-05'::DATE), DATE_TRUNC('week', '2025-04-05'::DATE)", { ...ctx, parameters: { WEEK_START: 7 } });
  const reads = await Promise.all([1, 2, 3].map(() => ok('SELECT N, DOW, TO_VARCHAR(TRUNC) FROM W', { ...ctx, parameters: { WEEK_START: 0 } })));
  for (const read of reads) expect(read.data).toEqual([['1', '7', '2025-03-30']]);
});
