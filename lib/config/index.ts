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
  /** Requests per second per user (token bucket refill; 0 = no limit) and the bucket size. */
  rateLimitPerSec: number;
  rateLimitBurst: number;
  /** Statements one user, and one warehouse, may have running at once before 429. */
  maxRunningPerUser: number;
  maxRunningPerWarehouse: number;
  /** FLOE_SQL_API_ENABLED=false: every SQL API request answers 403. */
  sqlApiEnabled: boolean;
  /** Compile worker threads (0: all compiling on the request thread), the statement size from which they are used, their time limit. */
  compileWorkers: number;
  compileOffloadChars: number;
  compileTimeoutSec: number;
}

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return n;
}

export function loadConfig(): FloeConfig {
  return {
    port: intEnv('PORT', 3000),
    dataDir: path.resolve(/*turbopackIgnore: true*/ process.env.FLOE_DATA_DIR || './.floe'),
    account: (process.env.FLOE_ACCOUNT || 'FLOE').toUpperCase(),
    adminToken: process.env.FLOE_ADMIN_TOKEN || undefined,
    adminPassword: process.env.FLOE_ADMIN_PASSWORD || undefined,
    syncWaitMs: intEnv('FLOE_SYNC_WAIT_MS', 45_000),
    defaultTimeoutSec: intEnv('FLOE_STATEMENT_TIMEOUT_S', 172_800),
    maxResultBytes: intEnv('FLOE_MAX_RESULT_BYTES', 1024 * 1024 * 1024),
    maxQueuedStatements: intEnv('FLOE_MAX_QUEUED_STATEMENTS', 256),
    // Each reader is a full replica (≈3× the database in memory): two per core is the useful most.
    maxReaders: Math.max(1, intEnv('FLOE_MAX_READERS', Math.max(2, 2 * os.cpus().length))),
    // An X-Small warehouse may use what the whole pool had before warehouses shaped it.
    xsmallReaders: Math.max(1, intEnv('FLOE_XSMALL_READERS', Math.max(2, 2 * os.cpus().length))),
    resultRetentionHours: intEnv('FLOE_RESULT_RETENTION_HOURS', 24),
    // Generous per user: a guard against a runaway client, not a cap on one busy client's throughput.
    rateLimitPerSec: intEnv('FLOE_RATE_LIMIT_PER_S', 5000),
    rateLimitBurst: Math.max(1, intEnv('FLOE_RATE_LIMIT_BURST', 10000)),
    maxRunningPerUser: intEnv('FLOE_MAX_RUNNING_PER_USER', 128),
    maxRunningPerWarehouse: intEnv('FLOE_MAX_RUNNING_PER_WAREHOUSE', 128),
    sqlApiEnabled: !/^(false|0|no|off)$/i.test(process.env.FLOE_SQL_API_ENABLED ?? ''),
    // Large statements only: a short one compiles on the request thread in less time than a message takes.
    compileWorkers: intEnv('FLOE_COMPILE_WORKERS', 2),
    compileOffloadChars: Math.max(1, intEnv('FLOE_COMPILE_OFFLOAD_CHARS', 16_384)),
    compileTimeoutSec: Math.max(1, intEnv('FLOE_COMPILE_TIMEOUT_S', 120)),
  };
}

/** Maximum statement timeout (timeout: 0 means this). */
export const MAX_TIMEOUT_SEC = 604_800;
