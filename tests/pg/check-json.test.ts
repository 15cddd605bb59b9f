// CHECK_JSON on both engines: sql.js (lib/values/variant.ts Parser) and PostgreSQL
// (floe._check_json, lib/engine/postgres/functions/check-json.ts) give the same answer, NULL or
// the same error at the same position, for seeded texts generated from JSON pieces and mutations;
// and the PostgreSQL reader stays linear in the text's length.
import initSqlJs, { type Database } from 'sql.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFunctionLibrarySql } from '@/lib/engine/postgres/functions';
import { CancelSignal } from '@/lib/engine/worker/cancel';
import { registerFunctions } from '@/lib/engine/worker/functions';
import { freshDatabase } from './cluster';

let client: pg.Client;
let db: Database;

beforeAll(async () => {
  client = new pg.Client({ connectionString: await freshDatabase() });
  await client.connect();
  for (const s of installFunctionLibrarySql()) await client.query(s);
  db = new (await initSqlJs()).Database();
  registerFunctions(db, { pins: { nowMs: 0, seed: 1, timezone: 'UTC' }, cancel: new CancelSignal(new SharedArrayBuffer(8)), sequences: new Map() });
});
afterAll(async () => {
  await client?.end();
  db?.close();
});

const sqljs = (text: string) => db.exec('SELECT "CHECK_JSON"(?)', [text])[0].values[0][0];
const postgres = async (text: string) => (await client.query('SELECT floe."check_json"($1) AS v', [text])).rows[0].v as string | null;

let seed = 7;
const next = () => { seed = (seed + 0x6d2b79f5) >>> 0; let t = Math.imul(seed ^ (seed >>> 15), seed | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = <T,>(xs: T[]): T => xs[Math.floor(next() * xs.length)];

const SCALARS = ['1', '-2.5', '.5', '1.', '1e3', '-1E-2', '007', 'true', 'false', 'null', 'NaN', 'Infinity', '-Infinity', 'undefined', '"s"', "'q'", '"a\\"b"', '"\\u00e9\\n"', "'it\\'s'", '"é😀"', '""'];
const KEYS = ['"a"', '"b"', 'a', 'b_1', "'a'", '"\\u0061"', '$k', '"a\\u00e9"'];
function value(depth: number): string {
  const r = next();
  if (depth > 3 || r < 0.5) return pick(SCALARS);
  const n = Math.floor(next() * 4);
  if (r < 0.75) return `[${Array.from({ length: n }, () => (next() < 0.1 ? '' : value(depth + 1))).join(pick([',', ', ', ' ,']))}${next() < 0.1 ? ',' : ''}]`;
  return `{${Array.from({ length: n }, () => `${pick(KEYS)}${pick([':', ' : '])}${value(depth + 1)}`).join(', ')}${next() < 0.1 ? ',' : ''}}`;
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A mutation: a character dropped, doubled or replaced by one of JSON's own. */
function mutate(s: string): string {
  const i = Math.floor(next() * (s.length + 1));
  const r = next();
  if (r < 0.33) return s.slice(0, i) + s.slice(i + 1);
  if (r < 0.66) return s.slice(0, i) + s[i] + s.slice(i);
  return s.slice(0, i) + pick(['{', '}', '[', ']', ',', ':', '"', "'", '\\', 'x', '-', '.', ' ', 'u', '\\u12']) + s.slice(i + 1);
}

describe('CHECK_JSON: sql.js and PostgreSQL answer alike', () => {
  it('for generated texts and their mutations', async () => {
    const diffs: string[] = [];
    let valid = 0;
    for (let k = 0; k < 1500; k++) {
      const base = value(0);
      const text = k % 3 === 0 ? base : mutate(k % 3 === 1 ? base : mutate(base));
      // A mutation that splits a surrogate pair: no client can send that text (UTF-8 has no lone surrogate).
      if (LONE_SURROGATE.test(text)) continue;
      const want = sqljs(text);
      const got = await postgres(text);
      if (want === null) valid++;
      if (want !== got) diffs.push(`CHECK_JSON(${JSON.stringify(text)}): sql.js ${JSON.stringify(want)} vs PostgreSQL ${JSON.stringify(got)}`);
    }
    expect(diffs.slice(0, 20)).toEqual([]);
    expect(valid).toBeGreaterThan(300);
    expect(valid).toBeLessThan(1400);
  }, 180_000);

  it('reads a long text in time linear in its length', async () => {
    const big = (n: number) => `[${Array.from({ length: n }, (_, i) => `{"k${i % 7}é": "v${i}", 'x': [1, , 2.5]}`).join(',')}]`;
    const time = async (text: string) => { const t0 = performance.now(); expect(await postgres(text)).toBeNull(); return performance.now() - t0; };
    await time(big(500));
    const small = Math.min(await time(big(2000)), await time(big(2000)));
    const large = Math.min(await time(big(16000)), await time(big(16000)));
    // 8 times the text: about 8 times the time; a quadratic reader would take ~64 times.
    expect(large / small).toBeLessThan(20);
  }, 180_000);
});
