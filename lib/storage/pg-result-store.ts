/**
 * Stored result partitions in PostgreSQL (floe_state.result_partitions, bytea): any node reads
 * what another wrote. The table is partitioned by the day (UTC) the statement was created, so
 * that retention drops whole days' tables instead of deleting rows; a day's table is made on its
 * first write (under an advisory lock: nodes writing the first result of a day at once make it once).
 */
import type { Pool, QueryConfig } from 'pg';
import { partitionGone, type ResultStore } from './result-store';
import { inTransaction, STATE_LOCKS, STATE_SCHEMA, stateError } from './state-schema';

const DAY_MS = 86_400_000;

/** The UTC day of an epoch-ms instant, as PostgreSQL's date text. */
const dayOf = (ms: number): string => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
const tableOf = (day: string): string => `result_partitions_${day.replaceAll('-', '')}`;

export class PostgresResultStore implements ResultStore {
  /** Days whose table this node knows exists. */
  private readonly days = new Set<string>();

  /** `maintenance`: retention's drops, which may wait for locks longer than a request's bound on `pool`. */
  constructor(private readonly pool: Pool, private readonly maintenance: Pool = pool) {}

  async write(handle: string, createdOn: number, n: number, data: Buffer | string): Promise<void> {
    const day = dayOf(createdOn);
    try {
      await this.ensureDay(day);
      await this.pool.query(
        `INSERT INTO ${STATE_SCHEMA}.result_partitions (day, handle, n, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (day, handle, n) DO UPDATE SET data = excluded.data`,
        [day, handle, n, typeof data === 'string' ? Buffer.from(data) : data],
      );
    } catch (e) {
      throw stateError(e, 'result partition write');
    }
  }

  async read(handle: string, createdOn: number, n: number): Promise<Buffer> {
    // Binary format: the bytes as stored, not bytea's hex text (twice the size, decoded again here).
    // (pg takes `binary` per query; its types know it on the client only.)
    const query = { text: `SELECT data FROM ${STATE_SCHEMA}.result_partitions WHERE day = $1 AND handle = $2 AND n = $3`, values: [dayOf(createdOn), handle, n], binary: true };
    const r = await this.pool.query<{ data: Buffer }>(query as QueryConfig);
    if (r.rows.length === 0) throw partitionGone(handle, n);
    return r.rows[0].data;
  }

  async remove(handle: string, createdOn: number): Promise<void> {
    await this.pool.query(`DELETE FROM ${STATE_SCHEMA}.result_partitions WHERE day = $1 AND handle = $2`, [dayOf(createdOn), handle]);
  }

  /** Drops the days wholly before `cutoff` (epoch ms): every statement of theirs is past retention. */
  async dropDaysBefore(cutoff: number): Promise<string[]> {
    const r = await this.maintenance.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = '${STATE_SCHEMA}.result_partitions'::regclass`);
    const dropped: string[] = [];
    for (const { name } of r.rows) {
      const m = /^result_partitions_(\d{4})(\d{2})(\d{2})$/.exec(name);
      if (!m) continue;
      const end = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + DAY_MS;
      if (end > cutoff) continue;
      await this.maintenance.query(`DROP TABLE IF EXISTS ${STATE_SCHEMA}.${name}`);
      this.days.delete(`${m[1]}-${m[2]}-${m[3]}`);
      dropped.push(name);
    }
    return dropped;
  }

  private async ensureDay(day: string): Promise<void> {
    if (this.days.has(day)) return;
    const next = dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
    await inTransaction(this.pool, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1, $2)', STATE_LOCKS.resultDays);
      await c.query(`CREATE TABLE IF NOT EXISTS ${STATE_SCHEMA}.${tableOf(day)} PARTITION OF ${STATE_SCHEMA}.result_partitions FOR VALUES FROM ('${day}') TO ('${next}')`);
    });
    this.days.add(day);
  }
}
