// Vitest globalSetup of the `http` project: one real Floe server shared by all http test files.
// Tests read its address with inject('FLOE_URL') etc. (tests/http/client.ts does that for them).
// The `http-pg` project runs the same files against a server on PostgreSQL (global-setup-pg.ts).
import type { TestProject } from 'vitest/node';
import { startServer, type StartOptions } from './server-control';

declare module 'vitest' {
  export interface ProvidedContext {
    FLOE_URL: string;
    /** PAT secret of user ADMIN (FLOE_ADMIN_TOKEN). */
    FLOE_TOKEN: string;
    FLOE_DATA_DIR: string;
    FLOE_PORT: number;
    FLOE_LOG: string;
    /** The shared server's PostgreSQL database (http-pg only). */
    FLOE_PG_URL?: string;
  }
}

/** Starts the project's shared server and provides its address; resolves its teardown. */
export async function provideServer(project: TestProject, tag: string, opts: StartOptions): Promise<() => Promise<void>> {
  const server = await startServer(opts);
  project.provide('FLOE_URL', server.url);
  project.provide('FLOE_TOKEN', server.token);
  project.provide('FLOE_DATA_DIR', server.dataDir);
  project.provide('FLOE_PORT', server.port);
  project.provide('FLOE_LOG', server.logFile);
  if (server.pgUrl) project.provide('FLOE_PG_URL', server.pgUrl);
  console.log(`[${tag}] Floe server pid ${server.pid} at ${server.url} (log: ${server.logFile})`);
  return () => server.dispose();
}

export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideServer(project, 'http', { pgAdminUrl: null });
}
