// Bundles the engine worker (TypeScript) into one CommonJS file that worker_threads can load
// from disk, outside Next's bundle (engine-notes §5). sql.js stays external: it finds its .wasm.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [path.join(root, 'lib/engine/worker/main.ts')],
  outfile: path.join(root, 'build/engine-worker.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['sql.js'],
  alias: { '@': root },
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log('built build/engine-worker.cjs');
