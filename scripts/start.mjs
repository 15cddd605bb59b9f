// `npm start`: builds when no build exists (or it is older than the sources), then serves Floe
// with `next start` on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = fs.existsSync(path.join(root, '.next', 'BUILD_ID')) && fs.existsSync(path.join(root, 'build', 'engine-worker.cjs'));
if (!built || process.env.FLOE_REBUILD === '1') {
  console.log('Floe: no build found, building (npm run build)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const port = process.env.PORT || '3000';
const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
// Idle keep-alive connections stay open 65 s (Node's default is 5 s): a client that pauses
// between partition fetches longer than that would otherwise reuse a socket the server just closed.
// Engine worker threads each allocate database-sized buffers: with glibc's default of 8 malloc
// arenas per core, freed ones stay mapped (≈ 200 MB more RSS after a 1M-row load). Two suffice.
const env = { MALLOC_ARENA_MAX: '2', ...process.env, PORT: port };
const child = spawn(process.execPath, [next, 'start', '-p', port, '--keepAliveTimeout', '65000'], { cwd: root, stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
