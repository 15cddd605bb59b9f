/** BINARY ⇄ text (HEX, BASE64, UTF-8), table driven and portable (no Buffer). */
import { ValueConversionError } from './errors';

const HEX = '0123456789ABCDEF';
const BYTE_HEX: string[] = [];
for (let i = 0; i < 256; i++) BYTE_HEX.push(HEX[i >> 4] + HEX[i & 15]);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_INDEX[B64.charCodeAt(i)] = i;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8');

export type BinaryFormat = 'HEX' | 'BASE64' | 'UTF-8';

/** Upper-case hex, Snowflake's default BINARY_OUTPUT_FORMAT. */
export function bytesToHex(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; i++) out += BYTE_HEX[b[i]];
  return out;
}

function hexNibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Hex text → bytes, or null when not valid hex (odd length / bad digit). */
export function hexToBytes(s: string): Uint8Array | null {
  if (s.length % 2 !== 0) return null;
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = hexNibble(s.charCodeAt(2 * i));
    const lo = hexNibble(s.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) return null;
    out[i] = (hi << 4) | lo;
  }
  return out;
}

export function bytesToBase64(b: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < b.length; i += 3) {
    const n = (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  const rest = b.length - i;
  if (rest === 1) {
    const n = b[i] << 16;
    out += B64[n >> 18] + B64[(n >> 12) & 63] + '==';
  } else if (rest === 2) {
    const n = (b[i] << 16) | (b[i + 1] << 8);
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + '=';
  }
  return out;
}

/** Base64 (padding optional, whitespace ignored) → bytes, or null when invalid. */
export function base64ToBytes(text: string): Uint8Array | null {
  const s = text.replace(/\s+/g, '').replace(/=+$/, '');
  if (s.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? B64_INDEX[c] : -1;
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 255;
    }
  }
  return out;
}

export function bytesToUtf8(b: Uint8Array): string {
  return utf8Decoder.decode(b);
}

export function utf8ToBytes(s: string): Uint8Array {
  return utf8Encoder.encode(s);
}

/** Normalize a BINARY_INPUT/OUTPUT_FORMAT name ('utf8', 'base64', …). */
export function normalizeBinaryFormat(format: string | undefined): BinaryFormat {
  const f = (format ?? 'HEX').trim().toUpperCase();
  if (f === 'BASE64') return 'BASE64';
  if (f === 'UTF-8' || f === 'UTF8') return 'UTF-8';
  return 'HEX';
}

/** TO_BINARY / binding conversion of text in the given format. */
export function toBinary(v: string, format: BinaryFormat): Uint8Array {
  const f = normalizeBinaryFormat(format);
  if (f === 'UTF-8') return utf8ToBytes(v);
  if (f === 'BASE64') {
    const b = base64ToBytes(v);
    if (!b) throw new ValueConversionError(`The following string is not a legal base64-encoded value: '${v}'`);
    return b;
  }
  const b = hexToBytes(v);
  if (!b) throw new ValueConversionError(`The following string is not a legal hex-encoded value: '${v}'`);
  return b;
}
