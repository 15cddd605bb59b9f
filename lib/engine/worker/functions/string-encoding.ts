/** Hashes (hex digests), BASE64/HEX text encodings and UUID_STRING. */
import { createHash } from 'node:crypto';
import { bytesToBase64, bytesToHex, bytesToUtf8, hexToBytes, toBinary, utf8ToBytes } from '@/lib/values/binary';
import { storedDecimal } from '@/lib/values/decimal-math';
import { udfError } from '../../sqlite-errors';
import { anyNull, int, text } from './text';
import { converting, variadic, type FunctionContext, type ImplementationSlice } from './util';

/** The bytes a hash or encoding reads: binary as is, anything else as UTF-8 text. */
const bytesOf = (v: unknown): Uint8Array => (v instanceof Uint8Array ? v : utf8ToBytes(text(v)!));

const digest = (algorithm: string, v: unknown): string => createHash(algorithm).update(bytesOf(v)).digest('hex');

/** MD5_NUMBER_UPPER64 / LOWER64: half of the digest as an unsigned integer, text beyond 2^53 (exact). */
function md5Half(v: unknown, upper: boolean): number | string {
  const hex = digest('md5', v);
  return storedDecimal(BigInt(`0x${upper ? hex.slice(0, 16) : hex.slice(16)}`), 0);
}

const SHA2_SIZES = new Set([224, 256, 384, 512]);

/** BASE64 with Snowflake's optional line length and alphabet (replacing '+', '/' and '='). */
function base64Encode(bytes: Uint8Array, lineLength: number, alphabet: string): string {
  let s = bytesToBase64(bytes);
  if (alphabet) s = s.replace(/[+/=]/g, (c) => alphabet['+/='.indexOf(c)] ?? c);
  if (lineLength <= 0) return s;
  const lines: string[] = [];
  for (let i = 0; i < s.length; i += lineLength) lines.push(s.slice(i, i + lineLength));
  return lines.join('\n');
}

function base64Decode(s: string, alphabet: string): string {
  let t = s.replace(/[\r\n]/g, '');
  if (alphabet) t = [...t].map((c) => { const i = alphabet.slice(0, 3).indexOf(c); return i >= 0 ? '+/='[i] : c; }).join('');
  return bytesToUtf8(toBinary(t, 'BASE64'));
}

/** RFC 4122 layout: version nibble and variant bits over 16 bytes. */
function formatUuid(b: Uint8Array, version: number): string {
  b[6] = (b[6] & 0x0f) | (version << 4);
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = bytesToHex(b).toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function uuidV5(namespace: string, name: string): string {
  const ns = hexToBytes(namespace.replace(/-/g, ''));
  if (!ns || ns.length !== 16) throw udfError('100146', '22023', `Invalid UUID string: '${namespace}'`);
  const h = createHash('sha1').update(ns).update(utf8ToBytes(name)).digest();
  return formatUuid(new Uint8Array(h.subarray(0, 16)), 5);
}

/** TRY_ forms: NULL instead of an error for input that does not decode. */
function orNull<A extends unknown[]>(f: (...a: A) => string | null): (...a: A) => string | null {
  return variadic((...a: A) => {
    try {
      return f(...a);
    } catch {
      return null;
    }
  });
}

export function stringEncodingFunctions(ctx: FunctionContext) {
  const decodeBase64 = (...a: unknown[]) => (anyNull(a) ? null : base64Decode(text(a[0])!, a.length > 1 ? text(a[1])! : ''));
  const decodeHex = (v: unknown) => (v === null ? null : bytesToUtf8(toBinary(text(v)!, 'HEX')));

  return {
    FLOE_MD5: (v: unknown) => (v === null ? null : digest('md5', v)),
    FLOE_MD5_NUMBER_UPPER64: (v: unknown) => (v === null ? null : md5Half(v, true)),
    FLOE_MD5_NUMBER_LOWER64: (v: unknown) => (v === null ? null : md5Half(v, false)),
    FLOE_SHA1: (v: unknown) => (v === null ? null : digest('sha1', v)),
    FLOE_SHA2: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      const bits = a.length > 1 ? int(a[1])! : 256;
      const size = bits === 0 ? 256 : bits;
      if (!SHA2_SIZES.has(size)) throw udfError('100151', '22023', `Invalid digest size for SHA2: ${bits}`);
      return digest(`sha${size}`, a[0]);
    }),
    FLOE_BASE64_ENCODE: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      return base64Encode(bytesOf(a[0]), a.length > 1 ? int(a[1])! : 0, a.length > 2 ? text(a[2])! : '');
    }),
    FLOE_BASE64_DECODE_STRING: converting(variadic(decodeBase64)),
    FLOE_TRY_BASE64_DECODE_STRING: orNull(decodeBase64),
    FLOE_HEX_ENCODE: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      const hex = bytesToHex(bytesOf(a[0]));
      return a.length > 1 && int(a[1]) === 0 ? hex.toLowerCase() : hex;
    }),
    FLOE_HEX_DECODE_STRING: converting(decodeHex),
    FLOE_TRY_HEX_DECODE_STRING: orNull(decodeHex),
    FLOE_UUID_STRING: variadic((...a: unknown[]) => {
      if (a.length === 2) return anyNull(a) ? null : uuidV5(text(a[0])!, text(a[1])!);
      // Version 4 from the statement seed, which then moves on: replaying a write repeats the values.
      const h = createHash('sha256').update(`uuid:${ctx.pins.seed}`).digest();
      ctx.pins.seed = h.readUInt32BE(16);
      return formatUuid(new Uint8Array(h.subarray(0, 16)), 4);
    }),
  } satisfies ImplementationSlice;
}
