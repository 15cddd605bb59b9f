// PARSE_JSON of Snowflake's lenient JSON on both engines: sql.js (lib/values/variant.ts Parser) is
// the reference; PostgreSQL (floe._lenient_json, lib/engine/postgres/functions/check-json.ts) gives
// the same stored value for seeded texts with single quotes, bare keys, trailing commas, escapes
// and numbers such as .5 or 007, and fails where sql.js fails (its parse error, or closed as
// unsupported); and the PostgreSQL reader stays linear in the text's length.
import { describe, expect, it } from 'vitest';
import { mapPostgresError } from '@/lib/engine/postgres/postgres-errors';
import { bothEngines, LONE_SURROGATE, mutateJson, seededRandom } from './both-engines';

const engines = bothEngines();

/** A result or the error's Snowflake code (errors are 'FLOE|code|state|message' on both engines). */
type Outcome = { value: string | null } | { code: string; message: string };
const outcome = (e: unknown): Outcome => {
  const [, code, , message] = String((e as Error).message).split('|');
  return { code, message };
};
const sqljs = (text: string): Outcome => {
  try { return { value: engines.db.exec('SELECT "PARSE_JSON"(?)', [text])[0].values[0][0] as string | null }; } catch (e) { return outcome(e); }
};
const postgres = async (text: string): Promise<Outcome> => {
  try { return { value: (await engines.client.query('SELECT floe."parse_json"($1) AS v', [text])).rows[0].v as string | null }; } catch (e) {
    const { code, message } = mapPostgresError(e as Error & { code?: string });
    return { code, message };
  }
};

const random = seededRandom(11);
const { next, pick } = random;
const mutate = (s: string) => mutateJson(s, random);

// NaN, Infinity and undefined are stored as sql.js stores them (bare words), as are an array's empty slots (undefined).
const SCALARS = ['NaN', 'Infinity', '-Infinity', 'undefined', '1', '-2.5', '.5', '1.', '1e3', '-1E-2', '007', '-0', '1.50', '123456789012345678901234567890123456789012', 'true', 'false', 'null',
  '"s"', "'q'", '"a\\"b"', '"\\u00e9\\n"', "'it\\'s'", '"é😀"', '""', "''", "'say \"hi\"'", '"\\ud83d\\ude00"', '"\\ud833x"', "'\\u0000'", "'\\x\\/\\t\\b\\f\\r'", '"tab\there"'];
const KEYS = ['"a"', '"b"', 'a', 'b_1', "'a'", '"\\u0061"', '$k', "'k\\'"+"'", '"é"', '_'];
const SPACE = ['', ' ', '\n', '\t', '\u00a0', '\r\n  '];
const ws = () => (next() < 0.5 ? '' : pick(SPACE));
function value(depth: number): string {
  const r = next();
  if (depth > 3 || r < 0.45) return pick(SCALARS);
  const n = Math.floor(next() * 4);
  // Arrays with empty slots ([1,,2], [,1], a trailing comma) now and then.
  const element = () => (next() < 0.1 ? ws() : value(depth + 1));
  if (r < 0.7) return `[${ws()}${Array.from({ length: n }, element).join(pick([',', ', ', ' ,']))}${next() < 0.1 ? ',' : ''}${ws()}]`;
  return `{${ws()}${Array.from({ length: n }, () => `${pick(KEYS)}${pick([':', ' : ', ':\n'])}${value(depth + 1)}`).join(`,${ws()}`)}${n && next() < 0.3 ? ',' : ''}${ws()}}`;
}
/** A lone surrogate or NUL in a string: kept as its escape, but inside an object no PostgreSQL json function reads it (fails closed, listed). */
const NO_TEXT = /\\u(?:d[89a-f][0-9a-f]{2}|0000)/i;
const NO_TEXT_CLOSED = "SQL compilation error:\nUnsupported feature 'a lone surrogate or NUL character in a string' on the PostgreSQL engine.";

describe('PARSE_JSON of lenient JSON: sql.js and PostgreSQL answer alike', () => {
  it('for generated texts and their mutations', async () => {
    const diffs: string[] = [];
    let read = 0;
    let lenient = 0;
    let special = 0;
    let closed = 0;
    let fast = 0;
    for (let k = 0; k < 1500; k++) {
      const base = value(0);
      const text = k % 3 === 0 ? base : mutate(k % 3 === 1 ? base : mutate(base));
      if (LONE_SURROGATE.test(text)) continue; // no client can send it (UTF-8 has no lone surrogate)
      const want = sqljs(text);
      const got = await postgres(text);
      // Text PARSE_JSON casts (no exception handler; blank text is NULL first): strict JSON exactly where sql.js reads it.
      if (text.trim() !== '' && (await engines.client.query('SELECT floe._strict_json_text($1) AS s', [text])).rows[0].s) {
        fast++;
        let parsed = true;
        try { JSON.parse(text); } catch { parsed = false; }
        if (parsed !== 'value' in want) diffs.push(`${JSON.stringify(text)} is cast, but JSON.parse ${parsed ? 'reads' : 'rejects'} it and sql.js ${'value' in want ? 'reads' : 'rejects'} it`);
      }
      if ('value' in want && want.value !== null && NO_TEXT.test(want.value) && 'code' in got && got.message === NO_TEXT_CLOSED) { closed++; continue; }
      if ('value' in want) {
        read++;
        let strict = true;
        try { JSON.parse(text); } catch { strict = false; }
        if (!strict) lenient++;
        if (want.value !== null && /NaN|Infinity|undefined/.test(want.value)) special++;
        if (!('value' in got) || got.value !== want.value) diffs.push(`PARSE_JSON(${JSON.stringify(text)}): sql.js ${JSON.stringify(want)} vs PostgreSQL ${JSON.stringify(got)}`);
      } else if (!('code' in got) || !['100069', '002140'].includes(got.code) || (got.code === '100069' && want.code !== '100069')) {
        // Where sql.js fails, PostgreSQL fails too: the same parse error or closed as unsupported.
        diffs.push(`PARSE_JSON(${JSON.stringify(text)}): sql.js ${JSON.stringify(want)} vs PostgreSQL ${JSON.stringify(got)}`);
      }
    }
    expect(diffs.slice(0, 20)).toEqual([]);
    // The generator reaches both sides: texts read (many only leniently) and texts rejected.
    expect(lenient).toBeGreaterThan(300);
    expect(special).toBeGreaterThan(100);
    expect(closed).toBeLessThan(300);
    expect(read).toBeLessThan(1400);
    expect(fast).toBeGreaterThan(100);
  }, 180_000);

  it('stores NaN, Infinity, undefined and empty array slots as sql.js does', async () => {
    const texts = ['[1,,2]', '[,1]', '[1,]', '[,]', '[ , ]', '[]', 'NaN', ' -Infinity ', 'undefined', '[NaN, Infinity, -Infinity, undefined]', '{"x":[,]}',
      '{"a":undefined,"b":NaN}', '{a:undefined}', '{"a":1,"b":undefined,}', '{"b":undefined,"a":[1,,]}', "{'k': [undefined, 'NaN'], z: Infinity}",
      // Strict JSON scalars with whitespace around them (the json type keeps it in the whole text).
      ' 2.55', '\n"s" ', '\ttrue\r\n', ' null'];
    for (const text of texts) {
      const want = sqljs(text);
      expect('value' in want, text).toBe(true);
      expect(await postgres(text), text).toEqual(want);
      expect((await engines.client.query('SELECT floe."try_parse_json"($1) AS v', [text])).rows[0].v, text).toBe((want as { value: string }).value);
    }
    expect(sqljs('[1,,2]')).toEqual({ value: '[1,undefined,2]' });
    // A repeated key with an undefined value: which value stays is the parser's order, so it fails closed.
    expect(sqljs('{"a":undefined,"a":1}')).toMatchObject({ code: '100069' });
    expect(await postgres('{"a":undefined,"a":1}')).toMatchObject({ code: '002140' });
    // Read back, such a value fails closed where no PostgreSQL json holds it.
    for (const stored of ['[1,undefined]', 'NaN', '{"a":-Infinity}']) {
      const got = await engines.client.query('SELECT floe."array_size"($1) AS v', [stored]).then(() => null, (e: Error) => outcome(e));
      expect(got, stored).toMatchObject({ code: '002140' });
    }
  });

  it('names the repeated key sql.js names, an outer one before an inner one; \'d\' keeps the last value', async () => {
    for (const text of ['{"a":{"x":1,"x":2},"a":3}', '{"a":1,"a":2,"b":{"x":1,"x":2}}', '{"b":1,"a":2,"b":3,"a":4}', '[{"k":1},{"k":[1,{"z":0,"z":1}]}]', "{a:1,'a':2}"]) {
      const want = sqljs(text);
      expect(want, text).toMatchObject({ code: '100069' });
      expect(await postgres(text), text).toEqual(want);
      expect((await engines.client.query('SELECT floe."try_parse_json"($1) AS v', [text])).rows[0].v, text).toBeNull();
      const kept = engines.db.exec('SELECT "PARSE_JSON"(?, \'d\')', [text])[0].values[0][0];
      expect((await engines.client.query('SELECT floe."parse_json"($1, \'d\') AS v', [text])).rows[0].v, text).toBe(kept);
    }
  });

  it('keeps a lone surrogate or NUL escape as sql.js does, and fails closed where PostgreSQL cannot read it', async () => {
    for (const text of ['"\\ud833x"', '"a\\u0000b"', '["\\ud833x", 1]', "'\\ud833'", '"\\uDC00\\ud83d\\ude00"', "['\\u0000', {a: '\\u00e9'}]"]) {
      const want = sqljs(text);
      expect('value' in want, text).toBe(true);
      expect(await postgres(text), text).toEqual(want);
    }
    expect(sqljs('"\\ud833x"')).toEqual({ value: '"\\ud833x"' });
    expect(await postgres('{"a": "\\ud833x"}')).toEqual({ code: '002140', message: NO_TEXT_CLOSED });
    // Read as text, it fails closed too (sql.js answers the lone surrogate).
    const read = await engines.client.query('SELECT floe."floe_from_variant"($1, 1) AS v', ['"\\ud833x"']).then(() => null, (e: Error) => mapPostgresError(e));
    expect(read).toEqual({ code: '002140', sqlState: '42601', message: NO_TEXT_CLOSED });
  });

  it('reads a long lenient text in time linear in its length', async () => {
    const big = (n: number) => `[${Array.from({ length: n }, (_, i) => `{k${i % 7}: 'v\\'${i}é', "x": [1, .5, "\\u00e9\\n"],}`).join(',')}]`;
    const time = async (text: string) => {
      const t0 = performance.now();
      const got = await postgres(text);
      const ms = performance.now() - t0;
      expect(got).toEqual(sqljs(text));
      return ms;
    };
    await time(big(250));
    // About 10 KB and 160 KB: 16 times the text, about 16 times the time; a quadratic reader would take ~256 times.
    const small = Math.min(await time(big(250)), await time(big(250)));
    const large = Math.min(await time(big(4000)), await time(big(4000)));
    expect(large / small).toBeLessThan(40);
  }, 180_000);
});
