/**
 * CONDITIONAL_TRUE_EVENT and CONDITIONAL_CHANGE_EVENT: window-only functions numbering the rows
 * of an ordered partition by the events seen so far (the current row included).
 */
import { engineFn, fn, lit, operator } from '../tree/ast';
import { SqlError } from '../errors';
import { makeNode, type Node } from '../parse';
import { types } from '../types';
import { arity } from './arity';
import { FRAME_TO_CURRENT, window, type Over } from './aggregate-nodes';
import type { SqlDialect } from '../dialect';
import { payloadAs, type FunctionDef } from './types';

const NAMES = ['CONDITIONAL_TRUE_EVENT', 'CONDITIONAL_CHANGE_EVENT'];

export const isWindowEvent = (name: string): boolean => NAMES.includes(name);

const orderRequired = (name: string) =>
  new SqlError('002303', '42601', `SQL compilation error: error line 1 at position 7\nWindow function type [${name}] requires ORDER BY in window specification.`);

/**
 * The call with its OVER: TRUE_EVENT counts the rows whose argument is true (NULL is not);
 * CHANGE_EVENT is, as Snowflake defines it, CONDITIONAL_TRUE_EVENT(x != LAG(x)), so a NULL on
 * either side is no change. SQLite nests no window in a window's argument: the engine counts
 * the changes over the frame's values.
 */
export function windowEvent(d: SqlDialect, name: string, x: Node, over: Over): Node {
  if (!over.order_by?.length) throw orderRequired(name);
  const w = { ...over, frame: FRAME_TO_CURRENT };
  if (name === 'CONDITIONAL_TRUE_EVENT') return window(fn('SUM', [fn('IIF', [operator('neq', x, lit(0)), lit(1), lit(0)])]), w);
  return engineFn('FLOE_AGG_CHANGES', [window(d.collect([x]), w)]);
}

/** The calls themselves: only an OVER gives them a meaning (windowSqlite rewrites them there). */
export const windowEventFunctions: FunctionDef[] = NAMES.map((name) => ({
  names: [name],
  window: true,
  signature: { args: [name === 'CONDITIONAL_TRUE_EVENT' ? 'BOOLEAN' : 'ANY'], returns: 'NUMBER' },
  sqlite: (c) => {
    arity(c, 1);
    if (!c.inWindow) throw new SqlError('002140', '42601', `SQL compilation error:\nMissing window specification for function [${name}].`);
    return makeNode('function', { ...payloadAs(c, 'function'), name });
  },
  returns: () => types.number(38, 0),
  nullable: () => false,
}));
