// Vitest globalSetup of the `pg` project: one throw-away PostgreSQL cluster (scripts/pg-cluster.mjs)
// for the whole run; each test file takes a database of its own in it (tests/pg/cluster.ts).
// The `http-pg` project starts its cluster the same way (tests/http/global-setup-pg.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../../scripts/pg-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's `postgres` database, as its superuser. */
    PG_ADMIN_URL: string;
    /** Where the tests' result partitions go (removed at the end). */
    PG_RESULTS_DIR: string;
  }
}

/** Starts the project's cluster and provides PG_ADMIN_URL and PG_RESULTS_DIR; resolves its teardown. */
export async function provideCluster(project: TestProject, tag: string): Promise<{ adminUrl: string; teardown: () => Promise<void> }> {
  const cluster = await startPgCluster({ settings: { max_connections: 100 } });
  const results = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-pg-results-'));
  project.provide('PG_ADMIN_URL', cluster.adminUrl);
  project.provide('PG_RESULTS_DIR', results);
  console.log(`[${tag}] PostgreSQL at ${cluster.adminUrl} (log: ${cluster.logFile})`);
  return {
    adminUrl: cluster.adminUrl,
    teardown: async () => {
      await cluster.stop();
      fs.rmSync(results, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return (await provideCluster(project, 'pg')).teardown;
}
