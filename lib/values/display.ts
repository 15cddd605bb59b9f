/**
 * Result cells as people read them: the console grid, Copy as TSV and the CSV export show this
 * text; the JSON export writes the typed form. Input is a cell's jsonv2 wire text and the
 * result's `resultSetMetaData.parameters` (the effective output formats and TIMEZONE, echoed
 * with every result), so a result shows the same wherever and whenever it is read.
 *
 * Under Snowflake's default output formats the wire carries epoch encodings (DATE as days, TIME
 * and TIMESTAMP_* as seconds.nanoseconds, TIMESTAMP_TZ with its offset + 1440): those cells are
 * decoded (wire-decode.ts) and rendered by the format model (format-model.ts, via the cell
 * encoders) in Snowflake's display defaults. A format the session set itself was already
 * applied by the server: such cells are shown as they came.
 *
 * Pure and browser-safe (the console bundles this module): import it by its own path, not
 * through lib/values/index.ts.
 */
import { makeCellEncoder, type CellEncoder } from './encode';
import { isAutoFormat } from './format-model';
import type { OutputFormats, WireType } from './types';
import { readVariant, stringifyVariant, VNum, type Variant } from './variant';
import { storedFromWire } from './wire-decode';

/** What the formatters need of a rowType entry. */
export interface DisplayColumn { type: string; scale?: number | null }
/** resultSetMetaData.parameters: lower-case keys (date_output_format, …, timezone). */
export type ResultParameters = Readonly<Record<string, string>> | null | undefined;
export type Cell = string | null;

/** Snowflake's session default when TIMEZONE was never set (lib/sql/session-parameters). */
export const DEFAULT_TIMEZONE = 'America/Los_Angeles';

const TIMESTAMP_DEFAULT = 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM';
const set = (f: string | null | undefined): string | null => (isAutoFormat(f) ? null : (f as string));

/**
 * The format a value of `wire` type is shown in when the session gives none: the session's
 * format when set, else Snowflake's default (TIMESTAMP_NTZ without the zone elements).
 * TO_VARCHAR without a format uses the same (lib/sql/functions/value-kinds.ts).
 */
export function defaultOutputFormat(wire: string | undefined, f: Partial<OutputFormats>): string {
  switch (wire) {
    case 'date': return set(f.dateOutputFormat) ?? 'YYYY-MM-DD';
    case 'time': return set(f.timeOutputFormat) ?? 'HH24:MI:SS';
    case 'timestamp_ntz': return set(f.timestampNtzOutputFormat) ?? set(f.timestampOutputFormat) ?? 'YYYY-MM-DD HH24:MI:SS.FF3';
    case 'timestamp_ltz': return set(f.timestampLtzOutputFormat) ?? set(f.timestampOutputFormat) ?? TIMESTAMP_DEFAULT;
    case 'timestamp_tz': return set(f.timestampTzOutputFormat) ?? set(f.timestampOutputFormat) ?? TIMESTAMP_DEFAULT;
    case 'binary': return set(f.binaryOutputFormat) ?? 'HEX';
    default: return '';
  }
}

/** Per temporal type: the echoed parameter, the value it has when the server sent epoch text, and that text's shape. */
const TEMPORAL: Record<string, { key: string; echoedDefault: string; epoch: RegExp; field: keyof OutputFormats }> = {
  date: { key: 'date_output_format', echoedDefault: 'YYYY-MM-DD', epoch: /^-?\d+$/, field: 'dateOutputFormat' },
  time: { key: 'time_output_format', echoedDefault: 'HH24:MI:SS', epoch: /^\d+(?:\.\d{1,9})?$/, field: 'timeOutputFormat' },
  timestamp_ntz: { key: 'timestamp_ntz_output_format', echoedDefault: TIMESTAMP_DEFAULT, epoch: /^-?\d+(?:\.\d{1,9})?$/, field: 'timestampNtzOutputFormat' },
  timestamp_ltz: { key: 'timestamp_ltz_output_format', echoedDefault: TIMESTAMP_DEFAULT, epoch: /^-?\d+(?:\.\d{1,9})?$/, field: 'timestampLtzOutputFormat' },
  timestamp_tz: { key: 'timestamp_tz_output_format', echoedDefault: TIMESTAMP_DEFAULT, epoch: /^-?\d+(?:\.\d{1,9})? \d+$/, field: 'timestampTzOutputFormat' },
};

/**
 * Whether the server sent this type's cells epoch-encoded: it does exactly when no format was
 * set (the echo then shows the default). A set format that equals the default gives text that
 * is not epoch-shaped, which the per-cell shape test leaves as it is.
 */
function epochEncoded(type: string, params: ResultParameters): boolean {
  const t = TEMPORAL[type];
  const echoed = params?.[t.key];
  return echoed == null || isAutoFormat(echoed) || echoed === t.echoedDefault;
}

/** An encoder of stored values of a temporal column rendering `format` (LTZ in the result's time zone). */
function temporalEncoder(col: DisplayColumn, format: string, params: ResultParameters): CellEncoder {
  const t = TEMPORAL[col.type];
  const formats: OutputFormats = { timezone: params?.timezone || DEFAULT_TIMEZONE, [t.field]: format };
  try {
    return makeCellEncoder({ type: col.type as WireType, scale: col.scale ?? null }, formats);
  } catch {
    // An unknown time zone (an old result, a zone this browser lacks): show LTZ in UTC.
    return makeCellEncoder({ type: col.type as WireType, scale: col.scale ?? null }, { ...formats, timezone: 'UTC' });
  }
}

/** Epoch-encoded cells of a temporal column rendered by `format`; anything else as it came. */
function temporalFormatter(col: DisplayColumn, format: string, params: ResultParameters): ((cell: string) => string) | null {
  if (!epochEncoded(col.type, params)) return null;
  const enc = temporalEncoder(col, format, params);
  const shape = TEMPORAL[col.type].epoch;
  return (cell) => {
    if (!shape.test(cell)) return cell;
    const stored = storedFromWire(col.type as WireType, cell);
    return typeof stored === 'string' ? (enc(stored) ?? cell) : cell;
  };
}

/** Compact one-line JSON of a VARIANT/OBJECT/ARRAY cell (the wire's is pretty-printed over many lines); numbers keep their digits. */
function compactJson(cell: string): string {
  try {
    return stringifyVariant(readVariant(cell));
  } catch {
    return cell;
  }
}

export type CellFormatter = (cell: Cell) => Cell;
const asIs: CellFormatter = (cell) => cell;

/** The display text of one column's cells (NULL stays null: the grid shows NULL, CSV an empty field). */
export function makeDisplayFormatter(col: DisplayColumn, params: ResultParameters): CellFormatter {
  if (col.type in TEMPORAL) {
    const f = temporalFormatter(col, defaultOutputFormat(col.type, {}), params);
    return f ? (cell) => (cell === null ? null : f(cell)) : asIs;
  }
  if (col.type === 'variant' || col.type === 'object' || col.type === 'array') return (cell) => (cell === null ? null : compactJson(cell));
  // NUMBER (exact text with its scale), FLOAT, BOOLEAN, BINARY (in BINARY_OUTPUT_FORMAT) and text
  // arrive as Snowflake displays them.
  return asIs;
}

/** ISO-8601 of each temporal type with the column's fraction digits (the JSON export). */
function isoFormat(type: string, scale: number | null | undefined): string {
  const digits = scale == null || scale < 0 || scale > 9 ? 9 : scale;
  const fraction = digits ? `.FF${digits}` : '';
  switch (type) {
    case 'date': return 'YYYY-MM-DD';
    case 'time': return `HH24:MI:SS${fraction}`;
    case 'timestamp_ntz': return `YYYY-MM-DD"T"HH24:MI:SS${fraction}`;
    default: return `YYYY-MM-DD"T"HH24:MI:SS${fraction}TZH:TZM`;
  }
}

/** A decimal's text as a JSON number when a double reads it back exactly, else as a JSON string. */
function exactNumber(text: string): string {
  const n = Number(text);
  if (!Number.isFinite(n)) return JSON.stringify(text);
  const plain = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return String(n) === (plain === '-0' ? '0' : plain) ? text : JSON.stringify(text);
}

/** Strict JSON of a VARIANT value: missing array elements as null, NaN/Infinity as strings. */
function variantJson(v: Variant): string {
  if (v === undefined || v === null) return 'null';
  if (v instanceof VNum) return Number.isFinite(Number(v.text)) ? v.text : JSON.stringify(v.text);
  if (Array.isArray(v)) return `[${v.map(variantJson).join(',')}]`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${JSON.stringify(k)}:${variantJson(x)}`).join(',')}}`;
  return stringifyVariant(v);
}

/**
 * The JSON text of one column's cells (the JSON export): numbers as JSON numbers where a double
 * holds them exactly, booleans, dates and times as ISO-8601 strings, VARIANT as JSON; the rest
 * (and cells in a format the session set) as strings.
 */
export function makeJsonFormatter(col: DisplayColumn, params: ResultParameters): (cell: Cell) => string {
  const str = (cell: Cell) => JSON.stringify(cell);
  const typed = (f: (cell: string) => string) => (cell: Cell) => (cell === null ? 'null' : f(cell));
  switch (col.type) {
    case 'fixed': return typed((c) => (/^-?\d+(?:\.\d+)?$/.test(c) ? exactNumber(c) : str(c)));
    case 'real': return typed((c) => (Number.isFinite(Number(c)) && c.trim() !== '' ? String(Number(c)) : str(c)));
    case 'boolean': return typed((c) => (c === 'true' || c === 'false' ? c : str(c)));
    case 'variant': case 'object': case 'array':
      return typed((c) => {
        try { return variantJson(readVariant(c)); } catch { return str(c); }
      });
  }
  if (col.type in TEMPORAL) {
    const f = temporalFormatter(col, isoFormat(col.type, col.scale), params);
    if (f) return typed((c) => str(f(c)));
  }
  return str;
}
