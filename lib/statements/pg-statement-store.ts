/**
 * The statement registry in PostgreSQL (floe_state.statements), shared by every node: one row
 * per statement with what lookups filter on and the record as JSON text. A running statement's
 * row names its node (`owner`); when that node's lease has ended (lib/statements/node-lease.ts)
 * the first reader marks the statement failed ("lost"): it is never run again. A cancel from
 * another node sets `cancel_requested` and notifies the owner (LISTEN/NOTIFY, polled as well).
 *
 * Retention deletes rows past it and drops whole days of result partitions; the results cap
 * (FLOE_MAX_RESULTS_BYTES, over all nodes) evicts the oldest finished results first, marking
 * their records as the file registry does.
 */
import type { Pool } from 'pg';
import type { StatementQueries } from '@/lib/storage/pipelined-connections';
import { PostgresResultStore } from '@/lib/storage/pg-result-store';
import { inTransaction, STATE_LOCKS, STATE_SCHEMA, stateError } from '@/lib/storage/state-schema';
import type { LeavingTail } from '@/lib/warehouses/shared-admission';
import type { StatementRecord } from './record';
import { answeredOnce, evictedRecord, resultBytes, type HistoryPage, type HistoryScope, type StatementStore } from './statement-store';

const S = STATE_SCHEMA;
/** NOTIFY channel of cross-node cancels (payload: the handle). */
export const CANCEL_CHANNEL = 'floe_cancel';
/** Results the cap evicted: their handles, comma-separated (every node forgets its cached copies: StatementRegistry.forgetCached). */
export const EVICTED_CHANNEL = 'floe_evicted';
/** Handles per eviction notice (a NOTIFY payload holds under 8,000 bytes). */
const HANDLES_PER_NOTICE = 150;
/** History rows read per query while a page fills. */
const PAGE_BATCH = 200;

export interface PostgresStatementStoreOptions {
  /** This node (the owner of the statements it runs). */
  nodeId: string;
  retentionMs: number;
  /** FLOE_MAX_RESULTS_BYTES over all nodes (0 = no cap). */
  maxResultsBytes: number;
}

/** The error a statement gets when the node running it stopped before it finished. */
export const lostError = (owner: string) => ({
  code: '000603',
  sqlState: 'XX000',
  message: `Processing aborted due to error: statement lost: the Floe node that ran it (${owner}) stopped before it finished (its lease ended); it was not re-run.`,
});

interface Row { record: string; status: string; owner: string | null; lost: boolean }

export class PostgresStatementStore implements StatementStore {
  /** Result bytes stored since the cap was last checked, whether it was, and the check under way. */
  private sinceCheck = 0;
  private checked = false;
  private checking: Promise<string[]> | null = null;
  /** Results this node's cap check evicted (the other nodes learn of them by EVICTED_CHANNEL). */
  onEvicted: (handles: string[]) => void = () => {};

  /**
   * `pool`: lookups, history pages and cancels (SharedStatements bounds each by the node's lease).
   * `perRequest`: where the writes every statement makes go (SharedStatements: pipelined connections).
   * `maintenance`: retention and the results cap, which may rightly take longer (no such bound).
   */
  constructor(private readonly pool: Pool, readonly results: PostgresResultStore, private readonly opts: PostgresStatementStoreOptions,
    private readonly perRequest: StatementQueries = pool, private readonly maintenance: Pool = pool) {}

  /**
   * Writes the record's current state. A running record never replaces a finished one (a late
   * write of the running state loses to the final one), and a node writes only statements it
   * still owns: one declared lost stays so. `then`: the last CTEs and SELECT sent in the same
   * statement (SharedAdmission.leaveWith), given the record's handle and its own value as parameters.
   */
  async put(rec: StatementRecord, then?: LeavingTail): Promise<void> {
    const stored = rec.answerOnce && rec.status === 'succeeded' ? answeredOnce(rec) : rec;
    const bytes = rec.answerOnce ? 0 : resultBytes(stored);
    const upsert = `INSERT INTO ${S}.statements AS s (handle, user_name, request_id, is_child, warehouse, internal, created_on, ended_on, status, owner, result_bytes, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (handle) DO UPDATE SET ended_on = excluded.ended_on, status = excluded.status, result_bytes = excluded.result_bytes,
           record = excluded.record, internal = excluded.internal
         WHERE s.status = 'running' AND s.owner IS NOT DISTINCT FROM excluded.owner`;
    try {
      const values = [rec.handle, rec.user, rec.requestId, !!rec.parent, rec.warehouse ?? null, !!rec.internal, rec.createdOn, rec.endedOn ?? null,
        rec.status, this.opts.nodeId, bytes, JSON.stringify(stored)];
      // (Named: parsed and planned once per connection; every statement writes its record.)
      await this.perRequest.query(then
        ? { name: 'floe_put_leaving', text: `WITH put_record AS (${upsert}), ${then.sql('$1', '$13')}`, values: [...values, then.heir] }
        : { name: 'floe_put', text: upsert, values });
    } catch (e) {
      throw stateError(e, 'statement registry write');
    }
    if (bytes > 0) this.noteResult(rec.handle, bytes);
  }

  /**
   * Counts a stored result towards the cap: the cap is checked (in the background, one check at
   * a time) at the node's first result and then once results worth a hundredth of it were stored
   * here since the last check, so all nodes' results pass the cap by at most a hundredth of it per
   * node. A check sums every node's results (a scan of every stored result's row), so it is not
   * made per statement, nor by the clock: once a second it cost PostgreSQL 7 ms at 100,000 stored
   * results, and grows with them.
   */
  private noteResult(handle: string, bytes: number): void {
    const cap = this.opts.maxResultsBytes;
    if (cap <= 0) return;
    this.sinceCheck += bytes;
    if (this.checking || (this.checked && this.sinceCheck < cap / 100)) return;
    this.sinceCheck = 0;
    this.checked = true;
    this.checking = this.evictOverCap(handle)
      .then((evicted) => { if (evicted.length > 0) this.onEvicted(evicted); return evicted; })
      .catch((e: unknown) => { console.error(`Floe: shared results eviction failed (retried): ${String(e)}`); return []; })
      .finally(() => { this.checking = null; });
  }

  /** The cap check under way, if any. */
  get evicting(): Promise<unknown> | null {
    return this.checking;
  }

  async get(handle: string): Promise<StatementRecord | undefined> {
    const r = await this.pool.query<Row>(
      `SELECT s.record, s.status, s.owner, (n.lease_until IS NULL OR n.lease_until < now()) AS lost
       FROM ${S}.statements s LEFT JOIN ${S}.nodes n ON n.node_id = s.owner WHERE s.handle = $1`, [handle]);
    const row = r.rows[0];
    if (!row) return undefined;
    if (row.status === 'running' && row.lost && row.owner) return this.markLost(handle, row.owner);
    return JSON.parse(row.record) as StatementRecord;
  }

  async byRequest(user: string, requestId: string): Promise<StatementRecord | undefined> {
    const r = await this.pool.query<{ handle: string }>(
      `SELECT handle FROM ${S}.statements WHERE user_name = $1 AND request_id = $2 AND NOT is_child ORDER BY created_on DESC LIMIT 1`, [user, requestId]);
    return r.rows[0] ? this.get(r.rows[0].handle) : undefined;
  }

  /** A running statement whose node is gone: failed, once (a race with another reader or the owner's last write is lost quietly). */
  private async markLost(handle: string, owner: string): Promise<StatementRecord | undefined> {
    return inTransaction(this.pool, async (c) => {
      const r = await c.query<{ record: string }>(`SELECT record FROM ${S}.statements WHERE handle = $1 AND status = 'running' AND owner = $2 FOR UPDATE`, [handle, owner]);
      if (r.rows.length === 0) {
        const now = await c.query<{ record: string }>(`SELECT record FROM ${S}.statements WHERE handle = $1`, [handle]);
        return now.rows[0] ? JSON.parse(now.rows[0].record) as StatementRecord : undefined;
      }
      const rec = JSON.parse(r.rows[0].record) as StatementRecord;
      Object.assign(rec, { status: 'failed', error: lostError(owner), endedOn: Date.now(), queued: undefined });
      await c.query(`UPDATE ${S}.statements SET status = 'failed', owner = NULL, ended_on = $2, record = $3 WHERE handle = $1`, [handle, rec.endedOn, JSON.stringify(rec)]);
      return rec;
    });
  }

  /** Asks the node running `handle` to cancel it; false when it is not running (anywhere). */
  async requestCancel(handle: string): Promise<boolean> {
    const r = await this.pool.query(`UPDATE ${S}.statements SET cancel_requested = true WHERE handle = $1 AND status = 'running'`, [handle]);
    if (r.rowCount === 0) return false;
    await this.pool.query('SELECT pg_notify($1, $2)', [CANCEL_CHANNEL, handle]);
    return true;
  }

  /** Running statements of `node` another node asked to cancel (the fallback when a notification was missed). */
  async cancelsFor(node: string): Promise<string[]> {
    const r = await this.pool.query<{ handle: string }>(`SELECT handle FROM ${S}.statements WHERE owner = $1 AND status = 'running' AND cancel_requested`, [node]);
    return r.rows.map((x) => x.handle);
  }

  async page(q: HistoryScope, limit: number, keep: (rec: StatementRecord) => boolean, maxScan: number): Promise<HistoryPage> {
    const records: StatementRecord[] = [];
    let scanned = 0;
    let after = q.after;
    for (;;) {
      const params: unknown[] = [];
      const where = ['NOT internal'];
      const arg = (v: unknown) => `$${params.push(v)}`;
      if (!q.everyone) where.push(`user_name = ${arg(q.user)}`);
      if (q.userName !== undefined) where.push(`user_name = ${arg(q.userName)}`);
      if (q.warehouseName !== undefined) where.push(`warehouse = ${arg(q.warehouseName)}`);
      if (q.from !== undefined) where.push(`created_on >= ${arg(q.from)}`);
      if (q.to !== undefined) where.push(`created_on < ${arg(q.to)}`);
      if (after) where.push(`(created_on < ${arg(after.createdOn)} OR (created_on = ${arg(after.createdOn)} AND handle COLLATE "C" < ${arg(after.handle)}))`);
      const batch = Math.min(PAGE_BATCH, maxScan - scanned);
      const r = await this.pool.query<{ handle: string; created_on: string; record: string; status: string }>(
        `SELECT handle, created_on, record, status FROM ${S}.statements WHERE ${where.join(' AND ')}
         ORDER BY created_on DESC, handle COLLATE "C" DESC LIMIT ${batch}`, params);
      for (const row of r.rows) {
        if (records.length >= limit || scanned >= maxScan) return { records, next: after ?? null };
        scanned++;
        after = { createdOn: Number(row.created_on), handle: row.handle };
        // (A running one may be lost: get() settles that.)
        const rec = row.status === 'running' ? await this.get(row.handle) : JSON.parse(row.record) as StatementRecord;
        if (rec && keep(rec)) records.push(rec);
      }
      if (r.rows.length < batch) return { records, next: null };
      if (records.length >= limit || scanned >= maxScan) return { records, next: after ?? null };
    }
  }

  /** Retention, by one node at a time (the others skip): rows past it, whole days of partitions, nodes long gone. */
  async prune(now = Date.now()): Promise<void> {
    const cutoff = now - this.opts.retentionMs;
    const locked = await inTransaction(this.maintenance, async (c) => {
      if (!(await c.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', STATE_LOCKS.prune)).rows[0].ok) return false;
      await c.query(`DELETE FROM ${S}.statements WHERE created_on < $1`, [cutoff]);
      await c.query(`DELETE FROM ${S}.nodes WHERE lease_until < now() - interval '1 day'`);
      return true;
    });
    if (locked) await this.results.dropDaysBefore(cutoff);
  }

  /**
   * Evicts the oldest finished results until all of them fit the cap again; `keep` (the newest)
   * stays. One node at a time: another that finds the lock taken leaves it to that one.
   */
  async evictOverCap(keep: string | null): Promise<string[]> {
    const cap = this.opts.maxResultsBytes;
    if (cap <= 0) return [];
    return inTransaction(this.maintenance, async (c) => {
      if (!(await c.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', STATE_LOCKS.prune)).rows[0].ok) return [];
      let total = Number((await c.query<{ total: string | null }>(`SELECT sum(result_bytes) AS total FROM ${S}.statements WHERE result_bytes > 0`)).rows[0].total ?? 0);
      if (total <= cap) return [];
      const evicted: string[] = [];
      const oldest = await c.query<{ handle: string; created_on: string; result_bytes: string; record: string }>(
        `SELECT handle, created_on, result_bytes, record FROM ${S}.statements WHERE result_bytes > 0 AND handle <> $1 ORDER BY ended_on NULLS FIRST, created_on`, [keep ?? '']);
      for (const row of oldest.rows) {
        if (total <= cap) break;
        const rec = evictedRecord(JSON.parse(row.record) as StatementRecord, cap);
        await c.query(`UPDATE ${S}.statements SET result_bytes = 0, record = $2 WHERE handle = $1`, [row.handle, JSON.stringify(rec)]);
        await c.query(`DELETE FROM ${S}.result_partitions WHERE day = (to_timestamp($2::bigint / 1000.0) AT TIME ZONE 'UTC')::date AND handle = $1`, [row.handle, row.created_on]);
        total -= Number(row.result_bytes);
        evicted.push(row.handle);
      }
      // (Delivered at commit, to every node listening.)
      for (let i = 0; i < evicted.length; i += HANDLES_PER_NOTICE) {
        await c.query('SELECT pg_notify($1, $2)', [EVICTED_CHANNEL, evicted.slice(i, i + HANDLES_PER_NOTICE).join(',')]);
      }
      return evicted;
    });
  }
}
