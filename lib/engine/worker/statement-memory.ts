/**
 * The JS side of FLOE_MAX_STATEMENT_MEMORY_BYTES in a replica (SQLite's side is its
 * hard_heap_limit, replica.ts): a function that is about to build something in proportion to its
 * input checks the cost first, and the statement fails with the limit's error instead of growing
 * the worker until it is stopped. One replica per worker thread, so the limit is the thread's.
 */
import { statementMemoryError, type EngineLimits } from '../limits';
import { udfError } from '../sqlite-errors';

let limits: EngineLimits | null = null;

export function setStatementMemoryLimit(l: EngineLimits): void {
  limits = l;
}

/**
 * A parsed JSON element (lib/values: a VNum object, a string slice, an array slot) costs about
 * this much: measured ≈ 52 bytes per number of an array, ≈ 120 per element of [key, value] pairs
 * (two values and an array, counted here as two separators).
 */
const BYTES_PER_ELEMENT = 96;

/**
 * Before parsing JSON text (an aggregate's collected values, stored result rows): its estimated
 * cost added to `spent` (what the statement parsed before), or the statement memory error.
 */
export function chargeParse(text: string, spent = 0): number {
  if (limits === null) return spent;
  const budget = limits.maxStatementMemoryBytes - spent;
  // At most one element per two characters ("1,"): below that bound nothing needs counting.
  let cost = text.length * (1 + BYTES_PER_ELEMENT / 2);
  if (cost > budget) {
    let elements = 1;
    for (let i = text.indexOf(','); i >= 0; i = text.indexOf(',', i + 1)) elements++;
    cost = text.length + elements * BYTES_PER_ELEMENT;
  }
  if (cost > budget) {
    const e = statementMemoryError(limits);
    throw udfError(e.code, e.sqlState, e.message);
  }
  return spent + cost;
}
