import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('./', import.meta.url));

/**
 * http test files the `http-pg` project leaves out: they are about the embedded sql.js engine's
 * own storage (journal, image, checkpoints, its WASM replicas), which PostgreSQL does not have.
 */
const SQLJS_ONLY: Record<string, string> = {
  'checkpoint-faults': 'faults injected into the sql.js image checkpoint',
  'journal-faults': "faults injected into the sql.js writer's journal appends",
  'corruption': 'damaged sql.js journal lines and images in the data dir',
  'full-disk': 'the sql.js data dir (journal, image) on a small tmpfs',
  'engine-checkpoint': 'the sql.js engine around image checkpoints',
  'number-affinity-migration': 'boot migration of old sql.js images (SQLite column affinity)',
  'stored-views-migration': 'boot migration of old sql.js images (SQLite views)',
  'table-lifetimes-migration': 'boot migration of old sql.js images (catalog columns)',
  'engine-health': "traps of sql.js's WASM replicas and its statement memory limit",
  'state-file-faults': 'faults injected into the data dir\'s registry, result and worksheet files (in PostgreSQL there)',
};

export default defineConfig({
  // Same as tsconfig "paths": { "@/*": ["./*"] }. A regex so that scoped packages (@x/y) are untouched.
  resolve: { alias: [{ find: /^@\//, replacement: root }] },
  test: {
    // 2 cores: more workers only slow the server under test down.
    maxWorkers: 2,
    passWithNoTests: true,
    // Global teardown stops the shared server: SIGTERM, up to 10 s grace, then SIGKILL.
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['tests/http/**/*.test.ts'],
          environment: 'node',
          // One real server for the whole project (tests/http/global-setup.ts).
          globalSetup: ['tests/http/global-setup.ts'],
          testTimeout: 120_000,
          // beforeAll hooks may start a private server (startServer waits up to 180 s).
          hookTimeout: 200_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // The http files against Floe on PostgreSQL (tests/http/global-setup-pg.ts): a throw-away
          // cluster, the shared server and every private one on a fresh database of it.
          name: 'http-pg',
          include: ['tests/http/**/*.test.ts'],
          exclude: Object.keys(SQLJS_ONLY).map((f) => `tests/http/${f}.test.ts`),
          environment: 'node',
          globalSetup: ['tests/http/global-setup-pg.ts'],
          testTimeout: 120_000,
          hookTimeout: 200_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'pg',
          include: ['tests/pg/**/*.test.ts'],
          environment: 'node',
          // One throw-away PostgreSQL for the project (tests/pg/global-setup.ts: initdb as the
          // `postgres` OS user when run as root); each file makes a database of its own in it.
          globalSetup: ['tests/pg/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
