/**
 * Aggregate and window functions. SQLite's own COUNT/SUM/AVG/MIN/MAX and ranking functions run
 * natively; the rest are an engine "final" over json_group_array (worker/functions/aggregate.ts),
 * which SQLite also evaluates over window frames. Result types follow Snowflake's signatures.
 */
import { isEngineFunction, type EngineFunctionName } from '@/lib/engine/functions/manifest';
import { countNode, engineFn, fn, isNull, lit, nullNode, operator } from '../tree/ast';
import { asKind, kindOf, makeNode, payloadOf, rebuildNode, type Node, type NodeOf } from '../parse';
import { sqlErrors } from '../errors';
import { types, type SfType } from '../types';
import { payloadAs, type Call, type FunctionDef, type Typed } from './types';
import type { DoubleAggregate, SqlDialect } from '../dialect';
import { variantTag } from '../tree/variant-tags';
import { exactAverage, exactExtreme, mayBeText, nanAggregate, nanWindowAggregate } from '../tree/exact-numeric';
import { exactNumbersNative } from '../tree/engine-traits';
import { exactDistinctSum, exactWindowAverage, exactWindowExtreme, exactWindowSum } from '../tree/exact-window';
import { aggregate, asReal, count, distinctOf, FRAME_AFTER, FRAME_ALL, FRAME_BEFORE, one, overValues, window, type Frame, type NamedAggregate, type Over } from './aggregate-nodes';
import { statisticalAggregates } from './aggregate-statistics';
import { setAggregates, setFunctions } from './aggregate-sets';
import { isWindowEvent, windowEvent, windowEventFunctions } from './window-events';
import { castExpression } from './conversion';

const fixed = (t: SfType | null | undefined): boolean => t?.wire === 'fixed';
const argType = (args: Typed[]) => args[0]?.type ?? null;

/** Snowflake widens the scale of AVG (and of division) by up to 6 digits, to at most 12. */
const avgScale = (s: number) => Math.max(s, Math.min(s + 6, 12));

/** MEDIAN and PERCENTILE_CONT of NUMBER(p,s): NUMBER(p+3,s+3); of FLOAT: FLOAT. */
function interpolatedType(t: SfType | null): SfType | null {
  if (t && fixed(t)) return types.number(Math.min(38, (t.precision ?? 38) + 3), Math.min(37, (t.scale ?? 0) + 3));
  return t?.wire === 'real' ? types.float() : t;
}

const numericResult = (t: SfType | null, scale: (s: number) => number): SfType | null =>
  t && fixed(t) ? types.number(38, scale(t.scale ?? 0)) : t?.wire === 'real' ? types.float() : t;

/**
 * BINARY values reach the finals as their hex text (no engine's JSON holds bytes; hex text orders
 * as the bytes do), and a final that returns one of them (MODE, MAX_BY, MIN_BY) is decoded back.
 */
const isBinary = (c: Call, i: number): boolean => c.types[i]?.type?.wire === 'binary';
/**
 * The engine's own aggregate of a NUMBER or FLOAT argument's values where the dialect has one
 * (doubleAggregate), else the FLOE_AGG_ final over them (which reads text with Snowflake's error).
 */
const ownAggregateOrFinal = (c: Call, kind: DoubleAggregate, distinct: boolean): Node =>
  (!distinct && ['fixed', 'real'].includes(c.types[0]?.type?.wire ?? '') ? c.dialect.doubleAggregate(kind, c.args[0], c.inWindow) : null)
  ?? overValues(c.dialect, kind, c.args[0], distinct);
const hexOf = (c: Call, i: number): Node => (isBinary(c, i) ? c.dialect.bytes('HEX', [c.args[i]]) : c.args[i]);
const fromHex = (x: Node): Node => engineFn('FLOE_CONVERT', [x, lit('TEXT'), lit('BINARY'), lit('HEX'), lit(0)]);
/** The final inside fromHex(final), or null: its window goes onto the final. */
function hexFinal(node: unknown): Node | null {
  const f = asKind(node, 'function');
  if (f?.name !== 'FLOE_CONVERT' || asKind(f.args[2], 'literal')?.value !== 'BINARY' || asKind(f.args[3], 'literal')?.value !== 'HEX') return null;
  return finalName(f.args[0]) ? f.args[0] : null;
}

/** The engine's FLOE_AGG_ final a node calls (overValues), or null. */
const finalName = (node: unknown): EngineFunctionName | null => {
  const name = asKind(node, 'function')?.name;
  return name?.startsWith('FLOE_AGG_') && isEngineFunction(name) ? name : null;
};

/** The values aggregate inside a rewritten aggregate form: the first argument of its FLOE_AGG_ final (overValues). */
function findValuesAggregate(node: unknown): NodeOf<'aggregate_function'> | null {
  if (!node || typeof node !== 'object') return null;
  const values = finalName(node) ? asKind(asKind(node, 'function')?.args[0], 'aggregate_function') : undefined;
  if (values) return values;
  for (const v of Object.values(node)) {
    const found = findValuesAggregate(v);
    if (found) return found;
  }
  return null;
}

/** The navigation functions of a window (LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTH_VALUE). */
type Navigation = NodeOf<'lag' | 'lead' | 'first_value' | 'last_value' | 'nth_value'>;
const navigationOf = (node: Node): Navigation | undefined =>
  asKind(node, 'lag') ?? asKind(node, 'lead') ?? asKind(node, 'first_value') ?? asKind(node, 'last_value') ?? asKind(node, 'nth_value');

/** `x IGNORE NULLS` for LAG/LEAD/FIRST_VALUE/LAST_VALUE/NTH_VALUE: the nth non-NULL value in a frame. */
function ignoreNulls(c: Call, kind: string, v: Navigation, over: Over): Node {
  const d = c.dialect;
  const orderedFrame = (frame: Frame): Over => ({ ...over, frame: over.frame ?? frame });
  const values = (frame: Frame) => window(d.collect([v.this]), orderedFrame(frame));
  const n = ('offset' in v ? v.offset : null) ?? one;
  const otherwise = ('default' in v ? v.default : null) ?? nullNode();
  // The value found, in its own type's form (a default of another type then unifies with it).
  const nth = (frame: Node, index: Node, fromEnd: number) => d.engineValue(engineFn('FLOE_AGG_NTH_NONNULL', [frame, index, lit(fromEnd)]), c.infer(v.this).type);
  switch (kind) {
    case 'lag': return fn('COALESCE', [nth(window(d.collect([v.this]), { ...over, frame: FRAME_BEFORE }), n, 1), otherwise]);
    case 'lead': return fn('COALESCE', [nth(window(d.collect([v.this]), { ...over, frame: FRAME_AFTER }), n, 0), otherwise]);
    case 'last_value': return nth(values(FRAME_ALL), one, 1);
    default: return nth(values(FRAME_ALL), n, 0);
  }
}

/** SUM/AVG/MIN/MAX over a frame of NUMBER values that may be stored as text, and AVG of any NUMBER: exact (exact-window.ts). */
function exactWindowSqlite(inner: Node, over: Over, c: Call): Node | null {
  const kind = kindOf(inner);
  const v = asKind(inner, 'sum') ?? asKind(inner, 'avg') ?? asKind(inner, 'min') ?? asKind(inner, 'max');
  if (!v || v.distinct) return null;
  const t = c.infer(v.this).type;
  if (!t || !fixed(t)) return null;
  const s = t.scale ?? 0;
  // Native exact numbers (PostgreSQL) sum and compare exactly as they are; AVG divides the exact
  // sum once at its scale (exactWindowAverage), as the plain aggregate does (exactAverage).
  if (exactNumbersNative()) return kind === 'avg' ? exactWindowAverage(c.dialect, v, over, s, avgScale(s)) : null;
  if (!mayBeText(v.this, t)) return null;
  if (kind === 'sum') return exactWindowSum(c.dialect, v, over, s);
  if (kind === 'avg') return exactWindowAverage(c.dialect, v, over, s, avgScale(s));
  return kind === 'min' || kind === 'max' ? exactWindowExtreme(c.dialect, kind, v, over, t) : null;
}

/** A window call: finals take the OVER onto their aggregate; Snowflake's frame defaults and IGNORE NULLS. */
function windowSqlite(c: Call): Node {
  const { this: inner, over } = payloadAs(c, 'window_function');
  const hex = hexFinal(inner);
  return hex ? fromHex(windowOver(c, hex, over)) : windowOver(c, inner, over);
}

function windowOver(c: Call, inner: Node, over: Over): Node {
  const final = finalName(inner);
  const call = asKind(inner, 'function');
  if (final && call) {
    const args = call.args;
    // SQLite takes no ORDER BY inside a window aggregate: a WITHIN GROUP order becomes the
    // window's, over the whole partition.
    const values = asKind(args[0], 'aggregate_function');
    const order = values?.order_by ?? [];
    const w = order.length && !over.order_by?.length ? { ...over, order_by: order, frame: FRAME_ALL } : over;
    const agg = values ? makeNode('aggregate_function', { ...values, order_by: [], distinct: false }) : args[0];
    // SQLite takes no DISTINCT in a window either: the frame's values are made distinct after.
    const frame = values?.distinct ? engineFn('FLOE_JSON_DISTINCT', [window(agg, w), lit(0)]) : window(agg, w);
    return engineFn(final, [frame, ...args.slice(1)]);
  }
  const kind = kindOf(inner);
  const v = payloadOf(inner);
  const name = call ? call.name.toUpperCase() : '';
  if (call && isWindowEvent(name)) return windowEvent(c.dialect, name, call.args[0], over);
  if (call && name === 'RATIO_TO_REPORT') {
    const x = call.args[0];
    // FLOAT: the partition's SUM with its NaN and infinities, divided as FLOAT divides (inf / inf is NaN).
    const floatTotal = nanWindowAggregate('sum', { this: x, distinct: false, filter: null, order_by: [], name: 'SUM' }, over, c.infer(x).type);
    if (floatTotal) return engineFn('FLOE_DIV', [x, fn('NULLIF', [floatTotal, lit(0)])]);
    return operator('div', asReal(x), fn('NULLIF', [window(fn('SUM', [x]), over), lit(0)]));
  }
  if (v?.distinct === true) {
    // COUNT(DISTINCT x) OVER (…): SQLite takes no DISTINCT in a window.
    const counted = asKind(inner, 'count')?.this;
    if (counted) return c.dialect.jsonArrayLength(engineFn('FLOE_JSON_DISTINCT', [window(c.dialect.collect([counted]), over), lit(1)]));
    throw sqlErrors.unsupported(`${kind.toUpperCase()}(DISTINCT …) as a window function`);
  }
  const exact = exactWindowSqlite(inner, over, c);
  if (exact) return exact;
  const sum = asKind(inner, 'sum');
  const avg = asKind(inner, 'avg');
  const float = sum ? nanWindowAggregate('sum', sum, over, c.infer(sum.this).type) : avg ? nanWindowAggregate('avg', avg, over, c.infer(avg.this).type) : null;
  if (float) return float;
  const navigation = navigationOf(inner);
  if (navigation && navigation.ignore_nulls === true) return ignoreNulls(c, kind, navigation, over);
  // Snowflake's FIRST_VALUE/LAST_VALUE/NTH_VALUE look at the whole partition unless a frame is given.
  if (['first_value', 'last_value', 'nth_value'].includes(kind) && navigation && !over.frame && over.order_by?.length) {
    return window(rebuildNode(kind, { ...navigation, ignore_nulls: null }), { ...over, frame: FRAME_ALL });
  }
  return window(navigation ? rebuildNode(kind, { ...navigation, ignore_nulls: null }) : inner, over);
}

function windowType(args: Typed[], c: Call): Typed {
  const inner = payloadAs(c, 'window_function').this;
  const kind = inner ? kindOf(inner) : 'row_number';
  switch (kind) {
    case 'row_number': case 'rank': case 'dense_rank': case 'n_tile': return { type: types.number(38, 0), nullable: false };
    case 'cume_dist': case 'percent_rank': return { type: types.float(), nullable: false };
    case 'function':
      if (asKind(inner, 'function')?.name.toUpperCase() === 'RATIO_TO_REPORT') return { type: numericResult(argType(args.slice(1)), avgScale), nullable: true };
  }
  return args[0] ?? { type: null, nullable: true };
}

/** The output format of a listed BINARY (LISTAGG's TO_VARCHAR(b), a FLOE_CONVERT), or null. */
function listedBinaryFormat(listed: unknown): string | null {
  const f = asKind(listed, 'function');
  if (f?.name !== 'FLOE_CONVERT' || asKind(f.args[1], 'literal')?.value !== 'BINARY' || asKind(f.args[2], 'literal')?.value !== 'TEXT') return null;
  const format = asKind(f.args[3], 'literal')?.value;
  return typeof format === 'string' ? format : null;
}

/**
 * WITHIN GROUP (ORDER BY …): the order goes into the values aggregate; percentiles aggregate the
 * ORDER BY expression. PostgreSQL orders a DISTINCT aggregate only by its arguments, so
 * LISTAGG(DISTINCT b) WITHIN GROUP (ORDER BY b) of BINARY b, which lists TO_VARCHAR(b), orders
 * by that text when it is hex (which orders as the bytes do); in another format its values are
 * collected in order and made distinct after (as a window does).
 */
function withinGroupSqlite(c: Call): Node {
  const { this: inner, order_by: order } = payloadAs(c, 'within_group');
  const values = findValuesAggregate(inner);
  if (values) {
    const listed = values.args[0] as Node;
    const format = values.distinct && order.some((_o, i) => c.types[i + 1]?.type?.wire === 'binary') ? listedBinaryFormat(listed) : null;
    const f = asKind(inner, 'function');
    if (format && format !== 'HEX' && !c.inWindow && f && asKind(f.args[0], 'aggregate_function') === values) {
      values.distinct = false;
      values.order_by = order;
      return makeNode('function', { ...f, args: [engineFn('FLOE_JSON_DISTINCT', [f.args[0], lit(0)]), ...f.args.slice(1)] });
    }
    const hexKey = (key: Node, t: SfType | null | undefined): Node =>
      (format === 'HEX' && t?.wire === 'binary' ? makeNode('function', { ...asKind(listed, 'function')!, args: [key, ...asKind(listed, 'function')!.args.slice(1)] }) : key);
    values.order_by = format ? order.map((o, i) => ({ ...o, this: hexKey(o.this, c.types[i + 1]?.type) })) : order;
    if (/PERCENTILE/.test(finalName(inner) ?? '')) values.args = order.slice(0, 1).map((o) => o.this);
    // PERCENTILE_CONT sorts the values itself: it is told their direction.
    if (f && finalName(inner) === 'FLOE_AGG_PERCENTILE_CONT') return makeNode('function', { ...f, args: [f.args[0], f.args[1], lit(order[0]?.desc === true ? 1 : 0)] });
  }
  // A new node: the inner one keeps its own type stamp.
  return { ...inner };
}

function withinGroupType(args: Typed[], c: Call): SfType | null {
  const final = finalName(payloadAs(c, 'within_group').this);
  if (final === 'FLOE_AGG_PERCENTILE_CONT') return interpolatedType(args[1]?.type ?? null);
  if (final === 'FLOE_AGG_PERCENTILE_DISC') return args[1]?.type ?? null;
  return args[0]?.type ?? null;
}

/**
 * MAX_BY / MIN_BY(value, key [, n]): the value of the row with the greatest (least) key, or an
 * ARRAY of the values of the n such rows. Numeric keys are compared as numbers (stored decimal
 * text would compare as text).
 */
function extremeBy(name: 'MAX_BY' | 'MIN_BY', c: Call): Node {
  const [value, key, n] = c.args;
  const keyType = c.types[1]?.type;
  const sortable = keyType && (fixed(keyType) || keyType.wire === 'real') ? asReal(key) : hexOf(c, 1);
  const extreme = overValues(c.dialect, 'EXTREME_BY', c.dialect.jsonArray([sortable, hexOf(c, 0)]), false, [lit(name === 'MAX_BY' ? -1 : 1), n ?? nullNode(), lit(variantTag(c.types[0]?.type))]);
  return isBinary(c, 0) && !n ? fromHex(extreme) : extreme;
}

const extremeByType = (a: Typed[], c: Call): SfType | null => (c.args.length > 2 ? types.array() : a[0]?.type ?? null);

const neqZero = (x: Node): Node => operator('neq', x, lit(0));
const bool = () => types.boolean();
/** The argument as a condition: a BOOLEAN is one, a number is true unless 0. */
const truth = (c: Call): Node => (c.types[0]?.type?.wire === 'boolean' ? (c.args[0] as Node) : neqZero(c.args[0]));

/** The aggregates polyglot leaves as a generic aggregate_function node, by name. */
const NAMED_AGGREGATES: Record<string, NamedAggregate> = {
  OBJECT_AGG: { sqlite: (c) => overValues(c.dialect, 'OBJECT', c.dialect.jsonArray([c.args[0], hexOf(c, 1)]), false, [lit(variantTag(c.types[1]?.type))]), returns: () => types.object() },
  BOOLAND_AGG: { sqlite: (c) => c.dialect.boolAggregate('and', truth(c)), returns: bool },
  BOOLOR_AGG: { sqlite: (c) => c.dialect.boolAggregate('or', truth(c)), returns: bool },
  // Two native aggregates in one expression, which a window cannot take: there, an engine final.
  BOOLXOR_AGG: {
    sqlite: (c) => (c.inWindow
      ? overValues(c.dialect, 'BOOLXOR', fn('IIF', [isNull(c.args[0]), nullNode(), fn('IIF', [truth(c), lit(1), lit(0)])]), false)
      : fn('IIF', [operator('eq', fn('SUM', [fn('IIF', [truth(c), lit(1), lit(0)])]), lit(1)), lit(1), fn('IIF', [operator('eq', count(c.args[0], false), lit(0)), nullNode(), lit(0)])])),
    returns: bool,
  },
  // The third argument: 1 for a descending WITHIN GROUP order (withinGroupSqlite).
  PERCENTILE_CONT: { sqlite: (c) => overValues(c.dialect, 'PERCENTILE_CONT', undefined, false, [c.args[0], lit(0)]), returns: () => null },
  PERCENTILE_DISC: { sqlite: (c) => overValues(c.dialect, 'PERCENTILE_DISC', undefined, false, [c.args[0]]), returns: () => null },
  MAX_BY: { sqlite: (c) => extremeBy('MAX_BY', c), returns: extremeByType },
  MIN_BY: { sqlite: (c) => extremeBy('MIN_BY', c), returns: extremeByType },
  ...statisticalAggregates,
  ...setAggregates,
};

const byName = (c: Call): Call => ({ ...c, name: String(c.payload.name).toUpperCase() });
const namedAggregate = (c: Call): NamedAggregate | undefined => NAMED_AGGREGATES[byName(c).name];

export const aggregateFunctions: FunctionDef[] = [
  // RATIO_TO_REPORT(x) is compiled by its window (windowSqlite): the call itself is kept for it.
  { names: ['RATIO_TO_REPORT'], window: true, returns: (a) => a[0]?.type ?? null },
  {
    kinds: ['count_if'],
    signature: { args: ['BOOLEAN'], returns: 'NUMBER' },
    args: (p) => [p.this],
    // A CASE rather than NULLIF(x, 0): PostgreSQL compares no BOOLEAN with a number.
    sqlite: (c) => count(fn('IIF', [c.args[0], lit(1), nullNode()]), false),
    returns: () => types.number(18, 0),
    nullable: () => false,
  },
  { kinds: ['approx_count_distinct'], signature: { args: ['ANY'], returns: 'NUMBER' }, args: (p) => [p.this], sqlite: (c) => count(c.args[0], true), returns: () => types.number(18, 0), nullable: () => false },
  {
    kinds: ['avg'],
    signature: { args: ['NUMBER'], returns: 'NUMBER' },
    args: (p) => [p.this],
    // NUMBER values beyond a double average exactly; FLOAT, small integers, windows and DISTINCT natively.
    sqlite: (c) => {
      const t = c.types[0]?.type ?? null;
      // Native exact numbers (PostgreSQL) average exactly too (exactAverage).
      const exact = t && fixed(t) && !c.inWindow && (exactNumbersNative() || (!distinctOf(c) && mayBeText(c.args[0], t)));
      const avg = payloadAs(c, 'avg');
      // AVG(DISTINCT x) of values that may lie beyond a double: their exact distinct sum over their count.
      if (t && fixed(t) && !c.inWindow && !exactNumbersNative() && distinctOf(c) && mayBeText(c.args[0], t)) {
        return engineFn('FLOE_DEC_AVG', [exactDistinctSum(c.dialect, avg, t), countNode(c.args[0], true, avg.filter ?? null), lit(avgScale(t.scale ?? 0))]);
      }
      if (exact) return exactAverage(avg, c.args[0], t, avgScale(t.scale ?? 0));
      return c.inWindow ? makeNode('avg', avg) : nanAggregate(makeNode('avg', avg), avg, c.args[0], t);
    },
    returns: (a) => numericResult(argType(a), avgScale),
  },
  {
    kinds: ['min', 'max'],
    signature: { args: ['ANY'], returns: 'ANY' },
    args: (p) => [p.this],
    // NUMBER values stored as text are compared exactly (SQLite orders any number before text).
    sqlite: (c) => {
      const t = c.types[0]?.type ?? null;
      const kind = c.name === 'min' ? 'min' : 'max';
      const v = payloadAs(c, kind);
      return t && !c.inWindow && mayBeText(c.args[0], t) ? exactExtreme(kind, v, c.args[0], t) : makeNode(kind, v);
    },
    returns: argType,
  },
  { kinds: ['any_value'], signature: { args: ['ANY'], returns: 'ANY' }, args: (p) => [p.this], sqlite: (c) => fn('MIN', c.args), returns: argType },
  {
    kinds: ['median'],
    signature: { args: ['NUMBER'], returns: 'NUMBER' },
    args: (p) => [p.this],
    sqlite: (c) => ownAggregateOrFinal(c, 'MEDIAN', false),
    returns: (a) => interpolatedType(argType(a)),
  },
  { kinds: ['mode'], signature: { args: ['ANY'], returns: 'ANY' }, args: (p) => [p.this], sqlite: (c) => (isBinary(c, 0) ? fromHex(overValues(c.dialect, 'MODE', hexOf(c, 0), false)) : overValues(c.dialect, 'MODE', c.args[0], false)), returns: argType },
  ...([
    [['stddev', 'stddev_samp'], [], 'STDDEV_SAMP'],
    [['stddev_pop'], [], 'STDDEV_POP'],
    [['variance', 'var_samp'], ['VARIANCE_SAMP'], 'VAR_SAMP'],
    [['var_pop'], ['VARIANCE_POP'], 'VAR_POP'],
  ] as const).map(([kinds, names, final]): FunctionDef => ({
    kinds: [...kinds],
    names: [...names],
    sqlNames: kinds.map((k) => k.toUpperCase()),
    signature: { args: ['NUMBER'], returns: 'FLOAT' },
    args: (p) => [p.this],
    sqlite: (c) => ownAggregateOrFinal(c, final, distinctOf(c)),
    returns: () => types.float(),
  })),
  {
    kinds: ['list_agg'],
    sqlNames: ['LISTAGG'],
    signature: { args: ['VARCHAR'], optional: ['VARCHAR'], returns: 'VARCHAR' },
    args: (p) => [p.this, p.separator],
    // A BINARY is listed as its text in the session's BINARY_OUTPUT_FORMAT, as TO_VARCHAR shows it.
    sqlite: (c) => {
      const x = isBinary(c, 0) ? castExpression(c.args[0], c.types[0].type, types.varchar(), c.session) : c.args[0];
      return overValues(c.dialect, 'LISTAGG', x, distinctOf(c), [c.args[1] ?? lit('')]);
    },
    returns: () => types.varchar(),
  },
  {
    kinds: ['array_agg'],
    signature: { args: ['ANY'], returns: 'ARRAY' },
    args: (p) => [p.this],
    // A BINARY goes into the array as its hex text, as a VARIANT holds it (no engine's JSON holds bytes).
    sqlite: (c) => {
      const binary = c.types[0]?.type?.wire === 'binary';
      return overValues(c.dialect, 'ARRAY', binary ? c.dialect.bytes('HEX', [c.args[0]]) : c.args[0], distinctOf(c), [lit(variantTag(c.types[0]?.type))]);
    },
    returns: () => types.array(),
  },
  {
    kinds: ['aggregate_function'],
    sqlNames: Object.keys(NAMED_AGGREGATES),
    args: (p) => (p.args as unknown[]) ?? [],
    // Definitions see the call by its own name (the node kind names every one alike).
    sqlite: (c) => namedAggregate(c)?.sqlite(byName(c)) ?? makeNode('aggregate_function', payloadAs(c, 'aggregate_function')),
    returns: (a, c) => namedAggregate(c)?.returns(a, byName(c)) ?? null,
    nullable: (a, c) => namedAggregate(c)?.nullable?.(a, byName(c)) ?? true,
  },
  ...setFunctions,
  ...windowEventFunctions,
  {
    kinds: ['within_group'],
    sqlNames: [],
    args: (p) => [p.this, ...((p.order_by as { this: unknown }[]) ?? []).map((o) => o.this)],
    sqlite: withinGroupSqlite,
    returns: withinGroupType,
  },
  { kinds: ['lag', 'lead', 'first_value', 'last_value', 'nth_value'], window: true, args: (p) => [p.this], returns: argType },
  {
    kinds: ['window_function'],
    sqlNames: ['ROW_NUMBER', 'RANK', 'DENSE_RANK', 'NTILE', 'CUME_DIST', 'PERCENT_RANK', 'RATIO_TO_REPORT'],
    window: true,
    args: (p) => [p.this, ...(((p.this as Record<string, { args?: unknown[] }> | null)?.function?.args) ?? [])],
    sqlite: windowSqlite,
    returns: (a, c) => windowType(a, c).type,
    nullable: (a, c) => windowType(a, c).nullable,
  },
];
