/**
 * The forms the aggregate families share: the engine's own aggregate calls and the engine
 * "finals" over the values the dialect collects into a JSON array (worker/functions/aggregate*.ts),
 * which the engine also evaluates over window frames.
 */
import type { EngineFunctionSuffix } from '@/lib/engine/functions/manifest';
import { aggregateNode, countNode, engineFn, operator, windowNode } from '../tree/ast';
import { sqlErrors, type SqlError } from '../errors';
import { makeNode, type Node, type NodeOf } from '../parse';
import type { SfType } from '../types';
import type { Call, Typed } from './types';
import type { SqlDialect } from '../dialect';


/** `x * 1.0`: a number (also one stored as decimal text) as a REAL. */
export const asReal = (x: Node): Node => operator('mul', x, makeNode('literal', { literal_type: 'number', value: '1.0' }));

/** The engine's aggregate call `name([DISTINCT] args)`. */
export const aggregate = (name: string, args: Node[], distinct = false): Node => aggregateNode(name, args, distinct, null);

/** The engine's aggregate finals (FLOE_AGG_<final>), by final. */
export type AggregateFinal = EngineFunctionSuffix<'FLOE_AGG_'>;

/** FLOE_AGG_<final>(<the values of x collected>, …extra): the first argument is the aggregate (windows move onto it). */
export const overValues = (d: SqlDialect, final: AggregateFinal, x: Node | undefined, distinct: boolean, extra: Node[] = []): Node =>
  engineFn(`FLOE_AGG_${final}`, [d.collect(x === undefined ? [] : [x], distinct), ...extra]);

export const count = (x: Node, distinct: boolean): Node => countNode(x, distinct);

export const one: Node = makeNode('literal', { literal_type: 'number', value: '1' });
/** A window's OVER (…) and its frame, as the parser types them. */
export type Over = NodeOf<'window_function'>['over'];
export type Frame = NonNullable<Over["frame"]>;
const rows = (start: Frame['start'], end: Frame['end'], startSide: string, endSide: string | null): Frame =>
  ({ kind: 'Rows', start, end, exclude: null, kind_text: 'rows', start_side_text: startSide, end_side_text: endSide });
export const FRAME_ALL = rows('UnboundedPreceding', 'UnboundedFollowing', 'preceding', 'following');
export const FRAME_BEFORE = rows('UnboundedPreceding', { Preceding: one }, 'preceding', 'preceding');
export const FRAME_AFTER = rows({ Following: one }, 'UnboundedFollowing', 'following', 'following');
/** ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW. */
export const FRAME_TO_CURRENT = rows('UnboundedPreceding', 'CurrentRow', 'preceding', null);

export const window = (thisNode: Node, over: Over): Node => windowNode(thisNode, over);

export const distinctOf = (c: Call): boolean => c.payload.distinct === true;

/** Types an argument may have where Snowflake expects a number: numbers, and what casts to one at run time. */
const NUMERIC_WIRES = new Set(['fixed', 'real', 'text', 'variant']);

export const isNumeric = (t: SfType | null | undefined): boolean => !t || NUMERIC_WIRES.has(t.wire);

/** Snowflake's compile-time refusal of an argument of the wrong type (the types as it lists them). */
export function invalidArgumentTypes(c: Call, name: string): SqlError {
  return sqlErrors.invalidArgumentTypes(name, c.types.map((t) => t.type));
}

/** Fails unless every argument can be a number. */
export function requireNumeric(c: Call, name: string): void {
  if (c.types.some((t) => !isNumeric(t.type))) throw invalidArgumentTypes(c, name);
}

/** An aggregate the parser gives as a generic aggregate_function node: found by its name. */
export interface NamedAggregate {
  sqlite: (c: Call) => Node;
  returns: (args: Typed[], c: Call) => SfType | null;
  nullable?: (args: Typed[], c: Call) => boolean;
}
