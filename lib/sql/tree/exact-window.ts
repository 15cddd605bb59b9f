/**
 * Exact SUM/MIN/MAX/AVG of NUMBER values that may be stored as text (exact-numeric.ts) over
 * window frames, and SUM(DISTINCT …). sql.js cannot register window-capable aggregates, so the
 * frame is aggregated natively where that is exact — integers as sums of their high and low 32
 * bits, decimals as such sums of their scaled integers — and the few other rows (decimal text,
 * doubles too large to scale exactly) are collected by the dialect's collect (json_group_array), which SQLite
 * evaluates over any frame. An engine call combines the parts only for rows whose frame holds such values
 * or whose sum leaves the range a double prints exactly: ordinary rows stay native.
 */
import { makeNode, type Node, type NodeOf } from '../parse';
import type { SfType } from '../types';
import { binary, castNode, countNode, engineFn, fn, lit, windowNode } from './ast';
import { integerForm } from './convert';
import { exactNumbersNative } from './engine-traits';
import { exactArg, textOf, type AggregatePayload } from './exact-numeric';
import type { SqlDialect } from '../dialect';

type Over = NodeOf<'window_function'>['over'];
const window = windowNode;
/** The values of x in the frame (those passing `filter`) collected into a JSON array by the dialect. */
const valuesArray = (d: SqlDialect, x: Node, filter: Node | null, distinct = false): Node => d.collect([x], distinct, filter);
const not = (x: Node): Node => makeNode('not', { this: x });
const asText = (x: Node): Node => castNode(x, { data_type: 'text' });
/** Below 10^15 a decimal sum prints exactly as a double (15 significant digits); 2^50 / 10^s scales exactly. */
const DOUBLE_EXACT = 1e15;
const SCALABLE = 2 ** 50;

/** Rows aggregated natively, and the integer they add: the value, or the decimal × 10^s. */
function nativeRows(x: Node, scale: number): { cond: Node; scaled: Node } {
  const notText = binary('neq', fn('TYPEOF', [x]), lit('text'));
  if (scale === 0) return { cond: notText, scaled: x };
  const small = binary('lt', fn('ABS', [x]), lit(SCALABLE / 10 ** scale));
  const scaled = castNode(fn('ROUND', [binary('mul', x, lit(10 ** scale))]), { data_type: 'int', length: null });
  return { cond: binary('and', notText, small), scaled };
}

/** The frame's parts: native high and low sums, the other values as a JSON array. */
function sumParts(d: SqlDialect, payload: AggregatePayload, over: Over, scale: number): { high: Node; low: Node; rest: Node } {
  const x = payload.this;
  const { cond, scaled } = nativeRows(x, scale);
  const half = (part: Node): Node => window(makeNode('sum', { ...payload, this: part, filter: cond }), over);
  const high = half(binary('bitwise_right_shift', scaled, lit(32)));
  const low = half(binary('bitwise_and', scaled, lit(0xffffffff)));
  return { high, low, rest: window(valuesArray(d, x, not(cond)), over) };
}

/** The engine's exact sum of the parts (sums beyond 2^53 reach it as text: sql.js hands integers over as doubles). */
const exactParts = (p: { high: Node; low: Node; rest: Node }, scale: number): Node =>
  engineFn('FLOE_DEC_SUM_WINDOW', [asText(p.high), asText(p.low), p.rest, lit(scale)]);

/** SUM(x) OVER (…) of a fixed type at scale s, exact. */
export function exactWindowSum(d: SqlDialect, payload: AggregatePayload, over: Over, scale: number): Node {
  if (exactNumbersNative()) return window(makeNode('sum', payload), over);
  const parts = sumParts(d, payload, over, scale);
  const { high, low, rest } = parts;
  const total = binary('add', binary('mul', high, lit(4294967296)), low);
  // Integers: any int64 total (an overflow makes it a double); decimals: while a double prints them.
  const inRange = scale === 0 ? binary('eq', fn('TYPEOF', [total]), lit('integer')) : binary('lt', fn('ABS', [total]), lit(DOUBLE_EXACT));
  const fast = binary('and', binary('eq', rest, lit('[]')), inRange);
  // total / 10^s as a correctly rounded double division (a real literal: integer division truncates).
  const value = scale === 0 ? total : binary('div', total, makeNode('literal', { literal_type: 'number', value: `1e${scale}` }));
  const exact = exactParts(parts, scale);
  return fn('IIF', [fast, value, scale === 0 ? integerForm(exact) : exact]);
}

/** AVG(x) OVER (…): the exact frame sum over the frame's count, rounded to `outScale`. */
export function exactWindowAverage(d: SqlDialect, payload: AggregatePayload, over: Over, scale: number, outScale: number): Node {
  const n = window(countNode(payload.this, false), over);
  // Native exact numbers (PostgreSQL): the frame's exact sum over its count (one pass: one window).
  if (exactNumbersNative()) return engineFn('FLOE_DEC_AVG', [window(makeNode('sum', payload), over), n, lit(outScale)]);
  return engineFn('FLOE_DEC_AVG', [exactParts(sumParts(d, payload, over, scale), scale), n, lit(outScale)]);
}

/** MIN/MAX(x) OVER (…): SQLite's extreme of the number rows unless the frame holds text rows. */
export function exactWindowExtreme(d: SqlDialect, kind: 'min' | 'max', payload: AggregatePayload, over: Over, t: SfType): Node {
  if (exactNumbersNative()) return window(makeNode(kind, payload), over);
  const x = payload.this;
  const native = window(makeNode(kind, { ...payload, filter: not(textOf(x)) }), over);
  const rest = window(valuesArray(d, x, textOf(x)), over);
  const exact = engineFn('FLOE_DEC_EXTREME_WINDOW', [exactArg(native, t), rest, lit(kind === 'min' ? -1 : 1)]);
  return fn('IIF', [binary('eq', rest, lit('[]')), native, (t.scale ?? 0) === 0 ? integerForm(exact) : exact]);
}

/** SUM(DISTINCT x): the distinct stored forms (canonical, so distinct values) summed exactly. */
export function exactDistinctSum(d: SqlDialect, payload: AggregatePayload, t: SfType): Node {
  if (exactNumbersNative()) return makeNode('sum', { ...payload, distinct: true });
  const scale = t.scale ?? 0;
  const sum = engineFn('FLOE_DEC_SUM_WINDOW', [lit(null), lit(null), valuesArray(d, payload.this, payload.filter ?? null, true), lit(scale)]);
  return scale === 0 ? integerForm(sum) : sum;
}
