// bench/select1.mjs on PostgreSQL (FLOE_ENGINE=postgres://…, issue 20): SELECT 1 throughput at 16
// keep-alive clients beside the framework floor (GET /healthz: its PostgreSQL ping is one at a time and reused
// for 250 ms, so it reaches PostgreSQL a few times a second, not per request) measured on the same server
// in the same run. Target: ≥ 50 % of the floor.
import { BODY, loadPair } from './select1.mjs';
import { createBenchDb, printTable, report, request, result, withPgServer } from './lib.mjs';

export async function run() {
  return withPgServer(async (server) => {
    await createBenchDb(server);
    const [floor, select1] = await loadPair(server, () => request(server, 'GET', '/healthz').then((r) => r.status),
      () => request(server, 'POST', '/api/v2/statements', BODY).then((r) => r.status));
    console.log('pg-select1: bench/select1.mjs\'s load (16 keep-alive clients, 5 s warm-up + 10 s measured per target, in turns with the floor) on a server over PostgreSQL\n');
    printTable(['target', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms', 'request-thread CPU µs/req'], [
      ['GET /healthz (floor)', floor.n, floor.errors, floor.rps, floor.p50, floor.p99, floor.cpuUs],
      ['POST SELECT 1', select1.n, select1.errors, select1.rps, select1.p50, select1.p99, select1.cpuUs],
    ]);
    const results = [
      result('pg-select1', 'SELECT 1 req/s on PostgreSQL vs floor', (select1.rps / floor.rps) * 100, 50, '% of floor',
        { higherIsBetter: true, note: `${select1.rps.toFixed(0)} vs ${floor.rps.toFixed(0)} req/s; p50 ${select1.p50.toFixed(1)} ms, p99 ${select1.p99.toFixed(1)} ms; request thread ${select1.cpuUs.toFixed(0)} vs ${floor.cpuUs.toFixed(0)} µs/req` }),
    ];
    report(results);
    return results;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
