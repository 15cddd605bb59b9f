// Bundles the worker threads (TypeScript) into files that worker_threads can load from disk,
// outside Next's bundle (engine-notes §5): the engine worker as CommonJS (sql.js stays external:
// it finds its .wasm), the compile worker as an ES module (the SQL parser loads its wasm with a
// top-level await; it stays external for the same reason), and the PostgreSQL engine's read
// thread as CommonJS.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const common = { bundle: true, platform: 'node', target: 'node20', alias: { '@': root }, sourcemap: 'linked', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: [path.join(root, 'lib/engine/worker/main.ts')],
  outfile: path.join(root, 'build/engine-worker.cjs'),
  format: 'cjs',
  external: ['sql.js'],
});
console.log('built build/engine-worker.cjs');
await build({
  ...common,
  entryPoints: [path.join(root, 'lib/sql/compile-worker/worker.ts')],
  outfile: path.join(root, 'build/compile-worker.mjs'),
  format: 'esm',
  external: ['@polyglot-sql/sdk'],
  // Bundled CommonJS dependencies still call require().
  banner: { js: "import { createRequire as __floeCreateRequire } from 'node:module'; const require = __floeCreateRequire(import.meta.url);" },
});
console.log('built build/compile-worker.mjs');
await build({
  ...common,
  entryPoints: [path.join(root, 'lib/engine/postgres/read-worker.ts')],
  outfile: path.join(root, 'build/pg-read-worker.cjs'),
  format: 'cjs',
  // (pg is loaded from node_modules as the server loads it; its optional native binding is never used.)
  external: ['pg', 'pg-native'],
});
console.log('built build/pg-read-worker.cjs');
