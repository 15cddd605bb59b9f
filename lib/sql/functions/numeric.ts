/**
 * Numeric functions (https://docs.snowflake.com/en/sql-reference/functions-numeric). NUMBER
 * arguments go through exact engine functions (lib/engine/worker/functions/numeric.ts), FLOAT
 * ones through doubles; result types follow Snowflake's signatures.
 */
import { exactNumbersNative } from '../tree/engine-traits';
import { isEngineFunction, type EngineFunctionName } from '@/lib/engine/functions/manifest';
import { binary, caseWhen, engineFn, fn, lit } from '../tree/ast';
import { arithmeticSql, arithmeticType, exactIntegerSum, mayBeNaN, mayBeText, isInt64Min, nanAggregate, signedOperand, textOf, TWO_63 } from '../tree/exact-numeric';
import { exactDistinctSum } from '../tree/exact-window';
import { asKind, makeNode, type Node } from '../parse';
import { types, type SfType } from '../types';
import { anyArgNullable, payloadAs, type Call, type FunctionDef, type Typed } from './types';
import { dateTruncSql } from './datetime';
import { numericOperand, requireNumbers } from './operand-types';
import { engineArity, engineCall } from './arity';

const float = (): SfType => types.float();
const integer = (): SfType => types.number(38, 0);
const isReal = (t: SfType | null) => t?.wire === 'real';
const isFixed = (t: SfType | null): t is SfType => t?.wire === 'fixed';

/** The value of a number literal argument, or null when it is not one. */
function literalInt(n: unknown): number | null {
  const l = asKind(n, 'literal');
  if (l?.literal_type === 'number') return Number(l.value);
  const neg = asKind(n, 'neg');
  const inner = neg ? literalInt(neg.this) : null;
  return inner === null ? null : -inner;
}

const isStringLiteral = (n: unknown) => asKind(n, 'literal')?.literal_type === 'string';

/** A number function the engine computes under `engineName`, over its arguments in call order read as numbers. */
function numberFn(engineName: EngineFunctionName, spec: Partial<FunctionDef>): FunctionDef {
  return {
    ...spec,
    sqlite: (c) => {
      // The parser reads ATAN(y, x) as ATAN2: the count is checked against the function as written.
      const written = String(c.payload.original_name ?? '').toUpperCase();
      if (isEngineFunction(written)) engineArity({ name: written, args: c.args }, written);
      else engineArity(c, engineName);
      return engineFn(engineName, numberArgs(c));
    },
  };
}

/** A FLOAT function of the given engine name over its arguments in call order. */
const floatFn = (engineName: EngineFunctionName, spec: Partial<FunctionDef>): FunctionDef => numberFn(engineName, { ...spec, returns: float });

/**
 * A number function's arguments: each one a number (Snowflake refuses a DATE, BOOLEAN, BINARY …
 * at compile time; SQLite would read its text as a number), a string read strictly as one.
 */
function numberArgs(c: Call): Node[] {
  requireNumbers(c.name.toUpperCase(), c.types.map((t) => t.type));
  return c.args.map((a, i) => numericOperand(a, c.types[i]?.type ?? null));
}

type Rounding = 'ROUND' | 'TRUNC' | 'FLOOR' | 'CEIL';

/** Scale of ROUND/TRUNC/FLOOR/CEIL over NUMBER(p, s) with `digits`: min(s, max(digits, 0)). */
function roundedType(args: Typed[], c: Call): SfType | null {
  const t = args[0]?.type ?? null;
  if (isReal(t)) return float();
  if (!isFixed(t)) return null;
  const d = c.args[1] === undefined ? 0 : literalInt(c.args[1]);
  const s = t.scale ?? 0;
  return types.number(38, d === null ? s : Math.min(s, Math.max(d, 0)));
}

function rounding(name: Rounding, spec: Partial<FunctionDef>): FunctionDef {
  return {
    ...spec,
    sqlite: (c) => {
      const [x, digits = lit(0), mode] = c.args;
      const t = c.infer(x).type;
      // TRUNC(<date>, '<unit>') is DATE_TRUNC.
      if (name === 'TRUNC' && (isStringLiteral(digits) || ['date', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz'].includes(t?.wire ?? ''))) {
        return dateTruncSql(digits, x, t);
      }
      requireNumbers(name, [t]);
      const even = name === 'ROUND' && mode !== undefined && /HALF_TO_EVEN/i.test(String(asKind(mode, 'literal')?.value ?? ''));
      const engine = even ? 'ROUND_EVEN' : name;
      const d = literalInt(digits);
      // An integer rounded to whole units or finer is itself (the integer fast path).
      if (isFixed(t) && (t.scale ?? 0) === 0 && d !== null && d >= 0) return Object.assign({}, x); // a node of its own: it is typed apart
      return engineFn(isReal(t) ? `FLOE_${engine}_FLOAT` : `FLOE_${engine}`, [x, digits]);
    },
    returns: (args, c) => (name === 'TRUNC' && args[1]?.type?.wire === 'text' ? args[0]?.type ?? null : roundedType(args, c)),
  };
}


export const numericFunctions: FunctionDef[] = [
  // Seeded per statement so that a replayed write draws the same numbers.
  { names: ['RANDOM'], kinds: ['random'], args: () => [], sqlite: (c) => (c.args.length ? engineFn('FLOE_RANDOM_SEEDED', c.args) : engineFn('FLOE_RANDOM', [])), returns: () => types.number(19, 0), nullable: () => false },
  { kinds: ['rand'], sqlNames: [], args: (p) => (p.seed ? [p.seed] : []), sqlite: (c) => (c.args.length ? engineFn('FLOE_RANDOM_SEEDED', c.args) : engineFn('FLOE_RANDOM', [])), returns: () => types.number(19, 0), nullable: () => false },

  rounding('ROUND', { names: ['ROUND'] }),
  rounding('TRUNC', { names: ['TRUNC', 'TRUNCATE'] }),
  rounding('FLOOR', { kinds: ['floor'], args: (p) => (p.scale ? [p.this, p.scale] : [p.this]) }),
  rounding('CEIL', { kinds: ['ceil'], args: (p) => (p.decimals ? [p.this, p.decimals] : [p.this]) }),

  {
    kinds: ['abs'],
    sqlite: (c) => {
      const [x] = numberArgs({ ...c, name: 'ABS' });
      const t = c.infer(c.args[0]).type;
      // ABS(NaN) is NaN (SQLite would read the text as 0).
      if (mayBeNaN(x, t)) return fn('IIF', [textOf(x), x, fn('ABS', [x])]);
      if (!mayBeText(x, t)) return fn('ABS', [signedOperand(x, t)]);
      // Integers: native unless beyond int64.
      return (t?.scale ?? 0) === 0
        ? caseWhen([[binary('eq', fn('TYPEOF', [x]), lit('text')), engineFn('FLOE_DEC_ABS', [x])], [isInt64Min(x), TWO_63()]], fn('ABS', [x]))
        : engineFn('FLOE_DEC_ABS', [x]);
    },
    // A string's absolute value is the number it holds, a FLOAT as its type says nothing more.
    returns: (a) => (a[0]?.type?.wire === 'text' ? float() : a[0]?.type ?? null),
    nullable: (a) => a[0]?.nullable ?? true,
  },
  {
    names: ['SIGN'],
    sqlite: (c) => engineFn('FLOE_SIGN', numberArgs(c)),
    returns: (a) => (isReal(a[0]?.type ?? null) ? float() : types.number(1, 0)),
    nullable: (a) => a[0]?.nullable ?? true,
  },
  {
    kinds: ['mod_func'],
    sqlNames: ['MOD'],
    signature: { args: ['NUMBER', 'NUMBER'], returns: 'NUMBER' },
    // Its operands are read as the % operator reads them (a string strictly, a DATE or BOOLEAN refused).
    sqlite: (c) => {
      const [a, b] = numberArgs({ ...c, name: 'MOD' });
      return arithmeticSql('mod', a, b, c.types[0], c.types[1]);
    },
    returns: (a) => arithmeticType('mod', a[0]?.type ?? null, a[1]?.type ?? null),
  },
  floatFn('POWER', { names: ['POWER', 'POW'], kinds: ['power'] }),
  floatFn('SQRT', { kinds: ['sqrt'], names: ['SQRT'] }),
  floatFn('EXP', { kinds: ['exp'], names: ['EXP'] }),
  floatFn('LN', { kinds: ['ln'], names: ['LN'] }),
  // LOG(base, x): the parser gives x as `this` and the base separately.
  floatFn('FLOE_LOG', { kinds: ['log'], names: ['LOG'], args: (p) => (p.base ? [p.base, p.this] : [p.this]) }),
  floatFn('FLOE_SQUARE', { names: ['SQUARE'] }),
  floatFn('CBRT', { names: ['CBRT'] }),
  floatFn('PI', { kinds: ['pi'], names: ['PI'], args: () => [] }),
  floatFn('DEGREES', { kinds: ['degrees'], names: ['DEGREES'] }),
  floatFn('RADIANS', { kinds: ['radians'], names: ['RADIANS'] }),
  floatFn('SIN', { kinds: ['sin'], names: ['SIN'] }),
  floatFn('COS', { kinds: ['cos'], names: ['COS'] }),
  floatFn('TAN', { kinds: ['tan'], names: ['TAN'] }),
  floatFn('COT', { kinds: ['cot'], names: ['COT'] }),
  floatFn('ASIN', { kinds: ['asin'], names: ['ASIN'] }),
  floatFn('ACOS', { kinds: ['acos'], names: ['ACOS'] }),
  floatFn('ATAN', { kinds: ['atan'], names: ['ATAN'] }),
  floatFn('ATAN2', { kinds: ['atan2'], names: ['ATAN2'] }),
  floatFn('SINH', { names: ['SINH'] }),
  floatFn('COSH', { names: ['COSH'] }),
  floatFn('TANH', { names: ['TANH'] }),
  floatFn('FLOE_NORMAL', { names: ['NORMAL'] }),
  {
    // UNIFORM(min, max, gen): integers when both bounds are integers, else FLOAT.
    names: ['UNIFORM'],
    sqlite: (c) => {
      const [lo, hi] = c.args.map((a) => c.infer(a).type);
      const ints = isFixed(lo) && isFixed(hi) && (lo.scale ?? 0) === 0 && (hi.scale ?? 0) === 0;
      return engineFn(ints ? 'FLOE_UNIFORM_INT' : 'FLOE_UNIFORM_FLOAT', c.args);
    },
    returns: (a) => (a.slice(0, 2).every((x) => isFixed(x.type) && (x.type.scale ?? 0) === 0) ? integer() : float()),
    nullable: () => false,
  },
  // RANDSTR(length, gen): the string is a function of gen (a constant gives the same string each time).
  { names: ['RANDSTR'], sqlite: engineCall('RANDSTR'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['HAVERSINE'], sqlite: engineCall('HAVERSINE'), returns: float, nullable: anyArgNullable },
  numberFn('WIDTH_BUCKET', { names: ['WIDTH_BUCKET'], returns: integer }),
  ...(['BITAND', 'BITOR', 'BITXOR', 'BITNOT', 'BITSHIFTLEFT', 'BITSHIFTRIGHT'] as const).map((n) => numberFn(n, { names: [n], returns: integer })),
  { names: ['HASH'], returns: () => types.number(19, 0), nullable: () => false },
  numberFn('FACTORIAL', { names: ['FACTORIAL'], returns: integer }),
  {
    // SUM over NUMBER that may be stored as text is exact: an engine aggregate with a scale, native
    // parts for integers, the distinct values' sum for DISTINCT (windows: exact-window.ts).
    kinds: ['sum'],
    args: (p) => [p.this],
    sqlite: (c) => {
      const x = c.args[0];
      const t = c.infer(x).type;
      const sum = payloadAs(c, 'sum');
      const plain = !c.inWindow && !sum.distinct;
      // (An engine whose numbers are exact sums them itself.)
      if (plain && isFixed(t) && (t.scale ?? 0) > 0 && !sum.filter && !exactNumbersNative()) return engineFn('FLOE_SUM_DEC', [x, lit(t.scale ?? 0)]);
      // Integers beyond int64 (text) are summed apart, exactly.
      if (plain && isFixed(t) && mayBeText(x, t)) return exactIntegerSum(sum, x);
      if (!c.inWindow && isFixed(t) && mayBeText(x, t)) return exactDistinctSum(c.dialect, sum, t);
      return c.inWindow ? makeNode('sum', sum) : nanAggregate(makeNode('sum', sum), sum, x, t);
    },
    returns: (a) => {
      const t = a[0]?.type ?? null;
      return isFixed(t) ? types.number(38, t.scale ?? 0) : isReal(t) ? float() : t;
    },
  },
];
