// Fair share between users: how long another user's small table read takes while one user holds
// many long statements, on a server with the default limits. Two kinds of long statements: waits
// (SELECT SYSTEM$WAIT(n)) and CPU-bound reads (a 10^9-row cross join), LONG of each, async; once
// they run (SETTLE_MS later), the other user reads a 100-row table REPS times in a row. Then one user's burst of async waits
// against the running limits: how many are accepted, and whether the other user's SELECT 1 runs.
import { createBenchDb, printTable, report, request, result, sleep, sql, sqlOk, withServer } from './lib.mjs';

const LONG = 8;
const REPS = 3;
const BURST = 300;
const TARGET_MS = 500;
const GIVE_UP_MS = 60_000;
const SETTLE_MS = 3000;

/** A second user (ACCOUNTADMIN, default warehouse COMPUTE_WH) and its programmatic access token. */
async function otherUser(server) {
  await sqlOk(server, 'CREATE USER BENCH_B DEFAULT_ROLE=ACCOUNTADMIN DEFAULT_WAREHOUSE=COMPUTE_WH', { database: null });
  await sqlOk(server, 'GRANT ROLE ACCOUNTADMIN TO USER BENCH_B', { database: null });
  const pat = await sqlOk(server, 'ALTER USER BENCH_B ADD PROGRAMMATIC ACCESS TOKEN BENCH_PAT', { database: null });
  return pat.body.data[0][1];
}

async function startAsync(server, statement) {
  const r = await sql(server, statement, { async: true, wait: false });
  return r.status === 202 ? r.body.statementHandle : null;
}

async function cancelAll(server, handles) {
  await Promise.all(handles.filter(Boolean).map((h) => request(server, 'POST', `/api/v2/statements/${h}/cancel`, {})));
}

/** Latencies (ms) of the other user's small reads while `LONG` copies of `statement` run for the admin. */
async function readsBeside(server, token, statement, tag) {
  const handles = [];
  for (let i = 0; i < LONG; i++) handles.push(await startAsync(server, statement));
  // Let them start and take what they may (readers start meanwhile): the reads below come while
  // they run.
  await sleep(SETTLE_MS);
  const lat = [];
  let gaveUp = false;
  for (let i = 0; i < REPS && !gaveUp; i++) {
    const t0 = performance.now();
    // A read still waiting after GIVE_UP_MS is counted as that long (and the rest are skipped).
    const r = await sql(server, `SELECT * FROM S WHERE ID <= ${i + 1} /* ${tag} */`, { token, maxWaitMs: GIVE_UP_MS }).catch(() => (gaveUp = true) && null);
    lat.push(performance.now() - t0);
    if (r && r.status !== 200) throw new Error(`other user's read: HTTP ${r.status} ${r.text.slice(0, 300)}`);
  }
  await cancelAll(server, handles);
  return { lat, gaveUp, started: handles.filter(Boolean).length };
}

export async function run() {
  return withServer(async (server) => {
    await createBenchDb(server);
    await sqlOk(server, 'CREATE OR REPLACE TABLE D10 (N INT)');
    await sqlOk(server, 'INSERT INTO D10 VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)');
    await sqlOk(server, 'CREATE OR REPLACE TABLE D AS SELECT a.N * 100 + b.N * 10 + c.N AS N FROM D10 a, D10 b, D10 c');
    await sqlOk(server, 'CREATE OR REPLACE TABLE S AS SELECT N AS ID, \'row \' || N AS NAME FROM D WHERE N < 100');
    const token = await otherUser(server);
    await sqlOk(server, 'SELECT COUNT(*) FROM S', { token });

    const waits = await readsBeside(server, token, 'SELECT SYSTEM$WAIT(30)', 'waits');
    await sleep(1000);
    const cpu = await readsBeside(server, token, 'SELECT COUNT(*) FROM D a, D b, D c', 'cpu');
    await sleep(1000);

    // One user's burst of async waits: the running limits refuse the excess (429), and the other
    // user still runs.
    const burst = await Promise.all(Array.from({ length: BURST }, () => sql(server, 'SELECT SYSTEM$WAIT(20)', { async: true, wait: false })));
    const accepted = burst.filter((r) => r.status === 202);
    const refused = burst.filter((r) => r.status === 429).length;
    const t0 = performance.now();
    const other = await sql(server, 'SELECT 1', { token });
    const otherMs = performance.now() - t0;
    await cancelAll(server, accepted.map((r) => r.body.statementHandle));

    console.log(`fair-share: ${LONG} long statements of one user, then ${REPS} reads of a 100-row table by another user (default limits)\n`);
    printTable(['long statements of user A', 'started', ...Array.from({ length: REPS }, (_, i) => `B read #${i + 1} ms`)], [
      ['SELECT SYSTEM$WAIT(30)', waits.started, ...waits.lat],
      ['SELECT COUNT(*) FROM D a, D b, D c', cpu.started, ...cpu.lat],
    ]);
    console.log(`\nburst: user A submitted ${BURST} async SYSTEM$WAIT(20): ${accepted.length} accepted, ${refused} refused (429); user B's SELECT 1 → HTTP ${other.status} in ${otherMs.toFixed(0)} ms`);
    const results = [
      result('fair-share', "other user's read beside waits (max)", Math.max(...waits.lat), TARGET_MS, 'ms', { note: `${LONG} × SYSTEM$WAIT(30) of one user${waits.gaveUp ? '; gave up waiting' : ''}` }),
      result('fair-share', "other user's read beside CPU reads (max)", Math.max(...cpu.lat), TARGET_MS, 'ms', { note: `${LONG} × 10^9-row cross join of one user${cpu.gaveUp ? '; gave up waiting' : ''}` }),
      result('fair-share', "other user's SELECT 1 beside a burst", other.status === 200 ? otherMs : Infinity, TARGET_MS, 'ms', { note: `HTTP ${other.status}; A: ${accepted.length} of ${BURST} accepted` }),
    ];
    report(results);
    return results;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
