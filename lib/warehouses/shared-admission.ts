/**
 * Admission over every node (FLOE_ENGINE=postgres://…): the counts the running limits and the
 * warehouses' MAX_CONCURRENCY_LEVEL are checked against are rows of floe_state.running, one per
 * request running on some node, with the warehouse place it holds now. Checks and takes are one
 * call of a function of the state schema each (admit_many, which usually takes the request's place
 * too and decides together the requests of one user and warehouse that came while the previous
 * call was under way, and take_place for any other), under advisory locks
 * of the user and the warehouse, so that two nodes never both take the last place. Rows of a node
 * whose lease has ended no longer count (a dead node's places are free once its lease runs out)
 * and are deleted by the next sweep.
 *
 * Each node still queues its own statements first (lib/warehouses/scheduler.ts: its order, the
 * user's share and the reader slots, which are the node's own workers); a statement admitted
 * there then takes a place here, waiting while the warehouse is full on all nodes. A freed place
 * is announced (NOTIFY floe_admission), and waiting statements also look again every
 * RECHECK_MS, so there is no FIFO across nodes: the first to look after a place is freed gets it.
 */
import type { Pool } from 'pg';
import type { StatementQueries } from '@/lib/storage/pipelined-connections';
import { sqlErrors } from '@/lib/sql/errors';
import { oneAtATime } from '@/lib/storage/one-at-a-time';
import { ADMISSION_CHANNEL, STATE_SCHEMA, stateError } from '@/lib/storage/state-schema';

const S = STATE_SCHEMA;
/** How often a statement waiting for a place looks again without a notification. */
const RECHECK_MS = 250;
/**
 * Requests ended on this node between two vacuums of floe_state.running. Every request inserts a
 * row there and deletes it: autovacuum visits at most once a minute (autovacuum_naptime), and
 * meanwhile the counts' bitmap scans walk every dead row (measured: 49,000 after 50 s of SELECT 1,
 * PostgreSQL's CPU per request up from 640 to 1,430 µs). Vacuumed here instead, so the table
 * holds at most about this many dead rows per node.
 */
export const VACUUM_RUNNING_EVERY = 1000;
/** Requests one admit_many call decides at most (the rest of those waiting go in the next call). */
const ADMIT_BATCH = 64;

/** Requests one user, one warehouse, one user on one warehouse may have running or waiting. */
export interface RunningLimits {
  perUser: number;
  perWarehouse: number;
  perUserOnWarehouse: number;
}

export interface Entry {
  entered: boolean;
  placed: boolean;
  catalogVersion: number;
}

/** A request waiting for its admission (SharedAdmission.enter). */
interface Admitting {
  handle: string;
  place?: { max: number; userMax: number };
  resolve(entry: Entry): void;
  reject(e: unknown): void;
}

export interface PlaceRequest {
  /** The request (its row in floe_state.running). */
  handle: string;
  user: string;
  warehouse: string;
  reads: boolean;
  /** The warehouse's MAX_CONCURRENCY_LEVEL and the user's share of it, as they are now (an ALTER WAREHOUSE may raise them while it waits). */
  limits(): { max: number; userMax: number };
  /** Epoch ms after which the wait fails with 000630 (`timeoutSec`); 0 = none. */
  deadline: number;
  timeoutSec: number;
  /** Called once if the statement has to wait. */
  onQueued?(): void;
  /** Cancel and statement timeout: the wait ends with the signal's reason. */
  signal: AbortSignal;
}

/**
 * The last CTEs and the final SELECT of a statement that deletes a request's row and announces the
 * place it held, if any (data-modifying CTEs before it run to completion whatever is selected).
 * When the heir parameter names a request (of this node), the place goes to its row instead, if
 * it is still there: the count does not change, and nobody is told. One text whatever the heir
 * (null: none), so that it is prepared once per connection.
 */
const leavingSql = (param: string, heirParam: string) => `left_running AS (DELETE FROM ${S}.running WHERE handle = ${param} RETURNING slot_warehouse),
  heir AS (UPDATE ${S}.running r SET slot_warehouse = l.slot_warehouse FROM left_running l
    WHERE r.handle = ${heirParam}::text AND l.slot_warehouse IS NOT NULL RETURNING r.handle)
  SELECT pg_notify('${ADMISSION_CHANNEL}', slot_warehouse) FROM left_running WHERE slot_warehouse IS NOT NULL AND NOT EXISTS (SELECT FROM heir)`;

/** A request's leaving, sent as the end of another statement: its CTEs (given the parameters of the handle and the heir) and the heir's value. */
export interface LeavingTail {
  sql(handleParam: string, heirParam: string): string;
  heir: string | null;
}

const cap = (n: number) => (Number.isFinite(n) ? Math.min(n, 2 ** 31 - 1) : 2 ** 31 - 1);

export class SharedAdmission {
  private readonly waiting = new Set<() => void>();
  /** Per user, warehouse and limits: requests waiting for the admit call under way to end (see enter). */
  private readonly admitting = new Map<string, Admitting[]>();
  /** Requests this node entered and has not left (its rows beyond these are leftovers: see reconcile). */
  private readonly mine = new Set<string>();
  /** Requests ended since the last vacuum of floe_state.running. */
  private endedSinceVacuum = 0;
  /** (SKIP_LOCKED: when another node is vacuuming it, that is enough.) */
  private readonly vacuum = oneAtATime(() => this.pool.query(`VACUUM (SKIP_LOCKED) ${S}.running`).then(() => {},
    (e: unknown) => console.error(`Floe: vacuuming the admission rows failed (tried again later): ${e instanceof Error ? e.message : String(e)}`)));

  /** `perRequest`: where every request's admission, place and leaving go (SharedStatements: pipelined connections). */
  constructor(private readonly pool: Pool, private readonly nodeId: string, private readonly perRequest: StatementQueries = pool) {}

  /**
   * Registers a request as running on this node (`entered` false: a limit over all nodes is
   * reached) and, when `place` is given, takes a place on its warehouse at once if there is room
   * (`placed`: then `placeTaken` frees it) — one round trip for what a statement usually needs.
   * `catalogVersion`: the shared catalog's version at that moment.
   *
   * Requests of one user on one warehouse that come while such a call is under way wait for it
   * and then go together in one call (admit_many decides them in order, as one call each would):
   * under load a node then makes one admission round trip for several statements.
   */
  async enter(handle: string, user: string, warehouse: string | null, limits: RunningLimits, place?: { max: number; userMax: number }): Promise<Entry> {
    // (Noted first: a row whose insert commits while the answer is lost is still this node's to delete.)
    this.mine.add(handle);
    try {
      const entry = await new Promise<Entry>((resolve, reject) => {
        const key = JSON.stringify([user, warehouse, limits.perUser, limits.perWarehouse, limits.perUserOnWarehouse]);
        const request: Admitting = { handle, place, resolve, reject };
        const queue = this.admitting.get(key);
        if (queue) queue.push(request);
        else {
          this.admitting.set(key, []);
          void this.admit(key, [request], user, warehouse, limits);
        }
      });
      if (!entry.entered) this.mine.delete(handle);
      return entry;
    } catch (e) {
      throw stateError(e, 'admission (running statements over all nodes)');
    }
  }

  /** One admit_many call for `batch`, then one for whatever of the key came meanwhile. */
  private async admit(key: string, batch: Admitting[], user: string, warehouse: string | null, limits: RunningLimits): Promise<void> {
    try {
      // (Named, as take_place and the request's end: parsed and planned once per connection; every statement runs them.)
      const r = await this.perRequest.query<{ handle: string; entered: boolean; placed: boolean; catalog_version: string }>({ name: 'floe_admit_many',
        text: `SELECT * FROM ${S}.admit_many($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        values: [batch.map((b) => b.handle), this.nodeId, user, warehouse, cap(limits.perUser), cap(limits.perWarehouse), cap(limits.perUserOnWarehouse),
          batch.map((b) => (b.place ? cap(b.place.max) : null)), batch.map((b) => (b.place ? cap(b.place.userMax) : null))] });
      const rows = new Map(r.rows.map((row) => [row.handle, row]));
      for (const b of batch) {
        const row = rows.get(b.handle);
        if (row) b.resolve({ entered: row.entered, placed: row.placed, catalogVersion: Number(row.catalog_version) });
        else b.reject(new Error(`admission answered nothing for request ${b.handle}`));
      }
    } catch (e) {
      for (const b of batch) b.reject(e);
    }
    const queue = this.admitting.get(key)!;
    const next = queue.splice(0, ADMIT_BATCH);
    if (next.length === 0) this.admitting.delete(key);
    else void this.admit(key, next, user, warehouse, limits);
  }

  /**
   * The request has ended: its row goes, and the place it held (if any) is announced free, or
   * handed to `heir` (a request of this node that took its place here: see StatementService).
   */
  leave(handle: string, heir?: string): Promise<void> {
    return this.leaveWith(handle, async (tail) => {
      await this.perRequest.query({ name: 'floe_leave', text: `WITH ${tail.sql('$1', '$2')}`, values: [handle, tail.heir] });
    }, heir);
  }

  /**
   * leave() inside another statement (one round trip for both, committed together): `write`
   * sends `WITH <its own CTEs>, ${tail.sql(handleParam, heirParam)}` with `tail.heir` as the latter.
   */
  async leaveWith<T>(handle: string, write: (tail: LeavingTail) => Promise<T>, heir?: string): Promise<T> {
    try {
      return await write({ sql: leavingSql, heir: heir ?? null });
    } finally {
      // (A failed delete is reconcile's: the row no longer belongs to a running request.)
      this.mine.delete(handle);
      if (++this.endedSinceVacuum >= VACUUM_RUNNING_EVERY) {
        this.endedSinceVacuum = 0;
        this.vacuum();
      }
    }
  }

  /**
   * Deletes this node's rows of requests that are over (a delete that failed when PostgreSQL was
   * unreachable): otherwise they would count for as long as this node lives. Each lease renewal.
   *
   * The rows are read first and judged when they arrive: a handle is in `mine` from before its
   * row is written until after it is deleted, so a row whose handle is not in `mine` then is a
   * leftover, and stays one (handles are never reused). A list of `mine` sent with the delete
   * would be old by the time it ran (a pool wait, a round trip): rows of requests that entered
   * meanwhile would go too, uncounting running requests, and the delete would wait on the row
   * locks of their ends (measured: a deadlock with a request's end under load).
   */
  async reconcile(): Promise<void> {
    const rows = await this.pool.query<{ handle: string }>(`SELECT handle FROM ${S}.running WHERE node_id = $1`, [this.nodeId]);
    const over = rows.rows.map((row) => row.handle).filter((handle) => !this.mine.has(handle));
    if (over.length === 0) return;
    const r = await this.pool.query(`DELETE FROM ${S}.running WHERE node_id = $1 AND handle = ANY($2::text[])`, [this.nodeId, over]);
    if ((r.rowCount ?? 0) > 0) this.wake();
  }

  /** A place on the warehouse over all nodes: at once when there is room, else when one is freed. */
  async place(req: PlaceRequest): Promise<() => Promise<void>> {
    let queued = false;
    for (;;) {
      if (req.signal.aborted) throw req.signal.reason;
      if (await this.take({ ...req, ...req.limits() }, false)) return this.placeTaken(req.handle, req.warehouse);
      if (!queued) { queued = true; req.onQueued?.(); }
      const left = req.deadline > 0 ? req.deadline - Date.now() : RECHECK_MS;
      if (left <= 0) throw sqlErrors.timedOut(req.timeoutSec);
      await this.pause(Math.min(left, RECHECK_MS), req.signal);
    }
  }

  /** A place taken whatever the count (a statement inside an open transaction must not wait for itself). */
  async force(req: Pick<PlaceRequest, 'handle' | 'user' | 'warehouse' | 'reads'>): Promise<() => Promise<void>> {
    await this.take({ ...req, max: 0, userMax: 0 }, true);
    return this.placeTaken(req.handle, req.warehouse);
  }

  /** The release of a place a request holds on `warehouse` over all nodes. */
  placeTaken(handle: string, warehouse: string): () => Promise<void> {
    return () => this.release(handle, warehouse);
  }

  /** A place was freed somewhere (a notification, a release here, a warehouse altered): waiting statements look again. */
  wake(): void {
    for (const w of [...this.waiting]) w();
  }

  private async take(req: Pick<PlaceRequest, 'handle' | 'user' | 'warehouse' | 'reads'> & { max: number; userMax: number }, force: boolean): Promise<boolean> {
    try {
      const r = await this.perRequest.query<{ ok: boolean }>({ name: 'floe_take_place', text: `SELECT ${S}.take_place($1, $2, $3, $4, $5, $6, $7, $8) AS ok`,
        values: [req.handle, this.nodeId, req.user, req.warehouse, req.reads, cap(req.max), cap(req.userMax), force] });
      return r.rows[0].ok;
    } catch (e) {
      throw stateError(e, 'warehouse admission over all nodes');
    }
  }

  private async release(handle: string, warehouse: string): Promise<void> {
    try {
      await this.perRequest.query({ text: `WITH u AS (UPDATE ${S}.running SET slot_warehouse = NULL, slot_reads = false WHERE handle = $1)
        SELECT pg_notify('${ADMISSION_CHANNEL}', $2)`, values: [handle, warehouse] });
    } catch (e) {
      // The place stays counted until the request's row goes (leave) or this node's lease ends.
      console.error(`Floe: could not release a warehouse place of ${handle} (freed when the request ends): ${String(e)}`);
    }
    this.wake();
  }

  private pause(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = () => { clearTimeout(timer); this.waiting.delete(done); signal.removeEventListener('abort', aborted); resolve(); };
      const aborted = () => { clearTimeout(timer); this.waiting.delete(done); reject(signal.reason); };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
      signal.addEventListener('abort', aborted, { once: true });
    });
  }
}
