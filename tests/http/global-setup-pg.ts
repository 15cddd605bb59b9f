// Vitest globalSetup of the `http-pg` project: the http test files against Floe on PostgreSQL.
// One throw-away cluster (as the `pg` project's), one shared server on a fresh database of it;
// FLOE_TEST_PG_ADMIN_URL tells startServer (server-control.ts) in the test files to put their
// private servers on fresh databases of the same cluster.
import type { TestProject } from 'vitest/node';
import { provideCluster } from '../pg/global-setup';
import { provideServer } from './global-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the http-pg project only: the cluster test servers run on (unset: sql.js). */
    FLOE_TEST_PG_ADMIN_URL?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await provideCluster(project, 'http-pg');
  project.provide('FLOE_TEST_PG_ADMIN_URL', cluster.adminUrl);
  let stopServer: () => Promise<void>;
  try {
    stopServer = await provideServer(project, 'http-pg', { pgAdminUrl: cluster.adminUrl });
  } catch (e) {
    await cluster.teardown();
    throw e;
  }
  return async () => {
    await stopServer();
    await cluster.teardown();
  };
}
