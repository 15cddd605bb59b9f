/** Casts and the store-as-type conversions of values written into typed columns. */
import { generateDataType, Dialect } from '@polyglot-sql/sdk';
import { asKind, makeNode, type Node } from '../parse';
import type { Session } from '../session';
import { INT64_PRECISION, parseTypeName, type SfType, storeFunction, types } from '../types';
import { callsEngineFunction, castNode, engineFn, fn, lit, operator, paren, type DataType } from './ast';
import { isSemiStructured, variantTag } from './variant-tags';
import { exactNumbersNative } from './engine-traits';
import { toNumber } from '@/lib/values';
import { sqlErrors } from '../errors';

const typeIs = (expr: Node, storage: string): Node =>
  operator('eq', fn('TYPEOF', [expr]), lit(storage));
/** The storage types a stored form is cast to. */
const STORAGE_TYPES = { int: { data_type: 'int', length: null }, double: { data_type: 'double', precision: null, scale: null }, text: { data_type: 'text' } } satisfies Record<string, DataType>;
export const castAs = (expr: Node, storage: keyof typeof STORAGE_TYPES): Node => castNode(expr, STORAGE_TYPES[storage]);

/**
 * An integer computed by an engine function (a double, or text beyond 2^53) in its stored form:
 * an INTEGER when it fits int64 (so that SQLite's =, GROUP BY and arithmetic see one form), else
 * the decimal text. The engine cannot hand back an int64 itself.
 */
export function integerForm(r: Node): Node {
  // Native exact numbers (PostgreSQL's numeric) are integers as they are: no text to read back.
  if (exactNumbersNative()) return r;
  const roundTrips = operator('eq', castAs(castAs(r, 'int'), 'text'), r);
  return fn('IIF', [typeIs(r, 'text'), fn('IIF', [roundTrips, castAs(r, 'int'), r]), castAs(r, 'int')]);
}

/** The type a cast node converts to (TIMESTAMP: the session's mapping), or null when the name is unknown. */
export function castTarget(to: DataType, session: Session): SfType | null {
  const g = generateDataType(to, Dialect.Snowflake);
  return g.success && g.sql ? parseTypeName(g.sql, session.timestampTypeMapping) : null;
}

/**
 * Wraps an expression so that its value is stored as type t. A write into a column (`write`)
 * also refuses text longer than a VARCHAR(n) (a cast keeps it). `from`, the value's type where
 * known: no BINARY value becomes a number (a compilation error, as for any function given
 * BINARY where it takes a number; the engines would read bytes: SQLite as 0, PostgreSQL not at all).
 */
export function convertTo(expr: Node, t: SfType, { write = false, from = null }: { write?: boolean; from?: SfType | null } = {}): Node {
  if (write && t.wire === 'text' && t.length !== null && t.length < types.varchar().length!) return engineFn('FLOE_STORE_VARCHAR', [expr, lit(t.length)]);
  if ((t.wire === 'real' || t.wire === 'fixed') && from?.wire === 'binary') throw sqlErrors.invalidArgumentTypes(t.wire === 'real' ? 'TO_DOUBLE' : 'TO_NUMBER', [from]);
  if (exactNumbersNative() && (t.wire === 'real' || t.wire === 'fixed')) return nativeNumber(from?.wire === 'boolean' ? fn('IIF', [expr, lit(1), lit(0)]) : expr, t, from);
  if (t.wire === 'real') {
    const double = castAs(expr, 'double');
    // SQLite's CAST reads text such as 'NaN', 'inf' or 'abc' as 0: text goes through the engine
    // (a sequence value is never text, and must not be taken twice).
    if (callsEngineFunction(expr, 'FLOE_NEXTVAL')) return double;
    // A number literal is never text: a bulk INSERT's values need no per-row check.
    if (asKind(expr, 'literal')?.literal_type === 'number') return double;
    return fn('IIF', [typeIs(expr, 'text'), engineFn('FLOE_CONVERT', [expr, lit('TEXT'), lit('REAL'), lit(''), lit(0)]), double]);
  }
  // A sequence value is an integer, and reading it twice would take two values.
  if (t.wire === 'fixed' && t.scale === 0 && callsEngineFunction(expr, 'FLOE_NEXTVAL')) return paren(expr);
  if (t.wire === 'fixed' && t.scale === 0) {
    const p = t.precision ?? 38;
    // An integer literal that fits is its own stored form (bulk VALUES need no per-row check).
    if (/^-?\d+$/.test(literalNumber(expr) ?? '') && literalFits(expr, p, 0)) return expr;
    // Integers within the precision pass through untouched: a function argument would arrive as
    // a double and lose digits beyond 2^53 (engine-notes §4). Every int64 fits NUMBER(19+, 0).
    const max = makeNode('literal', { literal_type: 'number', value: '9'.repeat(Math.min(p, INT64_PRECISION)) });
    const fits = p > INT64_PRECISION ? typeIs(expr, 'integer')
      : operator('and', typeIs(expr, 'integer'), operator('and', operator('lte', expr, max), operator('gte', expr, makeNode('neg', { this: max }))));
    return fn('IIF', [fits, expr, integerForm(engineFn('FLOE_TO_NUMBER', [expr, lit(p), lit(0)]))]);
  }
  const f = storeFunction(t);
  return f ? engineFn(f.name, [expr, ...f.extraArgs.map(lit)]) : expr;
}

/** A number literal (or its negation) as its text, or null. */
function literalNumber(expr: Node): string | null {
  const lit = asKind(expr, 'literal');
  if (lit) return lit.literal_type === 'number' ? String(lit.value) : null;
  const neg = asKind(expr, 'neg')?.this as Node | undefined;
  const inner = neg ? literalNumber(neg) : null;
  return inner === null ? null : `-${inner}`;
}

/** Whether a number literal fits NUMBER(p, s) once rounded to s (its cast cannot fail). */
function literalFits(expr: Node, p: number, s: number): boolean {
  const text = literalNumber(expr);
  if (text === null) return false;
  try {
    toNumber(text, p, s);
    return true;
  } catch {
    return false;
  }
}

/**
 * A number stored as FLOAT or NUMBER(p, s) where the engine's numbers are exact (a BOOLEAN as
 * 1 or 0 first: PostgreSQL casts no boolean to a number): its own cast
 * (numeric rounds half away from zero to the scale, as Snowflake does), NUMBER(≤ 18, 0) then held
 * as bigint, its storage form. A value beyond the precision, NaN or an infinity is refused by
 * FLOE_TO_NUMBER first, with Snowflake's message (the type and the value; the engine's own
 * overflow error names neither); a literal that fits needs no check (bulk VALUES stay plain casts).
 * Text is handed to FLOE_TO_NUMBER as text, which reads it as sql.js does ('1e400000' is out of
 * range, not the engine's own numeric overflow).
 */
function nativeNumber(expr: Node, t: SfType, from: SfType | null = null): Node {
  if (t.wire === 'real') return castAs(expr, 'double');
  // A sequence value is an integer, and reading it twice would take two values.
  if (t.scale === 0 && callsEngineFunction(expr, 'FLOE_NEXTVAL')) return paren(expr);
  const p = t.precision ?? 38;
  const s = t.scale ?? 0;
  const checked = literalFits(expr, p, s) ? expr
    : engineFn('FLOE_TO_NUMBER', [from?.wire === 'text' ? expr : castNode(expr, { data_type: 'decimal', precision: null, scale: null } as DataType), lit(p), lit(s)]);
  const numeric = castNode(checked, { data_type: 'decimal', precision: p, scale: s } as DataType);
  return s === 0 && p <= INT64_PRECISION ? castNode(numeric, { data_type: 'big_int', length: null } as DataType) : numeric;
}

/** A cast of a value of type `from` (null: unknown) to `t`: VARIANTs are unwrapped first, other values wrapped. */
export function castTo(expr: Node, from: SfType | null, t: SfType): Node {
  if (isSemiStructured(from) && !isSemiStructured(t)) return convertTo(engineFn('FLOE_FROM_VARIANT', [expr, lit(t.wire === 'text' ? 1 : 0)]), t);
  if (!isSemiStructured(from) && isSemiStructured(t)) {
    const v = engineFn('FLOE_TO_VARIANT', [lit(variantTag(from)), expr]);
    return t.wire === 'array' ? engineFn('FLOE_TO_ARRAY', [lit('j'), v]) : t.wire === 'object' ? engineFn('TO_OBJECT', [v]) : v;
  }
  return convertTo(expr, t);
}
