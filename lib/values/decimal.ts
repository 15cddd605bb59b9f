/**
 * Exact decimal text arithmetic (parse, round half away from zero, print). Used for
 * NUMBER(p,s) values so that scale handling never goes through binary doubles.
 */

export interface Decimal {
  neg: boolean;
  /** Integer digits without leading zeros ('0' for zero). */
  int: string;
  /** Fraction digits (may have trailing zeros). */
  frac: string;
}

// Exponents beyond this are clamped: any NUMBER(38) check fails long before.
const MAX_EXP = 400;

function stripLeadingZeros(s: string): string {
  let i = 0;
  while (i < s.length - 1 && s.charCodeAt(i) === 48) i++;
  return i === 0 ? s : s.slice(i);
}

/**
 * Strict numeric text: optional surrounding whitespace, sign, digits with optional
 * '.', optional exponent. Returns null when not a number ('abc', '', '1.2.3', 'NaN').
 */
export function parseDecimal(text: string): Decimal | null {
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (!m) return null;
  let int = m[2];
  let frac = m[3] ?? '';
  if (int === '' && frac === '') return null;
  if (m[4] !== undefined) {
    let exp = parseInt(m[4], 10);
    if (exp > MAX_EXP) exp = MAX_EXP;
    if (exp < -MAX_EXP) exp = -MAX_EXP;
    const digits = int + frac;
    const point = int.length + exp;
    if (point <= 0) {
      int = '';
      frac = '0'.repeat(-point) + digits;
    } else if (point >= digits.length) {
      int = digits + '0'.repeat(point - digits.length);
      frac = '';
    } else {
      int = digits.slice(0, point);
      frac = digits.slice(point);
    }
  }
  int = int === '' ? '0' : stripLeadingZeros(int);
  return { neg: m[1] === '-', int, frac };
}

/** Exact decimal form of a finite double (its shortest round-trip representation). */
export function numberToDecimal(n: number): Decimal {
  return parseDecimal(String(n)) as Decimal;
}

function isZero(d: Decimal): boolean {
  return d.int === '0' && /^0*$/.test(d.frac);
}

/** Add one unit in the last place to a digit string ('199' → '200', '99' → '100'). */
function incrementDigits(s: string): string {
  let i = s.length - 1;
  while (i >= 0 && s.charCodeAt(i) === 57) i--;
  if (i < 0) return '1' + '0'.repeat(s.length);
  return s.slice(0, i) + String.fromCharCode(s.charCodeAt(i) + 1) + '0'.repeat(s.length - 1 - i);
}

/** Round to exactly `scale` fraction digits, half away from zero. */
export function roundDecimal(d: Decimal, scale: number): Decimal {
  let { int, frac } = d;
  if (frac.length <= scale) {
    frac = frac + '0'.repeat(scale - frac.length);
  } else {
    const up = frac.charCodeAt(scale) >= 53; // '5'
    frac = frac.slice(0, scale);
    if (up) {
      const all = incrementDigits(int + frac);
      int = stripLeadingZeros(all.slice(0, all.length - scale) || '0');
      frac = all.slice(all.length - scale);
      if (scale === 0) frac = '';
    }
  }
  const r = { neg: d.neg, int, frac };
  if (r.neg && isZero(r)) r.neg = false; // no "-0.00"
  return r;
}

/** Plain text (never exponent notation). */
export function decimalToString(d: Decimal): string {
  const body = d.frac.length > 0 ? d.int + '.' + d.frac : d.int;
  return d.neg && !isZero(d) ? '-' + body : body;
}

/** Digits left of the point, ignoring leading zeros (0 for |x| < 1). */
export function integerDigits(d: Decimal): number {
  return d.int === '0' ? 0 : d.int.length;
}

/** Shortest text of a double without exponent notation, e.g. 1e21 → '1000000000000000000000'. */
export function plainNumberString(n: number): string {
  const s = String(n);
  return s.indexOf('e') < 0 ? s : decimalToString(numberToDecimal(n));
}
