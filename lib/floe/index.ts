/**
 * Floe's composition root: one instance per server process (kept on globalThis so that Next's
 * module re-evaluation never starts a second engine). Boots the engine on the data dir, creates
 * the initial account objects on a fresh one, and wires the services the routes use.
 */
import { init as initParser } from '@polyglot-sql/sdk';
import { Authenticator } from '@/lib/auth/authenticate';
import { LoginThrottle } from '@/lib/auth/login-throttle';
import { CONSOLE_INTEGRATION, consoleIntegrationSteps } from '@/lib/auth/oauth-clients';
import { loadOAuthServerKey } from '@/lib/auth/server-key';
import { hashSecret, lookupKey, newSecret } from '@/lib/auth/secrets';
import { Catalog, CATALOG_QUERIES, type CatalogRows } from '@/lib/catalog/catalog';
import { setAccountParameter } from '@/lib/catalog/account';
import { grantPrivilege } from '@/lib/catalog/grants';
import { grantRole, upsertRole } from '@/lib/catalog/roles';
import { COLUMN_MIGRATIONS, MIGRATIONS, SYSTEM_TABLES_SQL } from '@/lib/catalog/system-tables';
import { addToken } from '@/lib/catalog/tokens';
import { createUser } from '@/lib/catalog/users';
import { upsertWarehouse } from '@/lib/catalog/warehouses';
import { migrateColumnNames } from '@/lib/migrations/column-names-migration';
import { migrateNumberAffinity } from '@/lib/migrations/number-affinity-migration';
import { dropStoredViews } from '@/lib/migrations/stored-views-migration';
import { loadConfig, type FloeConfig } from '@/lib/config';
import { dropTableSteps } from '@/lib/sql/compile/ddl';
import { SqlJsEngine } from '@/lib/engine/sqljs-engine';
import { PostgresEngine } from '@/lib/engine/postgres/postgres-engine';
import { migratePostgres } from '@/lib/migrations/postgres-schema';
import { quoteString as sq } from '@/lib/sql/sql-text';
import type { Engine, SqlStep } from '@/lib/engine/types';
import { StatementRegistry } from '@/lib/statements/registry';
import { StatementService } from '@/lib/statements/service';
import { REGISTRY_MEMORY_BYTES, SharedStatements } from '@/lib/statements/shared-statements';
import { healthPing } from './health-ping';
import { catalogNoticesIgnored } from '@/lib/storage/faults';
import { refuseNewerStateSchema } from '@/lib/storage/state-schema';
import { RateLimiter } from '@/lib/limits/rate-limit';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

export interface Floe {
  config: FloeConfig;
  engine: Engine;
  catalog: () => Catalog;
  /** Several nodes: the catalog copy follows the shared catalog if it is older; true when it did (always false with one node). */
  catchUp(): Promise<boolean>;
  auth: Authenticator;
  statements: StatementService;
  /** A journaled catalog write outside any statement (REST resource endpoints); the catalog copy follows it. */
  write(steps: SqlStep[]): Promise<void>;
  /** Per-user request rate (lib/http/guard.ts). */
  rateLimiter: RateLimiter;
  /** Failed console logins: per-address delays and per-user locks (lib/auth/login-throttle.ts). */
  loginThrottle: LoginThrottle;
  /** Null while the node can serve; else why not (PostgreSQL unreachable). GET /healthz answers 503 then. */
  unavailable(): Promise<string | null>;
}


async function loadCatalog(engine: Engine): Promise<Catalog> {
  const rows = {} as CatalogRows;
  for (const [k, sql] of Object.entries(CATALOG_QUERIES)) rows[k as keyof CatalogRows] = (await engine.query(sql)).rows;
  return new Catalog(rows);
}

/**
 * A fresh account: user ADMIN, warehouse COMPUTE_WH (PUBLIC may use it), the three system roles,
 * no database. The rows only (the catalog operations write current rows); the secrets are
 * announced once the rows are committed.
 */
async function accountRows(config: FloeConfig): Promise<{ steps: SqlStep[]; announce: () => void }> {
  const token = config.adminToken ?? newSecret();
  const password = config.adminPassword ?? randomBytes(9).toString('base64url');
  const now = Date.now();
  const owner = 'ACCOUNTADMIN';
  const steps: SqlStep[] = [
    ...setAccountParameter('created_on', String(now)),
    ...['ACCOUNTADMIN', 'SYSADMIN', 'PUBLIC'].flatMap((name) => upsertRole({ name, owner, comment: null, createdOn: now })),
    ...grantRole({ role: 'SYSADMIN', granteeKind: 'ROLE', grantee: 'ACCOUNTADMIN' }),
    ...grantRole({ role: 'PUBLIC', granteeKind: 'ROLE', grantee: 'SYSADMIN' }),
    ...grantRole({ role: 'ACCOUNTADMIN', granteeKind: 'USER', grantee: 'ADMIN' }),
    ...upsertWarehouse({ name: 'COMPUTE_WH', size: 'X-Small', maxConcurrency: 8, owner, comment: null, createdOn: now, properties: {} }),
    // (The privileges migration gives SYSADMIN its account privileges; this, what it gave older accounts.)
    ...grantPrivilege({ privilege: 'USAGE', objectKind: 'WAREHOUSE', objectId: 'COMPUTE_WH', grantee: 'PUBLIC', grantedBy: owner, createdOn: 0 }),
    ...createUser('ADMIN', { passwordHash: await hashSecret(password), defaultRole: 'ACCOUNTADMIN', defaultWarehouse: 'COMPUTE_WH' }, now),
    ...addToken({
      userName: 'ADMIN', name: 'FLOE_ADMIN', lookup: lookupKey(token), secretHash: await hashSecret(token), roleRestriction: null, expiresAt: null, comment: 'created at first start', createdOn: now,
    }),
  ];
  const announce = () => {
    console.log('Floe: initialised a new account', config.account);
    console.log(`Floe: user ADMIN, programmatic access token: ${config.adminToken ? '(from FLOE_ADMIN_TOKEN)' : token}`);
    console.log(`Floe: console password for ADMIN: ${config.adminPassword ? '(from FLOE_ADMIN_PASSWORD)' : password}`);
    if (!config.adminToken || !config.adminPassword) console.log('Floe: these generated secrets are shown only once; keep them.');
  };
  return { steps, announce };
}

/** A fresh data dir: one write of the system tables in their current layout (every migration), then the account's rows. */
async function bootstrap(engine: SqlJsEngine, config: FloeConfig): Promise<void> {
  const { steps, announce } = await accountRows(config);
  await migrationWrite(engine, [...[...SYSTEM_TABLES_SQL, ...MIGRATIONS.map((m) => m.sql), ...COLUMN_MIGRATIONS.map((c) => c.sql)], ...steps]);
  announce();
}

/** Creates the system tables and columns this data dir does not have yet (journaled; skipped when none is missing). */
async function migrate(engine: SqlJsEngine): Promise<void> {
  const present = new Set((await engine.query("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) => String(r[0])));
  const missing = MIGRATIONS.filter((m) => !present.has(m.table)).map((m) => m.sql);
  for (const c of COLUMN_MIGRATIONS) {
    const cols = (await engine.query(`SELECT name FROM pragma_table_info('${c.table}')`)).rows.map((r) => String(r[0]));
    if (!cols.includes(c.column)) missing.push(c.sql);
  }
  if (missing.length === 0) return;
  await migrationWrite(engine, missing);
}

/** Temporary tables live as long as their session (one request): any left by a crash go now. */
async function dropTemporaryTables(engine: Engine): Promise<void> {
  const left = (await engine.query('SELECT id, kind FROM _floe_tables WHERE session_id IS NOT NULL')).rows;
  if (left.length > 0) await migrationWrite(engine, left.flatMap(([id, kind]) => dropTableSteps({ id: Number(id), kind: kind === 'VIEW' ? 'VIEW' : 'TABLE' })));
}

/** The console signs in through its built-in security integration: a data dir without it gets it. */
async function ensureConsoleIntegration(engine: Engine): Promise<void> {
  const present = (await engine.query(`SELECT 1 FROM _floe_integrations WHERE name = ${sq(CONSOLE_INTEGRATION)}`)).rows.length > 0;
  if (!present) await migrationWrite(engine, consoleIntegrationSteps(Date.now()));
}

/** A journaled write of system SQL at boot. */
async function migrationWrite(engine: Engine, steps: (string | SqlStep)[]): Promise<void> {
  await engine.execute({
    statementId: 'migrate', sessionId: 'migrate', steps: steps.map((st) => (typeof st === 'string' ? { sql: st } : { sql: st.sql, params: st.params ?? [] })), output: 'none', access: 'write',
    pins: { nowMs: Date.now(), seed: 1, timezone: 'UTC' },
  });
}

/**
 * Stateless nodes (FLOE_ENGINE=postgres://…): what this node shares with the others through
 * PostgreSQL (statements, results, worksheets, cancels, object ids).
 */
async function openSharedState(config: FloeConfig): Promise<SharedStatements | null> {
  const s = config.sharedState;
  if (!s) return null;
  const shared = await SharedStatements.open({ url: s.url, dataDir: config.dataDir, leaseMs: s.leaseSec * 1000, maintenanceTimeoutMs: s.maintenanceTimeoutSec === undefined ? undefined : s.maintenanceTimeoutSec * 1000, retentionMs: config.resultRetentionHours * 3_600_000, maxResultsBytes: config.maxResultsBytes });
  console.log(`Floe: node ${shared.nodeId} shares its statements, results and worksheets through PostgreSQL`);
  return shared;
}

/** The embedded engine on the data dir: created, or brought to the current layout by its migrations (journaled writes). */
async function openSqlJs(config: FloeConfig): Promise<Engine> {
  const engine = await SqlJsEngine.open(config.dataDir, {
    maxReaders: config.maxReaders, minFreeBytes: config.minFreeDiskBytes, recoverFromLastGood: config.recoverFromLastGood,
    userSharePercent: config.userSharePercent,
    limits: { maxDatabaseBytes: config.maxDatabaseBytes, maxStatementMemoryBytes: config.maxStatementMemoryBytes },
  });
  loadOAuthServerKey(config.dataDir, config.sharedState?.sessionSecret);
  const fresh = (await engine.query("SELECT count(*) FROM sqlite_master WHERE name = '_floe_meta'")).rows[0][0] === 0;
  if (fresh) await bootstrap(engine, config);
  await migrate(engine);
  await dropStoredViews({ query: (sql) => engine.query(sql), write: (steps) => migrationWrite(engine, steps) });
  await migrateColumnNames({ query: (sql) => engine.query(sql), write: (steps) => migrationWrite(engine, steps) });
  await migrateNumberAffinity({ query: (sql) => engine.query(sql), write: (steps) => migrationWrite(engine, steps) });
  await dropTemporaryTables(engine);
  await ensureConsoleIntegration(engine);
  return engine;
}

/**
 * PostgreSQL (FLOE_ENGINE): the database is brought to the current version by its versioned
 * migrations (lib/migrations/postgres-schema.ts), a fresh one gets the account's first rows.
 * The statement registry, results and the OAuth server key stay in FLOE_DATA_DIR for now.
 */
async function openPostgres(config: FloeConfig, url: string): Promise<Engine> {
  const engine = new PostgresEngine({
    url, poolSize: config.pgPoolSize, readThreads: config.pgReadThreads, widenLockWaitMs: config.pgWidenLockWaitMs,
    statementMemoryBytes: config.maxStatementMemoryBytes, maxDatabaseBytes: config.maxDatabaseBytes,
  });
  try {
    if (config.sharedState) await refuseNewerStateSchema(async (sql) => (await engine.query(sql)).rows);
    let announce: (() => void) | null = null;
    await migratePostgres(engine, async () => {
      const rows = await accountRows(config);
      announce = rows.announce;
      return rows.steps;
    });
    (announce as (() => void) | null)?.();
    await engine.warnIfOversized();
    loadOAuthServerKey(config.dataDir, config.sharedState?.sessionSecret);
    // (Temporary tables a crashed node left are dropped by the sweep of shared state at boot: only those of stopped nodes.)
    await ensureConsoleIntegration(engine);
    return engine;
  } catch (e) {
    await engine.close().catch(() => {});
    throw e;
  }
}

async function boot(): Promise<Floe> {
  const config = loadConfig();
  // State is private to the server's user: every file and directory made from here on is
  // 0600 / 0700 (the mask is process-wide, so the engine's worker threads follow it too).
  process.umask(0o077);
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(config.dataDir, 0o700);
  await initParser();
  const engine = config.engineUrl ? await openPostgres(config, config.engineUrl) : await openSqlJs(config);
  const shared = await openSharedState(config);
  // Shared state: the catalog version the copy was read at (read before it, so that a write
  // committed in between is read again, never missed).
  let version = -1;
  const loadCopy = async () => {
    const v = shared ? await shared.catalogVersion() : 0;
    const loaded = await loadCatalog(engine);
    version = Math.max(version, v);
    return loaded;
  };
  let catalog = await loadCopy();
  // Reloads run one after another: a server engine answers concurrent reads in any order, and a
  // reload that started before a write must not finish after (and overwrite) the one after it.
  // One not yet started serves every caller meanwhile: it reads all that was committed before it starts.
  let reloading: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  const catalogSource = {
    current: () => catalog,
    reload: (): Promise<void> => {
      if (queued) return queued;
      const load = async () => { queued = null; catalog = await loadCopy(); };
      queued = reloading = reloading.then(load, load);
      return reloading;
    },
    behind: (v: number) => v > version,
  };
  // Shared state: every record's durable home is PostgreSQL, and the registry (this node's cache) keeps its lines in memory.
  const registry = new StatementRegistry(config.dataDir, config.resultRetentionHours * 3_600_000, config.maxResultsBytes,
    shared ? { maxBytes: REGISTRY_MEMORY_BYTES, pinned: (handle) => shared.outcomePending(handle) } : undefined);
  const statements = new StatementService(engine, catalogSource, registry, {
    syncWaitMs: config.syncWaitMs, maxRunning: config.maxQueuedStatements,
    // One result never exceeds what all of them may take together.
    maxResultBytes: config.maxResultsBytes > 0 ? Math.min(config.maxResultBytes, config.maxResultsBytes) : config.maxResultBytes,
    maxObjectBytes: config.maxObjectBytes, minFreeDiskBytes: config.minFreeDiskBytes,
    maxRunningPerUser: config.maxRunningPerUser, maxRunningPerWarehouse: config.maxRunningPerWarehouse, userSharePercent: config.userSharePercent,
    readers: { maxReaders: config.maxReaders, xsmallReaders: config.xsmallReaders },
    compile: { workers: config.compileWorkers, offloadChars: config.compileOffloadChars, timeoutSec: config.compileTimeoutSec, memoryMb: config.compileWorkerMemoryMb },
    sessions: { idleMs: config.sessionIdleSec * 1000, maxPerUser: config.maxSessionsPerUser },
  }, shared);
  /** Shared state: the copy follows the shared catalog if it is older (Authenticator); true when it did. */
  let catchUp = async () => {
    await reloading;
    return false;
  };
  if (shared) {
    shared.onCancel = (handle) => statements.cancelRequested(handle);
    // Another node's catalog write: the reload starts at once, so that a request arriving now waits for it (Authenticator's ready).
    const failed = (e: unknown) => console.error(`Floe: catalog reload failed (retried at the next lease renewal): ${String(e)}`);
    catchUp = async () => {
      if ((await shared.catalogVersion()) <= version) {
        await reloading;
        return false;
      }
      await statements.catalogChangedElsewhere();
      return true;
    };
    shared.onCatalog = (v) => {
      if (catalogNoticesIgnored()) return;
      // (A notice names the new version; a lease renewal or a reconnect reads it.)
      if (v === null) void catchUp().catch(failed);
      else if (v > version) void statements.catalogChangedElsewhere().catch(failed);
    };
    // What stopped nodes left (the previous node of this data dir among them) goes before this node serves.
    await shared.sweep(true);
  }
  return {
    config, engine, catalog: () => catalog, catchUp: () => catchUp(), auth: new Authenticator(() => catalog, config.account, { ready: () => reloading, catchUp }), statements, write: (steps) => statements.writeCatalog(steps),
    rateLimiter: new RateLimiter(config.rateLimitPerSec, config.rateLimitBurst),
    loginThrottle: new LoginThrottle(config.loginLockAfter, config.loginLockMinutes),
    unavailable: shared ? healthPing(shared) : async () => null,
  };
}

const g = globalThis as typeof globalThis & { __floe?: Promise<Floe> };

export function getFloe(): Promise<Floe> {
  g.__floe ??= boot();
  return g.__floe;
}

/**
 * getFloe() at server start. A data dir that cannot be opened (damaged engine files, …) ends the
 * process with the reason and a non-zero exit, rather than leaving a server that answers 500s.
 */
export async function startFloe(): Promise<Floe> {
  try {
    return await getFloe();
  } catch (e) {
    // (Damaged files, a database of a newer Floe: the message says what to do; anything else, its stack.)
    const corrupt = e instanceof Error && (e.name === 'CorruptionError' || e.name === 'SchemaVersionError');
    console.error(`Floe cannot start: ${corrupt ? e.message : e instanceof Error ? e.stack : String(e)}`);
    process.exit(1);
  }
}
