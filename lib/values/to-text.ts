/**
 * TO_VARCHAR / TO_CHAR / CAST(… AS VARCHAR) of a typed value: dates and times by a format
 * model (the session's *_OUTPUT_FORMAT when none is given), numbers by their scale or a
 * numeric format model, booleans as true/false, binary as hex.
 */
import { bytesToBase64, bytesToHex, bytesToUtf8, normalizeBinaryFormat } from './binary';
import { compileFormat, renderFormat } from './format-model';
import { memoByText } from './memo';
import { formatNumber } from './number-format';
import { makeFixedEncoder, encodeReal } from './numeric';
import { readWall, type TemporalKind } from './temporal';

const compiledFormat = memoByText(compileFormat);

/** A date/time value of `kind` rendered by `fmt` (LTZ in `timezone`). */
export function formatTemporal(v: unknown, kind: TemporalKind, fmt: string, timezone: string): string {
  const w = readWall(v, kind, timezone);
  return renderFormat(compiledFormat(fmt), w.days, w.secs, w.nanos, w.offset);
}

const fixedEncoders = new Map<number, (v: unknown) => string | null>();

/**
 * Text of a value whose type is given by `kind`: DATE, TIME, NTZ, LTZ, TZ, BOOLEAN, FIXED:<scale>,
 * REAL, BINARY or anything else (text as it is). `fmt` is the format to apply (may be empty).
 */
export function valueToText(v: unknown, kind: string, fmt: string, timezone: string): string {
  switch (kind) {
    case 'DATE': case 'TIME': case 'NTZ': case 'LTZ': case 'TZ':
      return formatTemporal(v, kind, fmt, timezone);
    case 'BOOLEAN':
      return v === 0 || v === 0n || v === false || v === '0' ? 'false' : 'true';
    case 'REAL':
      if (fmt) return formatNumber(v, fmt, 0);
      return encodeReal(typeof v === 'string' ? Number(v) : v) ?? '';
    case 'BINARY': {
      const b = v instanceof Uint8Array ? v : new TextEncoder().encode(String(v));
      const f = normalizeBinaryFormat(fmt || 'HEX');
      return f === 'BASE64' ? bytesToBase64(b) : f === 'UTF-8' ? bytesToUtf8(b) : bytesToHex(b);
    }
  }
  if (kind.startsWith('FIXED:')) {
    const scale = Number(kind.slice(6));
    if (fmt) return formatNumber(v, fmt, scale);
    let enc = fixedEncoders.get(scale);
    if (!enc) fixedEncoders.set(scale, (enc = makeFixedEncoder(scale)));
    return enc(v) ?? '';
  }
  if (v instanceof Uint8Array) return bytesToHex(v);
  return typeof v === 'string' ? v : String(v);
}
