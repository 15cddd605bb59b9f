// The console's statements over a stored result (features/explore/lib/result-sql.ts): column
// stats, histograms, sort/filter and chart points, run by the server over RESULT_SCAN.
import { beforeAll, expect, test } from 'vitest';
import { exec, ok } from './client';
import { chartSql, histogramSql, readHistogram, readStats, statsSql, viewSql, type View } from '@/features/explore/lib/result-sql';
import type { RowType } from '@/lib/client/api/types';

let handle = '';
let rowType: RowType[] = [];

beforeAll(async () => {
  // 100 rows: N 0…99, V = N % 7 with every 10th NULL, G a group text, D a date per day, J a VARIANT, F a double, Q one text.
  const r = await ok(`SELECT seq4() AS N, IFF(seq4() % 10 = 0, NULL, seq4() % 7) AS V, 'g' || (seq4() % 3) AS G,
    DATEADD(day, seq4(), '2024-01-01'::DATE) AS D, PARSE_JSON('{"k":' || seq4() || '}') AS J, seq4() / 4 AS F, 'it''s' AS Q
    FROM TABLE(GENERATOR(ROWCOUNT => 100))`);
  handle = r.statementHandle!;
  rowType = r.resultSetMetaData!.rowType as RowType[];
});

test('stats: nulls, distinct, min and max of every column, as the server displays them', async () => {
  const r = await ok(statsSql(handle, rowType));
  const s = readStats(r.data![0], rowType.length);
  expect(s.rows).toBe(100);
  expect(s.columns[0]).toEqual({ nulls: 0, distinct: 100, min: '0', max: '99' });
  expect(s.columns[1]).toEqual({ nulls: 10, distinct: 7, min: '0', max: '6' });
  expect(s.columns[2]).toEqual({ nulls: 0, distinct: 3, min: 'g0', max: 'g2' });
  expect(s.columns[3]).toEqual({ nulls: 0, distinct: 100, min: '2024-01-01', max: '2024-04-09' });
  expect(s.columns[4]).toMatchObject({ nulls: 0, distinct: 100, min: null, max: null });
  expect(s.columns[6]).toEqual({ nulls: 0, distinct: 1, min: "it's", max: "it's" });
});

test('histograms: ten equal-width buckets of numbers and dates, the most frequent values of text', async () => {
  const n = readHistogram((await ok(histogramSql(handle, 0, rowType[0]))).data!, rowType[0]);
  expect(n).toHaveLength(10);
  expect(n[0]).toEqual({ label: '0 – 9', count: 10 });
  expect(n[9]).toEqual({ label: '90 – 99', count: 10 });
  const d = readHistogram((await ok(histogramSql(handle, 3, rowType[3]))).data!, rowType[3]);
  expect(d.reduce((a, b) => a + b.count, 0)).toBe(100);
  expect(d[0].label).toMatch(/^2024-01-01 – 2024-01-1\d$/);
  const g = readHistogram((await ok(histogramSql(handle, 2, rowType[2]))).data!, rowType[2]);
  expect(g).toEqual([{ label: 'g0', count: 34 }, { label: 'g1', count: 33 }, { label: 'g2', count: 33 }]);
  // One value only: one bucket (no division by a zero range).
  const one = readHistogram((await ok(histogramSql(handle, 6, rowType[6]))).data!, rowType[6]);
  expect(one).toEqual([{ label: "it's", count: 100 }]);
});

test('sort and filter of the whole result: a statement of its own, with the same columns', async () => {
  const view: View = { filters: [{ column: 2, op: '=', value: 'g1' }, { column: 1, op: 'is not null', value: '' }], sort: { column: 1, desc: true } };
  const r = await ok(viewSql(handle, view));
  expect(r.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(rowType.map((c) => c.name));
  const v = r.data!.map((row) => Number(row[1]));
  expect(v.length).toBe(30);
  expect(v).toEqual([...v].sort((a, b) => b - a));
  expect(r.data!.every((row) => row[2] === 'g1')).toBe(true);
  // contains: case-insensitive over the value's text, whatever the type; quotes in values stay data.
  expect((await ok(viewSql(handle, { filters: [{ column: 3, op: 'contains', value: '2024-02-2' }], sort: null }))).data).toHaveLength(10);
  expect((await ok(viewSql(handle, { filters: [{ column: 6, op: '=', value: "it's" }], sort: null }))).data).toHaveLength(100);
  expect((await ok(viewSql(handle, { filters: [{ column: 2, op: 'contains', value: "G1' OR '1'='1" }], sort: null }))).data).toHaveLength(0);
  // NULLs last either way.
  const asc = await ok(viewSql(handle, { filters: [], sort: { column: 1, desc: false } }));
  expect(asc.data!.slice(-10).every((row) => row[1] === null)).toBe(true);
  // A value the column's type does not take: the statement's own error, not a 500.
  const bad = await exec(viewSql(handle, { filters: [{ column: 0, op: '>', value: 'abc' }], sort: null }));
  expect(bad.status).toBe(422);
  expect(bad.json).toMatchObject({ code: '100038' });
});

test('chart points: rows as they are, or one per x (and series) aggregated by the server', async () => {
  const rows = await ok(chartSql(handle, rowType, { kind: 'line', x: 3, y: [0], series: null, agg: 'none' }));
  expect(rows.data![0]).toEqual(['2024-01-01', '0']);
  expect(rows.data).toHaveLength(100);
  const bars = await ok(chartSql(handle, rowType, { kind: 'bar', x: 2, y: [0], series: null, agg: 'sum' }));
  expect(bars.data).toEqual([['g0', '1683'], ['g1', '1617'], ['g2', '1650']]);
  const split = await ok(chartSql(handle, rowType, { kind: 'bar', x: 1, y: [0], series: 2, agg: 'count' }));
  expect(split.data!.filter((r) => r[0] === '3').map((r) => r[2]).sort()).toEqual(['g0', 'g1', 'g2']);
  const scatter = await ok(chartSql(handle, rowType, { kind: 'scatter', x: 0, y: [5], series: null, agg: 'none' }));
  expect(scatter.data![5]).toEqual(['5', '1.250000']);
});

test('repeated column names: stats, sort and filter read each column by position', async () => {
  const r = await ok("SELECT COLUMN1 AS X, COLUMN2 AS X FROM VALUES (1, 10), (2, 30), (3, 20)");
  const types = r.resultSetMetaData!.rowType as RowType[];
  const s = readStats((await ok(statsSql(r.statementHandle!, types))).data![0], 2);
  expect(s.columns.map((c) => [c.min, c.max])).toEqual([['1', '3'], ['10', '30']]);
  const sorted = await ok(viewSql(r.statementHandle!, { filters: [{ column: 1, op: '>', value: '10' }], sort: { column: 1, desc: true } }));
  expect(sorted.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['X', 'X']);
  expect(sorted.data).toEqual([['2', '30'], ['3', '20']]);
});
