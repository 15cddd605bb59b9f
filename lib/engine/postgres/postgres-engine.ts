/**
 * The PostgreSQL engine: plans run on a pool of connections to one PostgreSQL database, which
 * does the work the sql.js engine's workers do (isolation, durability, concurrency). Rows stream
 * into the same result writer, a batch at a time. A session's transaction (BEGIN … COMMIT across
 * plans) holds one connection until it ends; each plan inside it is a savepoint, so a failed
 * statement is undone alone and the transaction goes on, as in Snowflake.
 *
 * Cancel is pg_cancel_backend of the connection running the plan, sent on a connection of its
 * own (never queued behind plans), and repeated until the plan has stopped: a cancel that lands
 * between two messages of the plan is dropped by PostgreSQL. The plan's connection goes back to
 * the pool only after its cancels have been sent, so none can reach the next plan there.
 *
 * Integer columns are declared floe.widening_bigint (a bigint): a write that overflows int64 there
 * widens the columns of the tables it writes to numeric and runs once more (widenAfterOverflow).
 */
import { DatabaseError, Pool, type FieldDef, type PoolClient, type QueryResult } from 'pg';
import { dropConnection } from '@/lib/storage/pg-connection';
import { cancelledError, tooManyBindings } from '../engine-errors';
import {
  EngineFailure, type ColumnEncoding, type Engine, type EngineRows, type ExecPlan, type ExecResult, type SqlParam, type SqlStep, type StepParam,
} from '../types';
import { withStoredRows } from '../worker/stored-rows';
import { MAX_PARAMETERS } from '../limits';
import { DatabaseSizeBound, isSizeRefusal, vacuumSql } from './database-size';
import { WIDENING_BIGINT } from './functions';
import { planNodes } from './plan';
import { boundStatement, numberPlaceholders } from './placeholders';
import { mapPostgresError, type PgError } from './postgres-errors';
import { ConnectionSettings, readRows, rowsSpecOf } from './read-rows';
import { ReadThreads } from './read-threads';
import { storedValues, systemValues } from './values';
import { writtenTables } from './written-tables';

export interface PostgresEngineOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections in the pool: plans running at once (an open session transaction holds one). */
  poolSize: number;
  /** statement_timeout of a plan that names none (0 = none). */
  defaultTimeoutMs?: number;
  /**
   * Memory one statement may use (FLOE_MAX_STATEMENT_MEMORY_BYTES): each connection's work_mem is
   * a WORK_MEM_SHARES-th of it, as PostgreSQL grants work_mem to each sort and hash of a plan.
   */
  statementMemoryBytes?: number;
  /**
   * Threads that run single reads outside any transaction (parsing and encoding their rows off
   * the request thread), on up to half of `poolSize` between them (readConnections); 0: every
   * plan runs on the request thread.
   */
  readThreads?: number;
  /**
   * How long a widening ALTER (widenAfterOverflow) waits for its table's lock, which any open
   * transaction that used the table holds: past it the write fails (000625) instead of waiting for
   * that transaction, with every later reader of the table queued behind the ALTER. Above
   * PostgreSQL's deadlock_timeout (1 s): of two transactions that both wrote the table and both
   * widen it, PostgreSQL's deadlock check fails one (40P01, 000625) and the other goes on.
   * Default WIDEN_LOCK_WAIT_MS.
   */
  widenLockWaitMs?: number;
  /** FLOE_MAX_DATABASE_BYTES: a write that grows the account's data past it is refused (database-size.ts). Absent: no bound. */
  maxDatabaseBytes?: number;
}

export const WIDEN_LOCK_WAIT_MS = 2_000;

/** How `poolSize` connections are shared: each read thread's, and the rest (the request thread's). */
export function readConnections(poolSize: number, readThreads: number): { threads: number; perThread: number; rest: number } {
  const threads = Math.max(0, Math.min(readThreads, Math.floor(poolSize / 2)));
  const perThread = threads === 0 ? 0 : Math.max(1, Math.floor(poolSize / 2 / threads));
  return { threads, perThread, rest: poolSize - threads * perThread };
}

/**
 * The sorts and hashes of one statement that its memory is shared between (work_mem is per node).
 * PostgreSQL's own 4 MB makes a GROUP BY over millions of rows sort on disk, and a spilling
 * sort of eight such statements at once writes gigabytes of temporary files.
 */
export const WORK_MEM_SHARES = 4;
/** PostgreSQL's largest work_mem (kB). */
const MAX_WORK_MEM_KB = 2 * 1024 * 1024 - 1;

/** The work_mem (kB) of a statement memory budget. */
export const workMemKb = (statementMemoryBytes: number): number =>
  Math.max(64, Math.min(MAX_WORK_MEM_KB, Math.floor(statementMemoryBytes / WORK_MEM_SHARES / 1024)));

/** Pause between repeated cancels of a plan that has not stopped yet. */
const CANCEL_RETRY_MS = 200;
const CANCEL_ATTEMPTS = 25;
/** The cancels' window: how long a plan's cancels go on when PostgreSQL answers none of them. */
const CANCEL_WINDOW_MS = CANCEL_ATTEMPTS * CANCEL_RETRY_MS;
/**
 * How long a pg_cancel_backend (or the connection for it) may go unanswered. When none is
 * answered within the cancels' window (CANCEL_WINDOW_MS), PostgreSQL cannot be
 * reached from here: the plan's connection is closed, and the plan ends as cancelled instead of
 * waiting on a socket nothing will ever answer.
 */
const CANCEL_ANSWER_MS = 1000;
/** TCP keepalive of every connection: a silently dead one (a lost host, a cut network) fails its statement after the OS's probes instead of never. */
const KEEPALIVE_IDLE_MS = 10_000;
const SAVEPOINT = 'floe_statement';
/** How long a refused write's VACUUM waits for its tables' lock. */
const VACUUM_LOCK_WAIT_MS = 2_000;
const LOST = 'the connection of this transaction was lost: its changes were rolled back';

interface Run {
  cancelled: boolean;
  /** Backend pid of the connection running the plan, while it runs there. */
  pid: number | null;
  /** The cancels being sent: the connection is not released before they are. */
  cancelling: Promise<void> | null;
  finished: boolean;
  /** Ends the pause between two cancels at once when the plan finishes. */
  wake: (() => void) | null;
  /** Settles when the plan is cancelled: a plan still waiting (for a connection, for its session) gives up at once. */
  stopped: Promise<void>;
  stop: () => void;
  /** Closes the connection the plan runs on, while it runs there (cancelUntilStopped's last resort). */
  drop: (() => void) | null;
}

function newRun(): Run {
  let stop!: () => void;
  const stopped = new Promise<void>((r) => { stop = r; });
  return { cancelled: false, pid: null, cancelling: null, finished: false, wake: null, stopped, stop, drop: null };
}

/** `work`, or the cancel error as soon as the run is cancelled (work that starts later finds run.cancelled and does nothing). */
function unlessCancelled<T>(run: Run, work: Promise<T>): Promise<T> {
  return Promise.race([work, run.stopped.then((): never => { throw new EngineFailure(cancelledError); })]);
}

interface Session {
  client: PoolClient;
  /** Plans of one session run one after another on its connection. */
  chain: Promise<unknown>;
  /** The connection failed: the transaction is gone. */
  broken: boolean;
}

/** An error the server sent (its connection is fine), not one of the socket or the client. */
const isServerError = (e: unknown): boolean => e instanceof DatabaseError;
/** A failure outside the server's SQL (socket, protocol): the connection it happened on is closed, not reused. */
const closesConnection = (failure: unknown): boolean => failure !== null && !isServerError(failure) && !(failure instanceof EngineFailure);

function toFailure(e: unknown, timeoutMs: number): EngineFailure {
  if (e instanceof EngineFailure) return e;
  const err = e instanceof Error ? (e as Error & PgError) : { message: String(e) };
  return new EngineFailure(mapPostgresError(err, timeoutMs));
}

export class PostgresEngine implements Engine {
  readonly dialect = 'postgres' as const;
  private readonly pool: Pool;
  /** pg_cancel_backend: never waits for a plan's connection. */
  private readonly control: Pool;
  private readonly running = new Map<string, Run>();
  private readonly sessions = new Map<string, Session>();
  private readonly settings = new ConnectionSettings();
  private readonly reads: ReadThreads | null;
  private readonly size: DatabaseSizeBound | null;
  private closed = false;

  constructor(private readonly opts: PostgresEngineOptions) {
    // UTC: timestamptz values come back in one zone; the statement's own zone is the dialect's business.
    const workMem = opts.statementMemoryBytes ? ` -c work_mem=${workMemKb(opts.statementMemoryBytes)}kB` : '';
    const common = { connectionString: opts.url, types: storedValues, application_name: 'floe', options: `-c TimeZone=UTC${workMem}`, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS };
    const split = readConnections(opts.poolSize, opts.readThreads ?? 0);
    this.pool = new Pool({ ...common, max: split.rest, idleTimeoutMillis: 30_000 });
    this.control = new Pool({ ...common, max: 1, idleTimeoutMillis: 30_000, query_timeout: CANCEL_ANSWER_MS, connectionTimeoutMillis: CANCEL_ANSWER_MS });
    this.size = opts.maxDatabaseBytes ? new DatabaseSizeBound(opts.maxDatabaseBytes) : null;
    this.reads = split.threads > 0
      ? new ReadThreads(split.threads, { url: opts.url, options: common.options, application_name: common.application_name, max: split.perThread, keepAliveIdleMs: KEEPALIVE_IDLE_MS })
      : null;
    // An idle connection the server dropped (restart, admin kill): the pool discards it.
    for (const p of [this.pool, this.control]) p.on('error', (e) => console.warn(`Floe: PostgreSQL connection lost while idle: ${e.message}`));
  }

  /** Reads run on the read threads so far (what runs where is the engine's choice: for tests and figures). */
  get readsOnThreads(): number {
    return this.reads?.sent ?? 0;
  }

  async execute(plan: ExecPlan): Promise<ExecResult> {
    if (this.closed) throw new EngineFailure({ code: '000603', sqlState: 'XX000', message: 'SQL execution internal error: engine closed' });
    // (The compiler refuses these first: a backstop, since more would desynchronise the connection.)
    const over = plan.steps.find((st) => (st.params?.length ?? 0) > MAX_PARAMETERS.postgres);
    if (over) throw new EngineFailure(tooManyBindings(over.params!.length, MAX_PARAMETERS.postgres));
    const run = newRun();
    this.running.set(plan.statementId, run);
    const timeoutMs = plan.timeoutMs ?? this.opts.defaultTimeoutMs ?? 0;
    try {
      if (plan.transaction) return await this.transaction(plan, run);
      const session = this.sessions.get(plan.sessionId);
      return session ? await this.inSession(session, plan, run, timeoutMs) : await this.onPool(plan, run, timeoutMs);
    } catch (e) {
      throw run.cancelled ? new EngineFailure(cancelledError) : toFailure(e, timeoutMs);
    } finally {
      run.finished = true;
      run.wake?.();
      if (this.running.get(plan.statementId) === run) this.running.delete(plan.statementId);
    }
  }

  async query(sql: string, values: SqlParam[] = [], sessionId?: string): Promise<EngineRows> {
    const session = sessionId === undefined ? undefined : this.sessions.get(sessionId);
    const text = numberPlaceholders(sql);
    const read = async (client: PoolClient) => {
      const r = await client.query({ text, values, types: systemValues, rowMode: 'array' });
      return { columns: r.fields.map((f) => f.name), rows: r.rows as unknown[][] };
    };
    try {
      if (session) {
        // After the session's earlier plans, on its connection (inside its transaction).
        const p = session.chain.then(() => read(session.client));
        session.chain = p.catch(() => {});
        return await p;
      }
      const client = await this.pool.connect();
      try {
        return await read(client);
      } finally {
        client.release();
      }
    } catch (e) {
      throw toFailure(e, 0);
    }
  }

  async cancel(statementId: string): Promise<void> {
    const run = this.running.get(statementId);
    if (!run || run.cancelled) return;
    run.cancelled = true;
    run.stop();
    // (A full result may be being cut already: one loop of cancels, awaited before the connection is released.)
    this.startCancels(run);
    await run.cancelling;
  }

  /** Nothing to do: PostgreSQL's WAL and its own checkpoints keep commits durable and recovery short; Floe keeps no image or journal of its own. */
  async checkpoint(): Promise<void> {}

  async endSession(sessionId: string): Promise<void> {
    const s = this.sessions.get(sessionId);
    if (!s) return;
    await this.finish(sessionId, s, 'ROLLBACK').catch(() => { /* the connection is dropped either way */ });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.sessions.entries()].map(([id, s]) => this.finish(id, s, 'ROLLBACK').catch(() => {})));
    await Promise.all([this.pool.end(), this.control.end(), this.reads?.close()]);
  }

  // ---------------------------------------------------------------- transactions

  private async transaction(plan: ExecPlan, run: Run): Promise<ExecResult> {
    const open = this.sessions.get(plan.sessionId);
    if (plan.transaction === 'begin') {
      if (open) return { kind: 'none' }; // BEGIN inside a transaction is a no-op, as in Snowflake
      const client = await this.checkout(run);
      try {
        await client.query('BEGIN');
      } catch (e) {
        this.release(client, e);
        throw e;
      }
      this.sessions.set(plan.sessionId, { client, chain: Promise.resolve(), broken: false });
      return { kind: 'none' };
    }
    if (open) await this.finish(plan.sessionId, open, plan.transaction === 'commit' ? 'COMMIT' : 'ROLLBACK');
    return { kind: 'none' };
  }

  /** Ends a session's transaction after its running plan; a failed COMMIT has rolled it back. */
  private async finish(sessionId: string, s: Session, how: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    this.sessions.delete(sessionId);
    await s.chain;
    let failure: unknown = s.broken ? new Error('connection lost') : null;
    try {
      // The server rolled back the transaction of a lost connection: a COMMIT of it fails.
      if (s.broken && how === 'COMMIT') throw new EngineFailure(mapPostgresError({ code: '08003', message: LOST }));
      if (!s.broken) await s.client.query(how);
    } catch (e) {
      failure = e;
      throw e;
    } finally {
      this.release(s.client, failure);
    }
  }

  /** A plan inside a session's transaction: a savepoint, so that its failure undoes only itself. */
  private inSession(s: Session, plan: ExecPlan, run: Run, timeoutMs: number): Promise<ExecResult> {
    const body = async () => {
      if (s.broken) throw new EngineFailure(mapPostgresError({ code: '08003', message: LOST }));
      if (run.cancelled) throw new EngineFailure(cancelledError);
      const client = s.client;
      run.pid = (client as unknown as { processID: number }).processID;
      run.drop = () => dropConnection(client);
      // SET LOCAL lasts to the end of the transaction, and a rollback to the savepoint undoes it.
      // (A refused write's rows stay dead space until autovacuum or a later refusal outside a transaction: no VACUUM inside one.)
      const once = (p: ExecPlan) => this.inSavepoint(s, SAVEPOINT, `SET LOCAL statement_timeout = ${Math.floor(timeoutMs)}`,
        () => this.sizeBounded(client, this.boundedTables(p), false, () => this.runPlan(client, p, run, false)));
      try {
        try {
          return await once(plan);
        } catch (e) {
          const again = s.broken ? null : await this.widenAfterOverflow(e, plan, run, (sql, values) => this.inSavepoint(s, 'floe_widen', null, () => client.query(sql, values)));
          if (!again) throw e;
          return await once(again);
        }
      } catch (e) {
        // The server's own errors and Floe's (cancel, a full disk) leave the transaction usable: the savepoint undid the plan.
        if (!isServerError(e) && !(e instanceof EngineFailure)) s.broken = true;
        throw e;
      } finally {
        await this.settle(run);
      }
    };
    // Waiting for the session's earlier plans ends at a cancel; the next plan still waits for them.
    const turn = s.chain;
    const p = unlessCancelled(run, turn).then(body);
    s.chain = Promise.allSettled([turn, p]);
    return p;
  }

  /** A plan of no open transaction: one pooled connection; several steps commit together or not at all. */
  private async onPool(plan: ExecPlan, run: Run, timeoutMs: number): Promise<ExecResult> {
    // (A query without FROM stays here: handing SELECT 1 to a thread costs more than its row.)
    if (this.reads && plan.steps.length === 1 && plan.output === 'rows' && plan.access === 'read' && plan.rowSources !== 0) return this.readOffThread(this.reads, plan, run, timeoutMs);
    const client = await this.checkout(run);
    let failure: unknown = null;
    try {
      if (run.cancelled) throw new EngineFailure(cancelledError);
      run.pid = (client as unknown as { processID: number }).processID;
      run.drop = () => dropConnection(client);
      await this.settings.timeout(client, timeoutMs);
      const once = async (p: ExecPlan): Promise<ExecResult> => {
        // A write that may grow the data runs in a transaction, so that the size bound can refuse it whole.
        const tables = this.boundedTables(p);
        if (p.steps.length <= 1 && tables.length === 0) return this.runPlan(client, p, run, true);
        try {
          const result = await this.sizeBounded(client, tables, true, () => this.runPlan(client, p, run, false));
          await client.query('COMMIT');
          return result;
        } catch (e) {
          if (isServerError(e) || e instanceof EngineFailure) await client.query('ROLLBACK').catch(() => {});
          throw e;
        }
      };
      try {
        return await once(plan);
      } catch (e) {
        // (The failed plan was rolled back: the ALTERs commit on their own.)
        const again = await this.widenAfterOverflow(e, plan, run, (sql, values) => client.query(sql, values));
        if (again) return await once(again);
        if (!isSizeRefusal(e) || run.cancelled) throw e;
        // Refused at the size bound: rows deleted before it (and its own) are room once vacuumed.
        await this.vacuum(client, writtenTables(plan));
        try {
          return await once(plan);
        } catch (refused) {
          if (isSizeRefusal(refused)) await this.vacuum(client, writtenTables(plan));
          throw refused;
        }
      }
    } catch (e) {
      failure = e;
      throw e;
    } finally {
      await this.settle(run);
      this.release(client, failure);
    }
  }

  /** The tables of the plan whose growth the database size bound checks (none without a bound). */
  private boundedTables(plan: ExecPlan): string[] {
    return this.size ? writtenTables(plan) : [];
  }

  /** `steps` inside the size bound when they write `tables` (`begin`: opening the transaction), else as they are (after BEGIN when `begin`). */
  private async sizeBounded<T>(client: PoolClient, tables: string[], begin: boolean, steps: () => Promise<T>): Promise<T> {
    if (tables.length > 0) return this.size!.bounded(client, tables, begin, steps);
    if (begin) await client.query('BEGIN');
    return steps();
  }

  /**
   * VACUUM of the tables a refused write wrote (best effort: waits at most VACUUM_LOCK_WAIT_MS for
   * their lock, as behind another VACUUM or an ALTER; a failure leaves the refusal as it is).
   */
  private async vacuum(client: PoolClient, tables: string[]): Promise<void> {
    if (tables.length === 0) return;
    try {
      await client.query(`SET lock_timeout = ${VACUUM_LOCK_WAIT_MS}`);
      await client.query(vacuumSql(tables)).catch(() => {});
      await client.query('SET lock_timeout = DEFAULT');
    } catch { /* the refusal stands */ }
  }

  /** A database grown past a lowered FLOE_MAX_DATABASE_BYTES starts all the same, with a warning. */
  async warnIfOversized(): Promise<void> {
    if (!this.size) return;
    const client = await this.pool.connect();
    try {
      await this.size.warnIfOversized(client);
    } finally {
      client.release();
    }
  }

  /** `work` inside a savepoint of the session's transaction (after `setup`, which the savepoint scopes): a failure undoes only it. */
  private async inSavepoint<T>(s: Session, name: string, setup: string | null, work: () => Promise<T>): Promise<T> {
    await s.client.query(`SAVEPOINT ${name}${setup ? `; ${setup}` : ''}`);
    try {
      const result = await work();
      await s.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (e) {
      try {
        await s.client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
      } catch {
        s.broken = true;
      }
      throw e;
    }
  }

  /**
   * After a write that failed on an int64 overflow (its changes already undone): the
   * floe.widening_bigint columns of the tables it writes become numeric (`run` runs each ALTER
   * where the plan ran: on its own, or inside the session's transaction) and the plan to run once
   * more, whose own CREATE TABLE / ADD COLUMN declare numeric instead. Null when the plan writes
   * no such table (its error stands); an overflow that was not a column's fails again, once.
   * Every integer column of those tables widens: PostgreSQL does not say which value overflowed.
   */
  private async widenAfterOverflow(e: unknown, plan: ExecPlan, r: Run, run: (sql: string, values?: unknown[]) => Promise<QueryResult>): Promise<ExecPlan | null> {
    if (!isInt64Overflow(e) || plan.access !== 'write' || r.cancelled) return null;
    const written = writtenTables(plan);
    if (written.length === 0) return null;
    const declared = plan.steps.map((st) => (DECLARES.test(st.sql) ? { ...st, sql: st.sql.split(WIDENING_BIGINT).join('NUMERIC') } : st));
    const redeclared = declared.some((st, i) => st.sql !== plan.steps[i].sql);
    // The tables as they are now (a table the plan creates is gone with its rollback), with their
    // columns still bigint (none: a concurrent writer widened them first, and the plan runs again all the same).
    const columns = await run(
      `SELECT c.relname::text AS t, a.attname::text AS c FROM unnest($1::text[]) AS n JOIN pg_class c ON c.oid = to_regclass(quote_ident(n))
        LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.atttypid = to_regtype($2) AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum`,
      [written, WIDENING_BIGINT],
    ) as QueryResult<{ t: string; c: string | null }>;
    if (columns.rows.length === 0 && !redeclared) return null;
    const byTable = new Map<string, string[]>();
    for (const { t, c } of columns.rows) if (c !== null) byTable.set(t, [...(byTable.get(t) ?? []), c]);
    // A concurrent writer may be widening the same table: its lock orders the two ALTERs, and the
    // second changes nothing. The wait is bounded (widenLockWaitMs; SET LOCAL lasts to the end of
    // the ALTER's implicit transaction, or to the savepoint's rollback, else it is reset after).
    const waitMs = Math.floor(this.opts.widenLockWaitMs ?? WIDEN_LOCK_WAIT_MS);
    for (const [t, cols] of byTable) {
      try {
        await run(`SET LOCAL lock_timeout = ${waitMs}; ALTER TABLE ${quoteName(t)} ${cols.map((c) => `ALTER COLUMN ${quoteName(c)} TYPE numeric`).join(', ')}; SET LOCAL lock_timeout = DEFAULT`);
      } catch (err) {
        if ((err as PgError).code === '55P03') throw new EngineFailure(widenLockedError(waitMs));
        throw err;
      }
    }
    return { ...plan, steps: declared };
  }

  // ---------------------------------------------------------------- plans

  /** `autocommit`: no transaction is open, so what the plan sets on the connection sticks. */
  private async runPlan(client: PoolClient, given: ExecPlan, run: Run, autocommit: boolean): Promise<ExecResult> {
    // RESULT_SCAN's stored rows are read here, on the request thread (small results; a later
    // slice may move them into PostgreSQL itself).
    const plan = withStoredRows(given);
    await this.settings.pins(client, plan.pins, plan.steps.map((s) => s.sql), autocommit);
    if (plan.output === 'plan') return this.explain(client, plan);
    const last = plan.steps.length - 1;
    const perStep: number[] = [];
    for (let i = 0; i < (plan.output === 'rows' ? last : last + 1); i++) {
      // A cancel between steps: PostgreSQL had nothing running to stop.
      if (run.cancelled) throw new EngineFailure(cancelledError);
      const r: QueryResult = await client.query({ ...bound(plan.steps[i]), types: storedValues });
      perStep.push(r.rowCount ?? 0);
    }
    if (run.cancelled) throw new EngineFailure(cancelledError);
    if (plan.output === 'rows') return this.readRows(client, plan, plan.steps[last], run, autocommit && plan.access === 'read');
    return plan.output === 'changes' ? { kind: 'changes', changes: perStep[last] ?? 0, perStep } : { kind: 'none' };
  }

  /** `oneTrip`: a read outside any transaction, which a cancel may stop once its result is full (streamRows). */
  private async readRows(client: PoolClient, plan: ExecPlan, step: SqlStep, run: Run, oneTrip: boolean): Promise<ExecResult> {
    const { text, values } = bound(step);
    const result = await readRows(client, text, values, rowsSpecOf(plan), () => run.cancelled,
      oneTrip ? () => this.startCancels(run) : undefined);
    if (run.cancelled) throw new EngineFailure(cancelledError);
    return result;
  }

  /**
   * A single read outside any transaction, on a read thread: what its rows cost the request
   * thread is a message. Cancels go to the backend the thread reports, as for a plan here, and
   * the thread's connection serves again only once they are over.
   */
  private async readOffThread(reads: ReadThreads, given: ExecPlan, run: Run, timeoutMs: number): Promise<ExecResult> {
    const plan = withStoredRows(given);
    if (run.cancelled) throw new EngineFailure(cancelledError);
    const { text, values } = bound(plan.steps[0]);
    const ticket = reads.read({ text, values, timeoutMs, pins: plan.pins, spec: rowsSpecOf(plan) }, {
      onPid: (pid) => {
        run.pid = pid;
        // Cancelled while it waited for a connection: the cancels sent so far had no backend to
        // stop. Those still being sent stop it now; after them, more until it has stopped.
        if (run.cancelled) {
          const before = run.cancelling;
          run.cancelling = (async () => {
            await before;
            if (!run.finished) await this.cancelUntilStopped(run);
          })();
        }
      },
      onCut: () => this.startCancels(run),
    });
    run.drop = () => reads.drop(ticket);
    let failure: unknown = null;
    try {
      const result = await ticket.done;
      if (run.cancelled) throw new EngineFailure(cancelledError);
      return result;
    } catch (e) {
      failure = e;
      throw e;
    } finally {
      await this.settle(run);
      reads.release(ticket, closesConnection(failure));
    }
  }

  /** EXPLAIN (FORMAT JSON) of the first step as plan nodes (parent 0 = top), and the rows of a later step. */
  private async explain(client: PoolClient, plan: ExecPlan): Promise<ExecResult> {
    const [query, ...rest] = plan.steps;
    const q = bound(query);
    const r = await client.query({ text: `EXPLAIN (FORMAT JSON) ${q.text}`, values: q.values, types: storedValues, rowMode: 'array' });
    const doc = JSON.parse(String(r.rows[0][0])) as { Plan: Record<string, unknown> }[];
    const nodes = planNodes(doc[0].Plan);
    const later = rest[rest.length - 1];
    const rows = later ? (await client.query({ ...bound(later), types: storedValues, rowMode: 'array' })).rows : [];
    return { kind: 'plan', plan: nodes, rows };
  }

  // ---------------------------------------------------------------- connections and cancel

  /** A pooled connection, once one is free; a plan cancelled while it waits gives up at once (the connection, when it comes, goes back). */
  private async checkout(run: Run): Promise<PoolClient> {
    const pending = this.pool.connect();
    let client: PoolClient;
    try {
      client = await unlessCancelled(run, pending);
    } catch (e) {
      pending.then((c) => c.release(), () => {});
      throw e;
    }
    // A checked-out connection has no listener of the pool's: a drop while in use is an error
    // event, which would otherwise end the process. The failing query reports it.
    client.on('error', ignore);
    return client;
  }

  /** Back to the pool; a connection that failed outside the server's SQL (socket, protocol) is closed instead. */
  private release(client: PoolClient, failure: unknown): void {
    client.removeListener('error', ignore);
    client.release(closesConnection(failure) ? (failure as Error) : undefined);
  }

  /** Waits for the plan's cancels to be sent before its connection serves anything else. */
  private async settle(run: Run): Promise<void> {
    run.finished = true;
    run.wake?.();
    if (run.cancelling) await run.cancelling;
    run.pid = null;
    run.drop = null;
  }

  /** Cancels the plan's backend until it stops, unless that is under way already. */
  private startCancels(run: Run): void {
    run.cancelling ??= this.cancelUntilStopped(run);
  }

  private async cancelUntilStopped(run: Run): Promise<void> {
    const window = Date.now() + CANCEL_WINDOW_MS;
    let answered = false;
    for (let i = 0; i < CANCEL_ATTEMPTS && !run.finished && (answered || Date.now() < window); i++) {
      if (run.pid !== null) {
        try {
          await this.control.query('SELECT pg_cancel_backend($1)', [run.pid]);
          answered = true;
        } catch (e) {
          console.warn(`Floe: pg_cancel_backend failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      if (run.finished) break;
      await new Promise<void>((r) => {
        const t = setTimeout(r, CANCEL_RETRY_MS);
        run.wake = () => { clearTimeout(t); r(); };
      });
      run.wake = null;
    }
    // (A server that took the cancels and is slow to stop keeps the connection: it still answers.)
    if (!run.finished && !answered && run.pid !== null && run.drop) {
      console.warn(`Floe: PostgreSQL answered no cancel of backend ${run.pid} in ${CANCEL_WINDOW_MS} ms: its connection is closed, the statement ends as cancelled`);
      run.drop();
    }
  }
}

function ignore(): void {}

/**
 * numeric_value_out_of_range raised by int8 code (a cast to bigint, int8 arithmetic, bigint
 * input): what a value beyond int64 written into a floe.widening_bigint column raises. By the
 * reporting routine (pg_strtoint64, numeric_int8, int8pl…), which does not depend on the server's language.
 */
const isInt64Overflow = (e: unknown): boolean =>
  e instanceof DatabaseError && e.code === '22003' && (e.routine === undefined || /int8|int64/.test(e.routine));

/** The steps that declare columns (CREATE TABLE, ALTER TABLE … ADD COLUMN): only declarations name the domain there. */
const DECLARES = /^\s*(?:CREATE\s+TABLE|ALTER\s+TABLE)\b/i;

/** A write whose table could not widen: another statement or open transaction held the table longer than `waitMs`. */
export const widenLockedError = (waitMs: number) => ({
  code: '000625',
  sqlState: '40001',
  message: `Statement aborted: it writes a value beyond int64, for which its table's integer columns must widen (their PostgreSQL storage), and another statement or open transaction held the table for longer than ${waitMs} ms (FLOE_PG_WIDEN_LOCK_WAIT_MS); run it again once that one ends.`,
});
const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * A step's parameters. Bytes go as bytea's text form (\x and hex), not as a binary parameter:
 * where PostgreSQL infers text for a placeholder (a VALUES row, a function taking text) binary
 * bytes would be read as UTF-8 and fail on a zero byte; the text form is read as bytea wherever
 * bytea is wanted, and FLOE_TO_BINARY reads it back where text was.
 */
const params = (s: SqlStep): StepParam[] =>
  (s.params ?? []).map((v) => (v instanceof Uint8Array ? `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}` : v));
/** A step's text with its `?` placeholders numbered and the values it uses (a step without parameters is left as written). */
const bound = (s: SqlStep): { text: string; values: StepParam[] } => boundStatement(s.sql, params(s));
