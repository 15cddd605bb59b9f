/**
 * String functions with Snowflake's rules: positions and lengths count characters (code
 * points), positions are 1-based, NULL in gives NULL out.
 */
import { makeFixedEncoder } from '@/lib/values/numeric';
import { udfError } from '../../sqlite-errors';
import { anyNull, chars, checkValueLength, int, text } from './text';
import { variadic, type ImplementationSlice } from './util';

/** INITCAP's default word separators (Snowflake's documented list). */
const INITCAP_DELIMITERS = ' \t\n\r\f\v!?@"^#$&~_,.:;+-*%/|\\[](){}<>';

function pad(left: boolean) {
  return variadic((...a: unknown[]) => {
    if (anyNull(a)) return null;
    const base = chars(text(a[0])!);
    const len = Math.max(0, int(a[1])!);
    checkValueLength(len);
    const fill = chars(a.length > 2 ? text(a[2])! : ' ');
    if (base.length >= len || fill.length === 0) return base.slice(0, len).join('');
    const p = Array.from({ length: len - base.length }, (_, i) => fill[i % fill.length]).join('');
    return left ? p + base.join('') : base.join('') + p;
  });
}

function substr(s: string, start: number, length: number | null): string {
  const cs = chars(s);
  if (length !== null && length <= 0) return '';
  let from = start > 0 ? start - 1 : start === 0 ? 0 : cs.length + start;
  let end = length === null ? cs.length : from + length;
  if (from < 0) from = 0;
  if (end > cs.length) end = cs.length;
  return from >= end ? '' : cs.slice(from, end).join('');
}

/** 1-based position of needle in haystack at or after `from`, 0 when absent. */
function position(needle: string, hay: string, from: number): number {
  const cs = chars(hay);
  const start = Math.max(1, from) - 1;
  if (start > cs.length) return 0;
  const unitStart = cs.slice(0, start).join('').length;
  const at = hay.indexOf(needle, unitStart);
  return at < 0 ? 0 : chars(hay.slice(0, at)).length + 1;
}

function initcap(s: string, delimiters: string): string {
  const delim = new Set(chars(delimiters));
  let out = '';
  let wordStart = true;
  for (const c of chars(s)) {
    out += wordStart ? c.toUpperCase() : c.toLowerCase();
    wordStart = delim.has(c);
  }
  return out;
}

function translate(s: string, from: string, to: string): string {
  const f = chars(from);
  const t = chars(to);
  const map = new Map<string, string>();
  f.forEach((c, i) => { if (!map.has(c)) map.set(c, t[i] ?? ''); });
  return chars(s).map((c) => map.get(c) ?? c).join('');
}

/** Levenshtein distance over code points; stops early once `max` is certain. */
function editDistance(a: string[], b: string[], max: number | null): number {
  if (max !== null && Math.abs(a.length - b.length) >= max) return max;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, cur[j]);
    }
    if (max !== null && rowMin >= max) return max;
    prev = cur;
  }
  const d = prev[b.length];
  return max !== null ? Math.min(d, max) : d;
}

/** SPLIT's parts: an empty separator leaves the string whole. */
export const splitParts = (s: string, sep: string): string[] => (sep === '' ? [s] : s.split(sep));

function splitPart(s: string, delim: string, part: number): string {
  const parts = splitParts(s, delim);
  const n = part === 0 ? 1 : part;
  return (n > 0 ? parts[n - 1] : parts[parts.length + n]) ?? '';
}

/** STRTOK's tokens: split on any of the delimiter characters, empty tokens dropped. */
export function tokens(s: string, delims: string): string[] {
  const set = new Set(chars(delims));
  const out: string[] = [];
  let cur = '';
  for (const c of chars(s)) {
    if (set.has(c)) { if (cur) out.push(cur); cur = ''; } else cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

function strtok(s: string, delims: string, part: number): string | null {
  if (s === '') return null;
  return part >= 1 ? tokens(s, delims)[part - 1] ?? null : null;
}

/** INSERT(base, pos, len, insert): `len` characters from `pos` replaced by `insert`. */
function insert(base: string, pos: number, len: number, ins: string): string {
  const cs = chars(base);
  const from = Math.max(0, pos - 1);
  return cs.slice(0, from).join('') + ins + cs.slice(from + Math.max(0, len)).join('');
}

/** Soundex digits of A … Z; 0 for the vowels (and Y), which separate equal digits; '' for H and W, which do not. */
const SOUNDEX_CODES = '01230120022455012623010202'.split('').map((d, i) => ('HW'.includes(String.fromCharCode(65 + i)) ? '' : d));

/**
 * American Soundex over the Latin letters of s (other characters are skipped): the first letter,
 * then the digits of the following consonants, a digit equal to the one before it (letters
 * apart only by H or W) dropped, padded with zeros to three. `p123` (SOUNDEX_P123) keeps the
 * second letter's digit even when it equals the first letter's (Pfister: P123, not P236).
 */
function soundex(s: string, p123: boolean): string {
  const letters = [...s.toUpperCase()].filter((c) => c >= 'A' && c <= 'Z');
  if (letters.length === 0) return '';
  const code = (c: string) => SOUNDEX_CODES[c.charCodeAt(0) - 65];
  let digits = '';
  let prev = p123 ? '0' : code(letters[0]);
  for (const c of letters.slice(1)) {
    const d = code(c);
    if (d === '') continue;
    if (d !== '0' && d !== prev) digits += d;
    prev = d;
  }
  return (letters[0] + digits + '000').slice(0, 4);
}

export function stringFunctions() {
  const strict = (f: (...s: string[]) => unknown) => variadic((...a: unknown[]) => (anyNull(a) ? null : f(...a.map((x) => text(x)!))));

  // A NUMBER(p,s) as text with its s decimals (CONCAT of 1.50 is '1.50'), as the wire shows it.
  const fixedText = new Map<number, (v: unknown) => string | null>();

  return {
    FLOE_FIXED_TEXT: (v: unknown, scale: unknown) => {
      const s = Number(scale);
      let enc = fixedText.get(s);
      if (!enc) { enc = makeFixedEncoder(s); fixedText.set(s, enc); }
      return enc(v);
    },
    FLOE_SPLIT: strict((s, sep) => JSON.stringify(splitParts(s, sep))),
    FLOE_SPLIT_PART: strict((s, d, n) => splitPart(s, d, int(n)!)),
    FLOE_STRTOK: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      return strtok(text(a[0])!, a.length > 1 ? text(a[1])! : ' ', a.length > 2 ? int(a[2])! : 1);
    }),
    FLOE_STRTOK_TO_ARRAY: variadic((...a: unknown[]) => (anyNull(a) ? null : JSON.stringify(tokens(text(a[0])!, a.length > 1 ? text(a[1])! : ' ')))),
    FLOE_INSERT: strict((s, pos, len, ins) => insert(s, int(pos)!, int(len)!, ins)),
    FLOE_CONTAINS: strict((s, x) => (s.includes(x) ? 1 : 0)),
    FLOE_STARTSWITH: strict((s, x) => (s.startsWith(x) ? 1 : 0)),
    FLOE_ENDSWITH: strict((s, x) => (s.endsWith(x) ? 1 : 0)),
    FLOE_LPAD: pad(true),
    FLOE_RPAD: pad(false),
    FLOE_INITCAP: variadic((...a: unknown[]) => (anyNull(a) ? null : initcap(text(a[0])!, a.length > 1 ? text(a[1])! : INITCAP_DELIMITERS))),
    FLOE_UPPER: strict((s) => s.toUpperCase()),
    FLOE_LOWER: strict((s) => s.toLowerCase()),
    FLOE_LEFT: strict((s, n) => chars(s).slice(0, Math.max(0, int(n)!)).join('')),
    FLOE_RIGHT: strict((s, n) => { const k = int(n)!; return k <= 0 ? '' : chars(s).slice(-k).join(''); }),
    FLOE_SUBSTR: variadic((...a: unknown[]) => (anyNull(a) ? null : substr(text(a[0])!, int(a[1])!, a.length > 2 ? int(a[2]) : null))),
    FLOE_POSITION: variadic((...a: unknown[]) => (anyNull(a) ? null : position(text(a[0])!, text(a[1])!, a.length > 2 ? int(a[2])! : 1))),
    FLOE_REPEAT: strict((s, n) => {
      const times = Math.max(0, int(n)!);
      checkValueLength(s.length * times);
      return s.repeat(times);
    }),
    FLOE_SOUNDEX: strict((s) => soundex(s, false)),
    FLOE_SOUNDEX_P123: strict((s) => soundex(s, true)),
    // A BINARY (a blob) reverses its bytes.
    FLOE_REVERSE: (s: unknown) => (s instanceof Uint8Array ? s.slice().reverse() : s == null ? null : chars(text(s)!).reverse().join('')),
    FLOE_TRANSLATE: strict(translate),
    FLOE_ASCII: strict((s) => (s === '' ? 0 : s.codePointAt(0)!)),
    FLOE_CHR: (n: unknown) => {
      if (n === null) return null;
      const code = int(n)!;
      if (code < 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw udfError('100140', '22023', `Invalid character code ${code} in the CHR input`);
      return String.fromCodePoint(code);
    },
    FLOE_EDITDISTANCE: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      return editDistance(chars(text(a[0])!), chars(text(a[1])!), a.length > 2 ? Math.max(0, int(a[2])!) : null);
    }),
  } satisfies ImplementationSlice;
}
