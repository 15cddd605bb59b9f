/**
 * Pre-queries: a statement whose result columns depend on the data (a dynamic PIVOT's values)
 * asks, while it compiles, for the rows of a read-only query. Compiling is synchronous, so the
 * compiler throws PrequeryNeeded; the lifecycle runs the query at the statement's snapshot (same
 * pins, same session) and compiles again with the answer. The compiled SQL holds the answer as
 * literals: a journaled write is replayed as that final SQL, never as the pre-query.
 */
import type { StepParam } from '@/lib/engine/types';

export interface Prequery {
  /** SQLite text; its one result column is text (or NULL). */
  sql: string;
  /** Virtual-table rows it reads, bound after every value the request binds (as a statement's). */
  extraParams: StepParam[];
}

/** A pre-query's rows: one text cell each (or null). */
export type PrequeryRows = (string | null)[][];

/** Pre-queries one statement may run before it compiles (each costs a compile and a read). */
export const MAX_PREQUERIES = 16;

/** Rows a pre-query may return (more is an error, not a silently narrower result). */
export const MAX_PREQUERY_ROWS = 1000;

export class PrequeryNeeded extends Error {
  constructor(readonly query: Prequery) {
    super('This statement needs the result of a pre-query to compile.');
    this.name = 'PrequeryNeeded';
  }
}

const key = (q: Prequery) => `${q.sql}\u0000${JSON.stringify(q.extraParams)}`;

/** The answers one statement has so far; `ask` is the compile service. */
export class PrequeryAnswers {
  private readonly rows = new Map<string, { q: Prequery; rows: PrequeryRows }>();

  get size(): number {
    return this.rows.size;
  }

  set(q: Prequery, rows: PrequeryRows): void {
    this.rows.set(key(q), { q, rows });
  }

  /** Every pre-query answered so far with its rows (to compile in another thread). */
  entries(): [Prequery, PrequeryRows][] {
    return [...this.rows.values()].map((e) => [e.q, e.rows]);
  }

  /** The rows of a pre-query already run; throws PrequeryNeeded when it has not been. */
  ask(q: Prequery): PrequeryRows {
    const answered = this.rows.get(key(q));
    if (!answered) throw new PrequeryNeeded(q);
    return answered.rows;
  }
}
