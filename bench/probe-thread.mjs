// A probe's loop on a thread of its own (lib.mjs `probe`): the bench's own work (parsing a scan's
// 60 MB of JSON) would otherwise hold the probe's event loop and show as the server's latency.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { request } from './lib.mjs';

const { port, token, method, path, body } = workerData;
const server = { port, token, agent: new http.Agent({ keepAlive: true, maxSockets: 4 }) };
const lat = [];
let errors = 0;
let stop = false;
parentPort.on('message', () => { stop = true; });
while (!stop) {
  const t0 = performance.now();
  const ok = await request(server, method, path, body).then((r) => r.status === 200, () => false);
  if (ok) lat.push(performance.now() - t0); else errors++;
  await new Promise((r) => setTimeout(r, 5));
}
server.agent.destroy();
parentPort.postMessage({ lat, errors });
