/**
 * The statements the console runs over a stored result (TABLE(RESULT_SCAN('<handle>'))): column
 * stats, a histogram, a sorted/filtered copy and chart points. The server computes all of them
 * over the whole result; the browser only reads their (small, or partitioned) answers. Columns are
 * named by position ($n): result column names may repeat or be any text. Values from the user are
 * string literals (quotes doubled); the server casts them to the column's type, as Snowflake does.
 */
import type { RowType } from '@/lib/client/api/types';

export const scan = (handle: string) => `TABLE(RESULT_SCAN('${handle.replace(/'/g, "''")}'))`;
export const literal = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const col = (index: number) => `$${index + 1}`;

export type ColumnKind = 'number' | 'time' | 'semi' | 'other';
const TIMES = new Set(['date', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz']);

/** How a column is summarised and charted: by value (numbers), by instant (dates), or by its text. */
export function columnKind(c: RowType): ColumnKind {
  if (c.type === 'fixed' || c.type === 'real') return 'number';
  if (TIMES.has(c.type)) return 'time';
  if (c.type === 'variant' || c.type === 'object' || c.type === 'array') return 'semi';
  return 'other';
}

/**
 * One row: the row count, then per column non-NULL count, distinct count, min and max as the
 * server displays them (TO_VARCHAR: dates, times and numbers in the session's formats). MIN/MAX
 * of semi-structured values mean little: NULL there.
 */
export function statsSql(handle: string, rowType: RowType[]): string {
  const parts = rowType.flatMap((c, i) => {
    const x = col(i);
    const semi = columnKind(c) === 'semi';
    return [`COUNT(${x})`, `COUNT(DISTINCT ${x})`, semi ? 'NULL' : `TO_VARCHAR(MIN(${x}))`, semi ? 'NULL' : `TO_VARCHAR(MAX(${x}))`];
  });
  return `SELECT COUNT(*), ${parts.join(', ')} FROM ${scan(handle)}`;
}

export interface ColumnStats { nulls: number; distinct: number; min: string | null; max: string | null }

/** The stats row (statsSql's answer) per column. */
export function readStats(row: (string | null)[], columns: number): { rows: number; columns: ColumnStats[] } {
  const rows = Number(row[0]);
  return {
    rows,
    columns: Array.from({ length: columns }, (_, i) => {
      const [nonNull, distinct, min, max] = row.slice(1 + i * 4, 5 + i * 4);
      return { nulls: rows - Number(nonNull), distinct: Number(distinct), min, max };
    }),
  };
}

export const BUCKETS = 10;

/**
 * A small histogram of one column. Numbers and dates: BUCKETS equal-width buckets between the
 * column's min and max (each row: bucket, its lowest and highest value as text, count). Anything
 * else: the most frequent values (value as text, count), NULL among them.
 */
export function histogramSql(handle: string, index: number, c: RowType): string {
  const x = col(index);
  const kind = columnKind(c);
  if (kind === 'number' || kind === 'time') {
    const key = kind === 'time' ? `DATE_PART(EPOCH_SECOND, ${x})` : x;
    return `WITH v AS (SELECT ${x} AS x, ${key} AS k FROM ${scan(handle)} WHERE ${x} IS NOT NULL), `
      + 'r AS (SELECT MIN(k) AS lo, MAX(k) AS hi FROM v) '
      + `SELECT IFF(r.hi = r.lo, 0, LEAST(${BUCKETS - 1}, FLOOR((v.k - r.lo) * ${BUCKETS} / (r.hi - r.lo)))) AS bucket, `
      + 'TO_VARCHAR(MIN(v.x)) AS lo, TO_VARCHAR(MAX(v.x)) AS hi, COUNT(*) AS n FROM v, r GROUP BY 1 ORDER BY 1';
  }
  return `SELECT TO_VARCHAR(${x}) AS value, COUNT(*) AS n FROM ${scan(handle)} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${BUCKETS}`;
}

export interface Bar { label: string; count: number }

/** histogramSql's rows as bars: numeric buckets labelled lo – hi (empty buckets are not shown). */
export function readHistogram(rows: (string | null)[][], c: RowType): Bar[] {
  const kind = columnKind(c);
  if (kind === 'number' || kind === 'time') {
    return rows.map(([, lo, hi, n]) => ({ label: lo === hi ? String(lo) : `${lo} – ${hi}`, count: Number(n) }));
  }
  return rows.map(([v, n]) => ({ label: v === null ? 'NULL' : v, count: Number(n) }));
}

export const FILTER_OPS = ['contains', '=', '<>', '<', '<=', '>', '>=', 'is null', 'is not null'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export interface Filter { column: number; op: FilterOp; value: string }
export interface Sort { column: number; desc: boolean }
export interface View { filters: Filter[]; sort: Sort | null }

export const takesValue = (op: FilterOp) => op !== 'is null' && op !== 'is not null';

function condition(f: Filter): string {
  const x = col(f.column);
  switch (f.op) {
    case 'is null': return `${x} IS NULL`;
    case 'is not null': return `${x} IS NOT NULL`;
    // Over the value's text, case-insensitively, whatever the column's type.
    case 'contains': return `CONTAINS(LOWER(TO_VARCHAR(${x})), ${literal(f.value.toLowerCase())})`;
    default: return `${x} ${f.op} ${literal(f.value)}`;
  }
}

/** The whole result, filtered and sorted (NULLs last either way), as a statement of its own. */
export function viewSql(handle: string, view: View): string {
  const where = view.filters.length ? ` WHERE ${view.filters.map(condition).join(' AND ')}` : '';
  const order = view.sort ? ` ORDER BY ${col(view.sort.column)} ${view.sort.desc ? 'DESC' : 'ASC'} NULLS LAST` : '';
  return `SELECT * FROM ${scan(handle)}${where}${order}`;
}

export const CHART_KINDS = ['bar', 'line', 'scatter'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const AGGREGATES = ['none', 'sum', 'avg', 'min', 'max', 'count'] as const;
export type Aggregate = (typeof AGGREGATES)[number];
/** agg: rows of equal x (and series) become one point, computed by the server ('none': every row is a point). */
export interface ChartSpec { kind: ChartKind; x: number; y: number[]; series: number | null; agg: Aggregate }
/** Points drawn at most: a chart of more says so. */
export const CHART_LIMIT = 5000;

/**
 * The points of a chart: x (a number when the axis is numeric, else the value's text), each y,
 * then the series' text. Aggregated, one point per x (and series), in x order; lines are drawn
 * along x, so their points are sorted by it; otherwise the result's order. One row more than the
 * limit tells that there are more.
 */
export function chartSql(handle: string, rowType: RowType[], spec: ChartSpec): string {
  const x = col(spec.x);
  const xExpr = numericX(rowType, spec) ? x : `TO_VARCHAR(${x})`;
  const s = spec.series === null ? [] : [`TO_VARCHAR(${col(spec.series)})`];
  const limit = ` LIMIT ${CHART_LIMIT + 1}`;
  if (spec.agg !== 'none') {
    const ys = spec.y.map((i) => `${spec.agg.toUpperCase()}(${col(i)})`);
    const keys = [1, ...(s.length ? [2 + ys.length] : [])];
    return `SELECT ${[xExpr, ...ys, ...s].join(', ')} FROM ${scan(handle)} GROUP BY ${keys.join(', ')} ORDER BY MIN(${x}) NULLS LAST${limit}`;
  }
  const order = spec.kind === 'line' ? ` ORDER BY ${x} NULLS LAST` : '';
  return `SELECT ${[xExpr, ...spec.y.map(col), ...s].join(', ')} FROM ${scan(handle)}${order}${limit}`;
}

/** A value axis for numeric x on line and scatter charts; bars (and any other x) are categories. */
export const numericX = (rowType: RowType[], spec: ChartSpec) => spec.kind !== 'bar' && columnKind(rowType[spec.x]) === 'number';
