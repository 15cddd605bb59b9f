/**
 * What the engine's conversion and date functions are told about their arguments: the kind of
 * a typed value (TIMESTAMP_LTZ and TIMESTAMP_NTZ are stored alike, only the type tells them
 * apart), the target of a conversion, the session's output format for a type, and date parts.
 */
import { datePartOf, defaultOutputFormat, isAutoFormat, type DatePart, type OutputFormats, type TemporalKind } from '@/lib/values';
import { SqlError } from '../errors';
import type { InputFormats } from '../session';
import { types, type SfType } from '../types';

/** DATE, TIME, NTZ, LTZ or TZ for temporal types; AUTO for anything else (text is parsed). */
export function temporalKindOf(t: SfType | null): TemporalKind {
  switch (t?.wire) {
    case 'date': return 'DATE';
    case 'time': return 'TIME';
    case 'timestamp_ntz': return 'NTZ';
    case 'timestamp_ltz': return 'LTZ';
    case 'timestamp_tz': return 'TZ';
    default: return 'AUTO';
  }
}

/** The source kind FLOE_CONVERT reads a value as. */
export function sourceKindOf(t: SfType | null): string {
  switch (t?.wire) {
    case 'boolean': return 'BOOLEAN';
    case 'fixed': return `FIXED:${t.scale ?? 0}`;
    case 'real': return 'REAL';
    case 'text': return 'TEXT';
    case 'binary': return 'BINARY';
    case 'variant': case 'object': case 'array': return 'VARIANT';
    default: return temporalKindOf(t);
  }
}

/** The target FLOE_CONVERT produces, or null when the type needs no conversion function. */
export function targetKindOf(t: SfType): string | null {
  switch (t.wire) {
    case 'fixed': return `FIXED:${t.precision ?? 38}:${t.scale ?? 0}`;
    case 'real': return 'REAL';
    case 'text': return 'TEXT';
    case 'boolean': return 'BOOLEAN';
    case 'binary': return 'BINARY';
    case 'date': return 'DATE';
    case 'time': return 'TIME';
    case 'timestamp_ntz': return 'NTZ';
    case 'timestamp_ltz': return 'LTZ';
    case 'timestamp_tz': return 'TZ';
    default: return null;
  }
}

/** The SfType of a temporal kind (AUTO results are TIMESTAMP_NTZ, the TIMESTAMP mapping). */
export function typeOfKind(k: TemporalKind): SfType {
  switch (k) {
    case 'DATE': return types.date();
    case 'TIME': return types.time();
    case 'LTZ': return types.timestampLtz();
    case 'TZ': return types.timestampTz();
    default: return types.timestampNtz();
  }
}

/** The format TO_VARCHAR uses for a value of `t` when the call gives none (the session's output formats). */
export function defaultTextFormat(t: SfType | null, f: OutputFormats): string {
  return defaultOutputFormat(t?.wire, f);
}

/**
 * The format text converted to `t` is read by when the conversion gives none: the session's
 * DATE/TIME/TIMESTAMP[_NTZ|_LTZ|_TZ]/BINARY_INPUT_FORMAT; null where that is the engines' own
 * reading (AUTO detection, HEX) or `t` is no such type.
 */
export function inputFormatOf(t: SfType, f: InputFormats | undefined): string | null {
  if (!f) return null;
  const variation = (own: string | undefined) => (own !== undefined && own.trim() !== '' ? own : f.timestamp);
  let fmt: string | undefined;
  switch (t.wire) {
    case 'date': fmt = f.date; break;
    case 'time': fmt = f.time; break;
    case 'timestamp_ntz': fmt = variation(f.timestampNtz); break;
    case 'timestamp_ltz': fmt = variation(f.timestampLtz); break;
    case 'timestamp_tz': fmt = variation(f.timestampTz); break;
    case 'binary': return f.binary && f.binary !== 'HEX' ? f.binary : null;
    default: return null;
  }
  return fmt === undefined || isAutoFormat(fmt) ? null : fmt;
}

/** The text of a date-part argument as the parser presents it: month, 'month', MONTH, "Month", {Custom: 'mm'}. */
function partText(node: unknown): string | null {
  if (typeof node === 'string') return node;
  if (!node || typeof node !== 'object') return null;
  const o = node as Record<string, Record<string, unknown>>;
  if (typeof o.Custom === 'string') return o.Custom;
  if (o.var && typeof o.var.this === 'string') return o.var.this;
  if (o.literal && o.literal.literal_type === 'string') return String(o.literal.value);
  const name = o.column?.name as { name?: string } | undefined;
  if (o.column && !o.column.table && typeof name?.name === 'string') return name.name;
  return null;
}

/** Camel-case names of the parser's unit enum that are not Snowflake spellings. */
const ENUM_NAMES: Record<string, string> = { dayofweek: 'dayofweek', dayofyear: 'dayofyear', timezonehour: 'timezone_hour', timezoneminute: 'timezone_minute' };

/** The canonical date part of an argument; a compile error names it when it is unknown. */
export function datePartArg(node: unknown, fn: string): DatePart {
  const text = partText(node);
  const lower = text?.toLowerCase() ?? '';
  const p = text === null ? null : datePartOf(ENUM_NAMES[lower] ?? lower);
  if (!p) throw new SqlError('002062', '22023', `SQL compilation error:\ninvalid value [${text ?? '?'}] for parameter 'date or time part' of function ${fn}`);
  return p;
}
