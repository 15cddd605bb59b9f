// Starts and stops real Floe servers (`node scripts/start.mjs`) for tests: the shared one of
// global-setup.ts, and private ones for kill -9 / restart tests. The code lives in
// scripts/floe-server.mjs, which scripts/floe-cluster.mjs (several nodes behind HAProxy) uses too.
export {
  DEFAULT_START_TIMEOUT_MS, PROJECT_ROOT, freePort, groupAlive, startServer, tail,
  type FloeServer, type StartOptions,
} from '../../scripts/floe-server.mjs';
