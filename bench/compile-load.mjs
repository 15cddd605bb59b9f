// Big statements and the request thread. (a) While a 30,000-row INSERT … VALUES (~1.5 MB) and a
// 100,000-branch SELECT … UNION ALL (~1.6 MB) are submitted, two probes loop: GET /healthz and
// POST SELECT 1. Their max and p99 latency show how long one statement's parse and compile holds
// the request thread everyone shares. (b) The 30k-row INSERT end to end (POST to answer), rows/s,
// run alone.
import { createBenchDb, percentile, printTable, probed, probeFigures as figures, report, result, sleep, sql, sqlOk, waitForCheckpoint, withServer } from './lib.mjs';

const ROWS = 30_000;
const BRANCHES = 100_000;
const INSERT_REPS = 3;

/** `INSERT INTO BULK VALUES (1,'customer name 1',1.25,'2024-01-02'), …`: one of each common literal type (~1.5 MB for 30k rows). */
export function bulkInsert(rows, from = 1) {
  const values = [];
  for (let i = from; i < from + rows; i++) values.push(`(${i},'customer name ${i}',${i}.25,'2024-01-${String((i % 28) + 1).padStart(2, '0')}')`);
  return `INSERT INTO BULK VALUES ${values.join(',')}`;
}

/** `SELECT 0 UNION ALL SELECT 1 …` with `branches` branches (~1.9 MB for 100k). */
export function bigUnion(branches) {
  const parts = [];
  for (let i = 0; i < branches; i++) parts.push(`SELECT ${i % 10}`);
  return parts.join(' UNION ALL ');
}

/** Empties BULK and waits for the checkpoint that follows (the next phase starts from quiet). */
async function settle(server) {
  await sqlOk(server, 'TRUNCATE TABLE BULK');
  await waitForCheckpoint(server);
  await sqlOk(server, 'SELECT 1');
  await sleep(500);
}

export async function run() {
  return withServer(async (server) => {
    await createBenchDb(server);
    await sqlOk(server, 'CREATE OR REPLACE TABLE BULK (ID INT, NAME VARCHAR, AMOUNT FLOAT, D DATE)');
    const insertText = bulkInsert(ROWS);
    const unionText = bigUnion(BRANCHES);
    console.log(`compile-load: INSERT of ${ROWS.toLocaleString('en-US')} rows = ${(insertText.length / 2 ** 20).toFixed(2)} MB, UNION ALL of ${BRANCHES.toLocaleString('en-US')} branches = ${(unionText.length / 2 ** 20).toFixed(2)} MB\n`);

    // Warm-up: the first statements of a fresh server compile its code paths (and start its workers).
    for (let i = 0; i < 20; i++) await sqlOk(server, 'SELECT 1');
    await sqlOk(server, bulkInsert(100, 1_000_000));
    await sqlOk(server, insertText, { maxWaitMs: 600_000 });
    await settle(server);

    const phases = [];
    // The UNION ALL first: its phase is compiling only (an INSERT's is followed by the readers catching up).
    const u = await probed(server, async () => {
      const t0 = performance.now();
      const r = await sql(server, unionText, { maxWaitMs: 600_000 });
      return { ms: performance.now() - t0, r };
    });
    phases.push([`UNION ALL ${BRANCHES / 1000}k branches`, u]);
    const ur = u.value.r;
    const unionAnswer = ur.status === 200 ? `200, ${ur.body.resultSetMetaData.numRows} rows` : `${ur.status} ${ur.body?.code ?? ''}: ${String(ur.body?.message ?? ur.text).slice(0, 110)}`;

    const inserts = [];
    for (let rep = 0; rep < INSERT_REPS; rep++) {
      const p = await probed(server, async () => {
        const t0 = performance.now();
        const r = await sql(server, insertText, { maxWaitMs: 600_000 });
        return { ms: performance.now() - t0, r };
      });
      const { ms, r } = p.value;
      if (r.status !== 200) throw new Error(`bulk INSERT: HTTP ${r.status} ${r.text.slice(0, 300)}`);
      const inserted = Number(r.body.data[0][0]);
      if (inserted !== ROWS) throw new Error(`bulk INSERT reported ${inserted} rows`);
      inserts.push(ms);
      phases.push([`INSERT ${ROWS / 1000}k rows #${rep + 1}`, p]);
      await settle(server);
    }
    // (b) The INSERT alone, no probes competing for the 2 cores.
    const alone = [];
    for (let rep = 0; rep < INSERT_REPS; rep++) {
      const t0 = performance.now();
      const r = await sql(server, insertText, { maxWaitMs: 600_000 });
      if (r.status !== 200 || Number(r.body.data[0][0]) !== ROWS) throw new Error(`bulk INSERT: HTTP ${r.status} ${r.text.slice(0, 300)}`);
      alone.push(performance.now() - t0);
      await settle(server);
    }

    const rows = [];
    const all = { healthz: [], select1: [] };
    for (const [name, p] of phases) {
      for (const which of ['healthz', 'select1']) {
        const f = figures(p[which]);
        all[which].push(...p[which].lat);
        rows.push([name, which === 'healthz' ? 'GET /healthz' : 'POST SELECT 1', f.n, f.errors, f.p99, f.max, which === 'healthz' ? p.cpuMs : '', which === 'healthz' ? p.blockedMs : '']);
      }
    }
    // Request-thread CPU: all of it over the statement, the probes' requests included (Linux /proc, 10 ms ticks).
    // Loop blocked: the longest event-loop delay of the request thread meanwhile (bench/event-loop-probe.cjs).
    printTable(['while', 'probe', 'requests', 'errors', 'p99 ms', 'max ms', 'request-thread CPU ms', 'loop blocked ms'], rows);
    console.log();
    const best = Math.min(...alone);
    printTable(['figure', 'value'], [
      ...inserts.map((ms, i) => [`INSERT ${ROWS / 1000}k rows #${i + 1}, probed (ms)`, ms]),
      ...alone.map((ms, i) => [`INSERT ${ROWS / 1000}k rows #${i + 1}, alone (ms)`, ms]),
      [`UNION ALL ${BRANCHES / 1000}k (ms)`, u.value.ms],
      ['UNION ALL answer', unionAnswer],
    ]);
    const max = (v) => Math.max(...v);
    const unionSelect1 = figures(u.select1);
    const insertSelect1 = phases.filter(([name]) => name.startsWith('INSERT')).flatMap(([, p]) => p.select1.lat);
    const blocked = (which) => Math.max(...phases.filter(([name]) => which(name)).map(([, p]) => p.blockedMs)).toFixed(0);
    const results = [
      result('compile-load', '/healthz max while big statements run', max(all.healthz), 100, 'ms', { note: `p99 ${percentile(all.healthz, 99).toFixed(1)} ms; loop blocked ≤ ${blocked(() => true)} ms` }),
      result('compile-load', 'SELECT 1 max while the UNION ALL compiles', unionSelect1.max, 100, 'ms', { note: `p99 ${unionSelect1.p99.toFixed(1)} ms; loop blocked ≤ ${u.blockedMs.toFixed(0)} ms` }),
      // A read of no stored table does not wait for the readers to catch up with the INSERT.
      result('compile-load', 'SELECT 1 max while the INSERTs run', max(insertSelect1), 100, 'ms', { note: `p99 ${percentile(insertSelect1, 99).toFixed(1)} ms; loop blocked ≤ ${blocked((n) => n.startsWith('INSERT'))} ms` }),
      result('compile-load', `${ROWS / 1000}k-row INSERT … VALUES`, best, 1000, 'ms', { note: `alone, best of ${INSERT_REPS}: ${alone.map((v) => v.toFixed(0)).join('/')} ms; probed ${inserts.map((v) => v.toFixed(0)).join('/')} ms` }),
      result('compile-load', 'bulk INSERT rows/s', ROWS / (best / 1000), ROWS, 'rows/s', { higherIsBetter: true }),
      result('compile-load', `${BRANCHES / 1000}k-branch UNION ALL answered`, u.value.ms, 10_000, 'ms', { note: unionAnswer.slice(0, 60) }),
    ];
    report(results);
    return results;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
