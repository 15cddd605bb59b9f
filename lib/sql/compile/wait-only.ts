/**
 * A statement that only waits: SELECT SYSTEM$WAIT(n[, 'unit']) [AS name], nothing else (CALL
 * SYSTEM$WAIT(…) compiles to it), n a whole-number literal. It needs no replica: the statement
 * service runs it as a timer and answers what the engine would (lib/engine/system-wait.ts),
 * so that waits never hold the reader workers other users' reads need.
 */
import { systemWait } from '@/lib/engine/system-wait';
import { asKind, type Node } from '../parse';

/** The clauses a plain SELECT leaves null, false or empty. */
const empty = (v: unknown) => v === null || v === false || (Array.isArray(v) && v.length === 0);
const literal = (n: unknown) => asKind(n, 'literal');

export function waitOnly(root: Node): { ms: number; text: string } | null {
  const select = asKind(root, 'select');
  if (!select || !Object.entries(select).every(([k, v]) => k === 'expressions' || k === 'leading_comments' || empty(v))) return null;
  const expressions = select.expressions;
  if (expressions.length !== 1) return null;
  const e = expressions[0];
  const call = asKind(asKind(e, 'alias')?.this ?? e, 'function');
  if (!call || call.quoted || call.distinct || call.name.toUpperCase() !== 'SYSTEM$WAIT' || call.args.length < 1 || call.args.length > 2) return null;
  const [n, unit] = call.args.map(literal);
  // Whole numbers only: the engine gets them as integers, and the answer spells them the same way.
  if (n?.literal_type !== 'number' || !/^\d{1,9}$/.test(n.value)) return null;
  if (call.args.length === 2 && unit?.literal_type !== 'string') return null;
  return systemWait(Number(n.value), unit?.value);
}
