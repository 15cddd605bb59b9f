import { describe, expect, test } from 'vitest';
import { chartOption } from '@/features/explore/lib/chart-option';
import { chartSql, histogramSql, literal, readHistogram, readStats, scan, statsSql, viewSql } from '@/features/explore/lib/result-sql';
import { clampShare, readShare, shareStep } from '@/components/split-pane/lib/split-share';
import type { RowType } from '@/lib/client/api/types';

const rt: RowType[] = [{ name: 'N', type: 'fixed' }, { name: 'G', type: 'text' }, { name: 'D', type: 'date' }, { name: 'J', type: 'variant' }];
const H = 'abc-123';

describe('statements over a stored result', () => {
  test('names columns by position and quotes what the user typed', () => {
    expect(scan("a'b")).toBe("TABLE(RESULT_SCAN('a''b'))");
    expect(literal("it's \\ here")).toBe("'it''s \\\\ here'");
    expect(viewSql(H, { filters: [{ column: 1, op: '=', value: "x' OR '1'='1" }], sort: { column: 0, desc: true } }))
      .toBe(`SELECT * FROM TABLE(RESULT_SCAN('${H}')) WHERE $2 = 'x'' OR ''1''=''1' ORDER BY $1 DESC NULLS LAST`);
    expect(viewSql(H, { filters: [{ column: 2, op: 'contains', value: 'ABC' }, { column: 0, op: 'is null', value: 'ignored' }], sort: null }))
      .toBe(`SELECT * FROM TABLE(RESULT_SCAN('${H}')) WHERE CONTAINS(LOWER(TO_VARCHAR($3)), 'abc') AND $1 IS NULL`);
  });

  test('stats: four values a column, no MIN/MAX of semi-structured ones', () => {
    const sql = statsSql(H, rt);
    expect(sql).toContain('COUNT($1), COUNT(DISTINCT $1), TO_VARCHAR(MIN($1)), TO_VARCHAR(MAX($1))');
    expect(sql).toContain('COUNT($4), COUNT(DISTINCT $4), NULL, NULL');
    const s = readStats(['10', '8', '3', '1', '9', '10', '2', 'a', 'b', '10', '10', null, null, '0', '0', null, null], 4);
    expect(s.rows).toBe(10);
    expect(s.columns[0]).toEqual({ nulls: 2, distinct: 3, min: '1', max: '9' });
    expect(s.columns[3]).toEqual({ nulls: 10, distinct: 0, min: null, max: null });
  });

  test('histograms: buckets of numbers and dates, top values otherwise', () => {
    expect(histogramSql(H, 2, rt[2])).toContain('DATE_PART(EPOCH_SECOND, $3)');
    expect(histogramSql(H, 1, rt[1])).toContain('GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10');
    expect(readHistogram([['0', '1', '4', '3'], ['9', '9', '9', '1']], rt[0])).toEqual([{ label: '1 – 4', count: 3 }, { label: '9', count: 1 }]);
    expect(readHistogram([[null, '5'], ['a', '2']], rt[1])).toEqual([{ label: 'NULL', count: 5 }, { label: 'a', count: 2 }]);
  });

  test('chart points: numeric x stays a number on line and scatter; aggregates group by x and series', () => {
    expect(chartSql(H, rt, { kind: 'scatter', x: 0, y: [0], series: null, agg: 'none' })).toBe(`SELECT $1, $1 FROM TABLE(RESULT_SCAN('${H}')) LIMIT 5001`);
    expect(chartSql(H, rt, { kind: 'line', x: 2, y: [0], series: 1, agg: 'none' })).toBe(`SELECT TO_VARCHAR($3), $1, TO_VARCHAR($2) FROM TABLE(RESULT_SCAN('${H}')) ORDER BY $3 NULLS LAST LIMIT 5001`);
    expect(chartSql(H, rt, { kind: 'bar', x: 1, y: [0], series: 2, agg: 'avg' }))
      .toBe(`SELECT TO_VARCHAR($2), AVG($1), TO_VARCHAR($3) FROM TABLE(RESULT_SCAN('${H}')) GROUP BY 1, 3 ORDER BY MIN($2) NULLS LAST LIMIT 5001`);
  });
});

describe('chart option', () => {
  const colors = { fg: '#000', muted: '#555', border: '#ccc' };
  test('categories: one series per y, aligned by x', () => {
    const { option, seriesCount } = chartOption({ kind: 'bar', rows: [['a', '1'], ['b', '2']], numericX: false, xName: 'X', yNames: ['Y'], hasSeries: false, colors });
    expect(seriesCount).toBe(1);
    expect((option.xAxis as { data: string[] }).data).toEqual(['a', 'b']);
    expect((option.series as { data: unknown[] }[])[0].data).toEqual([1, 2]);
  });
  test('a series column splits the rows; missing points are gaps; too many series are cut', () => {
    const rows = [['a', '1', 's1'], ['b', '2', 's2'], ['b', '3', 's1']];
    const { option } = chartOption({ kind: 'line', rows, numericX: false, xName: 'X', yNames: ['Y'], hasSeries: true, colors });
    const series = option.series as { name: string; data: unknown[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([['s1', [1, 3]], ['s2', [null, 2]]]);
    const many = Array.from({ length: 25 }, (_, i) => [String(i), '1', `s${i}`]);
    expect(chartOption({ kind: 'scatter', rows: many, numericX: true, xName: 'X', yNames: ['Y'], hasSeries: true, colors })).toMatchObject({ seriesCount: 20, droppedSeries: 5 });
  });
  test('numeric x: [x, y] pairs on a value axis', () => {
    const { option } = chartOption({ kind: 'scatter', rows: [['1.5', '2'], ['3', null]], numericX: true, xName: 'X', yNames: ['Y'], hasSeries: false, colors });
    expect((option.xAxis as { type: string }).type).toBe('value');
    expect((option.series as { data: unknown[] }[])[0].data).toEqual([[1.5, 2], [3, null]]);
  });
});

describe('splitter share', () => {
  test('keys step within bounds; a stored value is read back or the default used', () => {
    expect(shareStep('ArrowDown', 0.3)).toBe(0.35);
    expect(shareStep('ArrowUp', 0.12)).toBe(0.1);
    expect(shareStep('PageDown', 0.8)).toBe(0.9);
    expect(shareStep('Home', 0.5)).toBe(0.1);
    expect(shareStep('x', 0.5)).toBeNull();
    expect(clampShare(0.33333)).toBe(0.333);
    expect(readShare('0.4', 0.3)).toBe(0.4);
    expect(readShare('junk', 0.3)).toBe(0.3);
    expect(readShare('2', 0.3)).toBe(0.3);
    expect(readShare(null, 0.3)).toBe(0.3);
  });
});
