/**
 * SQLite merges a FROM subquery or a CTE into the query that reads it (its query flattener) and
 * pushes WHERE terms down into it, copying a select item to every place that names it. A call
 * whose value differs from call to call (RANDOM(), UUID_STRING(), a sequence's NEXTVAL,
 * SYSTEM$WAIT: EngineFunction.perCall) then runs once per mention, and one row shows different
 * values in different places: `SELECT R, R < 0 FROM (SELECT RANDOM() AS R …) WHERE R < 0` listed
 * positive R, and its generator stepped three times a row. A query whose select items make such
 * a call gets OFFSET 0 (and LIMIT -1 when it has no LIMIT): SQLite neither flattens a subquery
 * with an OFFSET nor pushes terms into one, so each of its rows is computed once, as Snowflake
 * (and PostgreSQL, which never pulls up a subquery with volatile select items) computes it.
 */
import { answersPerCall } from '@/lib/engine/functions/manifest';
import { asKind, expectKind, type Node, type NodeOf } from '../parse';

/** A tree with every subquery and CTE that calls a per-call function in its select items fenced (in place). */
export function computeOnce(tree: Node, fence: Pick<NodeOf<'select'>, 'limit' | 'offset'>): Node {
  // (Most statements call none: one walk, and nothing else to do.)
  if (callsPerCall(tree)) visit(tree, fence);
  return tree;
}

function visit(value: unknown, fence: Pick<NodeOf<'select'>, 'limit' | 'offset'>): void {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) { for (const v of value) visit(v, fence); return; }
  const subquery = asKind(value, 'subquery');
  if (subquery) fenced(subquery.this, fence);
  if ('ctes' in value && Array.isArray(value.ctes)) for (const cte of value.ctes as { this?: unknown }[]) fenced(cte.this, fence);
  for (const v of Object.values(value)) visit(v, fence);
}

function fenced(query: unknown, fence: Pick<NodeOf<'select'>, 'limit' | 'offset'>): void {
  const select = asKind(query, 'select');
  if (!select || select.offset || !callsPerCall(select.expressions)) return;
  if (!select.limit) select.limit = structuredClone(fence.limit);
  select.offset = structuredClone(fence.offset);
}

/** Whether a per-call engine function is called anywhere in `value` (nested queries included). */
function callsPerCall(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(callsPerCall);
  const call = asKind(value, 'function');
  if (call && answersPerCall(call.name)) return true;
  return Object.values(value).some(callsPerCall);
}

/** The LIMIT -1 OFFSET 0 of a select, as SQLite's parser reads it. */
export const fenceOf = (readQuery: (sql: string) => Node): Pick<NodeOf<'select'>, 'limit' | 'offset'> => {
  const { limit, offset } = expectKind(readQuery('SELECT 1 LIMIT -1 OFFSET 0'), 'select');
  return { limit, offset };
};
