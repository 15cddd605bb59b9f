/**
 * Semi-structured data functions. Values are stored JSON text (lib/values/variant.ts); functions
 * whose arguments may be of any SQL type take a tag string first (see variant-args.ts).
 */
import {
  compareVariants, isObject, parsePath, parseVariant, readVariant, sortedObject, step, stringifyVariant, variantTypeName,
  ValueConversionError, VNum, type Variant, type VObject,
} from '@/lib/values';
import { udfError } from '../../sqlite-errors';
import { argVariant, fromVariant, taggedVariant, toVariant } from './variant-args';
import { variadic, type ImplementationSlice } from './util';

const text = (v: Variant): string => stringifyVariant(v);

function parseError(e: unknown): never {
  throw udfError('100069', '22P02', e instanceof Error ? e.message : String(e));
}

function arrayArg(v: unknown, fn: string): Variant[] | null {
  const a = argVariant(v);
  if (a === null) return null;
  if (!Array.isArray(a)) throw udfError('100072', '22000', `${fn}: argument is not an array`);
  return a;
}

function objectArg(v: unknown, fn: string): VObject | null {
  const o = argVariant(v);
  if (o === null) return null;
  if (!isObject(o)) throw udfError('100072', '22000', `${fn}: argument is not an object`);
  return o;
}

/** Equality of two values as ARRAY_CONTAINS and ARRAY_DISTINCT compare them. */
const same = (a: Variant, b: Variant): boolean => text(a) === text(b) || (a instanceof VNum && b instanceof VNum && Number(a.text) === Number(b.text));

/** ARRAY_GENERATE_RANGE makes at most this many elements (a mistyped bound would fill the memory). */
const MAX_GENERATED = 10_000_000;

/** ARRAY_TO_STRING's text of one element. */
function elementText(v: Variant): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (v instanceof VNum) return v.text;
  return text(v);
}

/**
 * What IS_<type> and AS_<type> test, by TYPEOF's name of the type: a number is also a DOUBLE and
 * an exact one also a DECIMAL. Floe's VARIANTs hold dates, times, timestamps and binary values
 * as strings (TYPEOF says VARCHAR), so those types are never held.
 */
function holds(type: string, v: Variant): boolean {
  switch (type) {
    case 'DECIMAL': return v instanceof VNum && !v.double;
    case 'DOUBLE': return v instanceof VNum;
    default: return v !== undefined && variantTypeName(v) === type;
  }
}

/** ARRAYS_ZIP: the n-th object holds the n-th element of each array as $1, $2 …; JSON null where an array is shorter. */
function zipArrays(arrays: Variant[][]): Variant[] {
  const length = Math.max(...arrays.map((a) => a.length));
  // Only empty arrays: one empty object, as Snowflake answers.
  if (length === 0) return [new Map()];
  return Array.from({ length }, (_, i) => sortedObject(arrays.map((a, k): [string, Variant] => [`$${k + 1}`, a[i] ?? null])));
}

function construct(tags: string, args: unknown[], keepNull: boolean): string {
  const entries: [string, Variant][] = [];
  for (let i = 0; i + 1 < args.length; i += 2) {
    const k = args[i];
    const v = args[i + 1];
    if (k === null) continue;
    if (v === null) { if (keepNull) entries.push([String(k), null]); continue; }
    entries.push([String(k), toVariant(tags[i + 1], v)]);
  }
  return text(sortedObject(new Map(entries)));
}

/** PARSE_JSON's input as stored VARIANT JSON: NULL for NULL or blank text. */
function parsedJson(s: unknown, mode: unknown): string | null {
  if (s === null || String(s).trim() === '') return null;
  return text(parseVariant(String(s), typeof mode === 'string' && mode.toLowerCase() === 'd'));
}

export function semiStructuredFunctions() {
  // One and two arguments (sql.js registers a function per arity); 'd' allows duplicate keys.
  const parseJson = (s: unknown, mode: unknown) => {
    try {
      return parsedJson(s, mode);
    } catch (e) {
      return parseError(e);
    }
  };
  const arrayExtreme = (name: string, sign: number) => (a: unknown) => {
    const arr = arrayArg(a, name)?.filter((x) => x !== undefined && x !== null);
    if (!arr?.length) return null;
    return text(arr.reduce((best, x) => (sign * compareVariants(x, best) < 0 ? x : best)));
  };

  return {
    PARSE_JSON: [
      (s: unknown, mode: unknown) => parseJson(s, mode),
      (s: unknown) => parseJson(s, null),
    ],
    TRY_PARSE_JSON: (s: unknown) => {
      try {
        return parsedJson(s, null);
      } catch (e) {
        if (e instanceof ValueConversionError) return null;
        throw e;
      }
    },
    FLOE_TO_VARIANT: (tag: unknown, v: unknown) => (v === null ? null : text(toVariant(String(tag), v))),
    FLOE_TO_ARRAY: (tag: unknown, v: unknown) => {
      if (v === null) return null;
      const x = toVariant(String(tag), v);
      return text(Array.isArray(x) ? x : [x]);
    },
    TO_OBJECT: (v: unknown) => {
      if (v === null) return null;
      const o = argVariant(v);
      if (!isObject(o)) throw udfError('100071', '22000', `Invalid object: ${text(o)}`);
      return text(o);
    },
    // Casts out of VARIANT (lib/sql/tree/convert.ts): forText keeps booleans as words.
    FLOE_FROM_VARIANT: (v: unknown, forText: unknown) => (v === null ? null : fromVariant(argVariant(v), forText === 1)),

    FLOE_OBJECT_CONSTRUCT: variadic((tags: string, ...args: unknown[]) => construct(tags, args, false)),
    FLOE_OBJECT_CONSTRUCT_KEEP_NULL: variadic((tags: string, ...args: unknown[]) => construct(tags, args, true)),
    FLOE_OBJECT_INSERT: variadic((tags: string, o: unknown, k: unknown, v: unknown, update?: unknown) => {
      const obj = objectArg(o, 'OBJECT_INSERT');
      if (obj === null || k === null) return obj === null ? null : text(obj);
      const key = String(k);
      if (obj.has(key) && !(update === 1 || update === 'true')) {
        throw udfError('100227', '22000', `Duplicate field key '${key}'`);
      }
      const out = new Map(obj);
      if (v === null) out.delete(key);
      else out.set(key, toVariant(tags[2], v));
      return text(sortedObject(out));
    }),
    OBJECT_DELETE: variadic((o: unknown, ...keys: unknown[]) => {
      const obj = objectArg(o, 'OBJECT_DELETE');
      if (obj === null) return null;
      const out = new Map(obj);
      for (const k of keys) if (k !== null) out.delete(String(k));
      return text(out);
    }),
    OBJECT_PICK: variadic((o: unknown, ...keys: unknown[]) => {
      const obj = objectArg(o, 'OBJECT_PICK');
      if (obj === null) return null;
      const want = keys.flatMap((k) => (typeof k === 'string' && k.startsWith('[') ? (readVariant(k) as Variant[]).map(String) : [String(k)]));
      return text(new Map([...obj].filter(([k]) => want.includes(k))));
    }),
    OBJECT_KEYS: (o: unknown) => {
      const obj = argVariant(o);
      if (obj === null) return null;
      return text(isObject(obj) ? [...obj.keys()] : []);
    },

    FLOE_ARRAY_CONSTRUCT: variadic((tags: string, ...args: unknown[]) =>
      text(args.map((a, i) => (a === null ? undefined : toVariant(tags[i], a))))),
    FLOE_ARRAY_CONSTRUCT_COMPACT: variadic((tags: string, ...args: unknown[]) =>
      text(args.flatMap((a, i) => (a === null ? [] : [toVariant(tags[i], a)])).filter((x) => x !== null))),
    ARRAY_SIZE: (a: unknown) => {
      const v = argVariant(a);
      return Array.isArray(v) ? v.length : null;
    },
    FLOE_ARRAY_CONTAINS: (tags: unknown, v: unknown, a: unknown) => {
      const arr = arrayArg(a, 'ARRAY_CONTAINS');
      if (arr === null) return null;
      if (v === null) return arr.some((x) => x === undefined || x === null) ? 1 : null;
      const needle = toVariant(String(tags)[0], v);
      return arr.some((x) => x !== undefined && same(x, needle)) ? 1 : 0;
    },
    FLOE_ARRAY_POSITION: (tags: unknown, v: unknown, a: unknown) => {
      const arr = arrayArg(a, 'ARRAY_POSITION');
      if (arr === null || v === null) return null;
      const needle = toVariant(String(tags)[0], v);
      const i = arr.findIndex((x) => x !== undefined && same(x, needle));
      return i < 0 ? null : i;
    },
    FLOE_ARRAY_APPEND: (tags: unknown, a: unknown, v: unknown) => {
      const arr = arrayArg(a, 'ARRAY_APPEND');
      if (arr === null) return null;
      return text([...arr, v === null ? undefined : toVariant(String(tags)[1], v)]);
    },
    FLOE_ARRAY_PREPEND: (tags: unknown, a: unknown, v: unknown) => {
      const arr = arrayArg(a, 'ARRAY_PREPEND');
      if (arr === null) return null;
      return text([v === null ? undefined : toVariant(String(tags)[1], v), ...arr]);
    },
    FLOE_ARRAY_INSERT: (tags: unknown, a: unknown, pos: unknown, v: unknown) => {
      const arr = arrayArg(a, 'ARRAY_INSERT');
      if (arr === null || pos === null) return null;
      const out = [...arr];
      let p = Number(pos);
      if (p < 0) p = Math.max(0, out.length + p);
      while (out.length < p) out.push(undefined);
      out.splice(p, 0, v === null ? undefined : toVariant(String(tags)[2], v));
      return text(out);
    },
    ARRAY_REMOVE_AT: (a: unknown, pos: unknown) => {
      const arr = arrayArg(a, 'ARRAY_REMOVE_AT');
      if (arr === null || pos === null) return null;
      // A negative position counts from the end; one beyond either end removes nothing.
      const p = Number(pos) < 0 ? arr.length + Number(pos) : Number(pos);
      return text(p >= 0 && p < arr.length ? arr.filter((_x, i) => i !== p) : arr);
    },
    ARRAYS_ZIP: variadic((...args: unknown[]) => {
      const arrays = args.map((a) => arrayArg(a, 'ARRAYS_ZIP'));
      return arrays.some((a) => a === null) ? null : text(zipArrays(arrays as Variant[][]));
    }),
    ARRAY_CAT: (a: unknown, b: unknown) => {
      const x = arrayArg(a, 'ARRAY_CAT');
      const y = arrayArg(b, 'ARRAY_CAT');
      return x === null || y === null ? null : text([...x, ...y]);
    },
    ARRAY_SLICE: (a: unknown, from: unknown, to: unknown) => {
      const arr = arrayArg(a, 'ARRAY_SLICE');
      if (arr === null || from === null || to === null) return null;
      return text(arr.slice(Number(from), Number(to)));
    },
    ARRAY_TO_STRING: (a: unknown, sep: unknown) => {
      const arr = arrayArg(a, 'ARRAY_TO_STRING');
      if (arr === null || sep === null) return null;
      return arr.map(elementText).join(String(sep));
    },
    ARRAY_DISTINCT: (a: unknown) => {
      const arr = arrayArg(a, 'ARRAY_DISTINCT');
      if (arr === null) return null;
      const out: Variant[] = [];
      for (const x of arr) if (!out.some((y) => (x === undefined ? y === undefined : y !== undefined && same(x, y)))) out.push(x);
      return text(out);
    },
    ARRAY_COMPACT: (a: unknown) => {
      const arr = arrayArg(a, 'ARRAY_COMPACT');
      return arr === null ? null : text(arr.filter((x) => x !== undefined && x !== null));
    },
    ARRAY_REVERSE: (a: unknown) => {
      const arr = arrayArg(a, 'ARRAY_REVERSE');
      return arr === null ? null : text([...arr].reverse());
    },
    ARRAY_SORT: variadic((a: unknown, ascending: unknown = 1, nullsFirst: unknown = 0) => {
      const arr = arrayArg(a, 'ARRAY_SORT');
      if (arr === null || ascending === null || nullsFirst === null) return null;
      const sign = ascending === 0 ? -1 : 1;
      const missing = arr.filter((x) => x === undefined);
      const sorted = arr.filter((x) => x !== undefined).sort((x, y) => sign * compareVariants(x, y));
      return text(nullsFirst === 0 ? [...sorted, ...missing] : [...missing, ...sorted]);
    }),
    ARRAY_MIN: arrayExtreme('ARRAY_MIN', 1),
    ARRAY_MAX: arrayExtreme('ARRAY_MAX', -1),
    ARRAY_GENERATE_RANGE: variadic((start: unknown, stop: unknown, stepBy: unknown = 1) => {
      if (start === null || stop === null || stepBy === null) return null;
      const [from, to, by] = [Number(start), Number(stop), Number(stepBy)].map(Math.trunc);
      if (by === 0) throw udfError('100097', '22023', 'Invalid step for ARRAY_GENERATE_RANGE: 0');
      const count = Math.max(0, Math.ceil((to - from) / by));
      if (count > MAX_GENERATED) throw udfError('100078', '22000', `ARRAY_GENERATE_RANGE: more than ${MAX_GENERATED} elements`);
      return text(Array.from({ length: count }, (_, i) => new VNum(String(from + i * by), false)));
    }),
    ARRAY_FLATTEN: (a: unknown) => {
      const arr = arrayArg(a, 'ARRAY_FLATTEN');
      return arr === null ? null : text(arr.flatMap((x) => (Array.isArray(x) ? x : [x])));
    },
    ARRAYS_OVERLAP: (a: unknown, b: unknown) => {
      const x = arrayArg(a, 'ARRAYS_OVERLAP');
      const y = arrayArg(b, 'ARRAYS_OVERLAP');
      if (x === null || y === null) return null;
      return x.some((e) => y.some((f) => (e === undefined || e === null ? f === undefined || f === null : f !== undefined && same(e, f)))) ? 1 : 0;
    },
    ARRAY_INTERSECTION: (a: unknown, b: unknown) => {
      const x = arrayArg(a, 'ARRAY_INTERSECTION');
      const y = arrayArg(b, 'ARRAY_INTERSECTION');
      if (x === null || y === null) return null;
      const rest = [...y];
      const out: Variant[] = [];
      for (const e of x) {
        const i = rest.findIndex((f) => f !== undefined && e !== undefined && same(e, f));
        if (i >= 0) { out.push(e); rest.splice(i, 1); }
      }
      return text(out);
    },
    ARRAY_EXCEPT: (a: unknown, b: unknown) => {
      const x = arrayArg(a, 'ARRAY_EXCEPT');
      const y = arrayArg(b, 'ARRAY_EXCEPT');
      if (x === null || y === null) return null;
      const rest = [...y];
      const out: Variant[] = [];
      for (const e of x) {
        const i = rest.findIndex((f) => f !== undefined && e !== undefined && same(e, f));
        if (i >= 0) rest.splice(i, 1);
        else out.push(e);
      }
      return text(out);
    },

    // GET / GET_PATH / v:path / v[k]: a missing element is SQL NULL, a JSON null stays a VARIANT null.
    FLOE_GET: (v: unknown, k: unknown) => {
      const x = argVariant(v);
      if (x === null || k === null) return null;
      const r = step(x, Array.isArray(x) ? Number(k) : String(k));
      return r === undefined ? null : text(r);
    },
    FLOE_GET_IGNORE_CASE: (v: unknown, k: unknown) => {
      const x = argVariant(v);
      if (x === null || k === null || !isObject(x)) return null;
      const want = String(k);
      const exact = x.get(want);
      if (exact !== undefined) return text(exact);
      for (const [key, val] of x) if (key.toLowerCase() === want.toLowerCase()) return text(val);
      return null;
    },
    GET_PATH: (v: unknown, path: unknown) => {
      let x: Variant | undefined = argVariant(v);
      if (x === null || path === null) return null;
      for (const s of parsePath(String(path))) {
        x = step(x as Variant, s);
        if (x === undefined) return null;
      }
      return text(x as Variant);
    },

    // IS_<type> / AS_<type>(type, tag, value): a missing element (SQL NULL) stays NULL.
    FLOE_IS: (type: unknown, tag: unknown, v: unknown) => {
      if (v === null) return null;
      return holds(String(type), taggedVariant(String(tag), v)) ? 1 : 0;
    },
    FLOE_AS: (type: unknown, tag: unknown, v: unknown) => {
      const x = taggedVariant(String(tag), v);
      return v === null || !holds(String(type), x) ? null : fromVariant(x, false);
    },
    // Not TYPEOF: SQLite's own typeof() is used by the compiled SQL.
    FLOE_TYPEOF: (v: unknown) => (v === null ? null : variantTypeName(argVariant(v))),
    STRIP_NULL_VALUE: (v: unknown) => {
      const x = argVariant(v);
      return x === null ? null : text(x);
    },
    CHECK_JSON: (s: unknown) => {
      if (s === null) return null;
      try {
        parseVariant(String(s));
        return null;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
  } satisfies ImplementationSlice;
}
