/**
 * The value checks of session parameters, the same whether a value comes from a request body's
 * `parameters` (JSON: a string, number or boolean) or from ALTER SESSION SET (its text).
 */
import { isAutoFormat, isFormatModel, normalizeBinaryFormat } from '@/lib/values';
import { SqlError } from '../errors';
import type { TimestampMapping } from '../session';

/** Snowflake's bounds of CLIENT_RESULT_CHUNK_SIZE (MB). */
export const RESULT_CHUNK_MB = { min: 48, max: 160 };

/** Snowflake's message for a value a parameter does not take. */
export const invalidValue = (name: string, value: unknown): SqlError =>
  new SqlError('002031', '22023', `Invalid value [${String(value)}] for parameter '${name}'`);

/** A BOOLEAN session parameter's value (TRUE/FALSE, also 1/0, ON/OFF, YES/NO as Snowflake takes them), or null. */
export function parameterBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  const t = String(v).trim().toUpperCase();
  if (['TRUE', '1', 'ON', 'YES', 'T', 'Y'].includes(t)) return true;
  if (['FALSE', '0', 'OFF', 'NO', 'F', 'N'].includes(t)) return false;
  return null;
}

/** An integer session parameter in [min, max] (a number or its digits), or null. */
export function parameterInteger(v: unknown, min: number, max: number): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** A TIMESTAMP_TYPE_MAPPING value (any case), or null. */
export function parameterTimestampMapping(v: unknown): TimestampMapping | null {
  const t = String(v).trim().toUpperCase();
  return t === 'TIMESTAMP_NTZ' || t === 'TIMESTAMP_LTZ' || t === 'TIMESTAMP_TZ' ? t : null;
}

/**
 * A DATE/TIME/TIMESTAMP*_INPUT_FORMAT value: AUTO (any case) or a format model naming at least
 * one element ('DD/MM/YYYY'); '' only where it means "not set" (`empty`: the TIMESTAMP_*
 * variations, which then follow TIMESTAMP_INPUT_FORMAT). Kept as given, for SHOW PARAMETERS.
 */
export function parameterInputFormat(v: unknown, empty: boolean): string | null {
  const s = String(v);
  if (s.trim() === '') return empty ? '' : null;
  return isAutoFormat(s) || isFormatModel(s) ? s : null;
}

/** A BINARY_INPUT_FORMAT value (HEX, BASE64, UTF-8 or UTF8, any case), upper-case with UTF8 as UTF-8; or null. */
export function parameterBinaryFormat(v: unknown): string | null {
  const t = String(v).trim().toUpperCase();
  return ['HEX', 'BASE64', 'UTF-8', 'UTF8'].includes(t) ? normalizeBinaryFormat(t) : null;
}

const KNOWN_ZONES = new Set<string>();

/** Whether the zone is one the value formatters can show LTZ values in (an IANA name or a fixed offset). */
export function isTimeZone(tz: string): boolean {
  if (KNOWN_ZONES.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  // Valid names only (a few hundred exist): an Intl formatter per check costs more than a request.
  KNOWN_ZONES.add(tz);
  return true;
}

/**
 * AUTOCOMMIT, from ALTER SESSION or a request's parameters: Snowflake's SQL API runs every request
 * with AUTOCOMMIT TRUE, so FALSE is refused rather than ignored (its ROLLBACK would undo nothing).
 */
export function requireAutocommit(v: unknown): true {
  const b = parameterBoolean(v);
  if (b === null) throw invalidValue('AUTOCOMMIT', v);
  if (!b) throw new SqlError('002140', '0A000', "SQL compilation error:\nUnsupported feature 'AUTOCOMMIT = FALSE': the SQL API runs every request with AUTOCOMMIT TRUE; use BEGIN … COMMIT for a transaction.");
  return true;
}
