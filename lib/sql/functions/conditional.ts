/**
 * Conditional expressions: plain SQLite CASE/COALESCE/IS forms, typed as the common type of the
 * values they choose between (CASE itself is typed in compile/infer.ts).
 */
import { binary, caseWhen, engineFn, fn, isNull, lit, paren } from '../tree/ast';
import { asKind, type Node } from '../parse';
import { types, type SfType } from '../types';
import { argumentCountError, arity } from './arity';
import { arithmeticSql, arithmeticType, comparisonSql, exactArg, mayBeText } from '../tree/exact-numeric';
import { castExpression } from './conversion';
import { NULL, commonType, isNullLiteral } from './typing';
import { anyArgNullable, sameAsArg, type Call, type FunctionDef, type Typed } from './types';

const chosen = (pick: (args: Typed[]) => Typed[], nodes: (c: Call) => Node[]) =>
  (args: Typed[], c: Call) => commonType(pick(args), nodes(c));

/** Nullable unless one of the alternatives can never be NULL (COALESCE, NVL). */
const allNullable = (args: Typed[]): boolean => args.every((a) => a.nullable);

const ZERO: Typed = { type: types.number(1, 0), nullable: false };

/** The divisor is 0 (or, for DIV0NULL, NULL): the answer is 0 instead of an error; else exact `/`. */
function div0(orNull: boolean): FunctionDef['sqlite'] {
  return (c) => {
    arity(c, 2);
    const [a, b] = c.args;
    const [ta, tb] = c.types;
    const zero = paren(comparisonSql('eq', b, lit(0), tb, ZERO));
    const quotient = arithmeticSql('div', a, b, ta, tb);
    return caseWhen([[orNull ? binary('or', zero, isNull(b)) : zero, lit(0)]], quotient);
  };
}
/** A NULL literal operand takes a number's type (it coerces to the other side). */
const operandType = (a: Typed, node: Node) => (isNullLiteral(node) ? ZERO.type : a.type);
const quotientType = (a: Typed[], c: Call) => arithmeticType('div', operandType(a[0], c.args[0]), operandType(a[1], c.args[1]));

/** `a IS b` (NULL matches NULL), comparing NUMBER values and strings with numbers as `=` does. */
function matches(a: Node, b: Node, ta: Typed, tb: Typed): Node {
  const eq = comparisonSql('eq', a, b, ta, tb);
  const plain = asKind(eq, 'eq');
  if (isNullLiteral(b) || (plain && plain.left === a && plain.right === b)) return binary('is', a, b);
  return binary('or', paren(eq), binary('and', isNull(a), isNull(b)));
}

/** DECODE(expr, search1, result1, …, [default]): NULL matches NULL. */
function decode(c: Call): Node {
  if (c.args.length < 3) arity(c, 3, Infinity);
  const [expr, ...rest] = c.args;
  const whens: [Node, Node][] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) whens.push([matches(expr, rest[i], c.types[0], c.types[i + 1]), rest[i + 1]]);
  return caseWhen(whens, rest.length % 2 === 1 ? rest[rest.length - 1] : null);
}
const decodeResults = (c: Call): number[] => {
  const idx = [];
  for (let i = 2; i < c.args.length; i += 2) idx.push(i);
  if ((c.args.length - 1) % 2 === 1) idx.push(c.args.length - 1);
  return idx;
};

const numeric = (t: SfType | null) => t?.wire === 'fixed' || t?.wire === 'real';

/**
 * GREATEST/LEAST compare in the first argument's type: numeric (widened over the numeric
 * arguments) when it is numeric, else the first argument's type itself.
 */
function extremeType(a: Typed[], c: Call): SfType | null {
  const first = a[0]?.type ?? null;
  if (!numeric(first)) return a.length > 1 && a.every((x) => x.type?.wire === first?.wire) ? commonType(a, c.args) : first;
  const t = commonType(a.filter((x) => numeric(x.type)), c.args.filter((_n, i) => numeric(a[i].type)));
  // A string read as a number may have any number of digits.
  const strings = a.some((x, i) => !numeric(x.type) && !isNullLiteral(c.args[i]));
  return strings && t?.wire === 'fixed' ? types.number(38, t.scale ?? 0) : t;
}

/** Each argument, or when it is NULL the first argument that is not: the extreme of these skips NULLs. */
const skippingNulls = (args: Node[]): Node[] => args.map((a, i) => fn('COALESCE', [a, ...args.filter((_b, j) => j !== i)]));

/**
 * GREATEST/LEAST: each argument converted to the compared type, then SQLite's multi-argument
 * MAX/MIN (NULL when any argument is NULL), or the exact engine form for NUMBER values that may
 * be stored as text. The _IGNORE_NULLS forms (`ignoreNulls`) are NULL only when every argument is.
 */
const extreme = (name: 'GREATEST' | 'LEAST', sqliteName: string, ignoreNulls = false): FunctionDef => ({
  names: [ignoreNulls ? `${name}_IGNORE_NULLS` : name],
  sqlite: (c) => {
    if (c.args.length === 0) arity(c, 1, Infinity);
    if (c.args.length === 1) return paren(c.args[0]);
    const target = extremeType(c.types, c);
    const args = (ignoreNulls ? skippingNulls(c.args) : c.args).map((n, i) => {
      const t = c.types[i].type;
      return target && t && !isNullLiteral(n) && t.wire !== target.wire ? castExpression(n, t, target, c.session) : n;
    });
    if (target?.wire === 'fixed' && c.args.some((n, i) => c.types[i].type?.wire === 'fixed' && mayBeText(n, c.types[i].type))) {
      return engineFn(`FLOE_DEC_${name}`, args.map((n, i) => exactArg(n, c.types[i].type?.wire === 'fixed' ? c.types[i].type : target)));
    }
    // TIMESTAMP_TZ text is a wall clock with an offset: instants are compared by the engine.
    if (target?.wire === 'timestamp_tz') return engineFn(`FLOE_TZ_${name}`, args);
    return fn(sqliteName, args);
  },
  returns: extremeType,
  nullable: ignoreNulls ? allNullable : anyArgNullable,
});

export const conditionalFunctions: FunctionDef[] = [
  {
    kinds: ['if_func'],
    sqlNames: ['IFF'],
    signature: { args: ['BOOLEAN', 'ANY', 'ANY'], returns: 'ANY' },
    args: (p) => {
      // The parser also takes IFF(condition, value); Snowflake wants all three.
      if (p.false_value == null && p.original_name === 'IFF') throw argumentCountError('IFF', 3, 2);
      return [p.condition, p.true_value, p.false_value ?? NULL];
    },
    returns: chosen((a) => a.slice(1), (c) => c.args.slice(1)),
    nullable: (a) => a[1].nullable || a[2].nullable,
  },
  {
    // NVL and COALESCE; IFNULL arrives as a two-argument COALESCE.
    kinds: ['nvl', 'coalesce'],
    sqlNames: ['NVL', 'COALESCE', 'IFNULL'],
    signature: { args: ['ANY', 'ANY'], variadic: true, returns: 'ANY' },
    sqlite: (c) => fn('COALESCE', c.args),
    returns: (a, c) => commonType(a, c.args),
    nullable: allNullable,
  },
  {
    kinds: ['nvl2'],
    signature: { args: ['ANY', 'ANY', 'ANY'], returns: 'ANY' },
    args: (p) => [p.this, p.true_value, p.false_value],
    sqlite: (c) => caseWhen([[isNull(c.args[0], true), c.args[1]]], c.args[2]),
    returns: chosen((a) => a.slice(1), (c) => c.args.slice(1)),
    nullable: (a) => a[1].nullable || a[2].nullable,
  },
  {
    names: ['ZEROIFNULL'],
    signature: { args: ['NUMBER'], returns: 'NUMBER' },
    sqlite: (c) => { arity(c, 1); return fn('COALESCE', [c.args[0], lit(0)]); },
    returns: (a, c) => (isNullLiteral(c.args[0]) ? types.number(1, 0) : a[0].type),
    nullable: () => false,
  },
  {
    names: ['NULLIFZERO'],
    signature: { args: ['NUMBER'], returns: 'NUMBER' },
    sqlite: (c) => { arity(c, 1); return fn('NULLIF', [c.args[0], lit(0)]); },
    returns: sameAsArg(0),
  },
  { names: ['NULLIF'], signature: { args: ['ANY', 'ANY'], returns: 'ANY' }, sqlite: (c) => { arity(c, 2); return fn('NULLIF', c.args); }, returns: sameAsArg(0) },
  {
    names: ['DECODE'],
    sqlite: decode,
    returns: (a, c) => {
      const idx = decodeResults(c);
      return commonType(idx.map((i) => a[i]), idx.map((i) => c.args[i]));
    },
    nullable: (a, c) => (c.args.length - 1) % 2 === 0 || decodeResults(c).some((i) => a[i].nullable),
  },
  {
    names: ['EQUAL_NULL'],
    signature: { args: ['ANY', 'ANY'], returns: 'BOOLEAN' },
    sqlite: (c) => { arity(c, 2); return binary('is', c.args[0], c.args[1]); },
    returns: () => types.boolean(),
    nullable: () => false,
  },
  extreme('GREATEST', 'MAX'),
  extreme('LEAST', 'MIN'),
  extreme('GREATEST', 'MAX', true),
  extreme('LEAST', 'MIN', true),
  {
    // BOOLNOT(n): TRUE for 0, FALSE for any other number (NULL stays NULL).
    names: ['BOOLNOT'],
    signature: { args: ['NUMBER'], returns: 'BOOLEAN' },
    sqlite: (c) => { arity(c, 1); return paren(comparisonSql('eq', c.args[0], lit(0), c.types[0], ZERO)); },
    returns: () => types.boolean(),
    nullable: anyArgNullable,
  },
  { names: ['DIV0'], signature: { args: ['NUMBER', 'NUMBER'], returns: 'NUMBER' }, sqlite: div0(false), returns: quotientType },
  { names: ['DIV0NULL'], signature: { args: ['NUMBER', 'NUMBER'], returns: 'NUMBER' }, sqlite: div0(true), returns: quotientType },
];
