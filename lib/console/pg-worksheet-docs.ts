/**
 * Worksheet documents in PostgreSQL (floe_state.worksheets), shared by every node: a change of one
 * user's list is one transaction holding that user's advisory lock, so that two nodes changing it
 * at once take turns, as one node's queue makes them do with files.
 */
import type { Pool } from 'pg';
import { inTransaction, STATE_SCHEMA, stateError } from '@/lib/storage/state-schema';
import type { WorksheetDocs } from './worksheet-store';

export class PostgresWorksheetDocs implements WorksheetDocs {
  constructor(private readonly pool: Pool) {}

  async change<T>(user: string, fn: (doc: string | null) => { doc: string | null; result: T }): Promise<T> {
    let failed: unknown = null;
    try {
      return await inTransaction(this.pool, async (c) => {
        await c.query("SELECT pg_advisory_xact_lock(hashtext('floe_state.worksheets'), hashtext($1))", [user]);
        const r = await c.query<{ doc: string }>(`SELECT doc FROM ${STATE_SCHEMA}.worksheets WHERE user_name = $1`, [user]);
        let out: { doc: string | null; result: T };
        try {
          out = fn(r.rows[0]?.doc ?? null);
        } catch (e) {
          failed = e; // the caller's own error (limit, conflict, missing): passed on as it is
          throw e;
        }
        if (out.doc !== null) {
          await c.query(`INSERT INTO ${STATE_SCHEMA}.worksheets (user_name, doc) VALUES ($1, $2) ON CONFLICT (user_name) DO UPDATE SET doc = excluded.doc`, [user, out.doc]);
        }
        return out.result;
      });
    } catch (e) {
      throw e === failed ? e : stateError(e, 'worksheet write');
    }
  }
}
