// Vitest globalSetup of the `http` project: one real Floe server shared by all http test files.
// Tests read its address with inject('FLOE_URL') etc. (tests/http/client.ts does that for them).
import type { TestProject } from 'vitest/node';
import { startServer } from './server-control';

declare module 'vitest' {
  export interface ProvidedContext {
    FLOE_URL: string;
    /** PAT secret of user ADMIN (FLOE_ADMIN_TOKEN). */
    FLOE_TOKEN: string;
    FLOE_DATA_DIR: string;
    FLOE_PORT: number;
    FLOE_LOG: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide('FLOE_URL', server.url);
  project.provide('FLOE_TOKEN', server.token);
  project.provide('FLOE_DATA_DIR', server.dataDir);
  project.provide('FLOE_PORT', server.port);
  project.provide('FLOE_LOG', server.logFile);
  console.log(`[http] Floe server pid ${server.pid} at ${server.url} (log: ${server.logFile})`);
  return () => server.dispose();
}
