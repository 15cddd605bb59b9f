// Types of scripts/floe-server.mjs (tests/http/server-control.ts re-exports it to the tests).
export interface StartOptions {
  /** Reuse this data dir (restart persistence). Default: a fresh one in a new temp dir. */
  dataDir?: string;
  /** Extra environment for the server; a value of undefined removes the variable. */
  env?: Record<string, string | undefined>;
  /** Admin PAT / password. Default: the ones an earlier startServer used for the same dataDir, else random. */
  token?: string;
  password?: string;
  /** Default: a free port. */
  port?: number;
  timeoutMs?: number;
  /**
   * The PostgreSQL cluster (its `postgres` database URL) to run on, a fresh database per data dir;
   * null/undefined: sql.js. Ignored when env sets FLOE_ENGINE.
   */
  pgAdminUrl?: string | null;
}

export interface FloeServer {
  url: string;
  port: number;
  /** FLOE_ADMIN_TOKEN: the PAT secret of user ADMIN. */
  token: string;
  password: string;
  dataDir: string;
  /** The PostgreSQL database it runs on (started with pgAdminUrl), else undefined. */
  pgUrl?: string;
  logFile: string;
  /** Process id of start.mjs, also the process group id. */
  pid: number;
  /** How the start.mjs process ended, or null while it runs. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Signal the whole group (default SIGTERM), SIGKILL it after graceMs, wait until it is gone. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  /** SIGKILL the whole group (a crash: no shutdown code runs) and wait until it is gone. */
  kill9(): Promise<void>;
  /** The server log so far (all starts on this data dir share one log). */
  log(): string;
  /** stop(), then remove the temp dir this call created (not a dataDir passed in) unless FLOE_KEEP_TMP=1. */
  dispose(): Promise<void>;
}

export const PROJECT_ROOT: string;
export const DEFAULT_START_TIMEOUT_MS: number;
export function freePort(): Promise<number>;
/** Live (non-zombie) members of process group pgid. */
export function groupAlive(pgid: number): boolean;
export function tail(file: string, lines?: number): string;
/** Spawns `node scripts/start.mjs` and resolves once GET /healthz answers 200. */
export function startServer(opts?: StartOptions): Promise<FloeServer>;

/** GET `url` and read its body, given up after `ms` (a timer this call holds aborts it). */
export function getWithin(url: string, ms: number): Promise<{ status: number; body: string }>;
