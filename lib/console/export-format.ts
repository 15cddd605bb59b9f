/**
 * Text encodings of a result for download, written one partition at a time (pure: no I/O).
 * CSV (RFC 4180): a header of column names, CRLF line ends, cells as the console grid shows them
 * (lib/values/display.ts), NULL as an empty field and the empty string as "" so the two stay
 * apart. JSON: an array of objects keyed by column name (a repeated name gets a _2, _3…
 * suffix), values typed: numbers where exact, booleans, ISO-8601 dates and times, VARIANT as JSON.
 */
import { makeDisplayFormatter, makeJsonFormatter, type DisplayColumn, type ResultParameters } from '@/lib/values/display';

export type Cell = string | null;
export interface ExportColumn extends DisplayColumn { name: string }
export type ExportFormat = 'csv' | 'json';

export interface ResultEncoder {
  contentType: string;
  head(): string;
  /** Rows of one partition; `rowsBefore`: whether earlier partitions wrote any row. */
  rows(rows: readonly Cell[][], rowsBefore: boolean): string;
  tail(): string;
}

export function csvField(v: Cell): string {
  if (v === null) return '';
  if (v === '' || /[",\r\n]/.test(v) || v !== v.trim()) return `"${v.replace(/"/g, '""')}"`;
  return v;
}

const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** Column names made unique so that no JSON key hides another. */
export function uniqueKeys(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    let k = n;
    for (let i = 2; used.has(k); i++) k = `${n}_${i}`;
    used.add(k);
    return k;
  });
}

export function encoderFor(format: ExportFormat, columns: readonly ExportColumn[], params: ResultParameters): ResultEncoder {
  if (format === 'csv') {
    const shown = columns.map((c) => makeDisplayFormatter(c, params));
    const row = (cells: readonly Cell[]) => csvLine(shown.map((f, i) => f(cells[i] ?? null)));
    return { contentType: 'text/csv; charset=utf-8', head: () => csvLine(columns.map((c) => c.name)), rows: (rows) => rows.map(row).join(''), tail: () => '' };
  }
  const keys = uniqueKeys(columns.map((c) => c.name)).map((k) => JSON.stringify(k));
  const typed = columns.map((c) => makeJsonFormatter(c, params));
  const object = (row: readonly Cell[]) => `{${keys.map((k, i) => `${k}:${typed[i](row[i] ?? null)}`).join(',')}}`;
  return {
    contentType: 'application/json; charset=utf-8',
    head: () => '[',
    rows: (rows, rowsBefore) => rows.map((r, i) => `${!rowsBefore && i === 0 ? '\n' : ',\n'}${object(r)}`).join(''),
    tail: () => '\n]\n',
  };
}
