// Vitest globalSetup of the `pg` project: one throw-away PostgreSQL cluster (scripts/pg-cluster.mjs)
// for the whole run; each test file takes a database of its own in it (tests/pg/cluster.ts).
import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../../scripts/pg-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's `postgres` database, as its superuser. */
    PG_ADMIN_URL: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster({ settings: { max_connections: 100 } });
  project.provide('PG_ADMIN_URL', cluster.adminUrl);
  console.log(`[pg] PostgreSQL at ${cluster.adminUrl} (log: ${cluster.logFile})`);
  return () => cluster.stop();
}
