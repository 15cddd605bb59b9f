// Bundled and run by bench/route-cost.mjs: the POST /api/v2/statements handler called in-process
// (no Next.js, no HTTP) by 16 concurrent loops, inside an AsyncLocalStorage as under Next. Prints
// JSON: the request thread's CPU per statement, and how many promises one statement creates.
import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import fs from 'node:fs';
import { getFloe } from '@/lib/floe';
import { postStatement } from '@/lib/http/statements';

const CLIENTS = 16;
const token = process.env.FLOE_ADMIN_TOKEN!;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
const post = (statement: object) => postStatement(new Request('http://localhost/api/v2/statements', { method: 'POST', body: JSON.stringify(statement), headers }));
const BODY = { statement: 'SELECT 1', database: 'BENCH', schema: 'PUBLIC', parameters: { USE_CACHED_RESULT: 'FALSE' } };

/** CPU milliseconds of this thread (the main one): /proc, 10 ms ticks. */
function threadCpuMs(): number {
  const s = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

async function once(): Promise<void> {
  const res = await post(BODY);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${text}`);
}

async function drive(n: number): Promise<void> {
  let left = n;
  await Promise.all(Array.from({ length: CLIENTS }, async () => { while (left-- > 0) await once(); }));
}

/** Promises created by one statement, its Request and Response included. */
async function promisesPerStatement(): Promise<number> {
  let n = 0;
  const hook = createHook({ init(_id, type) { if (type === 'PROMISE') n++; } });
  hook.enable();
  await once();
  hook.disable();
  return n;
}

new AsyncLocalStorage().run({}, async () => {
  await getFloe();
  const created = await post({ statement: 'CREATE DATABASE IF NOT EXISTS BENCH' });
  if (created.status !== 200) throw new Error(`CREATE DATABASE: HTTP ${created.status}`);
  const n = Number(process.env.ROUTE_COST_N ?? 10_000);
  await drive(n); // warm-up: JIT, compile cache, readers
  const rounds: number[] = [];
  for (let r = 0; r < 3; r++) {
    const cpu0 = threadCpuMs();
    await drive(n);
    rounds.push(((threadCpuMs() - cpu0) * 1000) / n);
  }
  console.log(JSON.stringify({ cpuUsPerStatement: rounds, promises: await promisesPerStatement() }));
  process.exit(0);
}).catch((e: unknown) => { console.error(e); process.exit(1); });
