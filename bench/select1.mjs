// SELECT 1 throughput and latency at 16 concurrent keep-alive clients, beside a floor measured
// in the same run against the same server: GET /healthz, a bare Next.js route handler that
// returns a small constant-shaped JSON (it awaits the already-booted engine singleton only).
import { createBenchDb, percentile, printTable, report, request, requestThreadCpuMs, result, withServer } from './lib.mjs';

const CLIENTS = 16;
// Steady state: V8 is still tiering up the request path for the first ~4 s of load (request-thread
// CPU per SELECT 1 is ~10 % higher in seconds 2–4 than after 5), so both targets get 5 s of
// warm-up. The warm-up's own latencies are printed beside the measured ones.
const WARMUP_MS = 5_000;
const MEASURE_MS = 10_000;
/** Turns of floor and target in loadPair. */
const SLICES = 5;
export const BODY = { statement: 'SELECT 1', database: 'BENCH', schema: 'PUBLIC', parameters: { USE_CACHED_RESULT: 'FALSE' } };

/** `CLIENTS` closed loops of `once()` for `ms`; pushes latencies of successes to `lat`, counts failures. */
async function closedLoops(once, ms, lat) {
  const end = performance.now() + ms;
  let errors = 0;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const ok = await once().then((s) => s === 200, () => false);
      if (ok) lat?.push(performance.now() - t0); else errors++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return errors;
}

/**
 * `CLIENTS` closed loops of `once()` for warm-up + measurement; latencies only from the latter,
 * and the request thread's CPU time over it (the thread every request queues for: its cost per
 * request sets the throughput, and so the latencies, of a saturated server).
 */
export async function load(server, once) {
  const warm = [];
  await closedLoops(once, WARMUP_MS, warm);
  const lat = [];
  const cpu0 = requestThreadCpuMs(server);
  const errors = await closedLoops(once, MEASURE_MS, lat);
  return summary(lat, warm, errors, requestThreadCpuMs(server) - cpu0);
}

/** The figures of MEASURE_MS of measured requests (their latencies, failures and request-thread CPU ms) and their warm-up. */
function summary(lat, warm, errors, cpuMs) {
  return {
    rps: lat.length / (MEASURE_MS / 1000), p50: percentile(lat, 50), p99: percentile(lat, 99), n: lat.length, errors,
    cpuUs: (cpuMs * 1000) / (lat.length + errors), warmP99: percentile(warm, 99),
  };
}

/**
 * The floor and a target, each warmed up, then measured in turns (SLICES slices of each, MEASURE_MS
 * in all per side): the host's speed drifts over a run (other tenants of the machine), and a floor
 * measured before the target would carry that drift into their ratio.
 */
export async function loadPair(server, floorOnce, targetOnce) {
  const sides = [floorOnce, targetOnce].map((once) => ({ once, lat: [], warm: [], errors: 0, cpuMs: 0 }));
  for (const side of sides) await closedLoops(side.once, WARMUP_MS, side.warm);
  for (let i = 0; i < SLICES; i++) {
    for (const side of sides) {
      const cpu0 = requestThreadCpuMs(server);
      side.errors += await closedLoops(side.once, MEASURE_MS / SLICES, side.lat);
      side.cpuMs += requestThreadCpuMs(server) - cpu0;
    }
  }
  return sides.map(({ lat, warm, errors, cpuMs }) => summary(lat, warm, errors, cpuMs));
}

export async function run() {
  return withServer(async (server) => {
    await createBenchDb(server);
    const [floor, select1] = await loadPair(server, () => request(server, 'GET', '/healthz').then((r) => r.status),
      () => request(server, 'POST', '/api/v2/statements', BODY).then((r) => r.status));
    console.log(`select1: ${CLIENTS} keep-alive clients, ${WARMUP_MS / 1000} s warm-up + ${MEASURE_MS / 1000} s measured per target in ${SLICES} turns, one server`);
    console.log('floor = GET /healthz (bare Next.js route handler, constant-shaped JSON; no app route was added)\n');
    printTable(['target', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms', 'request-thread CPU µs/req', 'warm-up p99 ms'], [
      ['GET /healthz (floor)', floor.n, floor.errors, floor.rps, floor.p50, floor.p99, floor.cpuUs, floor.warmP99],
      ['POST SELECT 1', select1.n, select1.errors, select1.rps, select1.p50, select1.p99, select1.cpuUs, select1.warmP99],
    ]);
    const results = [
      result('select1', 'SELECT 1 req/s vs floor', (select1.rps / floor.rps) * 100, 50, '% of floor', { higherIsBetter: true, note: `${select1.rps.toFixed(0)} vs ${floor.rps.toFixed(0)} req/s` }),
      result('select1', 'SELECT 1 p99 latency', select1.p99, 30, 'ms', { note: `p50 ${select1.p50.toFixed(1)} ms; floor p99 ${floor.p99.toFixed(1)} ms; p99 in the warm-up ${select1.warmP99.toFixed(1)} ms; request thread ${select1.cpuUs.toFixed(0)} vs ${floor.cpuUs.toFixed(0)} µs/req` }),
    ];
    report(results);
    return results;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
