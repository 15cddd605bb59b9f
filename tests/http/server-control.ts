// Starts and stops real Floe servers (`node scripts/start.mjs`) for tests: the shared one of
// global-setup.ts, and private ones for kill -9 / restart tests. The code lives in
// scripts/floe-server.mjs, which scripts/floe-cluster.mjs (several nodes behind HAProxy) uses too.
// In the http-pg project every server runs on PostgreSQL: a fresh database of the project's
// cluster per data dir (the same one again when a test restarts on that dir).
import { inject } from 'vitest';
import { startServer as startFloeServer, type FloeServer, type StartOptions } from '../../scripts/floe-server.mjs';

export {
  DEFAULT_START_TIMEOUT_MS, PROJECT_ROOT, freePort, groupAlive, tail,
  type FloeServer, type StartOptions,
} from '../../scripts/floe-server.mjs';

/** The cluster the http-pg project runs its servers on (tests/http/global-setup-pg.ts); undefined elsewhere. */
export function projectPgAdminUrl(): string | undefined {
  return inject('FLOE_TEST_PG_ADMIN_URL');
}

/**
 * True in the http-pg project: for the few tests whose expectation legitimately differs by engine
 * (each says why where it asks).
 */
export function onPostgres(): boolean {
  return projectPgAdminUrl() !== undefined;
}

/** startServer of floe-server.mjs, on the project's PostgreSQL cluster unless opts.pgAdminUrl says otherwise (null: sql.js). */
export function startServer(opts: StartOptions = {}): Promise<FloeServer> {
  return startFloeServer({ ...opts, pgAdminUrl: opts.pgAdminUrl === undefined ? projectPgAdminUrl() : opts.pgAdminUrl });
}
