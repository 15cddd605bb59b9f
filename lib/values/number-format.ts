/**
 * Snowflake's numeric format models (TO_CHAR(n, fmt), TO_NUMBER(s, fmt)): fixed-position
 * 9 / 0 digits, . or D, , or G, $, B, S, MI, FM, hexadecimal X, and the text-minimal TM9 / TME.
 * A value wider than the format prints '#' in every digit position.
 */
import { type Decimal, decimalToString, parseDecimal, roundDecimal } from './decimal';
import { ValueConversionError } from './errors';
import { memoByText } from './memo';

/** A format model compiled once: what both engines' formatting reads (PostgreSQL gets it as JSON). */
export interface NumberFormat {
  fm: boolean;
  blankZero: boolean;
  dollar: boolean;
  /** 'lead' (S first), 'trail' (S last), 'mi' (MI last) or null (a space or '-' in front). */
  sign: 'lead' | 'trail' | 'mi' | null;
  /** Integer slots, left to right: '9', '0' or ',' (group separator). */
  int: string[];
  frac: string[];
  point: boolean;
  hex: 'upper' | 'lower' | null;
  tm: 'plain' | 'sci' | null;
  /** Quoted or other literal text before and after the number. */
  before: string;
  after: string;
}

function compile(fmt: string): NumberFormat {
  const f: NumberFormat = { fm: false, blankZero: false, dollar: false, sign: null, int: [], frac: [], point: false, hex: null, tm: null, before: '', after: '' };
  const u = fmt.toUpperCase();
  let seenDigit = false;
  let i = 0;
  while (i < fmt.length) {
    const c = u[i];
    if (fmt[i] === '"') {
      const close = fmt.indexOf('"', i + 1);
      const end = close < 0 ? fmt.length : close;
      if (seenDigit || f.tm || f.hex) f.after += fmt.slice(i + 1, end); else f.before += fmt.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (u.startsWith('TME', i)) { f.tm = 'sci'; i += 3; seenDigit = true; continue; }
    if (u.startsWith('TM9', i)) { f.tm = 'plain'; i += 3; seenDigit = true; continue; }
    if (u.startsWith('TM', i)) { f.tm = 'plain'; i += 2; seenDigit = true; continue; }
    if (u.startsWith('FM', i)) { f.fm = true; i += 2; continue; }
    if (u.startsWith('MI', i)) { f.sign = 'mi'; i += 2; continue; }
    switch (c) {
      case '9': case '0': (f.point ? f.frac : f.int).push(c); seenDigit = true; break;
      case 'X': f.hex = fmt[i] === 'x' ? 'lower' : 'upper'; f.int.push('X'); seenDigit = true; break;
      case '.': case 'D': f.point = true; seenDigit = true; break;
      case ',': case 'G': if (!f.point) f.int.push(','); break;
      case '$': f.dollar = true; break;
      case 'B': f.blankZero = true; break;
      case 'S': f.sign = seenDigit ? 'trail' : 'lead'; break;
      default: if (seenDigit) f.after += fmt[i]; else f.before += fmt[i];
    }
    i++;
  }
  return f;
}

/** The compiled form of a format model (memoized by its text). */
export const compileNumberFormat = memoByText(compile);

function isZero(d: Decimal): boolean {
  return /^0*$/.test(d.int + d.frac);
}

/** Scientific text with minimal mantissa digits: 3987 → 3.987E3, 0.1 → 1E-1, 0 → 0E0. */
function scientific(d: Decimal): string {
  const digits = (d.int + d.frac).replace(/^0+/, '');
  if (digits === '') return '0E0';
  const exp = d.int !== '0' ? d.int.length - 1 : -(d.frac.length - d.frac.replace(/^0+/, '').length) - 1;
  const mant = digits.replace(/0+$/, '');
  return (d.neg ? '-' : '') + mant[0] + (mant.length > 1 ? '.' + mant.slice(1) : '') + 'E' + exp;
}

function hexText(d: Decimal, f: NumberFormat): string {
  const width = f.int.length;
  let n = BigInt(decimalToString(roundDecimal(d, 0)));
  const signed = f.sign !== null;
  if (n < 0n && !signed) n += 16n ** BigInt(width); // two's complement in the format's width
  const neg = n < 0n;
  let h = (neg ? -n : n).toString(16);
  if (f.hex === 'upper') h = h.toUpperCase();
  if (h.length > width || n < 0n && !signed) return '#'.repeat(width + (signed ? 1 : 0));
  const zeroPad = f.int.indexOf('0') >= 0 || f.int[0] === '0';
  h = h.padStart(width, zeroPad ? '0' : ' ');
  return signed ? (neg ? '-' : '+') + h : h;
}

/**
 * TO_CHAR(number, format). `scale` is the value's type scale (TM9 prints it: 0.000 stays 0.000).
 */
export function formatNumber(v: unknown, fmt: string, scale: number): string {
  const f = compileNumberFormat(fmt);
  const parsed = parseDecimal(typeof v === 'string' ? v : typeof v === 'bigint' ? v.toString() : String(v));
  if (!parsed) throw new ValueConversionError(`Numeric value '${String(v)}' is not recognized`);
  let body: string;
  if (f.tm === 'sci') body = scientific(parsed);
  else if (f.tm === 'plain') body = decimalToString(roundDecimal(parsed, Math.max(scale, 0)));
  else if (f.hex) body = hexText(parsed, f);
  else body = fixed(parsed, f);
  if (f.fm) body = body.trim();
  return f.before + body + f.after;
}

function fixed(value: Decimal, f: NumberFormat): string {
  const d = roundDecimal(value, f.frac.length);
  const neg = d.neg && !isZero(d);
  const slots = f.int.filter((c) => c !== ',').length;
  const intDigits = d.int === '0' ? '' : d.int;
  let out = '';
  if (intDigits.length > slots) {
    out = f.int.map((c) => (c === ',' ? ',' : '#')).join('') + (f.point ? '.' : '') + '#'.repeat(f.frac.length);
  } else {
    // Integer slots right to left; a 0 slot keeps zeros from there on to the left.
    const firstZero = f.int.findIndex((c) => c === '0');
    let k = intDigits.length - 1;
    const chars: string[] = new Array(f.int.length).fill(' ');
    let printed = false;
    for (let s = f.int.length - 1; s >= 0; s--) {
      if (f.int[s] === ',') continue;
      if (k >= 0) { chars[s] = intDigits[k--]; printed = true; } else if (firstZero >= 0 && s >= firstZero) { chars[s] = '0'; printed = true; }
    }
    if (!printed && !f.blankZero && slots > 0) {
      const last = f.int.lastIndexOf('9');
      if (last >= 0) chars[last] = '0';
    }
    // A group separator shows only between printed digits.
    for (let s = 0; s < f.int.length; s++) {
      if (f.int[s] !== ',') continue;
      chars[s] = chars.slice(0, s).some((c) => c !== ' ' && c !== ',') ? ',' : ' ';
    }
    out = chars.join('') + (f.point ? '.' + d.frac : '');
  }
  const lead = out.length - out.trimStart().length;
  let prefix = (f.dollar ? '$' : '');
  if (f.sign === null) prefix = (neg ? '-' : ' ') + prefix;
  else if (f.sign === 'lead') prefix = (neg ? '-' : '+') + prefix;
  let text = ' '.repeat(lead) + prefix + out.slice(lead);
  if (f.sign === 'trail') text += neg ? '-' : '+';
  if (f.sign === 'mi') text += neg ? '-' : ' ';
  return text;
}

/** TO_NUMBER(text, format): the decimal text the format describes, or null when it does not match. */
export function parseNumberWithFormat(text: string, fmt: string): string | null {
  const f = compileNumberFormat(fmt);
  let s = text.trim();
  if (f.before && s.startsWith(f.before)) s = s.slice(f.before.length);
  if (f.after && s.endsWith(f.after)) s = s.slice(0, -f.after.length);
  s = s.trim();
  if (f.hex) {
    if (!/^[0-9a-fA-F]+$/.test(s) || s.length > f.int.length) return null;
    return BigInt('0x' + s).toString();
  }
  let neg = false;
  if (s.endsWith('-')) { neg = true; s = s.slice(0, -1); } else if (s.endsWith('+')) s = s.slice(0, -1);
  if (s.startsWith('-')) { neg = true; s = s.slice(1); } else if (s.startsWith('+')) s = s.slice(1);
  s = s.trim();
  if (s.startsWith('$') !== f.dollar) return null;
  if (f.dollar) s = s.slice(1);
  s = s.replace(/,/g, '');
  const d = parseDecimal(s);
  if (!d || /[eE]/.test(s) && f.tm !== 'sci') return null;
  if (!f.tm) {
    const slots = f.int.filter((c) => c !== ',').length;
    if ((d.int === '0' ? 0 : d.int.length) > slots || d.frac.length > f.frac.length) return null;
  }
  return (neg ? '-' : '') + decimalToString({ ...d, neg: false });
}
