import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Everything Floe reads from the environment, parsed once. */
export interface FloeConfig {
  port: number;
  dataDir: string;
  account: string;
  adminToken: string | undefined;
  adminPassword: string | undefined;
  /** How long a synchronous POST waits before answering 202 (spec: 45 s). */
  syncWaitMs: number;
  /** Default STATEMENT_TIMEOUT_IN_SECONDS (Snowflake: 172800). */
  defaultTimeoutSec: number;
  /** A result is cut at this many bytes of JSON (code 391908). */
  maxResultBytes: number;
  /** Most statements that may run or wait at once before 429. */
  maxQueuedStatements: number;
  /** Most reader workers (besides the single writer). */
  maxReaders: number;
  /** Reader workers an X-Small warehouse's statements may hold at once; each size up doubles it (capped by maxReaders). */
  xsmallReaders: number;
  /** Hours a statement and its result stay readable. */
  resultRetentionHours: number;
  /** Bytes all stored results may take together (0 = no cap); the oldest finished ones are evicted first. */
  maxResultsBytes: number;
  /** Free bytes kept on the data directory's disk: writes that would go below are refused (0 = none). */
  minFreeDiskBytes: number;
  /** Bytes one stored object may take: a catalog object's definition (comment, view text, agent), a worksheet, a REST body creating one. */
  maxObjectBytes: number;
  /** Console worksheets one user may keep (the trash included), and days a worksheet stays in the trash (0: until deleted forever). */
  maxWorksheets: number;
  worksheetTrashDays: number;
  /** Seconds a console sign-in's access token lives; the console refreshes it before then. */
  consoleTokenTtlSec: number;
  /** Requests per second per user (token bucket refill; 0 = no limit) and the bucket size. */
  rateLimitPerSec: number;
  rateLimitBurst: number;
  /** Statements one user, and one warehouse, may have running at once before 429. */
  maxRunningPerUser: number;
  maxRunningPerWarehouse: number;
  /** Consecutive failed console logins that lock a user (0 = never), and for how many minutes. */
  loginLockAfter: number;
  loginLockMinutes: number;
  /**
   * Percent of a shared capacity (the statement queue, a warehouse, the reader workers) one user
   * may hold, so that the others can always start (lib/limits/fair-share.ts); 100 = no reservation.
   */
  userSharePercent: number;
  /** FLOE_SQL_API_ENABLED=false: every SQL API request answers 403. */
  sqlApiEnabled: boolean;
  /** FLOE_RECOVER_FROM_LAST_GOOD=1: damaged engine files are set aside and the start goes on from the last good state. */
  recoverFromLastGood: boolean;
  /** The database (the writer's file) may not grow past this; writes that would get 300002. */
  maxDatabaseBytes: number;
  /** What one statement may hold in one replica (SQLite's heap, parsed aggregates); beyond: 300003. */
  maxStatementMemoryBytes: number;
  /** Compile worker threads (0: all compiling on the request thread), the statement size from which they are used, their time limit. */
  compileWorkers: number;
  compileOffloadChars: number;
  compileTimeoutSec: number;
  /** JS heap of one compile worker (MB): a statement whose compile needs more gets 300003 and the worker is replaced. */
  compileWorkerMemoryMb: number;
  /** Sessions kept across requests (X-Floe-Session, the console's worksheets): idle expiry and how many one user may hold. */
  sessionIdleSec: number;
  maxSessionsPerUser: number;
  /** FLOE_ENGINE: null = the embedded sql.js engine; else the PostgreSQL database Floe runs on (postgres://…). */
  engineUrl: string | null;
  /** Connections to PostgreSQL this process keeps at most (plans running at once; an open transaction holds one). */
  pgPoolSize: number;
  /** Threads that run single reads outside transactions on PostgreSQL, off the request thread (0: none). */
  pgReadThreads: number;
  /** How long widening a table's integer columns (an int64 overflow) waits for the table's lock before the write fails (ms). */
  pgWidenLockWaitMs: number | undefined;
  /**
   * FLOE_ENGINE=postgres://…: the state this node shares with every other node on that database
   * (statements, results, worksheets; lib/statements/shared-statements.ts), its lease
   * (FLOE_NODE_LEASE_S) and the console session secret all nodes sign with (NEXTAUTH_SECRET,
   * required then). null: this node alone (sql.js, the default).
   */
  sharedState: SharedStateConfig | null;
}

export interface SharedStateConfig {
  url: string;
  leaseSec: number;
  /** The longest one maintenance statement of the shared state (retention, the results cap, vacuum, the sweep, migrations) may go unanswered (FLOE_PG_MAINTENANCE_TIMEOUT_S; unset: SharedStatements' default). */
  maintenanceTimeoutSec: number | undefined;
  sessionSecret: string;
}

/** FLOE_ENGINE when it names a PostgreSQL database: the shared state there. */
function sharedStateConfig(): SharedStateConfig | null {
  const url = process.env.FLOE_ENGINE ?? '';
  if (!/^postgres(ql)?:\/\//i.test(url)) return null;
  const sessionSecret = process.env.NEXTAUTH_SECRET ?? '';
  // Each node would otherwise sign console sessions with a key of its own data dir: a session
  // made on one node would be refused by the next.
  if (sessionSecret.length < 32) throw new Error('FLOE_ENGINE=postgres://… runs Floe as one of several nodes: set NEXTAUTH_SECRET (at least 32 characters, the same on every node) to the console session secret');
  return { url, leaseSec: Math.max(1, intEnv('FLOE_NODE_LEASE_S', 10)), maintenanceTimeoutSec: process.env.FLOE_PG_MAINTENANCE_TIMEOUT_S ? Math.max(1, intEnv('FLOE_PG_MAINTENANCE_TIMEOUT_S', 0)) : undefined, sessionSecret };
}

/**
 * FLOE_ENGINE: unset or empty is sql.js, exactly as before; a postgres:// or postgresql:// URL is
 * the PostgreSQL engine. Anything else stops the start (the value is not echoed: it may hold a password).
 */
function engineUrl(): string | null {
  const raw = (process.env.FLOE_ENGINE ?? '').trim();
  if (raw === '') return null;
  if (/^postgres(?:ql)?:\/\//i.test(raw)) return raw;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1];
  throw new Error(`FLOE_ENGINE must be unset (the embedded sql.js engine) or a postgres://user:password@host:port/database URL, got ${scheme ? `a ${scheme}: URL` : 'something else'}`);
}

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return n;
}

const GiB = 1024 ** 3;

/** Default results cap: a tenth of the data directory's file system, at most 10 GiB. */
function defaultResultsCap(dataDir: string): number {
  let dir = dataDir;
  // The data directory may not exist yet: its nearest existing ancestor is on the same disk.
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  try {
    const st = fs.statfsSync(dir);
    return Math.min(10 * GiB, Math.floor((st.blocks * st.bsize) / 10));
  } catch {
    return 10 * GiB;
  }
}

export function loadConfig(): FloeConfig {
  const dataDir = path.resolve(/*turbopackIgnore: true*/ process.env.FLOE_DATA_DIR || './.floe');
  return {
    port: intEnv('PORT', 3000),
    dataDir,
    account: (process.env.FLOE_ACCOUNT || 'FLOE').toUpperCase(),
    adminToken: process.env.FLOE_ADMIN_TOKEN || undefined,
    adminPassword: process.env.FLOE_ADMIN_PASSWORD || undefined,
    syncWaitMs: intEnv('FLOE_SYNC_WAIT_MS', 45_000),
    defaultTimeoutSec: defaultStatementTimeoutSec(),
    maxResultBytes: intEnv('FLOE_MAX_RESULT_BYTES', 1024 * 1024 * 1024),
    maxQueuedStatements: intEnv('FLOE_MAX_QUEUED_STATEMENTS', 256),
    // Each reader is a full replica (≈3× the database in memory): two per core is the useful most.
    maxReaders: Math.max(1, intEnv('FLOE_MAX_READERS', Math.max(2, 2 * os.cpus().length))),
    // An X-Small warehouse may use what the whole pool had before warehouses shaped it.
    xsmallReaders: Math.max(1, intEnv('FLOE_XSMALL_READERS', Math.max(2, 2 * os.cpus().length))),
    resultRetentionHours: intEnv('FLOE_RESULT_RETENTION_HOURS', 24),
    maxResultsBytes: intEnv('FLOE_MAX_RESULTS_BYTES', defaultResultsCap(dataDir)),
    // Room left for the checkpoint, registry and results once writes stop; modest, for small CI disks.
    minFreeDiskBytes: intEnv('FLOE_MIN_FREE_DISK_BYTES', 64 * 1024 * 1024),
    maxObjectBytes: Math.max(1024, intEnv('FLOE_MAX_OBJECT_BYTES', 1024 * 1024)),
    maxWorksheets: Math.max(1, Math.floor(intEnv('FLOE_MAX_WORKSHEETS', 100))),
    worksheetTrashDays: intEnv('FLOE_WORKSHEET_TRASH_DAYS', 30),
    // Short enough that a stolen one soon stops working; an open console refreshes its own.
    consoleTokenTtlSec: Math.max(10, intEnv('FLOE_CONSOLE_TOKEN_TTL_S', 3600)),
    // Generous per user: a guard against a runaway client, not a cap on one busy client's throughput.
    rateLimitPerSec: intEnv('FLOE_RATE_LIMIT_PER_S', 5000),
    rateLimitBurst: Math.max(1, intEnv('FLOE_RATE_LIMIT_BURST', 10000)),
    // Below the warehouse's (128) and the server's (256), so one user's burst leaves room for
    // everyone else, yet high enough for a client's ordinary burst of concurrent small queries.
    maxRunningPerUser: intEnv('FLOE_MAX_RUNNING_PER_USER', 96),
    maxRunningPerWarehouse: intEnv('FLOE_MAX_RUNNING_PER_WAREHOUSE', 128),
    loginLockAfter: intEnv('FLOE_LOGIN_LOCK_AFTER', 5),
    loginLockMinutes: intEnv('FLOE_LOGIN_LOCK_MINUTES', 15),
    userSharePercent: Math.min(100, Math.max(1, intEnv('FLOE_USER_SHARE_PERCENT', 75))),
    sqlApiEnabled: !/^(false|0|no|off)$/i.test(process.env.FLOE_SQL_API_ENABLED ?? ''),
    recoverFromLastGood: /^(true|1|yes|on)$/i.test(process.env.FLOE_RECOVER_FROM_LAST_GOOD ?? ''),
    // sql.js keeps the database in WASM-side memory: a 4 GiB hard ceiling, and each new page
    // copies the whole file near 3.8 GiB. Half of that leaves room for a checkpoint's export.
    maxDatabaseBytes: Math.max(1024 * 1024, intEnv('FLOE_MAX_DATABASE_BYTES', 2 * 1024 ** 3)),
    // Each replica (writer and every reader) may reach it at once: a few fit in a few GB.
    maxStatementMemoryBytes: Math.max(16 * 1024 * 1024, intEnv('FLOE_MAX_STATEMENT_MEMORY_BYTES', 1024 ** 3)),
    // Large statements only: a short one compiles on the request thread in less time than a message takes.
    compileWorkers: intEnv('FLOE_COMPILE_WORKERS', 2),
    compileOffloadChars: Math.max(1, intEnv('FLOE_COMPILE_OFFLOAD_CHARS', 16_384)),
    compileTimeoutSec: Math.max(1, intEnv('FLOE_COMPILE_TIMEOUT_S', 120)),
    // The largest statement text (16 MiB) of plain literals compiles in well under 1 GiB; the parser starts in ~30 MB.
    compileWorkerMemoryMb: Math.max(64, intEnv('FLOE_COMPILE_WORKER_MEMORY_MB', 1024)),
    // Snowflake's default idle session timeout is 4 hours; a user rarely has more worksheets open.
    sessionIdleSec: Math.max(1, intEnv('FLOE_SESSION_IDLE_S', 14_400)),
    maxSessionsPerUser: Math.max(1, intEnv('FLOE_MAX_SESSIONS_PER_USER', 32)),
    engineUrl: engineUrl(),
    // PostgreSQL's default max_connections is 100: a few nodes of this many fit beside other clients.
    pgPoolSize: Math.max(2, Math.floor(intEnv('FLOE_PG_POOL_SIZE', 20))),
    pgReadThreads: Math.max(0, Math.floor(intEnv('FLOE_PG_READ_THREADS', 2))),
    // (Unset: the engine's own default, WIDEN_LOCK_WAIT_MS.)
    pgWidenLockWaitMs: process.env.FLOE_PG_WIDEN_LOCK_WAIT_MS ? Math.max(1, Math.floor(intEnv('FLOE_PG_WIDEN_LOCK_WAIT_MS', 0))) : undefined,
    sharedState: sharedStateConfig(),
  };
}

let statementTimeoutDefault: number | undefined;

/**
 * FLOE_STATEMENT_TIMEOUT_S: STATEMENT_TIMEOUT_IN_SECONDS where no session sets it (SHOW PARAMETERS
 * reads it too). Read once: every statement of a session without its own value asks for it.
 */
export function defaultStatementTimeoutSec(): number {
  return (statementTimeoutDefault ??= intEnv('FLOE_STATEMENT_TIMEOUT_S', 172_800));
}

/** Maximum statement timeout (timeout: 0 means this). */
export const MAX_TIMEOUT_SEC = 604_800;
