import { expect, test } from 'vitest';
import { HEALTH_PING_FRESH_MS, healthPing } from '@/lib/floe/health-ping';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('health checks share one ping at a time and reuse its answer for a while; then ping again', async () => {
  let pings = 0;
  let answer: string | null = null;
  const check = healthPing({ ping: async () => { pings++; await sleep(50); return answer; } });
  expect(await Promise.all(Array.from({ length: 100 }, check))).toEqual(Array(100).fill(null));
  expect(pings).toBe(1);
  // Fresh from its answer on (the ping took 50 ms).
  await sleep(HEALTH_PING_FRESH_MS - 100);
  expect(await check()).toBeNull();
  expect(pings).toBe(1);
  answer = 'connect ECONNREFUSED';
  await sleep(150);
  expect(await check()).toBe('PostgreSQL is unreachable (connect ECONNREFUSED)');
  expect(pings).toBe(2);
  // A ping slower than the freshness (PostgreSQL hanging) is still the only one.
  let release!: () => void;
  const check2 = healthPing({ ping: () => { pings++; return new Promise<null>((r) => { release = () => r(null); }); } });
  const first = check2();
  await sleep(HEALTH_PING_FRESH_MS + 50);
  const second = check2();
  expect(pings).toBe(3);
  release();
  expect(await Promise.all([first, second])).toEqual([null, null]);
});
