/**
 * The statement lifecycle: registry, requestId/retry, the synchronous wait, async handles,
 * timeouts, cancel and multi-statement requests. It compiles each statement just before it
 * runs (earlier statements of a request may change the catalog or the session).
 */
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Access } from '@/lib/access/check';
import { isAccessError } from '@/lib/access/errors';
import { visibleCatalog } from '@/lib/access/visible';
import type { Catalog, WarehouseInfo } from '@/lib/catalog/catalog';
import { fromStorageName } from '@/lib/catalog/names';
import { dialectNamed } from '@/lib/sql/dialect';
import { EngineFailure, type Engine, type ExecPlan, type SqlParam, type SqlStep, type StepParam } from '@/lib/engine/types';
import { userShare } from '@/lib/limits/fair-share';
import { compileStatement, computeNeedOf, MAX_PREQUERIES, MAX_PREQUERY_ROWS, PrequeryAnswers, PrequeryNeeded, type Compiled, type CompileServices, type ComputeNeed, type Prequery, type PrequeryRows, type QueryHistoryEntry, type TableUse } from '@/lib/sql/compile';
import { HISTORY_LIMIT } from '@/lib/sql/compile/virtual-tables';
import { partitionFile } from '@/lib/storage/result-files';
import { dropTableSteps } from '@/lib/sql/compile/ddl';
import { resumeWarehouse } from '@/lib/catalog/warehouses';
import { explainResult } from '@/lib/sql/commands/explain';
import { CompileCache } from '@/lib/sql/compile/compile-cache';
import { CompileWorkers, type CompileWorkerSettings } from '@/lib/sql/compile-worker/pool';
import { isBuiltinFunction } from '@/lib/sql/functions';
import { SqlError, sqlErrors } from '@/lib/sql/errors';
import { redactSecrets } from '@/lib/sql/redact';
import { headTokens, splitStatements, type SplitStatement } from '@/lib/sql/lexer';
import { bindMissingAt, placeIdentifierError, refuseTooManyPlaceholders } from '@/lib/sql/error-position';
import { noteTransaction, type Session } from '@/lib/sql/session';
import type { ResourceError } from '@/lib/limits/resource-errors';
import type { BindType } from '@/lib/values';
import { executionStatus, rowsProduced, type StatementError, type StatementRecord, type StoredResult } from './record';
import type { HistoryPage, HistoryScope, StatementRegistry } from './registry';
import { inScope, newerFirst } from './statement-store';
import type { Leaving, SharedStatements } from './shared-statements';
import { readPartition as readStoredPartition } from '@/lib/storage/result-files';
import { CatalogWrites, type CatalogSource } from './catalog-writes';
import { ResultCache, tablesNamedIn } from './result-cache';
import { scanResult } from './result-scan';
import { dmlResult, mergeResult, multiStatementResult, rowTypeOf, staticRowsResult, statusResult } from './result-shapes';
import { KeptSessions, type KeptSession, type KeptSessionLimits } from './kept-sessions';
import { echoedParameters, statementTimeoutOf } from '@/lib/sql/session-parameters';
import { effectiveQueuedTimeout, WarehouseLimitsCache, type ReaderPool, type WarehouseLimits } from '@/lib/warehouses/limits';
import type { Entry, RunningLimits } from '@/lib/warehouses/shared-admission';
import { WarehouseScheduler, type LocalSlot, type Slot } from '@/lib/warehouses/scheduler';
import { CATALOG_BUMP, tableBump } from '@/lib/storage/state-schema';

export interface SubmitRequest {
  statement: string;
  /**
   * The body's `timeout` (seconds, 0 = the maximum): STATEMENT_TIMEOUT_IN_SECONDS for this request
   * (absent: the session's). Each statement's timeout is the value in force when it starts.
   */
  timeoutSec?: number;
  session: Session;
  /** Changes the kept session as the body asks (context, parameters), once the session is this request's. */
  enter?: () => void;
  params: SqlParam[];
  /** 1-based positions below the highest binding that have none (their `params` are null). */
  unbound?: number[];
  /** Wire types of the bound values (how `SELECT ?` is typed). */
  paramTypes: BindType[];
  /** The body's MULTI_STATEMENT_COUNT; absent: the session's (ALTER SESSION), else 1. */
  multiStatementCount?: number;
  async: boolean;
  nullAsString: boolean;
  requestId: string | undefined;
  retry: boolean;
  /** The console sent it for itself (X-Floe-Internal: 1): kept out of history when it qualifies (internalEligible). */
  internal?: boolean;
  /** A synchronous request's wait before it answers 202, when shorter than FLOE_SYNC_WAIT_MS (X-Floe-Wait-Ms). */
  waitMs?: number;
  /** The kept session `session` belongs to (X-Floe-Session): it outlives the request. */
  kept?: KeptSession;
  /**
   * Several nodes: checks the caller's credentials again (throwing when they no longer hold),
   * after this node's catalog copy followed a change another node made before the request came
   * (a token or user dropped there is refused here at once).
   */
  reauthenticate?: () => Promise<unknown>;
}

/** A request as it runs: its statement count resolved. */
type RunRequest = SubmitRequest & { multiStatementCount: number };

export type SubmitOutcome = { record: StatementRecord; finished: boolean };

export type { CatalogSource } from './catalog-writes';

export interface LifecycleLimits {
  syncWaitMs: number;
  /** Statements running or waiting at once: in all, per user, per warehouse. */
  maxRunning: number;
  maxRunningPerUser: number;
  maxRunningPerWarehouse: number;
  /** Percent of a shared capacity one user may hold (lib/limits/fair-share.ts). */
  userSharePercent: number;
  maxResultBytes: number;
  /** Bytes of one catalog object's definition (FLOE_MAX_OBJECT_BYTES). */
  maxObjectBytes: number;
  /** Free disk space a result's partition writes leave (FLOE_MIN_FREE_DISK_BYTES). */
  minFreeDiskBytes: number;
  /** How many reader workers a warehouse's size allows (lib/warehouses/limits.ts). */
  readers: ReaderPool;
  /** Compile worker threads for large statements (absent: all compile on the request thread). */
  compile?: CompileWorkerSettings;
  /** Sessions kept across requests (X-Floe-Session); absent: Floe's defaults. */
  sessions?: KeptSessionLimits;
}

/** LAST_QUERY_ID(n) of a kept session looks this far back. */
const KEPT_QUERY_IDS = 100;

/** Said when a kept session's run ends inside a transaction (the README's rule). */
export const ROLLED_BACK_NOTICE = 'The run ended inside an open transaction: it was rolled back. A transaction lasts one run; end it with COMMIT in the same run.';

const FIRST_PARTITION_BYTES = 256 * 1024;
/** A pre-query's rows come back inline (under the engine's 64 KB inline limit), in one partition. */
const PREQUERY_LIMITS = { maxRows: MAX_PREQUERY_ROWS + 1, maxBytes: 60_000, firstPartitionBytes: 60_001, partitionBytes: 60_001 };
const PARTITION_BYTES = 4 * 1024 * 1024;

/** A transaction id as Snowflake spells one: the start in epoch milliseconds, six more digits. */
const transactionId = (): string => String(BigInt(Date.now()) * 1_000_000n + BigInt(randomInt(0, 1_000_000)));

/** A request whose text starts as a query does (placeAtEntry); only a guess to save a round trip. */
const LIKELY_QUERY = /^\s*(?:\(\s*)*(?:SELECT|WITH)\b/i;
/** StatementService.ahead's key of one user's requests on a warehouse. */
const aheadKey = (warehouse: string, user: string) => `${warehouse}\u0000${user}`;

export class TooManyStatements extends Error {
  constructor() {
    super('Too many statements are running or queued.');
    this.name = 'TooManyStatements';
  }
}

interface Running {
  user: string;
  warehouse: string | null;
  done: Promise<void>;
  /** Engine statement id currently executing (the child for a multi-statement request). */
  current: string | null;
  stopped: StatementError | null;
  /** The session has an open transaction (its statements bypass warehouse queues). */
  inTransaction: boolean;
  /** Its running record could not be written when its handle was due (the answer was this failure). */
  unrecorded?: StatementError;
  /** Ends a statement that only waits (a timer here, not in the engine) with the reason given. */
  interrupt: ((why: SqlError) => void) | null;
  /** Stops the split or compile running for it on a compile worker. */
  abortCompile?: (why: SqlError) => void;
  /** Several nodes: the release of its last warehouse place over all nodes (the next place is taken after it). */
  sharedRelease?: Promise<void>;
  /**
   * Several nodes: a place over all nodes the request holds and no statement of it uses now (taken
   * with its admission, or its statement's, whose end is near). Its next statement on that
   * warehouse takes it over, one on another warehouse frees it first; the request's end frees it
   * with its row (a round trip less).
   */
  pendingPlace?: { warehouse: string; release: () => Promise<void>; heir?: string };
  /** Several nodes: the warehouse it is counted on in StatementService.ahead, until it comes to this node's queue. */
  ahead?: string;
  /**
   * Several nodes: the statement of it that another request's end let in here, and the warehouse
   * whose place over all nodes it hands on with it (that request's end moves it to this one's row).
   */
  inherited?: { statementId: string; warehouse: string };
  /** Several nodes: the end of the request it took a place over all nodes from is written: its own end is written after it (the place is in its row by then). */
  predecessorEnded?: Promise<void>;
  /** Several nodes: resolves `predecessorEnded` of the request it hands its place to. */
  endWritten?: () => void;
  /** Several nodes: the place on this node that goes with `pendingPlace`, freed once the one over all nodes is (or before another is taken). */
  pendingLocalRelease?: () => void;
  /** A statement of it answers a secret (answerOnce), known once compiled: a synchronous request waits for it past the sync wait. */
  secret?: boolean;
}

/**
 * A resource limit reached on the request thread: a registry line that could not be written
 * (StorageError) or an object over its size cap (ObjectSizeError). By name: Next's module copies.
 */
const resourceErrorOf = (e: unknown): ResourceError | null =>
  e instanceof Error && (e.name === 'StorageError' || e.name === 'ObjectSizeError') ? (e as Error & { resource: ResourceError }).resource : null;

const toError = (e: unknown): StatementError => {
  if (e instanceof SqlError || isAccessError(e)) return { code: e.code, sqlState: e.sqlState, message: e.message };
  const resource = resourceErrorOf(e);
  if (resource) return { ...resource };
  if (e instanceof EngineFailure) return e.error;
  // A defect, not the statement's fault: its stack goes to the log for whoever runs the server.
  console.error('Floe: statement failed with an unexpected error', e);
  const message = e instanceof Error ? e.message : String(e);
  return { code: '000603', sqlState: 'XX000', message: `SQL execution internal error: ${message}` };
};

function contextOf(s: Session) {
  return { database: s.database, schema: s.schema, warehouse: s.warehouse };
}

/** QUERY_HISTORY's query_type: SELECT, INSERT, CREATE_TABLE, SHOW, … */
function queryTypeOf(c: Compiled, stmt: SplitStatement): string {
  if (c.kind === 'query') return c.queryType ?? 'SELECT';
  if (c.kind === 'dml') return c.op.toUpperCase();
  const words = headTokens(stmt, 3).filter((t) => t.kind === 'word').map((t) => t.text.toUpperCase());
  if (c.kind === 'transaction') return c.op === 'begin' ? 'BEGIN_TRANSACTION' : c.op.toUpperCase();
  if (words[0] === 'CREATE' || words[0] === 'DROP' || words[0] === 'ALTER') return words.filter((w) => !['OR', 'REPLACE', 'IF', 'NOT', 'EXISTS', 'TRANSIENT', 'TEMPORARY'].includes(w)).slice(0, 2).join('_');
  return words[0] ?? 'UNKNOWN';
}

/**
 * Whether a statement the console marks as its own may stay out of history: it changed nothing
 * and read no table data (SHOW/DESCRIBE, INFORMATION_SCHEMA, QUERY_HISTORY, RESULT_SCAN, constant
 * queries, session changes). Anything else is recorded as usual whatever the header says, so the
 * header cannot hide a write, a read of data or a secret from an administrator's audit.
 */
function internalEligible(c: Compiled): boolean {
  if (c.kind === 'rows' || c.kind === 'session' || c.kind === 'explain') return true;
  // A SHOW the engine completes reads table statistics, not rows (metadata, as computeNeedOf says).
  return c.kind === 'query' && (c.tables.length === 0 || c.queryType === 'SHOW') && !c.write && !c.answerOnce;
}

/** Statements that change nothing stored (a failed registry line may fail them; see finish). */
const READ_ONLY_TYPES = new Set(['SELECT', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'USE', 'SET', 'UNSET', 'LIST']);

/** What other nodes' statements a statement reads (fromOtherNodes): services that answer them, and where their partitions were put. */
interface OtherNodes { services: Partial<CompileServices>; dir: string | null }

/** A statement as QUERY_HISTORY shows it. */
const historyEntry = (r: StatementRecord): QueryHistoryEntry => ({
  queryId: r.handle,
  queryText: r.sqlText,
  database: r.database ?? null,
  schema: r.schema ?? null,
  queryType: r.queryType ?? 'UNKNOWN',
  user: r.user,
  role: r.role,
  warehouse: r.warehouse ?? null,
  status: executionStatus(r),
  errorCode: r.error?.code ?? null,
  errorMessage: r.error?.message ?? null,
  startMs: r.createdOn,
  endMs: r.endedOn ?? null,
  rowsProduced: rowsProduced(r),
  queryTag: r.queryTag ?? '',
  reusedResult: !!r.reusedFrom,
});

/** Statement handles written in a statement's text (RESULT_SCAN('…') of another node's statement). */
const HANDLE_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export class StatementService {
  private readonly running = new Map<string, Running>();
  private readonly resultCache: ResultCache;
  /** Every catalog change goes through it (journaled write, catalog reload, result cache, warehouse queues). */
  private readonly catalogWrites: CatalogWrites;
  private readonly compiler = new CompileCache(compileStatement);

  /** What compiling reads besides the catalog: the statement history the caller may see (his own; all for ACCOUNTADMIN). */
  private readonly compileServices: CompileServices = {
    queryHistory: (user, role, filter) => this.registry.history({ user, everyone: Access.of(this.catalog.current(), role).admin, ...filter }).map(historyEntry),
    resultScan: (handle, session) => scanResult(this.registry.get(handle), this.registry.resultDir(handle), handle, session, this.catalog.current()),
    warehouseLoad: (warehouse) => this.warehouses.load(warehouse),
    prequery: () => { throw sqlErrors.unsupported('a dynamic PIVOT here'); },
  };
  readonly warehouses: WarehouseScheduler;
  /** Sessions that outlive a request (X-Floe-Session). */
  readonly sessions: KeptSessions;
  private readonly warehouseLimits: WarehouseLimitsCache;
  /** Statements one user may have running or waiting: in all, and on one warehouse. */
  private readonly perUser: { total: number; onWarehouse: number };
  /** The same over all nodes (several nodes; FLOE_MAX_QUEUED_STATEMENTS stays each node's own). */
  private readonly sharedLimits: RunningLimits;
  /** Several nodes: per session warehouse (and per warehouse and user: aheadKey), requests admitted (or being admitted) that have not come to this node's queue yet (placeAtEntry). */
  private readonly ahead = new Map<string, number>();
  /** Warehouses being resumed (AUTO_RESUME): statements that find one suspended share the write. */
  private readonly resuming = new Map<string, Promise<void>>();
  /** Splits and compiles large statements off the request thread (null: none). */
  private readonly offThread: CompileWorkers | null;

  constructor(
    private readonly engine: Engine,
    private readonly catalog: CatalogSource,
    readonly registry: StatementRegistry,
    private readonly limits: LifecycleLimits,
    /** Other nodes' statements and this node's, shared through PostgreSQL (null: this node alone, sql.js). */
    readonly shared: SharedStatements | null = null,
  ) {
    this.resultCache = new ResultCache(registry, shared ? (ids) => shared.tableVersions(ids) : null);
    this.warehouseLimits = new WarehouseLimitsCache(limits.readers);
    this.warehouses = new WarehouseScheduler(limits.userSharePercent);
    this.catalogWrites = new CatalogWrites(engine, catalog, this.resultCache, () => this.refreshWarehouses(), limits.maxObjectBytes,
      shared ? CATALOG_BUMP : null, shared ? (sessionId) => shared.sessionOwnerStep(sessionId) : null);
    if (shared) {
      shared.dropSessionsOf = (sessionIds) => this.dropSessions(sessionIds);
      shared.onEvicted = (handles) => { this.registry.forgetCached(handles); };
    }
    // Never more than his share of the whole queue or of a warehouse's, whatever the per-user
    // setting says: one user alone cannot make everyone else's statements 429.
    this.perUser = {
      total: Math.min(limits.maxRunningPerUser, userShare(limits.maxRunning, limits.userSharePercent, true)),
      onWarehouse: userShare(limits.maxRunningPerWarehouse, limits.userSharePercent, true),
    };
    this.sharedLimits = { perUser: this.perUser.total, perWarehouse: limits.maxRunningPerWarehouse, perUserOnWarehouse: this.perUser.onWarehouse };
    this.offThread = limits.compile && limits.compile.workers > 0 ? new CompileWorkers(limits.compile, this.compileServices) : null;
    this.offThread?.prestart();
    this.sessions = new KeptSessions(limits.sessions ?? { idleMs: 4 * 3600_000, maxPerUser: 32 }, (s) => this.endSession(s.id));
  }

  /** A catalog write outside any statement (REST endpoints, OAuth): the one write path, in a session of its own. */
  writeCatalog(steps: SqlStep[]): Promise<void> {
    return this.catalogWrites.apply(steps);
  }

  /** Another node changed the catalog: this node's copy follows. */
  catalogChangedElsewhere(): Promise<void> {
    return this.catalogWrites.followed();
  }

  get runningCount(): number {
    return this.running.size;
  }

  async submit(req: SubmitRequest): Promise<SubmitOutcome> {
    // A session that just ended may still be dropping its temporary tables: what follows sees them gone.
    const ending = this.sessions.ending();
    if (ending) await ending;
    const waitMs = req.async ? 0 : Math.min(req.waitMs ?? Infinity, this.limits.syncWaitMs);
    // A retry is answered by the earlier attempt unless that one failed (or was cancelled or
    // timed out): then the statement runs again, as a first attempt would.
    if (req.retry && req.requestId) {
      const earlier = this.registry.byRequest(req.session.user, req.requestId);
      if (earlier && earlier.status !== 'failed') return this.await(earlier, waitMs);
      // The first attempt may have reached another node.
      const elsewhere = !earlier && this.shared ? await this.shared.byRequest(req.session.user, req.requestId) : undefined;
      if (elsewhere && elsewhere.status !== 'failed') {
        const record = await this.shared!.waitFinished(elsewhere, waitMs);
        return { record, finished: record.status !== 'running' };
      }
    }
    this.checkCapacity(req.session);
    const handle = randomUUID();
    // Several nodes: the per-user and per-warehouse limits count every node's requests.
    const warehouse = this.shared ? req.session.warehouse : null;
    const place = warehouse === null ? undefined : this.placeAtEntry(req, warehouse);
    if (warehouse !== null) this.comeAhead(warehouse, req.session.user, 1);
    let entry: Entry | null = null;
    try {
      entry = this.shared ? await this.shared.admission.enter(handle, req.session.user, warehouse, this.sharedLimits, place) : null;
    } finally {
      if (warehouse !== null && !entry?.entered) this.comeAhead(warehouse, req.session.user, -1);
    }
    if (entry && !entry.entered) throw new TooManyStatements();
    try {
      // Another node's catalog write (a GRANT, REVOKE, DROP) committed before this request came:
      // the copy follows before it compiles, not only when the NOTIFY arrives.
      if (entry && this.catalog.behind?.(entry.catalogVersion)) {
        await this.catalogChangedElsewhere();
        await req.reauthenticate?.();
      }
      // A kept session runs one request at a time (409 otherwise): its statements share its state.
      if (req.kept) this.sessions.begin(req.kept, handle);
    } catch (e) {
      if (warehouse !== null) this.comeAhead(warehouse, req.session.user, -1);
      if (this.shared) void this.leaveShared(handle);
      throw e;
    }
    req.enter?.();
    // The body's `timeout` stands for STATEMENT_TIMEOUT_IN_SECONDS during this request.
    req.session.requestTimeoutSec = req.timeoutSec;
    const record: StatementRecord = {
      handle,
      requestId: req.requestId ?? randomUUID(),
      user: req.session.user,
      role: req.session.role,
      // Kept for a day and shown in history: never with a password or key in it.
      sqlText: redactSecrets(req.statement),
      createdOn: Date.now(),
      status: 'running',
      queryTag: req.session.queryTag || undefined,
      nullAsString: req.nullAsString || undefined,
      internal: req.internal || undefined,
      ...contextOf(req.session),
    };
    // Written when its handle is first answered (`await`) or when it ends, whichever comes first.
    this.registry.remember(record);
    const run: Running = { user: req.session.user, warehouse: req.session.warehouse, done: Promise.resolve(), current: null, stopped: null, inTransaction: false, interrupt: null };
    if (warehouse !== null) run.ahead = warehouse;
    if (warehouse !== null && entry?.placed) run.pendingPlace = { warehouse, release: this.shared!.admission.placeTaken(handle, warehouse) };
    this.running.set(record.handle, run);
    // The request as a whole is a statement too (Snowflake runs several as one procedure call):
    // it stops at the timeout in force when it starts; each statement of several has its own.
    const timer = this.timeoutTimer(record.handle, req.session);
    const count = req.multiStatementCount ?? req.session.multiStatementCount ?? 1;
    run.done = this.execute(record, { ...req, multiStatementCount: count }, run).finally(async () => {
      clearTimeout(timer);
      req.session.requestTimeoutSec = undefined;
      if (req.kept) {
        // Awaited: the answer comes after the transaction is rolled back and the session free.
        const rolledBack = await this.endRun(req.session);
        this.sessions.finish(req.kept, record.handle, rolledBack ? ROLLED_BACK_NOTICE : null);
      } else {
        this.resultCache.sessionEnded(req.session.id);
        // Awaited: the request's answer comes after its temporary tables are gone.
        await this.endSession(req.session.id);
      }
      this.running.delete(record.handle);
    });
    return this.await(record, waitMs);
  }

  /**
   * The end of a run in a kept session: it keeps its context, variables and temporary tables,
   * but not an open transaction (it would hold the writer, and every other session's writes,
   * between runs): that is rolled back. True when there was one.
   */
  private async endRun(session: Session): Promise<boolean> {
    if (!session.transaction) return false;
    await this.engine.endSession(session.id).catch(() => {});
    this.resultCache.sessionEnded(session.id);
    noteTransaction(session, 'rollback', transactionId);
    return true;
  }

  /** Resolves when a statement's run is over (a kept session released), at once when it is. */
  async settled(handle: string): Promise<void> {
    const run = this.running.get(handle);
    if (run) await Promise.race([run.done, new Promise((r) => setTimeout(r, 5000))]);
  }

  /**
   * Stops the request `handle` (timed out, 000630) when a statement the session starts now runs
   * past its timeout: the session's STATEMENT_TIMEOUT_IN_SECONDS in force, or its current
   * warehouse's when that is lower (Snowflake: the lowest set applies).
   */
  private timeoutTimer(handle: string, session: Session): NodeJS.Timeout {
    const w = session.warehouse === null ? undefined : this.catalog.current().warehouses.get(session.warehouse);
    const own = statementTimeoutOf(session);
    const warehouse = w ? this.warehouseLimits.of(w).statementTimeoutSec : 0;
    const sec = warehouse > 0 ? Math.min(own, warehouse) : own;
    return setTimeout(() => void this.stop(handle, sqlErrors.timedOut(sec), true), Math.min(sec * 1000, 2 ** 31 - 1));
  }

  /**
   * A request is a session: when it ends, its open transaction rolls back and its temporary
   * tables and views are dropped (a journaled write; the catalog copy follows).
   */
  private async endSession(sessionId: string): Promise<void> {
    await this.engine.endSession(sessionId).catch(() => {});
    const temporary = this.catalog.current().temporary.get(sessionId) ?? [];
    if (temporary.length === 0) return;
    try {
      await this.catalogWrites.apply(temporary.flatMap(dropTableSteps), { sessionId });
      if (this.shared) await this.shared.forgetSession(sessionId);
    } catch (e) {
      // Left for the next start, which drops every temporary table (several nodes: for the sweep once this node's lease ends).
      console.error(`Floe: could not drop the temporary tables of session ${sessionId}: ${String(e)}`);
    }
  }

  /** Several nodes: the temporary tables and views of sessions whose node stopped (SharedStatements.sweep). */
  private async dropSessions(sessionIds: string[]): Promise<void> {
    // (The copy may not have followed the dead node's last catalog writes yet.)
    await this.catalog.reload();
    const temporary = sessionIds.flatMap((id) => this.catalog.current().temporary.get(id) ?? []);
    if (temporary.length > 0) await this.catalogWrites.apply(temporary.flatMap(dropTableSteps));
  }

  /** Several nodes: the request no longer counts (a failure leaves its row until this node's lease ends). */
  private leaveShared(handle: string): Promise<void> {
    return this.shared!.leave(handle);
  }

  /** Refuses a statement beyond the running limits (in all, the user's, the warehouse's, the user's on the warehouse). */
  private checkCapacity(session: Session): void {
    if (this.running.size >= this.limits.maxRunning) throw new TooManyStatements();
    let user = 0;
    let warehouse = 0;
    let userOnWarehouse = 0;
    for (const r of this.running.values()) {
      const mine = r.user === session.user;
      if (mine) user++;
      if (session.warehouse !== null && r.warehouse === session.warehouse) {
        warehouse++;
        if (mine) userOnWarehouse++;
      }
    }
    if (user >= this.perUser.total || warehouse >= this.limits.maxRunningPerWarehouse || userOnWarehouse >= this.perUser.onWarehouse) throw new TooManyStatements();
  }

  /** Waits up to ms for a statement to finish; returns its record either way. */
  async await(record: StatementRecord, ms: number): Promise<SubmitOutcome> {
    const run = this.running.get(record.handle);
    if (run && ms > 0) {
      let t: NodeJS.Timeout | undefined;
      await Promise.race([run.done, new Promise((r) => { t = setTimeout(r, ms); })]);
      clearTimeout(t);
      // A secret is answered once and never stored: answered 202, it would be lost (the token made,
      // its secret shown to nobody). The statement is short; its timeout and a cancel still end it.
      if (run.secret) await run.done;
    }
    // (`record` is the object the statement updates while it runs.)
    const finished = record.status !== 'running';
    // The client learns the handle now: it must outlive a crash (a kill -9 leaves it cancelled).
    if (!finished && !(this.persisted(record) && (!this.shared || await this.sharedRunning(record)))) {
      // Its handle is not given out as running: the statement stops, failed with the error.
      const why = record.error!;
      if (run) run.unrecorded = why;
      await this.stop(record.handle, new SqlError(why.code, why.sqlState, why.message), false);
      if (run) await Promise.race([run.done, new Promise((r) => setTimeout(r, 5000))]);
      return { record, finished: true };
    }
    return { record, finished };
  }

  /** Writes a running record to the shared registry too (other nodes poll it); false as `persisted`. */
  private async sharedRunning(record: StatementRecord): Promise<boolean> {
    try {
      await this.shared!.saveRunning(record);
      return true;
    } catch (e) {
      return this.recorded(record, () => { throw e; });
    }
  }

  /**
   * Writes a finished statement's outcome and result to the shared registry before it is
   * answered. When PostgreSQL refuses, this node still answers it; other nodes see it running
   * until PostgreSQL takes it (SharedStatements writes it again) or this node's lease ends.
   */
  private async shareFinished(record: StatementRecord, leave?: Leaving): Promise<void> {
    try {
      await this.shared!.saveFinished(record, this.registry.resultDir(record.handle), leave);
    } catch (e) {
      console.error(`Floe: statement ${record.handle} could not be written to the shared registry: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** A statement by handle: this node's, else (shared state) another node's. */
  async lookup(handle: string): Promise<StatementRecord | undefined> {
    // (A cap check under way may evict a result cached here: its answer is PostgreSQL's.)
    if (this.shared) await this.shared.evicting;
    const rec = this.registry.get(handle);
    if (rec || !this.shared) return rec;
    return this.shared.get(handle);
  }

  /** Reads partition `n` of a succeeded statement's stored result (ENOENT when it is gone). */
  readPartition(rec: StatementRecord, n: number): Promise<string | Buffer> {
    if (this.shared && !this.registry.has(rec.handle)) return this.shared.readPartition(rec, n);
    return readStoredPartition({ dir: this.registry.resultDir(rec.handle), inline: rec.result!.inline }, n);
  }

  /** A page of history (the console's list): this node's, or every node's with shared state. */
  historyPage(q: HistoryScope, limit: number, keep: (rec: StatementRecord) => boolean, maxScan: number): HistoryPage | Promise<HistoryPage> {
    return this.shared ? this.shared.page(q, limit, keep, maxScan) : this.registry.page(q, limit, keep, maxScan);
  }

  /** Writes a running record whose handle is about to be answered; false (and its error set) when the line could not be written. */
  private persisted(record: StatementRecord): boolean {
    return this.recorded(record, () => this.registry.persist(record));
  }

  /**
   * Writes a finished record. When its line cannot be written the statement fails with that
   * error instead: the answer says so, and its result is dropped (the record stays in memory
   * only, so that its handle answers the same until a restart).
   */
  private finish(record: StatementRecord): void {
    const outcome = { status: record.status, result: record.result, error: record.error };
    if (this.recorded(record, () => this.registry.put(record))) return;
    // A statement that changed state has done so: answering it failed would be a lie about the
    // data. It keeps its outcome in memory (its handle is forgotten at a restart); a read fails.
    if (outcome.status === 'succeeded' && !READ_ONLY_TYPES.has(record.queryType ?? 'SELECT')) {
      console.warn(`Floe: statement ${record.handle} succeeded but its registry line could not be written (${record.error?.message}); its handle lasts until a restart`);
      Object.assign(record, outcome);
      return;
    }
    this.registry.discardResult(record.handle);
  }

  /** Runs a registry write of `record`; a write the disk refused fails the statement with its resource error. */
  private recorded(record: StatementRecord, write: () => void): boolean {
    try {
      write();
      return true;
    } catch (e) {
      const resource = resourceErrorOf(e);
      if (!resource) throw e;
      Object.assign(record, { status: 'failed', error: { ...resource }, result: undefined });
      return false;
    }
  }

  /** Cancels a running statement; resolves when it has stopped (or after 5 s). */
  async cancel(handle: string): Promise<void> {
    if (this.shared && !this.running.has(handle)) return this.shared.cancel(handle);
    await this.stop(handle, sqlErrors.cancelled(), false);
    const run = this.running.get(handle);
    if (run) await Promise.race([run.done, new Promise((r) => setTimeout(r, 5000))]);
  }

  /** Another node asked to cancel a statement (shared state): done when it runs here. */
  cancelRequested(handle: string): void {
    if (this.running.has(handle)) void this.cancel(handle);
  }

  /** ALTER WAREHOUSE … ABORT ALL QUERIES: cancels the warehouse's other statements, running or queued. */
  private async abortWarehouse(warehouse: string, caller: Running): Promise<void> {
    const handles = [...this.running].filter(([, r]) => r !== caller && r.warehouse === warehouse).map(([h]) => h);
    await Promise.all(handles.map((h) => this.cancel(h)));
  }

  private async stop(handle: string, why: SqlError, timedOut: boolean): Promise<void> {
    const run = this.running.get(handle);
    if (!run || run.stopped) return;
    run.stopped = { code: why.code, sqlState: why.sqlState, message: why.message };
    const rec = this.registry.get(handle);
    if (rec && timedOut) rec.timedOut = true;
    run.abortCompile?.(why);
    // Waiting in a warehouse queue: out of it at once; otherwise the engine stops it.
    if (run.interrupt) run.interrupt(why);
    else if (run.current && !this.warehouses.withdraw(run.current, why)) await this.engine.cancel(run.current);
  }

  // ------------------------------------------------------------------ execution

  private async execute(record: StatementRecord, req: RunRequest, run: Running): Promise<void> {
    try {
      // An unterminated literal or comment fails here as a syntax error (LexError is an SqlError).
      const statements = this.offThread?.offloads(req.statement) ? await this.offThreadWork(run, (signal) => this.offThread!.split(req.statement, signal)) : splitStatements(req.statement);
      if (statements.length === 0) throw new SqlError('000900', '42000', 'Empty SQL statement.');
      const desired = req.multiStatementCount;
      if (desired !== 0 && desired !== statements.length) throw sqlErrors.statementCount(statements.length, desired);
      if (desired === 1) {
        try {
          record.result = await this.runOne(statements[0], req, record.handle, run, record);
        } finally {
          // (A multi-statement request notes each child; a kept session remembers across runs.)
          this.noteQuery(req.session, record.handle);
        }
      } else {
        record.queryType = 'MULTI_STATEMENT';
        await this.runMulti(record, statements, req, run);
        record.result = multiStatementResult();
      }
      record.status = 'succeeded';
    } catch (e) {
      record.status = 'failed';
      record.error = run.stopped ?? toError(e);
    }
    record.endedOn = Date.now();
    // Its handle could not be recorded: it was answered as failed, and stays so whatever it did.
    if (run.unrecorded) Object.assign(record, { status: 'failed', error: run.unrecorded, result: undefined });
    try {
      this.finish(record);
      if (run.predecessorEnded) await run.predecessorEnded;
      // (Its admission is left before or with its outcome: whoever sees it ended finds its place free.)
      if (this.shared) await this.shareFinished(record, { heir: run.pendingPlace?.heir });
    } finally {
      this.releaseLocal(run);
      this.arrived(run);
      run.endWritten?.();
    }
  }

  /** Frees the place on this node a request's statement kept until its place over all nodes was freed (sharedPlace). */
  private releaseLocal(run: Running): void {
    const release = run.pendingLocalRelease;
    run.pendingLocalRelease = undefined;
    release?.();
  }

  private async runMulti(parent: StatementRecord, statements: SplitStatement[], req: RunRequest, run: Running): Promise<void> {
    // Snowflake runs a multi-statement request as a procedure on the session's warehouse.
    if (!this.usableWarehouse(req.session.warehouse)) throw sqlErrors.noActiveWarehouse();
    parent.children = [];
    for (const stmt of statements) {
      if (run.stopped) throw new SqlError(run.stopped.code, run.stopped.sqlState, run.stopped.message);
      const child: StatementRecord = {
        handle: randomUUID(), requestId: parent.requestId, user: parent.user, role: req.session.role, sqlText: redactSecrets(stmt.text),
        createdOn: Date.now(), status: 'running', parent: parent.handle, nullAsString: parent.nullAsString,
        queryTag: parent.queryTag, internal: parent.internal, ...contextOf(req.session),
      };
      parent.children.push(child.handle);
      this.registry.remember(child);
      // Its own timeout: ALTER SESSION earlier in the request may have changed it (or USE WAREHOUSE).
      const timer = this.timeoutTimer(parent.handle, req.session);
      try {
        child.result = await this.runOne(stmt, req, child.handle, run, child);
        child.status = 'succeeded';
      } catch (e) {
        child.status = 'failed';
        child.error = run.stopped ?? toError(e);
      } finally {
        clearTimeout(timer);
      }
      child.endedOn = Date.now();
      this.finish(child);
      if (this.shared) await this.shareFinished(child);
      // The request is internal only when every statement it ran is.
      if (!child.internal) parent.internal = undefined;
      this.noteQuery(req.session, child.handle);
      if (child.error) {
        const stopped = run.stopped as StatementError | null;
        if (stopped) throw new SqlError(stopped.code, stopped.sqlState, stopped.message);
        throw new SqlError('100132', 'P0000',
          `JavaScript execution error: Uncaught Execution of multiple statements failed on statement "${stmt.text.slice(0, 200)}" (at line ${stmt.line}, position ${stmt.col}).\n${child.error.message}`);
      }
    }
  }

  /** LAST_QUERY_ID: the session's statements so far, the newest KEPT_QUERY_IDS of them. */
  private noteQuery(session: Session, handle: string): void {
    session.lastQueryId = handle;
    const ids = (session.queryIds ??= []);
    ids.push(handle);
    if (ids.length > KEPT_QUERY_IDS) ids.splice(0, ids.length - KEPT_QUERY_IDS);
  }

  private async runOne(stmt: SplitStatement, req: RunRequest, statementId: string, run: Running, record: StatementRecord): Promise<StoredResult> {
    let others: OtherNodes | null = null;
    try {
      if (this.shared) others = await this.fromOtherNodes(stmt, req.session);
      const result = await this.runCompiled(stmt, req, statementId, run, record, others?.services ?? null);
      // The formats in force after the statement (ALTER SESSION changes them), echoed with its result.
      return { ...result, parameters: echoedParameters(req.session) };
    } catch (e) {
      // Invalid identifiers are reported where the statement names them.
      const err = e instanceof SqlError || e instanceof EngineFailure ? toError(e) : null;
      // The parser keeps a call of a built-in with an argument count none of its forms takes as
      // a plain call, which the engine then does not know.
      const unknown = err?.code === '002139' ? /Unknown function (\S+)$/.exec(err.message)?.[1] : undefined;
      if (unknown && isBuiltinFunction(unknown)) throw sqlErrors.argumentCount(unknown);
      if (err?.code !== '000904') throw e;
      // (Placing reads every token: a large statement's are made off the request thread.)
      const placed = this.offThread?.offloads(stmt.text) ? await this.offThread.place(err, stmt) : placeIdentifierError(err, stmt);
      throw new SqlError(placed.code, placed.sqlState, placed.message);
    } finally {
      if (others?.dir) await fs.promises.rm(others.dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  /**
   * Several nodes: what a statement reads of other nodes' statements, fetched before it compiles
   * (compiling is synchronous): for RESULT_SCAN of a handle this node does not know, that
   * statement's record and partitions (into a directory of this statement's, removed when it
   * ends); for QUERY_HISTORY, the newest HISTORY_LIMIT.max statements of every node the caller
   * may see (the functions' filters apply to those).
   */
  private async fromOtherNodes(stmt: SplitStatement, session: Session): Promise<OtherNodes | null> {
    const shared = this.shared!;
    const services: Partial<CompileServices> = {};
    let dir: string | null = null;
    if (/RESULT_SCAN/i.test(stmt.text)) {
      const found = new Map<string, StatementRecord>();
      for (const handle of new Set(stmt.text.match(HANDLE_TEXT) ?? [])) {
        if (this.registry.get(handle)) continue;
        const rec = await shared.get(handle.toLowerCase());
        // (Whether the caller may read it is scanResult's to say.)
        if (!rec || rec.status !== 'succeeded' || !rec.result || rec.evicted) { if (rec) found.set(handle, rec); continue; }
        dir ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), 'floe-scan-'));
        const at = path.join(dir, rec.handle);
        await fs.promises.mkdir(at, { recursive: true });
        for (let n = rec.result.inline !== null ? 1 : 0; n < rec.result.partitions.length; n++) {
          await fs.promises.writeFile(partitionFile(at, n), await shared.readPartition(rec, n));
        }
        found.set(handle, rec);
      }
      if (found.size > 0) {
        services.resultScan = (handle, session) => {
          const rec = found.get(handle);
          return rec ? scanResult(rec, path.join(dir ?? '', rec.handle), handle, session, this.catalog.current())
            : this.compileServices.resultScan(handle, session);
        };
      }
    }
    if (/QUERY_HISTORY/i.test(stmt.text)) {
      const everyone = Access.of(this.catalog.current(), session.role).admin;
      const page = await shared.page({ user: session.user, everyone }, HISTORY_LIMIT.max, () => true, HISTORY_LIMIT.max);
      // This node's own statements as they are now (a running one's shared row is written once, a quick one's only at its end).
      const all = new Map(page.records.map((r) => [r.handle, r]));
      for (const r of this.registry.history({ user: session.user, everyone, limit: HISTORY_LIMIT.max })) all.set(r.handle, r);
      const records = [...all.values()].sort(newerFirst);
      services.queryHistory = (_user, _role, filter) => records
        .filter((r) => inScope({ user: session.user, everyone, ...filter }, r.handle, r))
        .slice(0, filter.limit).map(historyEntry);
    }
    return Object.keys(services).length > 0 ? { services, dir } : null;
  }

  private async runCompiled(stmt: SplitStatement, req: RunRequest, statementId: string, run: Running, record: StatementRecord, others: Partial<CompileServices> | null): Promise<StoredResult> {
    const session = req.session;
    // Statements see only what the session's role may see (lib/access).
    const visible = () => visibleCatalog(this.catalog.current(), session.role, session.id);
    const base = { statementId, sessionId: session.id, user: session.user, pins: { nowMs: Date.now(), seed: randomInt(1, 2 ** 31 - 1), timezone: session.formats.timezone, weekStart: session.weekStart ?? 0, weekOfYearPolicy: session.weekOfYearPolicy ?? 0 } };
    const exec = async (plan: ExecPlan) => {
      const stopped = run.stopped as StatementError | null;
      if (stopped) throw new SqlError(stopped.code, stopped.sqlState, stopped.message);
      run.current = statementId;
      try {
        return await this.engine.execute(plan);
      } finally {
        run.current = null;
      }
    };
    // A pre-query reads like the statement: same pins and session (its transaction included).
    const prequery = async (q: Prequery): Promise<PrequeryRows> => {
      record.internal = undefined; // it reads table data
      const res = await exec({
        ...base, steps: [{ sql: q.sql, params: q.extraParams.length > 0 ? [...req.params, ...q.extraParams] : [] }], output: 'rows', access: 'read',
        columns: [{ type: 'text', scale: null }], formats: session.formats, limits: PREQUERY_LIMITS,
      });
      if (res.kind !== 'rows' || res.inlineFirstPartition === null || res.truncated || res.numRows > MAX_PREQUERY_ROWS) {
        throw sqlErrors.unsupported(`a dynamic PIVOT of more than ${MAX_PREQUERY_ROWS} values`);
      }
      return JSON.parse(res.inlineFirstPartition) as PrequeryRows;
    };
    const compileStart = Date.now();
    let compiled: Compiled;
    try {
      compiled = await this.compile(stmt, session, visible, statementId, req.paramTypes, prequery, run, others);
    } finally {
      record.compileMs = Date.now() - compileStart;
    }
    record.queryType = queryTypeOf(compiled, stmt);
    if (record.internal && !internalEligible(compiled)) record.internal = undefined;
    // The SQL API runs BEGIN and USE only in a request of several statements (a kept session is
    // one): alone, they would end with the request.
    const alone = !req.kept && req.multiStatementCount === 1;
    if (alone && compiled.kind === 'transaction' && compiled.op === 'begin') throw sqlErrors.multiStatementOnly(record.queryType);
    const params = this.paramsFor(compiled, req, stmt);
    /** Journaled catalog or data changes of DDL and commands; the catalog copy follows them. */
    const write = (steps: SqlStep[]) => this.catalogWrites.apply(steps, { sessionId: session.id, execute: (plain) => exec({ ...base, steps: plain, output: 'none', access: 'write' }) });
    const need = computeNeedOf(compiled);
    /**
     * Several nodes: a write moves its tables' versions in its own transaction, so that every
     * node's result cache sees it; inside an open transaction, all of them at its COMMIT.
     */
    const bumped = (steps: SqlStep[], tables: (TableUse | number)[]): SqlStep[] => {
      const bump = this.shared && !session.transaction ? tableBump(tables.map((t) => (typeof t === 'number' ? t : t.id))) : null;
      return bump ? [...steps, bump] : steps;
    };
    /** Runs `body` holding a place on the session's warehouse (when the statement runs on one). */
    const onWarehouse = async <T>(reads: boolean, body: () => Promise<T>): Promise<T> => {
      // (The request's handle: a statement of several holds its place in the request's name.)
      const place = await this.warehouseSlot(need, reads, { session, statementId, run, record, handle: record.parent ?? record.handle });
      try {
        return await body();
      } finally {
        place?.release();
      }
    };
    switch (compiled.kind) {
      case 'query': {
        if (compiled.answerOnce) record.answerOnce = run.secret = true;
        const slot = compiled.write || compiled.answerOnce ? null : await this.resultCache.slot({ stmt, compiled, session, params, paramTypes: req.paramTypes, nullAsString: req.nullAsString });
        const reused = slot && (await this.resultCache.reuse(slot, statementId));
        // A reused result needs no warehouse (as in Snowflake).
        if (reused) {
          record.reusedFrom = reused.from;
          return reused.result;
        }
        const typed = compiled.columns.length > 0;
        // (A maximum result too small for its one row: the engine cuts it.)
        if (compiled.wait && typed && this.limits.maxResultBytes >= 1024) {
          const { ms, text } = compiled.wait;
          await onWarehouse(true, () => this.sleep(ms, run));
          const result = staticRowsResult({ columns: compiled.columns, rows: [[text]] }, session.formats, req.nullAsString);
          if (slot) this.resultCache.store(slot, statementId, result);
          return result;
        }
        const res = await onWarehouse(true, () => exec({
          ...base, output: 'rows',
          // A query taking sequence values writes them (journaled); any other only reads.
          ...(compiled.write
            ? { steps: compiled.write.steps.map((st, i) => (i === compiled.write!.boundStep ? { ...st, params } : st)), access: 'write' as const }
            : { steps: [{ sql: compiled.sql, params }], access: 'read' as const }),
          columns: typed ? compiled.columns.map((c) => ({ type: c.type?.wire ?? 'auto', scale: c.type?.scale ?? null })) : undefined,
          formats: session.formats, nullAsString: req.nullAsString,
          limits: {
            maxRows: session.rowsPerResultset, maxBytes: this.limits.maxResultBytes, firstPartitionBytes: FIRST_PARTITION_BYTES,
            partitionBytes: Math.min(PARTITION_BYTES, session.resultChunkMb * 2 ** 20), reserveBytes: this.limits.minFreeDiskBytes,
          },
          resultDir: this.registry.resultDir(statementId),
          rowSources: compiled.rowSources,
        }));
        if (res.kind !== 'rows') throw new Error('query without rows');
        const columns = typed ? compiled.columns : res.columnNames.map((name) => ({ name: fromStorageName(name), type: null, nullable: true, database: '', schema: '', table: '' }));
        const result: StoredResult = { rowType: rowTypeOf(columns, res.columnTypes), numRows: res.numRows, partitions: res.partitions, inline: res.inlineFirstPartition, truncated: res.truncated };
        if (slot) this.resultCache.store(slot, statementId, result);
        return result;
      }
      case 'dml': {
        const res = await onWarehouse(false, () => exec({ ...base, steps: bumped([...compiled.before.map((sql) => ({ sql })), { sql: compiled.sql, params }, ...(compiled.after ?? [])], compiled.tables), output: 'changes', access: 'write' }))
          .finally(() => this.resultCache.wrote(session.id, compiled.tables));
        return dmlResult(compiled.op, res.kind === 'changes' ? res.perStep[compiled.before.length] ?? 0 : 0);
      }
      case 'merge': {
        const res = await onWarehouse(false, () => exec({ ...base, steps: bumped(compiled.steps.map((s, i) => ({ ...s, params: params.slice(0, compiled.paramCounts[i] ?? 0) })), compiled.tables), output: 'changes', access: 'write' }))
          .finally(() => this.resultCache.wrote(session.id, compiled.tables));
        const per = res.kind === 'changes' ? res.perStep : [];
        const counts = { inserted: 0, updated: 0, deleted: 0 };
        for (const c of compiled.counted) counts[c.kind] += per[c.step] ?? 0;
        return mergeResult(counts, compiled.kinds);
      }
      case 'ddl':
        if (compiled.deletes !== undefined) {
          // TRUNCATE: Snowflake's status row, with the rows it removed in the stats.
          const res = await onWarehouse(false, () => exec({ ...base, steps: bumped(compiled.steps.map((s) => ({ ...s, params: s.params ?? [] })), tablesNamedIn(compiled.steps)), output: 'changes', access: 'write' }))
            .finally(() => this.resultCache.wrote(session.id, tablesNamedIn(compiled.steps)));
          return statusResult(compiled.status, { numRowsDeleted: res.kind === 'changes' ? res.perStep[compiled.deletes] ?? 0 : 0 });
        }
        await onWarehouse(false, () => write(compiled.boundStep === undefined ? compiled.steps : compiled.steps.map((s, i) => (i === compiled.boundStep ? { ...s, params } : s))));
        return statusResult(compiled.status);
      case 'transaction': {
        // (The bump joins the transaction: it commits with its writes, or not at all.)
        const bump = this.shared && compiled.op === 'commit' && session.transaction ? tableBump(this.resultCache.pending(session.id)) : null;
        if (bump) await exec({ ...base, steps: [bump], output: 'none', access: 'write' });
        await exec({ ...base, steps: [], output: 'none', access: 'write', transaction: compiled.op }).finally(() => this.resultCache.transaction(session.id, compiled.op));
        run.inTransaction = compiled.op === 'begin';
        noteTransaction(session, compiled.op, transactionId);
        return statusResult('Statement executed successfully.');
      }
      case 'session': {
        // (Applied first: a USE of what does not exist fails as such.)
        const status = compiled.apply(session, visible());
        if (alone && record.queryType === 'USE') throw sqlErrors.multiStatementOnly('USE');
        return statusResult(status);
      }
      case 'rows':
        return staticRowsResult(compiled, session.formats, req.nullAsString);
      case 'explain': {
        // Planned, not run: no warehouse (as in Snowflake); the tables' sizes come in the same round trip.
        const res = await exec({ ...base, steps: [{ sql: compiled.sql, params }, ...(compiled.statsSql ? [{ sql: compiled.statsSql }] : [])], output: 'plan', access: 'read' });
        if (res.kind !== 'plan') throw new Error('EXPLAIN without a plan');
        return staticRowsResult(explainResult(compiled, res.plan, res.rows), session.formats, req.nullAsString);
      }
      case 'action': {
        if (compiled.answerOnce) run.secret = true;
        const out = await compiled.run({ session, statementId, catalog: () => this.catalog.current(), write, abortQueries: (w) => this.abortWarehouse(w, run) });
        if ('status' in out) return statusResult(out.status);
        if (out.answerOnce) record.answerOnce = true;
        return staticRowsResult(out, session.formats, req.nullAsString);
      }
    }
  }

  /**
   * A statement that only waits (SELECT SYSTEM$WAIT(n)): a timer on this thread, so that it holds
   * no replica; cancel and timeouts end it early through `run.interrupt`.
   */
  private sleep(ms: number, run: Running): Promise<void> {
    const stopped = run.stopped as StatementError | null;
    if (stopped) return Promise.reject(new SqlError(stopped.code, stopped.sqlState, stopped.message));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { run.interrupt = null; resolve(); }, Math.min(ms, 2 ** 31 - 1));
      run.interrupt = (why) => { clearTimeout(timer); run.interrupt = null; reject(why); };
    });
  }

  /**
   * The place a statement takes on its session's current warehouse, or null when it runs
   * without one (`need` says whether it may). A suspended warehouse resumes first (AUTO_RESUME)
   * or counts as no warehouse. The fast path is a map lookup and a counter check.
   */
  private async warehouseSlot(need: ComputeNeed, reads: boolean, at: { session: Session; statementId: string; run: Running; record: StatementRecord; handle: string }): Promise<Slot | null> {
    const { session, statementId, run, record } = at;
    this.arrived(run);
    // (A place this request still keeps here would count against its next one: with room for one, it would wait for itself.)
    this.releaseLocal(run);
    if (need === 'none') {
      // (Not kept through a statement that may run long without using it.)
      this.dropPendingPlace(run);
      return null;
    }
    const name = session.warehouse;
    let info = name === null ? undefined : this.catalog.current().warehouses.get(name);
    let limits = info && this.warehouseLimits.of(info);
    if (!info || !limits || (limits.suspended && !limits.autoResume)) {
      if (need === 'required') throw sqlErrors.noActiveWarehouse();
      return null;
    }
    if (limits.suspended) {
      await this.resume(info, session.id);
      info = this.catalog.current().warehouses.get(info.name);
      if (!info) throw sqlErrors.noActiveWarehouse();
      limits = this.warehouseLimits.of(info);
    }
    // Inside a transaction the session holds the writer: waiting here could wait for itself.
    if (run.inTransaction) {
      const forced = this.warehouses.force(info.name, limits, session.user, false);
      return this.shared ? this.sharedPlace(forced, info.name, limits, reads, 0, at, true) : forced;
    }
    const stopped = run.stopped as StatementError | null;
    if (stopped) throw new SqlError(stopped.code, stopped.sqlState, stopped.message);
    const queuedTimeoutSec = effectiveQueuedTimeout(limits.queuedTimeoutSec, session.queuedTimeoutSec);
    const deadline = queuedTimeoutSec > 0 ? Date.now() + queuedTimeoutSec * 1000 : 0;
    const slot = this.warehouses.admit(info.name, limits, {
      statementId, owner: at.handle, user: session.user, reads, queuedTimeoutSec, onQueued: () => { record.queued = true; },
    });
    let local: LocalSlot;
    if (!(slot instanceof Promise)) local = slot;
    else {
      // Places are taken here first, then over all nodes: one over all nodes kept while waiting
      // here could be the one a statement admitted here waits for.
      this.dropPendingPlace(run);
      // While it waits, cancel and timeout find it by this id (stop → withdraw).
      run.current = statementId;
      const queuedAt = Date.now();
      try {
        local = await slot;
      } finally {
        record.queuedMs = (record.queuedMs ?? 0) + Date.now() - queuedAt;
        run.current = null;
        // (Not `delete`: records keep one shape; JSON leaves undefined out.)
        record.queued = undefined;
      }
    }
    return this.shared ? this.sharedPlace(local, info.name, limits, reads, deadline, at, false) : local;
  }

  /**
   * Several nodes: the place this node gave a statement, then one over every node
   * (lib/warehouses/shared-admission.ts), waiting while the warehouse is full everywhere. The
   * slot returned frees both.
   */
  private async sharedPlace(local: LocalSlot, warehouse: string, limits: WarehouseLimits, reads: boolean, deadline: number,
    at: { session: Session; statementId: string; run: Running; record: StatementRecord; handle: string }, force: boolean): Promise<Slot> {
    const { session, run, record } = at;
    const admission = this.shared!.admission;
    const queuedAt = Date.now();
    let release: () => Promise<void>;
    try {
      const pending = run.pendingPlace;
      const inherited = run.inherited;
      run.pendingPlace = undefined;
      run.inherited = undefined;
      if (pending?.warehouse === warehouse) release = pending.release;
      else if (!pending && inherited?.statementId === at.statementId && inherited.warehouse === warehouse) release = admission.placeTaken(at.handle, warehouse);
      else {
        // Cancel and timeouts end the wait (stop → interrupt): only this branch waits.
        const abort = new AbortController();
        run.interrupt = (why) => abort.abort(why);
        if (pending) run.sharedRelease = pending.release();
        await run.sharedRelease;
        const req = { handle: at.handle, user: session.user, warehouse, reads };
        release = force ? await admission.force(req) : await admission.place({
          ...req, limits: () => this.placeLimits(warehouse, limits),
          deadline, timeoutSec: effectiveQueuedTimeout(limits.queuedTimeoutSec, session.queuedTimeoutSec), signal: abort.signal,
          onQueued: () => { record.queued = true; },
        });
      }
    } catch (e) {
      local.release();
      throw e;
    } finally {
      run.interrupt = null;
      if (record.queued) record.queuedMs = (record.queuedMs ?? 0) + Date.now() - queuedAt;
      record.queued = undefined;
    }
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        // The request's own statement: its end follows at once and deletes its row, place and all
        // (SharedStatements.saveFinished): a round trip less. Its place on this node goes only then
        // too: freed now, it would admit the next statement here while this place over all nodes is
        // still taken, and that one's take would fail and wait for the NOTIFY (a round trip or two
        // more each, and a wait). A statement of several frees both now.
        if (record.parent === undefined) {
          run.pendingPlace = { warehouse, release, heir: this.heirOf(local, warehouse, session.user, at.handle, run) };
          if (!run.pendingPlace.heir) run.pendingLocalRelease = () => local.release();
        } else {
          local.release();
          run.sharedRelease = release();
        }
      },
    };
  }

  /**
   * Several nodes: when statements wait here for `warehouse`, the place a request's end is about
   * to free here goes to the next of them now, and with it (the same user's: the user's count
   * over all nodes stays right) the place over all nodes, moved to that request's row by the end's
   * own write: no take_place, no wait for the NOTIFY. The heir's handle, if there is one; else the
   * place here is kept until the one over all nodes is free (sharedPlace).
   */
  private heirOf(local: LocalSlot, warehouse: string, user: string, handle: string, run: Running): string | undefined {
    if (this.warehouses.load(warehouse).queued === 0) return undefined;
    for (const next of local.release()) {
      const heirRun = next.owner !== undefined && next.owner !== handle && next.user === user ? this.running.get(next.owner) : undefined;
      if (heirRun && !heirRun.pendingPlace && !heirRun.predecessorEnded) {
        heirRun.inherited = { statementId: next.statementId, warehouse };
        heirRun.predecessorEnded = new Promise((resolve) => { run.endWritten = resolve; });
        return next.owner;
      }
    }
    return undefined;
  }

  /** Several nodes: frees the place over all nodes the request holds unused (its next one is taken after). */
  private dropPendingPlace(run: Running): void {
    if (run.pendingPlace) run.sharedRelease = run.pendingPlace.release();
    run.pendingPlace = undefined;
  }

  /** A warehouse's MAX_CONCURRENCY_LEVEL over all nodes and a user's share of it, as they are now (`limits`: if it is gone). */
  private placeLimits(warehouse: string, limits: WarehouseLimits): { max: number; userMax: number } {
    const w = this.catalog.current().warehouses.get(warehouse);
    const max = (w ? this.warehouseLimits.of(w) : limits).maxConcurrency;
    return { max, userMax: userShare(max, this.limits.userSharePercent) };
  }

  /**
   * Several nodes: the place a request takes with its admission (one round trip less), when its
   * statement is a query (which usually runs on the warehouse) on a started warehouse; a
   * statement that turns out to need none frees it (warehouseSlot).
   */
  private placeAtEntry(req: SubmitRequest, warehouse: string): { max: number; userMax: number } | undefined {
    const info = this.catalog.current().warehouses.get(warehouse);
    if (!info || (req.multiStatementCount ?? req.session.multiStatementCount ?? 1) !== 1 || !LIKELY_QUERY.test(req.statement)) return undefined;
    const limits = this.warehouseLimits.of(info);
    // Only when it will find room here (else it would give the place back first: see
    // warehouseSlot), counting the requests on their way to this queue.
    const ahead = { all: this.ahead.get(warehouse) ?? 0, user: this.ahead.get(aheadKey(warehouse, req.session.user)) ?? 0 };
    if (limits.suspended || !this.warehouses.admitsAtOnce(warehouse, limits, req.session.user, true, ahead)) return undefined;
    return this.placeLimits(warehouse, limits);
  }

  /** Counts (+1) or stops counting (-1) a request of `user` on its way to this node's queue of `warehouse` (placeAtEntry). */
  private comeAhead(warehouse: string, user: string, by: 1 | -1): void {
    for (const key of [warehouse, aheadKey(warehouse, user)]) {
      const n = (this.ahead.get(key) ?? 0) + by;
      if (n > 0) this.ahead.set(key, n);
      else this.ahead.delete(key);
    }
  }

  /** The request came to this node's queue (or ended without): it is no longer counted ahead of it. */
  private arrived(run: Running): void {
    if (run.ahead !== undefined) this.comeAhead(run.ahead, run.user, -1);
    run.ahead = undefined;
  }

  /** The warehouse exists and may run statements (started, or suspended with AUTO_RESUME). */
  private usableWarehouse(name: string | null): boolean {
    const info = name === null ? undefined : this.catalog.current().warehouses.get(name);
    if (!info) return false;
    const limits = this.warehouseLimits.of(info);
    return !limits.suspended || limits.autoResume;
  }

  /** Marks a suspended warehouse started (journaled, once however many statements find it suspended). */
  private resume(w: WarehouseInfo, sessionId: string): Promise<void> {
    let p = this.resuming.get(w.name);
    if (!p) {
      // In the session's own transaction when it has one (the writer is held by it).
      p = this.catalogWrites.apply(resumeWarehouse(w), { sessionId }).finally(() => this.resuming.delete(w.name));
      this.resuming.set(w.name, p);
    }
    return p;
  }

  /** After a catalog change: queues follow their warehouse's new limits. */
  private refreshWarehouses(): void {
    // (Statements waiting for a place over all nodes look at the new limits.)
    this.shared?.admission.wake();
    const catalog = this.catalog.current();
    this.warehouses.refresh((name) => {
      const w = catalog.warehouses.get(name);
      return w ? this.warehouseLimits.of(w) : null;
    });
  }

  /**
   * Compiles a statement, first running the pre-queries compiling asks for (a dynamic PIVOT's
   * values): each answer is kept and the statement compiled again, until it compiles.
   */
  private async compile(stmt: SplitStatement, session: Session, visible: () => Catalog, statementId: string, paramTypes: BindType[], prequery: (q: Prequery) => Promise<PrequeryRows>, run: Running,
    others: Partial<CompileServices> | null): Promise<Compiled> {
    const dialect = dialectNamed(this.engine.dialect);
    // (Only a request with that many bindings has its tokens counted: a long text's are read here then.)
    if (paramTypes.length > dialect.maxParameters) refuseTooManyPlaceholders(stmt, dialect.maxParameters);
    const answers = new PrequeryAnswers();
    const services: CompileServices = { ...this.compileServices, ...others, prequery: (q) => answers.ask(q) };
    // (A compile worker asks this thread's own services: what other nodes said is read here.)
    let offThread = !others && (this.offThread?.offloads(stmt.text, paramTypes.length) ?? false);
    for (;;) {
      try {
        if (offThread) {
          const out = await this.offThreadWork(run, (signal) => this.offThread!.compile(stmt, { session, whole: this.catalog.current(), statementId, paramTypes, dialect: this.engine.dialect }, answers.entries(), signal));
          if ('compiled' in out) return out.compiled;
          if ('prequery' in out) throw new PrequeryNeeded(out.prequery);
          // An action (its work cannot cross threads): compiled here.
          offThread = false;
        }
        return this.compiler.compileStatement(stmt, { session, catalog: visible(), statementId, paramTypes, services, dialect });
      } catch (e) {
        if (!(e instanceof Error) || e.name !== 'PrequeryNeeded') throw e;
        if (answers.size >= MAX_PREQUERIES) throw sqlErrors.unsupported(`more than ${MAX_PREQUERIES} dynamic PIVOTs in one statement`);
        const q = (e as PrequeryNeeded).query;
        answers.set(q, await prequery(q));
      }
    }
  }

  /** Work on a compile worker that cancelling or timing out the statement stops. */
  private async offThreadWork<T>(run: Running, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const stopped = run.stopped as StatementError | null;
    if (stopped) throw new SqlError(stopped.code, stopped.sqlState, stopped.message);
    const abort = new AbortController();
    run.abortCompile = (why) => abort.abort(why);
    try {
      return await work(abort.signal);
    } finally {
      run.abortCompile = undefined;
    }
  }

  /**
   * What the statement binds: the request's values it uses, or, when it reads virtual tables, all
   * of the request's values and then their rows (their positions follow every value given).
   */
  private paramsFor(compiled: Compiled, req: RunRequest, stmt: SplitStatement): StepParam[] {
    const given = req.params;
    const needed = 'params' in compiled ? compiled.params : 0;
    // Every placeholder the statement has needs a value: a gap in the bindings is not a NULL.
    const unbound = needed > given.length ? given.length + 1 : req.unbound?.find((p) => p <= needed);
    if (unbound !== undefined) throw bindMissingAt(stmt, unbound);
    const extra = 'extraParams' in compiled ? compiled.extraParams ?? [] : [];
    return extra.length > 0 ? [...given, ...extra] : given.slice(0, needed);
  }
}
