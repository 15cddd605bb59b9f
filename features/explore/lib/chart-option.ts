/**
 * An ECharts option from a chart query's rows (result-sql.ts chartSql: x, each y, then the
 * series' text). Pure: the chart view hands it to ECharts as it is.
 */
import type { Cell } from '@/lib/client/api/types';
import type { ChartKind } from './result-sql';

/** Series drawn at most when a series column splits the rows (the rest are left out and said so). */
export const MAX_SERIES = 20;

export interface ChartInput {
  kind: ChartKind;
  rows: Cell[][];
  /** x is numeric (a value axis) rather than categories. */
  numericX: boolean;
  xName: string;
  yNames: string[];
  /** The rows end with a series column. */
  hasSeries: boolean;
  colors: { fg: string; muted: string; border: string };
}

const num = (c: Cell) => (c === null ? null : Number(c));

export interface ChartBuild { option: Record<string, unknown>; seriesCount: number; droppedSeries: number }

export function chartOption(input: ChartInput): ChartBuild {
  const { kind, rows, numericX, yNames, hasSeries, colors } = input;
  const sIndex = 1 + yNames.length;
  // Series: (series value × y column) groups of rows, in order of first appearance.
  const groups = new Map<string, { name: string; y: number; rows: Cell[][] }>();
  for (const r of rows) {
    const s = hasSeries ? (r[sIndex] ?? 'NULL') : '';
    yNames.forEach((yName, y) => {
      const key = `${s}\u0000${y}`;
      let g = groups.get(key);
      if (!g) {
        const name = hasSeries ? (yNames.length > 1 ? `${s} · ${yName}` : s) : yName;
        groups.set(key, (g = { name, y, rows: [] }));
      }
      g.rows.push(r);
    });
  }
  const all = [...groups.values()];
  const kept = all.slice(0, MAX_SERIES);
  const categories = numericX ? null : [...new Set(rows.map((r) => r[0] ?? 'NULL'))];
  const catIndex = categories ? new Map(categories.map((c, i) => [c, i])) : null;
  const series = kept.map((g) => {
    let data: unknown[];
    if (catIndex) {
      data = new Array(categories!.length).fill(null);
      for (const r of g.rows) data[catIndex.get(r[0] ?? 'NULL')!] = num(r[1 + g.y]);
    } else {
      data = g.rows.map((r) => [num(r[0]), num(r[1 + g.y])]);
    }
    return { name: g.name, type: kind, data, ...(kind === 'line' ? { showSymbol: rows.length <= 200, connectNulls: true } : {}), ...(kind === 'scatter' ? { symbolSize: 6 } : {}) };
  });
  const axisStyle = { axisLabel: { color: colors.muted }, axisLine: { lineStyle: { color: colors.border } }, splitLine: { lineStyle: { color: colors.border } }, nameTextStyle: { color: colors.muted } };
  const option = {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: colors.fg },
    tooltip: { trigger: kind === 'scatter' ? 'item' : 'axis' },
    legend: { show: series.length > 1, type: 'scroll', textStyle: { color: colors.fg }, top: 0 },
    grid: { left: 56, right: 24, top: series.length > 1 ? 36 : 16, bottom: 48, containLabel: true },
    xAxis: categories
      ? { type: 'category', data: categories, name: input.xName, nameLocation: 'middle', nameGap: 32, ...axisStyle }
      : { type: 'value', scale: true, name: input.xName, nameLocation: 'middle', nameGap: 32, ...axisStyle },
    yAxis: { type: 'value', scale: kind !== 'bar', name: yNames.length === 1 ? yNames[0] : '', ...axisStyle },
    series,
  };
  return { option, seriesCount: series.length, droppedSeries: all.length - kept.length };
}
