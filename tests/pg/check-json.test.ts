// CHECK_JSON on both engines: sql.js (lib/values/variant.ts Parser) and PostgreSQL
// (floe._check_json, lib/engine/postgres/functions/check-json.ts) give the same answer, NULL or
// the same error at the same position, for seeded texts generated from JSON pieces and mutations;
// and the PostgreSQL reader stays linear in the text's length.
import { describe, expect, it } from 'vitest';
import { bothEngines, LONE_SURROGATE, mutateJson, seededRandom } from './both-engines';

const engines = bothEngines();

const sqljs = (text: string) => engines.db.exec('SELECT "CHECK_JSON"(?)', [text])[0].values[0][0];
const postgres = async (text: string) => (await engines.client.query('SELECT floe."check_json"($1) AS v', [text])).rows[0].v as string | null;

const random = seededRandom(7);
const { next, pick } = random;
const mutate = (s: string) => mutateJson(s, random);

const SCALARS = ['1', '-2.5', '.5', '1.', '1e3', '-1E-2', '007', 'true', 'false', 'null', 'NaN', 'Infinity', '-Infinity', 'undefined', '"s"', "'q'", '"a\\"b"', '"\\u00e9\\n"', "'it\\'s'", '"é😀"', '""'];
const KEYS = ['"a"', '"b"', 'a', 'b_1', "'a'", '"\\u0061"', '$k', '"a\\u00e9"'];
function value(depth: number): string {
  const r = next();
  if (depth > 3 || r < 0.5) return pick(SCALARS);
  const n = Math.floor(next() * 4);
  if (r < 0.75) return `[${Array.from({ length: n }, () => (next() < 0.1 ? '' : value(depth + 1))).join(pick([',', ', ', ' ,']))}${next() < 0.1 ? ',' : ''}]`;
  return `{${Array.from({ length: n }, () => `${pick(KEYS)}${pick([':', ' : '])}${value(depth + 1)}`).join(', ')}${next() < 0.1 ? ',' : ''}}`;
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
