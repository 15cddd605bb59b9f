'use client';
/** A chart of a result (bar, line, scatter) with pickers for x, y and series; its points come from the server. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInternalStatement } from '@/lib/client/api/internal-statement';
import type { ResultSet } from '@/lib/client/api/types';
import { useTheme } from '@/features/shell/use-theme';
import { chartOption, MAX_SERIES } from './lib/chart-option';
import { AGGREGATES, CHART_KINDS, CHART_LIMIT, chartSql, columnKind, numericX, type Aggregate, type ChartKind, type ChartSpec } from './lib/result-sql';
import { ExploreError } from './explore-error';
import type { Chart } from './echarts-setup';

/** A first chart that makes sense: y the first numeric column, x the first other column. */
function defaultSpec(result: ResultSet): ChartSpec | null {
  const rt = result.resultSetMetaData.rowType;
  const numeric = rt.flatMap((c, i) => (columnKind(c) === 'number' ? [i] : []));
  if (numeric.length === 0) return null;
  const other = rt.findIndex((c) => columnKind(c) !== 'number');
  const x = other >= 0 ? other : numeric.length > 1 ? numeric[0] : 0;
  const y = numeric.find((i) => i !== x) ?? numeric[0];
  const kind: ChartKind = columnKind(rt[x]) === 'time' ? 'line' : columnKind(rt[x]) === 'number' ? 'scatter' : 'bar';
  return { kind, x, y: [y], series: null, agg: kind === 'bar' ? 'sum' : 'none' };
}

const cssColor = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';

export function ChartView({ result }: { result: ResultSet }) {
  const rt = result.resultSetMetaData.rowType;
  const [spec, setSpec] = useState<ChartSpec | null>(() => defaultSpec(result));
  const q = useInternalStatement(spec ? chartSql(result.statementHandle, rt, spec) : null);
  const { theme } = useTheme();
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const rows = q.data?.rows;
  const build = useMemo(() => {
    if (!spec || !rows) return null;
    return chartOption({
      kind: spec.kind, rows: rows.slice(0, CHART_LIMIT), numericX: numericX(rt, spec), xName: rt[spec.x].name,
      yNames: spec.y.map((i) => (spec.agg === 'none' ? rt[i].name : `${spec.agg.toUpperCase()}(${rt[i].name})`)), hasSeries: spec.series !== null,
      colors: typeof document === 'undefined' ? { fg: '#000', muted: '#666', border: '#ccc' } : { fg: cssColor('--fg'), muted: cssColor('--muted'), border: cssColor('--border') },
    });
    // theme: the colours are read from the page's CSS variables again.
  }, [spec, rows, rt, theme]);

  useEffect(() => {
    if (!build || !el.current) return;
    let cancelled = false;
    const node = el.current;
    void import('./echarts-setup').then(({ init }) => {
      if (cancelled) return;
      chart.current ??= init(node);
      chart.current.setOption(build.option, true);
    });
    return () => { cancelled = true; };
  }, [build]);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const ro = new ResizeObserver(() => chart.current?.resize());
    ro.observe(node);
    return () => { ro.disconnect(); chart.current?.dispose(); chart.current = null; };
  }, []);

  if (!spec) return <p className="muted" data-testid="chart-empty">A chart needs a numeric column; this result has none.</p>;
  const numeric = rt.flatMap((c, i) => (columnKind(c) === 'number' ? [i] : []));
  const set = (next: Partial<ChartSpec>) => setSpec({ ...spec, ...next });
  const name = (i: number) => `${rt[i].name}${rt.filter((c) => c.name === rt[i].name).length > 1 ? ` (#${i + 1})` : ''}`;
  return (
    <div className="chart-view">
      <div className="toolbar chart-pickers">
        <label>Chart <select value={spec.kind} onChange={(e) => set({ kind: e.target.value as ChartKind })} data-testid="chart-kind">
          {CHART_KINDS.map((k) => <option key={k} value={k}>{k[0].toUpperCase() + k.slice(1)}</option>)}
        </select></label>
        <label>X <select value={spec.x} onChange={(e) => set({ x: Number(e.target.value) })} data-testid="chart-x">
          {rt.map((_c, i) => <option key={i} value={i}>{name(i)}</option>)}
        </select></label>
        <label>Y <select value={spec.y[0]} onChange={(e) => set({ y: [Number(e.target.value)] })} data-testid="chart-y">
          {numeric.map((i) => <option key={i} value={i}>{name(i)}</option>)}
        </select></label>
        <label>Aggregate <select value={spec.agg} onChange={(e) => set({ agg: e.target.value as Aggregate })} data-testid="chart-agg">
          {AGGREGATES.map((a) => <option key={a} value={a}>{a === 'none' ? '(every row)' : a.toUpperCase()}</option>)}
        </select></label>
        <label>Series <select value={spec.series ?? ''} onChange={(e) => set({ series: e.target.value === '' ? null : Number(e.target.value) })} data-testid="chart-series">
          <option value="">(none)</option>
          {rt.map((_c, i) => <option key={i} value={i}>{name(i)}</option>)}
        </select></label>
        {q.isFetching && <span className="muted small">Loading points…</span>}
        {rows && rows.length > CHART_LIMIT && <span className="muted small" data-testid="chart-limited">the first {CHART_LIMIT.toLocaleString('en-US')} rows</span>}
        {build && build.droppedSeries > 0 && <span className="muted small">the first {MAX_SERIES} series of {MAX_SERIES + build.droppedSeries}</span>}
      </div>
      {q.error && <ExploreError error={q.error} />}
      {/* ECharts describes the chart (its ARIA label) on its own element; the caption says what was chosen. */}
      <figure className="chart-figure" data-testid="chart">
        <figcaption className="visually-hidden" data-testid="chart-caption">{`${spec.kind} chart of ${spec.y.map((i) => (spec.agg === 'none' ? name(i) : `${spec.agg.toUpperCase()}(${name(i)})`)).join(', ')} by ${name(spec.x)}${spec.series === null ? '' : `, one series per ${name(spec.series)}`}`}</figcaption>
        <div ref={el} className="chart" />
      </figure>
    </div>
  );
}
