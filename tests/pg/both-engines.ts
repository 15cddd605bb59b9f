// What the tests comparing the two engines' function libraries share: a PostgreSQL connection to a
// fresh database with Floe's library installed, a sql.js database with the embedded engine's
// functions registered (both opened before the file's tests and closed after), and a seeded random
// source so that generated cases are the same on every run.
import initSqlJs, { type Database } from 'sql.js';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { installFunctionLibrarySql } from '@/lib/engine/postgres/functions';
import { CancelSignal } from '@/lib/engine/worker/cancel';
import { registerFunctions } from '@/lib/engine/worker/functions';
import { freshDatabase } from './cluster';

export type BothEngines = { client: pg.Client; db: Database };

/** Both engines for this file's tests (read the fields inside tests: they are set in beforeAll). */
export function bothEngines(clientConfig: Omit<pg.ClientConfig, 'connectionString'> = {}): BothEngines {
  const engines = {} as BothEngines;
  beforeAll(async () => {
    engines.client = new pg.Client({ ...clientConfig, connectionString: await freshDatabase() });
    await engines.client.connect();
    for (const s of installFunctionLibrarySql()) await engines.client.query(s);
    engines.db = new (await initSqlJs()).Database();
    registerFunctions(engines.db, { pins: { nowMs: 0, seed: 1, timezone: 'UTC' }, cancel: new CancelSignal(new SharedArrayBuffer(8)), sequences: new Map() });
  });
  afterAll(async () => {
    await engines.client?.end();
    engines.db?.close();
  });
  return engines;
}

/** A seeded pseudo-random source (mulberry32): `next()` in [0, 1) and `pick(xs)`. */
export function seededRandom(seed: number): { next: () => number; pick: <T>(xs: readonly T[]) => T } {
  let s = seed;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (xs) => xs[Math.floor(next() * xs.length)] };
}

/** A lone UTF-16 surrogate: no client can send such a text (UTF-8 has none) and no PostgreSQL text holds one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A mutation of a JSON-like text: a character dropped, doubled or replaced by one of JSON's own. */
export function mutateJson(s: string, { next, pick }: ReturnType<typeof seededRandom>): string {
  const i = Math.floor(next() * (s.length + 1));
  const r = next();
  if (r < 0.33) return s.slice(0, i) + s.slice(i + 1);
  if (r < 0.66) return s.slice(0, i) + s[i] + s.slice(i);
  return s.slice(0, i) + pick(['{', '}', '[', ']', ',', ':', '"', "'", '\\', 'x', '-', '.', ' ', 'u', '\\u12']) + s.slice(i + 1);
}
