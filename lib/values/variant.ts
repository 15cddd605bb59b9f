/**
 * VARIANT / OBJECT / ARRAY values. Stored as compact JSON text (object keys sorted as Snowflake
 * keeps them); numbers keep their exact decimal text (never a double on the way through), doubles
 * are spelled as Snowflake prints them (1.912000000000000e+02). The wire form is the same JSON
 * pretty-printed with two-space indentation.
 */
import { plainNumberString } from './decimal';
import { ValueConversionError } from './errors';

/** A JSON number: its canonical text; `double` when Snowflake holds it as a DOUBLE. */
export class VNum {
  constructor(readonly text: string, readonly double: boolean) {}
  valueOf(): number { return Number(this.text); }
}

/** `undefined` is Snowflake's missing array element (`[1,,2]`, a trailing comma). */
export type Variant = null | undefined | boolean | string | VNum | Variant[] | VObject;
export type VObject = Map<string, Variant>;

export const isObject = (v: Variant): v is VObject => v instanceof Map;

/** Snowflake's DOUBLE text in a VARIANT: 15 fraction digits, a signed two-digit exponent. */
export function doubleText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  const [m, e] = n.toExponential(15).split('e');
  const exp = Number(e);
  return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** A number as written in JSON text: exact fixed-point text, or a DOUBLE when it has an exponent or too many digits. */
export function numberFromText(raw: string): VNum {
  if (/[eE]/.test(raw)) return new VNum(doubleText(Number(raw)), true);
  const m = /^([+-]?)0*(\d*)(?:\.(\d*))?$/.exec(raw);
  if (!m) throw new ValueConversionError(`Numeric value '${raw}' is not recognized`);
  const int = m[2] || '0';
  const frac = m[3] ?? '';
  if (int.replace(/^0+/, '').length + frac.length > 38) return new VNum(doubleText(Number(raw)), true);
  const zero = /^0*$/.test(int + frac);
  return new VNum(`${m[1] === '-' && !zero ? '-' : ''}${int}${frac ? `.${frac}` : ''}`, false);
}

/** A NUMBER value as a VARIANT number: its digits without trailing fractional zeros (10.00 → 10). */
export function fixedVariant(text: string): VNum {
  const n = numberFromText(text);
  return n.double || !n.text.includes('.') ? n : new VNum(n.text.replace(/\.?0+$/, ''), false);
}

/** A JS number as a VARIANT number: integers exactly, other values as DOUBLE. */
export function numberFromJs(n: number, double = false): VNum {
  if (!double && Number.isSafeInteger(n)) return new VNum(String(n), false);
  return new VNum(doubleText(n), true);
}

/** Plain decimal text of a stored NUMBER (a double holding an exact value, or a bigint). */
export function udfSafeNumber(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  const n = Number(v);
  return Object.is(n, -0) ? '0' : plainNumberString(n);
}

/** Where the run of plain characters in a string ends (Parser.string). */
const DOUBLE_QUOTED_STOP = /["\\]/g;
const SINGLE_QUOTED_STOP = /['\\]/g;

class Parser {
  i = 0;
  constructor(readonly s: string, readonly allowDuplicates: boolean) {}

  fail(): never {
    throw new ValueConversionError(`Error parsing JSON: ${this.s.length > 100 ? `${this.s.slice(0, 100)}…` : this.s}, pos ${this.i + 1}`);
  }

  ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }

  value(): Variant {
    this.ws();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"' || c === "'") return this.string();
    const m = /^(?:-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|true|false|null|NaN|-?Infinity|undefined)/.exec(this.s.slice(this.i, this.i + 400));
    if (!m) this.fail();
    this.i += m[0].length;
    switch (m[0]) {
      case 'true': return true;
      case 'false': return false;
      case 'null': return null;
      case 'undefined': return undefined;
      case 'NaN': return new VNum('NaN', true);
      case 'Infinity': return new VNum('Infinity', true);
      case '-Infinity': return new VNum('-Infinity', true);
      default: return numberFromText(m[0]);
    }
  }

  string(): string {
    const q = this.s[this.i++];
    const stop = q === '"' ? DOUBLE_QUOTED_STOP : SINGLE_QUOTED_STOP;
    let out = '';
    for (;;) {
      // The text up to the next quote or escape is copied in one piece: appended character by
      // character, a string costs ~20 times its length until it is flattened.
      stop.lastIndex = this.i;
      const at = stop.exec(this.s);
      if (!at) { this.i = this.s.length; this.fail(); }
      out += this.s.slice(this.i, at.index);
      this.i = at.index + 1;
      if (at[0] === q) return out;
      const e = this.s[this.i++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          const h = this.s.slice(this.i, this.i + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(h)) this.fail();
          out += String.fromCharCode(parseInt(h, 16));
          this.i += 4;
          break;
        }
        default: if (e === undefined) this.fail(); out += e;
      }
    }
  }

  array(): Variant[] {
    this.i++;
    const out: Variant[] = [];
    this.ws();
    if (this.s[this.i] === ']') { this.i++; return out; }
    for (;;) {
      this.ws();
      // An empty slot (`[1,,2]` or a trailing comma) is an undefined element.
      if (this.s[this.i] === ',' || this.s[this.i] === ']') out.push(undefined);
      else out.push(this.value());
      this.ws();
      const c = this.s[this.i++];
      if (c === ']') return out;
      if (c !== ',') { this.i--; this.fail(); }
      this.ws();
      if (this.s[this.i] === ']') { out.push(undefined); this.i++; return out; }
    }
  }

  object(): VObject {
    this.i++;
    const entries: [string, Variant][] = [];
    const seen = new Set<string>();
    this.ws();
    if (this.s[this.i] === '}') { this.i++; return new Map(); }
    for (;;) {
      this.ws();
      if (this.s[this.i] === '}') { this.i++; break; } // trailing comma
      const c = this.s[this.i];
      let key: string;
      if (c === '"' || c === "'") key = this.string();
      else {
        const m = /^[A-Za-z_$][\w$]*/.exec(this.s.slice(this.i));
        if (!m) this.fail();
        key = m[0];
        this.i += key.length;
      }
      this.ws();
      if (this.s[this.i++] !== ':') { this.i--; this.fail(); }
      const v = this.value();
      if (seen.has(key)) {
        if (!this.allowDuplicates) throw new ValueConversionError(`Error parsing JSON: duplicate object attribute "${key}", pos ${this.i}`);
        const at = entries.findIndex(([k]) => k === key);
        entries.splice(at, 1);
      }
      seen.add(key);
      // Snowflake drops attributes whose value is undefined.
      if (v !== undefined) entries.push([key, v]);
      this.ws();
      const d = this.s[this.i++];
      if (d === '}') break;
      if (d !== ',') { this.i--; this.fail(); }
    }
    return sortedObject(entries);
  }
}

/** An OBJECT with its keys in Snowflake's order (sorted by code point). */
export function sortedObject(entries: Iterable<[string, Variant]>): VObject {
  return new Map([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Parses JSON text as Snowflake's PARSE_JSON does: null for empty or blank text, lenient about
 * trailing commas, single quotes and bare keys; duplicate keys are an error unless allowed.
 */
export function parseVariant(text: string, allowDuplicates = false): Variant | null {
  if (text.trim() === '') return null;
  const p = new Parser(text, allowDuplicates);
  const v = p.value();
  p.ws();
  if (p.i !== text.length) p.fail();
  return v;
}

/** Stored JSON text (as written by stringifyVariant) back to a value. */
export function readVariant(text: string): Variant {
  return parseVariant(text, true) as Variant;
}

function quote(s: string): string {
  return JSON.stringify(s);
}

/** Compact JSON text (the stored form); `indent` > 0 gives the pretty wire form. */
export function stringifyVariant(v: Variant, indent = 0, depth = 0): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return quote(v);
  if (v instanceof VNum) return v.text;
  const pad = indent ? '\n' + ' '.repeat(indent * (depth + 1)) : '';
  const end = indent ? '\n' + ' '.repeat(indent * depth) : '';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[${v.map((x) => pad + stringifyVariant(x, indent, depth + 1)).join(',')}${end}]`;
  }
  if (v.size === 0) return '{}';
  const sep = indent ? ': ' : ':';
  return `{${[...v].map(([k, x]) => pad + quote(k) + sep + stringifyVariant(x, indent, depth + 1)).join(',')}${end}}`;
}

/** The wire text of a stored VARIANT/OBJECT/ARRAY value: pretty JSON as Snowflake sends it. */
export function prettyVariant(stored: string): string {
  try {
    return stringifyVariant(readVariant(stored), 2);
  } catch {
    return stored;
  }
}

/**
 * An order of values (ARRAY_SORT, ARRAY_MIN / ARRAY_MAX, MAX_BY keys): numbers by value, strings
 * by code unit, and values of different types by type (JSON null, numbers, strings, booleans,
 * arrays, objects). Undefined elements are the caller's to set aside.
 */
export function compareVariants(a: Variant, b: Variant): number {
  const r = typeRank(a) - typeRank(b);
  if (r !== 0) return r;
  if (a instanceof VNum && b instanceof VNum) return Number(a.text) - Number(b.text);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const [x, y] = [stringifyVariant(a), stringifyVariant(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function typeRank(v: Variant): number {
  if (v === null || v === undefined) return 0;
  if (v instanceof VNum) return 1;
  if (typeof v === 'string') return 2;
  if (typeof v === 'boolean') return 3;
  return Array.isArray(v) ? 4 : 5;
}

/** TYPEOF of a value. */
export function variantTypeName(v: Variant): string {
  if (v === null) return 'NULL_VALUE';
  if (v === undefined) return 'NULL_VALUE';
  if (typeof v === 'boolean') return 'BOOLEAN';
  if (typeof v === 'string') return 'VARCHAR';
  if (v instanceof VNum) return v.double ? 'DOUBLE' : v.text.includes('.') ? 'DECIMAL' : 'INTEGER';
  return Array.isArray(v) ? 'ARRAY' : 'OBJECT';
}

/** One step of a path: an object key or an array index. */
export type PathStep = string | number;

/**
 * A GET_PATH path: `a.b[0]`, `"key with dots".x`, `a['b']`, `[2].c`; `:` separates keys as `.`
 * does (Snowflake accepts it for the v:a:b spelling). Keys are case-sensitive.
 */
export function parsePath(path: string): PathStep[] {
  const out: PathStep[] = [];
  let i = 0;
  const bad = (): never => { throw new ValueConversionError(`Invalid path: ${path}`); };
  while (i < path.length) {
    const c = path[i];
    if (c === '.' || c === ':') { i++; continue; }
    if (c === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) bad();
      const inner = path.slice(i + 1, close).trim();
      const q = /^(['"])(.*)\1$/.exec(inner);
      if (q) out.push(q[2]);
      else if (/^\d+$/.test(inner)) out.push(Number(inner));
      else bad();
      i = close + 1;
      continue;
    }
    if (c === '"') {
      const close = path.indexOf('"', i + 1);
      if (close < 0) bad();
      out.push(path.slice(i + 1, close));
      i = close + 1;
      continue;
    }
    let j = i;
    while (j < path.length && path[j] !== '.' && path[j] !== ':' && path[j] !== '[') j++;
    out.push(path.slice(i, j));
    i = j;
  }
  return out;
}

/** One step into a value: a key of an object, an index of an array; undefined when absent. */
export function step(v: Variant, s: PathStep): Variant | undefined {
  if (typeof s === 'number') return Array.isArray(v) ? v[s] : undefined;
  return isObject(v) ? v.get(s) : undefined;
}
