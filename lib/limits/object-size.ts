/**
 * Size caps of stored objects. Whatever Floe keeps besides table data (a catalog object's
 * definition, an agent, a worksheet) is bounded, so that one user cannot grow the catalog every
 * replica holds, or a file rewritten on every change, without limit. A REST body answers 413, a
 * statement 422; both carry resourceError('objectSize') naming the limit and its setting.
 */
import { resourceError, type ResourceError } from './resource-errors';

/** An object over its cap. Recognised by name across Next's module copies (see isErrorNamed). */
export class ObjectSizeError extends Error {
  constructor(readonly resource: ResourceError) {
    super(resource.message);
    this.name = 'ObjectSizeError';
  }
}

export const isObjectSizeError = (e: unknown): e is ObjectSizeError => e instanceof Error && e.name === 'ObjectSizeError';

/**
 * `what` (of `bytes`, when known in full) is over `limit`; `setting` names the variable that sets
 * the limit, if one does. E.g. "Object size limit reached: an agent of 2097152 bytes exceeds the
 * limit of 1048576 bytes (FLOE_MAX_OBJECT_BYTES)".
 */
export function objectTooLarge(what: string, bytes: number | null, limit: number, setting?: string): ObjectSizeError {
  const sized = bytes === null ? what : `${what} of ${bytes} bytes`;
  return new ObjectSizeError(resourceError('objectSize', `${sized} exceeds the limit of ${limit} bytes${setting ? ` (${setting})` : ''}`));
}

/** A bound value of a step (engine/types StepParam; limits sit below the engine, so only what is measured is named). */
type StepParam = unknown;

const byteLength = (v: StepParam | undefined): number =>
  typeof v === 'string' ? Buffer.byteLength(v) : v instanceof Uint8Array ? v.length : 0;

/** A catalog row written by one step: INSERT / REPLACE / UPDATE of a `_floe_…` system table. */
const CATALOG_ROW = /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE)\s+(_floe_\w+)/i;

/**
 * Refuses a journaled write that would store a catalog row larger than `limit` bytes (its SQL
 * text and bound values: comments, view texts, agent specifications, …). Table data is not
 * checked here (its steps write `t<id>` tables).
 */
export function checkCatalogWrite(steps: readonly { sql: string; params?: readonly StepParam[] }[], limit: number): void {
  for (const st of steps) {
    const m = CATALOG_ROW.exec(st.sql);
    if (!m) continue;
    const bytes = Buffer.byteLength(st.sql) + (st.params ?? []).reduce<number>((n, p) => n + byteLength(p), 0);
    if (bytes > limit) throw objectTooLarge(`the definition of one object (${m[1].slice('_floe_'.length)})`, bytes, limit, 'FLOE_MAX_OBJECT_BYTES');
  }
}
