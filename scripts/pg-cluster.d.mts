// Types of scripts/pg-cluster.mjs (the tests import it from TypeScript).
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  /** The same server's `postgres` database (CREATE DATABASE, pg_stat_activity). */
  adminUrl: string;
  port: number;
  dir: string;
  logFile: string;
  /** Stops the server, keeping its data (an outage; idempotent). */
  shutdown(): Promise<void>;
  /** Starts a shut-down server again on the same port (no-op while it runs). */
  start(): Promise<void>;
  /** shutdown(), then start(). */
  restart(): Promise<void>;
  /** Stops the server and removes its dir (idempotent). */
  stop(): Promise<void>;
}
export function pgBinDir(): string;
export function startPgCluster(opts?: { database?: string; settings?: Record<string, string | number> }): Promise<PgCluster>;
/** CREATE DATABASE on adminUrl's cluster (default name: unique to this process); resolves the new database's URL. */
export function createDatabase(adminUrl: string, name?: string): Promise<string>;
