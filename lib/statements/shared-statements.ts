/**
 * What a node shares with the others when the engine is PostgreSQL (FLOE_ENGINE=postgres://…):
 * its statements' records and result partitions, its lease, and cancels across nodes. The node's
 * own registry (registry.ts, its lines in memory: REGISTRY_MEMORY_BYTES) stays its cache: statements
 * it runs are served from it while it holds them; a handle it does not know (submitted on another
 * node, or forgotten here) is read from here.
 *
 * Result partitions: the engine's result writer writes files on the node running the statement
 * (both engines, from their own threads); once the statement has finished, the node copies the
 * partitions into PostgreSQL before its outcome is written there, so another node that sees the
 * outcome finds the partitions too. (Writing to PostgreSQL from inside the writer would put a
 * connection in every engine thread and a database round trip in the row loop, for the same end.)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Pool, type ClientBase } from 'pg';
import { PipelinedConnections } from '@/lib/storage/pipelined-connections';
import { PostgresResultStore } from '@/lib/storage/pg-result-store';
import { writeFileDurably } from '@/lib/storage/durable-file';
import { partitionFile } from '@/lib/storage/result-files';
import { offerObjectIdBlock, wantsObjectIdBlock } from '@/lib/catalog/names';
import { inTransaction, migrateStateSchema, OBJECT_ID_BLOCK, STATE_LOCKS, STATE_SCHEMA, stateError } from '@/lib/storage/state-schema';
import { SharedAdmission } from '@/lib/warehouses/shared-admission';
import { NodeLease } from './node-lease';
import { PostgresStatementStore } from './pg-statement-store';
import type { StatementRecord } from './record';
import type { HistoryPage, HistoryScope } from './statement-store';

/** Pipelined connections of a node for its requests' statements of the shared state (one per core of a small PostgreSQL is plenty). */
const PIPELINED_CONNECTIONS = 2;
/** Connections of a node for maintenance of the shared state (retention, the results cap, vacuum, the sweep: one at a time each). */
const MAINTENANCE_CONNECTIONS = 2;
/** How long a maintenance statement may go unanswered by default (FLOE_PG_MAINTENANCE_TIMEOUT_S). */
const MAINTENANCE_TIMEOUT_MS = 600_000;
/**
 * How much longer than PostgreSQL's own statement_timeout the node waits for a maintenance answer:
 * a live server ends the statement itself first; past this, the socket is taken for dead.
 */
const MAINTENANCE_SLACK_MS = 1000;

/** A request's end that also leaves admission: its place over all nodes goes to `heir`, if one is named (SharedAdmission.leave). */
export interface Leaving {
  heir?: string;
}

export interface SharedStateOptions {
  url: string;
  /** This node's FLOE_DATA_DIR: it names the node that ran on it before (NODE_FILE). */
  dataDir: string;
  /** How long a node's lease lasts without renewal (FLOE_NODE_LEASE_S). */
  leaseMs: number;
  /** The longest a maintenance statement may run or go unanswered (FLOE_PG_MAINTENANCE_TIMEOUT_S; default MAINTENANCE_TIMEOUT_MS). */
  maintenanceTimeoutMs?: number;
  retentionMs: number;
  maxResultsBytes: number;
  /** Connections this node holds for shared state (beyond the engine's). */
  poolSize?: number;
}

/**
 * Bytes of its own statements' records a node's registry keeps in memory (StatementRegistry's
 * InMemoryRegistry): at ~1 KB a record, the last ~30,000 statements.
 */
export const REGISTRY_MEMORY_BYTES = 32 * 1024 * 1024;
/** Finished records of other nodes this node keeps in memory (they no longer change, but for eviction). */
const CACHED = 1000;
/** Result partitions copied into PostgreSQL at once. */
const PARALLEL_COPIES = 3;
/** How often a node waiting on another node's statement looks again, and whether it needs object ids. */
const POLL_MS = 100;
/** How often outcomes PostgreSQL refused are written again; how many are kept for it at most. */
const RESAVE_MS = 1000;
const MAX_UNSAVED = 10_000;
/**
 * The file in FLOE_DATA_DIR naming the node process that runs on it. A data dir serves one node at
 * a time (its registry and results are that node's), so the node named there when another starts
 * on the dir has stopped: it crashed, or it was stopped and restarted.
 */
const NODE_FILE = 'node-id';

export class SharedStatements {
  readonly nodeId = randomUUID();
  readonly store: PostgresStatementStore;
  readonly results: PostgresResultStore;
  /** Running limits and warehouse places over all nodes. */
  readonly admission: SharedAdmission;
  private lease: NodeLease | null = null;
  private readonly cache = new Map<string, StatementRecord>();
  private pruner: NodeJS.Timeout | null = null;
  private idRefill: NodeJS.Timeout | null = null;
  /**
   * Finished statements whose outcome PostgreSQL refused (it was down): written again until it
   * takes them. Otherwise the other nodes would see them running for as long as this node's
   * lease lives on after PostgreSQL is back.
   */
  private readonly unsaved = new Map<string, { rec: StatementRecord; dir: string }>();
  private resaver: NodeJS.Timeout | null = null;
  /** Finished statements whose outcome is being written now. */
  private readonly saving = new Set<string>();
  /** Runs the cancels other nodes ask for (set by the lifecycle once it exists; the lease's poll catches any before). */
  onCancel: (handle: string) => void = () => {};
  /** Results the cap evicted on any node (this node's cached copies go); null: some may have been missed. */
  onEvicted: (handles: string[] | null) => void = () => {};
  /** Follows catalog writes (set at boot once the catalog copy exists; NodeLeaseOptions.onCatalog). */
  onCatalog: (version: number | null) => void = () => {};
  /** Drops the temporary tables of sessions whose node is gone (set by the lifecycle; run by one node at a time). */
  dropSessionsOf: ((sessionIds: string[]) => Promise<void>) | null = null;
  private sweeping: Promise<void> | null = null;

  private constructor(readonly pool: Pool, private readonly pipelined: PipelinedConnections, private readonly maintenance: Pool, private readonly opts: SharedStateOptions) {
    this.results = new PostgresResultStore(pool, maintenance);
    this.store = new PostgresStatementStore(pool, this.results, { nodeId: this.nodeId, retentionMs: opts.retentionMs, maxResultsBytes: opts.maxResultsBytes }, pipelined, maintenance);
    // (Its own pool only vacuums and reconciles: its per-request statements go pipelined.)
    this.admission = new SharedAdmission(maintenance, this.nodeId, pipelined);
  }

  /** Connects, migrates the floe_state schema and takes this node's lease. */
  static async open(opts: SharedStateOptions): Promise<SharedStatements> {
    // Result partitions are megabytes of JSON: lz4 compresses them several times faster than the
    // default pglz, for a little less saving. A server built without lz4 keeps its default. (Set
    // before the connection serves anything: not a query sent beside the first one.)
    const lz4 = (c: ClientBase) => c.query("SET default_toast_compression = 'lz4'").then(() => {}, () => {});
    // A request's reads and writes here (a lookup, a history page, a partition, the catalog
    // version, a worksheet) get the node's lease to be answered, a connection included: one
    // unanswered that long (a silently dead socket, a stuck server) fails as PostgreSQL
    // unreachable (503, try again) and its connection is closed. Maintenance (migrations,
    // retention, the results cap, vacuum, the sweep after dead nodes) may rightly wait longer
    // for locks or rows: it has a small pool of its own with a bound of its own (minutes by
    // default), PostgreSQL's statement_timeout and, a little later, the node's own: a statement
    // stuck there, or a socket gone silent, fails (logged; retention and the cap check run again
    // later on a new connection) instead of holding that work for the node's life.
    const pool = new Pool({ connectionString: opts.url, max: opts.poolSize ?? 8, onConnect: lz4, query_timeout: opts.leaseMs, connectionTimeoutMillis: opts.leaseMs });
    const maintenanceMs = opts.maintenanceTimeoutMs ?? MAINTENANCE_TIMEOUT_MS;
    const maintenance = new Pool({ connectionString: opts.url, max: MAINTENANCE_CONNECTIONS, onConnect: lz4,
      statement_timeout: maintenanceMs, query_timeout: maintenanceMs + MAINTENANCE_SLACK_MS, connectionTimeoutMillis: maintenanceMs });
    const connectionError = (e: Error) => console.error(`Floe: shared state connection error: ${e.message}`);
    pool.on('error', connectionError);
    maintenance.on('error', connectionError);
    await migrateStateSchema(maintenance);
    // Every request's admission, place, record and leaving (see PipelinedConnections). One not
    // answered within a lease (a silently dead socket, a stuck server) fails, with those queued
    // behind it, as PostgreSQL unreachable (503, try again), and its connection is replaced.
    const pipelined = new PipelinedConnections({ connectionString: opts.url, query_timeout: opts.leaseMs }, PIPELINED_CONNECTIONS, {
      onConnect: lz4, onError: connectionError,
    });
    const shared = new SharedStatements(pool, pipelined, maintenance, opts);
    await shared.succeedPrevious();
    // Object ids from now on come from the shared sequence: a block to use and one in reserve.
    await shared.takeIdBlock();
    await shared.takeIdBlock();
    let fetching = false;
    shared.idRefill = setInterval(() => {
      if (fetching || !wantsObjectIdBlock(OBJECT_ID_BLOCK)) return;
      fetching = true;
      shared.takeIdBlock().catch((e: unknown) => console.error(`Floe: could not fetch object ids (retried): ${String(e)}`)).finally(() => { fetching = false; });
    }, POLL_MS);
    shared.idRefill.unref();
    let resaving = false;
    shared.resaver = setInterval(() => {
      if (resaving || shared.unsaved.size === 0) return;
      resaving = true;
      void shared.resave().finally(() => { resaving = false; });
    }, RESAVE_MS);
    shared.resaver.unref();
    shared.lease = new NodeLease(pool, shared.store, { url: opts.url, nodeId: shared.nodeId, leaseMs: opts.leaseMs, onCancel: (h) => shared.onCancel(h), onCatalog: (v) => shared.onCatalog(v),
      onEvicted: (h) => shared.onEvicted(h),
      onAdmission: () => shared.admission.wake(), onRenewed: () => void shared.sweep() });
    shared.store.onEvicted = (h) => shared.onEvicted(h);
    await shared.lease.start();
    shared.pruner = setInterval(() => void shared.store.prune().catch((e: unknown) => console.error(`Floe: shared registry pruning failed: ${String(e)}`)),
      Math.min(opts.retentionMs, 3_600_000));
    shared.pruner.unref();
    return shared;
  }

  private async takeIdBlock(): Promise<void> {
    const r = await this.pool.query<{ start: string }>(`SELECT nextval('${STATE_SCHEMA}.object_ids') AS start`);
    const start = BigInt(r.rows[0].start);
    offerObjectIdBlock(start, start + BigInt(OBJECT_ID_BLOCK));
  }

  /** The catalog's version (CATALOG_BUMP). */
  async catalogVersion(): Promise<number> {
    const r = await this.pool.query<{ version: string }>(`SELECT version FROM ${STATE_SCHEMA}.catalog_version`);
    return Number(r.rows[0].version);
  }

  /**
   * Ends the lease of the node that ran on this data dir before, if any (NODE_FILE), and names this
   * one there. That node is gone: its sessions are over, so their temporary tables go at this start
   * (Snowflake drops a session's temporary tables when it ends) and its running statements are
   * lost now, instead of after FLOE_NODE_LEASE_S. A node that never ran on the dir (a new dir, a
   * lost machine) leaves the others to its lease.
   */
  private async succeedPrevious(): Promise<void> {
    const file = path.join(this.opts.dataDir, NODE_FILE);
    let previous = '';
    try {
      previous = fs.readFileSync(file, 'utf8').trim();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    // Named before the lease is taken: a crash between the two leaves a name that never held a lease.
    writeFileDurably(file, `${this.nodeId}\n`, 'registry');
    if (previous && previous !== this.nodeId) {
      await this.pool.query(`UPDATE ${STATE_SCHEMA}.nodes SET lease_until = now() - interval '1 millisecond' WHERE node_id = $1 AND lease_until >= now()`, [previous]);
    }
  }

  /**
   * What nodes whose lease has ended left behind, cleaned by one live node at a time: their
   * sessions' temporary tables (dropped through the catalog write path) and their admission rows.
   * `wait`: at a start, waits for a sweep another node is making, then sweeps (so that this node
   * serves nothing a stopped node left); otherwise a sweep under way elsewhere is enough.
   */
  async sweep(wait = false): Promise<void> {
    while (this.sweeping) {
      if (!wait) return;
      await this.sweeping;
    }
    this.sweeping = this.sweepOnce(wait).finally(() => { this.sweeping = null; });
    return this.sweeping;
  }

  private async sweepOnce(wait: boolean): Promise<void> {
    // (Before the lifecycle exists nothing can drop the tables: the sessions stay listed until then.)
    const dropSessionsOf = this.dropSessionsOf;
    if (!dropSessionsOf) return;
    try {
      await this.admission.reconcile();
      await inTransaction(this.maintenance, async (c) => {
        if (wait) await c.query('SELECT pg_advisory_xact_lock($1, $2)', STATE_LOCKS.sweep);
        else if (!(await c.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', STATE_LOCKS.sweep)).rows[0].ok) return;
        const gone = `SELECT node_id FROM ${STATE_SCHEMA}.nodes WHERE lease_until < now()`;
        await c.query(`DELETE FROM ${STATE_SCHEMA}.running WHERE node_id IN (${gone}) OR node_id NOT IN (SELECT node_id FROM ${STATE_SCHEMA}.nodes)`);
        const dead = await c.query<{ session_id: string }>(
          `SELECT session_id FROM ${STATE_SCHEMA}.session_nodes WHERE node_id IN (${gone}) OR node_id NOT IN (SELECT node_id FROM ${STATE_SCHEMA}.nodes)`);
        const sessions = dead.rows.map((r) => r.session_id);
        if (sessions.length === 0) return;
        await dropSessionsOf(sessions);
        await c.query(`DELETE FROM ${STATE_SCHEMA}.session_nodes WHERE session_id = ANY($1::text[])`, [sessions]);
      });
    } catch (e) {
      console.error(`Floe: cleaning up after stopped nodes failed (retried): ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** The step, in a catalog write of a session, that names this node as the session's (its temporary objects are dropped if this node dies). */
  sessionOwnerStep(sessionId: string): { sql: string; params: string[] } {
    return { sql: `INSERT INTO ${STATE_SCHEMA}.session_nodes (session_id, node_id) VALUES (?, ?) ON CONFLICT (session_id) DO NOTHING`, params: [sessionId, this.nodeId] };
  }

  /** A session that ended here dropped its temporary objects: no node needs to any more. */
  async forgetSession(sessionId: string): Promise<void> {
    await this.pool.query(`DELETE FROM ${STATE_SCHEMA}.session_nodes WHERE session_id = $1`, [sessionId]).catch(() => {});
  }

  /** Versions of tables in floe_state.table_versions, in the order asked (0: never written). */
  async tableVersions(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const r = await this.pool.query<{ table_id: string; version: string }>(
      `SELECT table_id, version FROM ${STATE_SCHEMA}.table_versions WHERE table_id = ANY($1::bigint[])`, [ids]).catch((e: unknown) => { throw stateError(e, 'table versions read'); });
    const of = new Map(r.rows.map((x) => [Number(x.table_id), Number(x.version)]));
    return ids.map((id) => of.get(id) ?? 0);
  }

  /** The request no longer counts (a failure leaves its row until reconcile, at the latest until this node's lease ends). */
  async leave(handle: string, heir?: string): Promise<void> {
    await this.admission.leave(handle, heir).catch((e: unknown) => console.error(`Floe: could not end the admission of ${handle} (it counts until this node's lease ends): ${String(e)}`));
  }

  /** Records a running statement whose handle is about to be answered (throws StorageError). */
  saveRunning(rec: StatementRecord): Promise<void> {
    return this.store.put(rec);
  }

  /**
   * Records a finished statement, its result partitions (files in `dir`) first; written again
   * later when PostgreSQL refuses. `leave`: the request ends with it (its admission is left
   * first, or in the same statement when there are no partitions to copy: one round trip).
   */
  async saveFinished(rec: StatementRecord, dir: string, leave?: Leaving): Promise<void> {
    this.saving.add(rec.handle);
    try {
      await this.writeFinished(rec, dir, leave);
    } catch (e) {
      if (this.unsaved.size >= MAX_UNSAVED) this.unsaved.delete(this.unsaved.keys().next().value!);
      this.unsaved.set(rec.handle, { rec, dir });
      throw e;
    } finally {
      this.saving.delete(rec.handle);
    }
  }

  /**
   * The results cap check under way, if any (a cached result it evicts is forgotten when it ends),
   * for at most the node's lease: a check PostgreSQL leaves unanswered (maintenance is not bounded
   * by the lease) does not hold lookups, which then answer as before it.
   */
  get evicting(): Promise<unknown> | null {
    const check = this.store.evicting;
    if (!check) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((r) => { timer = setTimeout(r, this.opts.leaseMs); });
    return Promise.race([check, late]).finally(() => clearTimeout(timer));
  }

  /** The statement's outcome is being written to PostgreSQL, or waits to be written again: its result files are still needed here. */
  outcomePending(handle: string): boolean {
    return this.saving.has(handle) || this.unsaved.has(handle);
  }

  /** Writes the outcomes PostgreSQL refused, oldest first; stops at the first it still refuses. */
  private async resave(): Promise<void> {
    for (const [handle, { rec, dir }] of this.unsaved) {
      try {
        await this.writeFinished(rec, dir);
      } catch (e) {
        // Its result files are gone meanwhile (evicted, retention): the outcome alone, read as evicted elsewhere.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return;
        if (!(await this.store.put(rec).then(() => true, () => false))) return;
      }
      this.unsaved.delete(handle);
    }
  }

  private async writeFinished(rec: StatementRecord, dir: string, leave?: Leaving): Promise<void> {
    const result = rec.status === 'succeeded' && !rec.evicted && !rec.answerOnce ? rec.result : undefined;
    let next = result && result.inline !== null ? 1 : 0;
    if (leave) {
      // The request no longer counts while its partitions are copied; without any, both in one statement.
      if (!result || next >= result.partitions.length) return this.admission.leaveWith(rec.handle, (leaving) => this.store.put(rec, leaving), leave.heir);
      await this.leave(rec.handle, leave.heir);
    }
    if (result) {
      // A few at once: PostgreSQL stores (and compresses) each in its own backend, beside this thread sending the next.
      const copy = async () => {
        for (let n = next++; n < result.partitions.length; n = next++) await this.results.write(rec.handle, rec.createdOn, n, await fs.promises.readFile(partitionFile(dir, n)));
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_COPIES, result.partitions.length) }, copy));
    }
    await this.store.put(rec);
  }

  /** A statement of any node. */
  async get(handle: string): Promise<StatementRecord | undefined> {
    const cached = this.cache.get(handle);
    if (cached) return cached;
    const rec = await this.store.get(handle).catch((e: unknown) => { throw stateError(e, 'shared statement registry read'); });
    if (rec && rec.status !== 'running' && !rec.evicted) {
      if (this.cache.size >= CACHED) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(handle, rec);
    }
    return rec;
  }

  byRequest(user: string, requestId: string): Promise<StatementRecord | undefined> {
    return this.store.byRequest(user, requestId).catch((e: unknown) => { throw stateError(e, 'shared statement registry read'); });
  }

  /** A page of every node's history. */
  page(q: HistoryScope, limit: number, keep: (rec: StatementRecord) => boolean, maxScan: number): Promise<HistoryPage> {
    return this.store.page(q, limit, keep, maxScan).catch((e: unknown) => { throw stateError(e, 'shared history read'); });
  }

  /** Waits up to `ms` for another node's statement to finish; its record then (or still running). */
  async waitFinished(rec: StatementRecord, ms: number): Promise<StatementRecord> {
    const until = Date.now() + ms;
    let now = rec;
    while (now.status === 'running' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      now = (await this.get(rec.handle)) ?? now;
    }
    return now;
  }

  /**
   * Whether PostgreSQL answers now (GET /healthz, so that a load balancer takes this node out
   * while it cannot serve): null, else why not. Bounded: a server that hangs counts as down.
   */
  async ping(timeoutMs = 2000): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((r) => { timer = setTimeout(() => r(`no answer within ${timeoutMs} ms`), timeoutMs); });
    try {
      return await Promise.race([this.pool.query('SELECT 1').then(() => null, (e: unknown) => (e instanceof Error ? e.message : String(e))), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Cancels a statement another node runs; resolves when it has stopped (or after 5 s). */
  async cancel(handle: string): Promise<void> {
    const asked = await this.store.requestCancel(handle).catch((e: unknown) => { throw stateError(e, 'shared cancel request'); });
    if (!asked) return;
    const rec = await this.get(handle);
    if (rec) await this.waitFinished(rec, 5000);
  }

  /** Partition `n` of another node's result (the first may be inline in the record). */
  readPartition(rec: StatementRecord, n: number): Promise<string | Buffer> {
    if (n === 0 && rec.result?.inline != null) return Promise.resolve(rec.result.inline);
    // (A partition that is gone rejects with ENOENT, which readers answer as evicted.)
    return this.results.read(rec.handle, rec.createdOn, n).catch((e: unknown) => {
      throw (e as NodeJS.ErrnoException).code === 'ENOENT' ? e : stateError(e, 'shared result read');
    });
  }

  async close(): Promise<void> {
    if (this.pruner) clearInterval(this.pruner);
    if (this.idRefill) clearInterval(this.idRefill);
    if (this.resaver) clearInterval(this.resaver);
    await this.lease?.stop();
    await this.pipelined.end();
    await Promise.all([this.pool.end(), this.maintenance.end()]);
  }
}
