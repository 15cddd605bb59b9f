/**
 * SQL values into and out of VARIANTs. A UDF cannot tell JSON text from a VARCHAR, so the
 * compiler passes a tag per argument (lib/sql/tree/variant-tags.ts): j VARIANT/OBJECT/ARRAY,
 * s text, n NUMBER, r FLOAT, b BOOLEAN, d date/time/timestamp, x BINARY, ? unknown.
 */
import {
  VNum, bytesToHex, fixedVariant, numberFromJs, numberFromText, readVariant, stringifyVariant, udfSafeNumber, type Variant,
} from '@/lib/values';
import { udfError } from '../../sqlite-errors';

/** A non-NULL SQL value as a VARIANT. */
export function toVariant(tag: string, v: unknown): Variant {
  switch (tag) {
    case 'j': return readVariant(String(v));
    case 's': return typeof v === 'string' ? v : String(v);
    case 'b': return v !== 0 && v !== '0' && v !== 0n && v !== 'false';
    case 'r': return numberFromJs(Number(v), true);
    case 'n': return fixedVariant(typeof v === 'string' ? v : udfSafeNumber(v));
    case 'x': return v instanceof Uint8Array ? bytesToHex(v) : String(v);
    case 'd': return String(v);
    default:
      if (v instanceof Uint8Array) return bytesToHex(v);
      if (typeof v === 'number' || typeof v === 'bigint') return new VNum(udfSafeNumber(v), false);
      return String(v);
  }
}

/** Stored JSON text of a non-NULL SQL value. */
export const variantText = (tag: string, v: unknown): string => stringifyVariant(toVariant(tag, v));

/** Reads a VARIANT argument (NULL stays NULL); a non-JSON text argument is a string value. */
export function argVariant(v: unknown): Variant | null {
  if (v === null) return null;
  if (typeof v !== 'string') return toVariant('?', v);
  try {
    return readVariant(v);
  } catch {
    throw udfError('100069', '22P02', `Error parsing JSON: ${v.slice(0, 100)}`);
  }
}

/** An argument as a VARIANT by its tag: a VARIANT (or a value of unknown type) is read, other SQL values wrapped as TO_VARIANT does. */
export const taggedVariant = (tag: string, v: unknown): Variant | null => (tag === 'j' || tag === '?' ? argVariant(v) : v === null ? null : toVariant(tag, v));

/**
 * A VARIANT as an SQL scalar (casts out of VARIANT): strings unquoted, numbers as numbers (their
 * text when a double would lose digits), booleans as 'true'/'false' for text and 1/0 otherwise,
 * JSON null as SQL NULL, objects and arrays as JSON text.
 */
export function fromVariant(v: Variant, forText: boolean): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return forText ? String(v) : v ? 1 : 0;
  if (v instanceof VNum) {
    if (forText) return v.text;
    const n = Number(v.text);
    return String(n) === v.text || (!v.double && Number.isSafeInteger(n)) ? n : v.text;
  }
  return stringifyVariant(v);
}
