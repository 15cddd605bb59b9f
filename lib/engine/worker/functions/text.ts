/** How the string functions read their arguments from SQLite values. */
import { bytesToUtf8 } from '@/lib/values/binary';
import { udfError } from '../../sqlite-errors';
import { MAX_RESULT_BYTES } from './util';

/** A value as Snowflake's string functions see it (binary as UTF-8 text); null stays null. */
export function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return bytesToUtf8(v);
  return String(v);
}

/** An integer argument (NUMBER arrives as a number, a bigint or numeric text); other text is Snowflake's 100038. */
export function int(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = Math.trunc(Number(typeof v === 'string' ? v.trim() || NaN : v));
  if (Number.isNaN(n)) throw udfError('100038', '22018', `Numeric value '${text(v)}' is not recognized`);
  return n;
}

/** Characters as Snowflake counts them: code points, not UTF-16 units. */
export const chars = (s: string): string[] => Array.from(s);

/** Any argument NULL: the answer is NULL (the rule of almost every string function). */
export const anyNull = (args: unknown[]): boolean => args.some((a) => a === null || a === undefined);

/**
 * The largest value a function may return (util.ts MAX_RESULT_BYTES, below Snowflake's 16 MB): a
 * longer result is Snowflake's error for a too-large value, before anything that size is built.
 */
export const MAX_VALUE_CHARS = MAX_RESULT_BYTES;

export function checkValueLength(n: number): void {
  if (n > MAX_VALUE_CHARS) throw udfError('100082', '22000', `Max LOB size (${MAX_VALUE_CHARS}) exceeded, actual size of parsed column is ${n}`);
}
