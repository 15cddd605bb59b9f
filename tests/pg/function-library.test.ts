// The PostgreSQL function library (lib/engine/postgres/functions) on a real PostgreSQL: it
// installs (twice: idempotent), every supported signature is really there, and a differential
// test runs each supported function on argument tuples through both engines — the sql.js
// implementation registered on a real sql.js database (lib/engine/worker/functions, the code the
// replicas run) and `SELECT floe.<fn>(…)` — and asserts the same answers and the same errors.
import initSqlJs, { type Database } from 'sql.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFunctionNames, type EngineFunctionName } from '@/lib/engine/functions/manifest';
import {
  FLOE_SCHEMA, FUNCTION_LIBRARY_VERSION, installFunctionLibrarySql, PG_FUNCTIONS, pgFunctionName, pinSettingsQuery, reinstallFunctionLibrarySql,
  type PgFunctionSignature,
} from '@/lib/engine/postgres/functions';
import { mapPostgresError } from '@/lib/engine/postgres/postgres-errors';
import { mapSqliteError } from '@/lib/engine/sqlite-errors';
import type { EngineError } from '@/lib/engine/types';
import { CancelSignal } from '@/lib/engine/worker/cancel';
import { registerFunctions } from '@/lib/engine/worker/functions';
import { scaledOf, scaledText } from '@/lib/values/decimal-math';
import { freshDatabase, outside } from './cluster';
import { CASES, SESSION, type Case } from './function-library-cases';

let client: pg.Client;
let db: Database;
let url: string;

beforeAll(async () => {
  url = await freshDatabase();
  // Every value as PostgreSQL's text: the comparison reads it by the signature's return type.
  client = new pg.Client({ connectionString: url, types: { getTypeParser: () => (v: string) => v } });
  await client.connect();
  // The settings as the engine sets them from a plan's pins.
  await client.query(pinSettingsQuery({ nowMs: SESSION.nowMs, seed: 1, timezone: SESSION.timezone }));
  const SQL = await initSqlJs();
  db = new SQL.Database();
  registerFunctions(db, { pins: { nowMs: SESSION.nowMs, seed: 1, timezone: SESSION.timezone }, cancel: new CancelSignal(new SharedArrayBuffer(8)), sequences: new Map() });
});
afterAll(async () => {
  await client?.end();
  db?.close();
});

/**
 * Functions whose state is the engine's own, so no argument tuple compares them: a sequence's
 * value is kept in the statement on sql.js and in its _floe_sequences row on PostgreSQL. The
 * sql-corpus sequence and identity cases run them on both engines (http and http-pg), and
 * tests/pg/nodes.test.ts takes values on two nodes at once. HASH takes each argument by its
 * PostgreSQL type (the dialect wraps it in floe._hash_part), so it has a test of its own below.
 * RANDOM()'s generator is the engine's own too: the statement's pinned seed on sql.js (a journal
 * replay draws the same values), PostgreSQL's random() there; the function corpus checks its
 * values on both engines (64-bit, signed, distinct).
 */
const END_TO_END_ONLY = new Set<EngineFunctionName>(['FLOE_NEXTVAL', 'FLOE_SEQ_SAVE', 'HASH', 'FLOE_RANDOM']);
const supported = engineFunctionNames.filter((n) => PG_FUNCTIONS[n].supported && !END_TO_END_ONLY.has(n));
const signaturesOf = (n: EngineFunctionName): PgFunctionSignature[] => {
  const e = PG_FUNCTIONS[n];
  return e.supported ? e.signatures : [];
};

async function install(statements = installFunctionLibrarySql()): Promise<void> {
  for (const statement of statements) {
    try {
      await client.query(statement);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n in: ${statement.slice(0, 400)}`);
    }
  }
}

describe('installing the library', () => {
  it('installs into a fresh database, and again over itself (idempotent)', async () => {
    await install();
    const count = async () => Number((await client.query(`SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = '${FLOE_SCHEMA}'`)).rows[0].count);
    const first = await count();
    await install();
    expect(await count()).toBe(first);
    expect(FUNCTION_LIBRARY_VERSION).toMatch(/^[0-9a-f]{16}$/);
    // A new version's install drops the old functions first (a return type may have changed).
    await client.query('DROP FUNCTION floe.floe_contains(text, text); CREATE FUNCTION floe.floe_contains(p1 text, p2 text) RETURNS integer LANGUAGE sql AS $$ SELECT 0 $$');
    await expect(install()).rejects.toThrow(/cannot change return type/);
    await install(reinstallFunctionLibrarySql());
    expect(await count()).toBe(first);
    expect((await client.query("SELECT floe.floe_contains('abc', 'b') AS v")).rows[0].v).toBe('t');
  });

  it('lets a cancel stop SYSTEM$WAIT at once (it sleeps in short steps)', async () => {
    const waiter = await outside(url);
    try {
      const pid = (await waiter.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      const waiting = waiter.query(`SELECT ${pgFunctionName('SYSTEM$WAIT')}(600) AS v`).then(() => null, (e: unknown) => e as Error & { code?: string });
      // Cancel until it lands (one sent before the query starts is dropped).
      let error: (Error & { code?: string }) | null | undefined;
      while (error === undefined) {
        await client.query('SELECT pg_cancel_backend($1)', [pid]);
        error = await Promise.race([waiting, new Promise<undefined>((r) => setTimeout(() => r(undefined), 100))]);
      }
      expect(error).not.toBeNull();
      expect(mapPostgresError(error!)).toMatchObject({ code: '000604', sqlState: '57014' });
    } finally {
      await waiter.end();
    }
  });

  it('has every supported signature installed, with its parameter and return types', async () => {
    const { rows } = await client.query<{ name: string; args: string; returns: string }>(`
      SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS args, format_type(p.prorettype, NULL) AS returns
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = '${FLOE_SCHEMA}'`);
    const installed = new Set(rows.map((r) => `${r.name}(${r.args}) ${r.returns}`));
    const missing: string[] = [];
    for (const name of supported) {
      for (const s of signaturesOf(name)) {
        const args = [...s.params.map((t, i) => `p${i + 1} ${t}`), ...(s.variadic ? [`VARIADIC p${s.params.length + 1} ${s.variadic}[]`] : [])].join(', ');
        const key = `${name.toLowerCase()}(${args}) ${s.returns}`;
        if (!installed.has(key)) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(supported.length).toBeGreaterThan(0);
  });

  it('gives every manifest function an entry: signatures, or a reason it is unsupported', () => {
    for (const name of engineFunctionNames) {
      const e = PG_FUNCTIONS[name];
      if (e.supported) expect(e.signatures.length, name).toBeGreaterThan(0);
      else expect(e.reason.length, name).toBeGreaterThan(20);
    }
  });

  it('has a differential case for every supported function', () => {
    expect(supported.filter((n) => !CASES[n] || CASES[n]!.args.length === 0)).toEqual([]);
  });

  it('inlines UNIFORM with RANDOM() as its generator (a volatile argument), its body and RANDOM()\'s in the query (not a SQL function call a row)', async () => {
    const random = `${pgFunctionName('FLOE_RANDOM')}()::text`;
    for (const fn of ['FLOE_UNIFORM_INT', 'FLOE_UNIFORM_FLOAT'] as const) {
      const plan = await client.query(`EXPLAIN (VERBOSE) SELECT ${pgFunctionName(fn)}(1, 1000, ${random}) FROM generate_series(1, 10)`);
      const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      expect(text, fn).not.toContain(fn.toLowerCase());
      expect(text, fn).toContain('hashint8extended');
      // RANDOM() itself is inlined too: PostgreSQL's random(), no PL/pgSQL step of a setting.
      expect(text, fn).not.toContain('floe_random');
      expect(text, fn).toContain('random()');
    }
  });
});

type Outcome = { value: string | null } | { error: EngineError };

/** What a stored value may be passed as: numbers as a number type, BINARY as bytea, text as text. */
const accepts = (type: string, a: unknown): boolean =>
  a === null || (a instanceof Uint8Array ? type === 'bytea' : typeof a === 'number' ? type !== 'text' && type !== 'bytea' : type === 'text');

/** The signature a call of these arguments resolves to: by count, then by the arguments' storage forms. */
function signatureFor(name: EngineFunctionName, args: unknown[]): PgFunctionSignature {
  const fits = signaturesOf(name).filter((s) => (s.variadic ? args.length >= s.params.length : args.length === s.params.length));
  const typed = fits.find((s) => args.every((a, i) => accepts(s.params[i] ?? s.variadic!, a)))
    ?? fits.find((s) => args.every((a, i) => !(a instanceof Uint8Array) || (s.params[i] ?? s.variadic) === 'bytea'));
  const sig = typed ?? fits[0];
  if (!sig) throw new Error(`${name} has no PostgreSQL form for ${args.length} arguments`);
  return sig;
}

/** A value as the text both engines' answers are compared in, by the PostgreSQL return type. */
function canonical(v: unknown, type: string): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  const s = String(v);
  switch (type) {
    case 'bytea': return s.startsWith('\\x') ? s.slice(2) : s;
    case 'boolean': return s === 't' || s === 'true' || s === '1' ? 'true' : s === 'f' || s === 'false' || s === '0' ? 'false' : s;
    case 'bigint': case 'numeric': { const d = scaledOf(typeof v === 'number' ? v : s); return d ? scaledText(d.u, d.scale) : s; }
    case 'double precision': { const n = Number(s); return Number.isNaN(n) ? 'NaN' : String(n); }
    default: return s;
  }
}

function sqljs(name: EngineFunctionName, args: unknown[], type: string): Outcome {
  try {
    const r = db.exec(`SELECT "${name}"(${args.map(() => '?').join(', ')})`, args as initSqlJs.BindParams);
    return { value: canonical(r[0].values[0][0], type) };
  } catch (e) {
    return { error: mapSqliteError((e as Error).message) };
  }
}

async function postgres(name: EngineFunctionName, args: unknown[], sig: PgFunctionSignature): Promise<Outcome> {
  const typeAt = (i: number) => sig.params[i] ?? sig.variadic!;
  const params = args.map((a, i) => (a === null || a instanceof Uint8Array ? a : typeAt(i) === 'boolean' ? String(Boolean(a)) : String(a)));
  const call = `SELECT ${pgFunctionName(name)}(${args.map((_, i) => `$${i + 1}::${typeAt(i)}`).join(', ')}) AS v`;
  try {
    const r = await client.query(call, params);
    return { value: canonical(r.rows[0].v, sig.returns) };
  } catch (e) {
    return { error: mapPostgresError(e as Error & { code?: string }) };
  }
}

/**
 * The one documented difference of errors: PostgreSQL's JSON parse errors name no value, so text
 * that is no JSON where a VARIANT is read (floe._json, which has no exception handler) is named
 * in the message only when its first or last character rules JSON out, and text of strict JSON's
 * tokens given to PARSE_JSON (cast without a handler too) not at all; PostgreSQL's own error says
 * "Error parsing JSON" (the same code and SQLSTATE).
 */
function parseErrorWithoutText(sqljs: { code: string; sqlState: string; message: string }, postgres: { code: string; sqlState: string; message: string }): boolean {
  return sqljs.code === '100069' && postgres.code === '100069' && sqljs.sqlState === postgres.sqlState
    && sqljs.message.startsWith('Error parsing JSON: ') && postgres.message === 'Error parsing JSON';
}

/** Equal answers: doubles within the case's relative tolerance (libm and V8 may differ in the last bits). */
function same(a: Outcome, b: Outcome, type: string, c: Case): boolean {
  if ('error' in a && 'error' in b && parseErrorWithoutText(a.error, b.error)) return true;
  if ('error' in a || 'error' in b) return JSON.stringify(a) === JSON.stringify(b);
  if (a.value === b.value) return true;
  if (a.value === null || b.value === null) return false;
  const [x, y] = [Number(a.value), Number(b.value)];
  if ((type === 'double precision' || c.numeric) && Number.isFinite(x) && Number.isFinite(y)) {
    const tol = c.tolerance ?? 0;
    return Math.abs(x - y) <= tol * Math.max(Math.abs(x), Math.abs(y)) || (c.numeric === true && x === y);
  }
  return false;
}

describe('differential: the sql.js implementation and the PostgreSQL library answer alike', () => {
  for (const name of supported) {
    it(name, async () => {
      const c = CASES[name];
      expect(c, `no cases for ${name}`).toBeDefined();
      const diffs: string[] = [];
      for (const args of c!.args) {
        const sig = signatureFor(name, args);
        const want = sqljs(name, args, sig.returns);
        const got = await postgres(name, args, sig);
        if (!same(want, got, sig.returns, c!)) diffs.push(`${name}(${args.map((a) => (a instanceof Uint8Array ? `x'${Buffer.from(a).toString('hex')}'` : JSON.stringify(a))).join(', ')}): sql.js ${JSON.stringify(want)} vs PostgreSQL ${JSON.stringify(got)}`);
      }
      expect(diffs).toEqual([]);
    });
  }
});

/**
 * Numeric text with more integer digits than PostgreSQL's numeric holds (131072) is out of range
 * without a cast. Its message quotes the rounded value, which sql.js's worker cuts at 64K chars
 * (lib/engine/worker/functions/util.ts): the same error, with sql.js's text a prefix of PostgreSQL's.
 */
describe('TO_NUMBER of text beyond numeric: the same error as sql.js', () => {
  it.each([['9'.repeat(140000), 38, 2], ['-' + '9'.repeat(140000) + '.995', 38, 2], ['1'.repeat(140000) + '.4', 38, 0]])('%#', async (...args) => {
    const sig = signatureFor('FLOE_TO_NUMBER', args);
    const want = sqljs('FLOE_TO_NUMBER', args, sig.returns);
    const got = await postgres('FLOE_TO_NUMBER', args, sig);
    if (!('error' in want) || !('error' in got)) throw new Error(`expected errors: ${JSON.stringify(want).slice(0, 200)} ${JSON.stringify(got).slice(0, 200)}`);
    expect([got.error.code, got.error.sqlState]).toEqual([want.error.code, want.error.sqlState]);
    expect(want.error.message.endsWith('…')).toBe(true);
    expect(got.error.message.startsWith(want.error.message.slice(0, -1))).toBe(true);
    expect(got.error.message.slice(-8)).toBe(String(args[0]).startsWith('-') ? '00000.00' : String(args[0]).startsWith('9') ? '99999.00' : '11111111');
  });
});

/**
 * The REGEXP_ functions run on PostgreSQL only for patterns whose matches are the same on both
 * engines (lib/engine/postgres/functions/regexp.ts); the others fail closed naming the construct.
 */
describe('REGEXP_ patterns: the same answer as sql.js, or 002140 naming the construct', () => {
  const closed = async (fn: EngineFunctionName, args: unknown[]) => {
    const got = await postgres(fn, args, signatureFor(fn, args));
    return 'error' in got && got.error.code === '002140' ? /construct: (.*) \(REGEXP_/.exec(got.error.message)?.[1] ?? got.error.message : null;
  };

  it('fails closed where leftmost-longest (PostgreSQL) and leftmost-first (sql.js) matching could differ', async () => {
    const unsafe: [string, string, string][] = [
      ['abc', 'a|ab', 'an alternation where one branch is a prefix of another'],
      ['xabc', 'x*(b|abc)', 'an alternation of different lengths after a quantifier'],
      ['abc', '(a|b)+', 'a quantified group'],
      ['abab', '(ab)*', 'a quantified group'],
      ['abc', 'a.*?c', 'a non-greedy quantifier'],
      ['aa', '(a)\\1', 'a backreference'],
      ['ab', 'a(?=b)', 'a lookaround'],
      ['ab', '(?<n>a)', 'a named group'],
      ['ab', '[a-z]+|\\d', 'an alternation of other than literal text'],
      ['ÉTÉ', 'été', 'case-insensitive matching of non-ASCII characters'],
      ['a', 'a{256}', 'a repetition count above 255'],
      ['a-c', '[a-c-e]', 'a \'-\' after a range in a bracket expression'],
      ['A', '\\x41', 'the escape \\x'],
    ];
    for (const [s, p, construct] of unsafe) {
      const params = construct.startsWith('case-insensitive') ? 'i' : 'c';
      expect(await closed('FLOE_REGEXP_SUBSTR', [s, p, 1, 1, params]), p).toBe(construct);
      expect(await closed('FLOE_REGEXP_COUNT', [s, p, 1, params]), p).toBe(construct);
    }
    // A whole match (RLIKE) runs alternations and quantified groups; what could still differ fails closed.
    for (const [s, p, construct] of unsafe.filter(([, , c]) => !/alternation|quantified group|non-greedy/.test(c))) {
      const params = construct.startsWith('case-insensitive') ? 'i' : 'c';
      expect(await closed('FLOE_RLIKE', [s, p, params]), p).toBe(construct);
    }
    // Case-insensitive matching folds KELVIN SIGN to 'k' in JavaScript and not in the "C" collation: that subject fails closed.
    expect(await closed('FLOE_REGEXP_SUBSTR', ['\u212A', 'k', 1, 1, 'i'])).toBe('case-insensitive matching of U+212A or U+017F');
    expect(await closed('FLOE_RLIKE', ['\u212A', 'k', 'i'])).toBe('case-insensitive matching of U+212A or U+017F');
  });

  it('translates a constant pattern once, when the query is planned: an unsafe one fails with no rows to read', async () => {
    await client.query('CREATE TABLE IF NOT EXISTS no_rows (s text)');
    const count = (p: string) => client.query(`SELECT ${pgFunctionName('FLOE_REGEXP_COUNT')}(s, '${p}') FROM no_rows`);
    await expect(count('(abc)+')).rejects.toThrow(/a quantified group \(REGEXP_COUNT\)/);
    // An invalid pattern is the error of a row that meets it, as on sql.js: no rows, no error.
    expect((await count('a(')).rows).toEqual([]);
    const plan = (await client.query(`EXPLAIN VERBOSE SELECT ${pgFunctionName('FLOE_REGEXP_SUBSTR')}(s, 'a[0-9]+') FROM no_rows`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain("'{(?cs),a[0-9]+,0,false,false}'::text[]");
  });

  it('answers as sql.js for generated patterns, or fails closed (seeded, so every run checks the same ones)', async () => {
    let seed = 20;
    const next = () => { seed = (seed + 0x6d2b79f5) >>> 0; let t = Math.imul(seed ^ (seed >>> 15), seed | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
    const pick = <T,>(xs: T[]): T => xs[Math.floor(next() * xs.length)];
    const atoms = ['a', 'b', 'c', '[ab]', '.', '\\w', '\\d', '\\s', '[^a]', '[[:alpha:]]', '\\b', '^', '$', '\\.', '(a)', '(?:b)'];
    const quantifiers = ['', '', '?', '*', '+', '{0,2}', '{2}', '{1,}'];
    const literal = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(['a', 'b', 'c'])).join('');
    const item = (depth: number): string => {
      const r = next();
      if (r < 0.15 && depth < 2) return `(${item(depth + 1)}${item(depth + 1)})${next() < 0.2 ? pick(quantifiers) : ''}`;
      if (r < 0.3) return `(${Array.from({ length: 2 + Math.floor(next() * 2) }, literal).join('|')})`;
      return pick(atoms) + pick(quantifiers);
    };
    const subjects = ['', 'abc', 'aabbcc', 'a b\nc', 'cab ab', 'x1 2y', 'é a\r\nb', 'ABab', 'abcabcab', '  a.b  '];
    const calls: [EngineFunctionName, (s: string, p: string) => unknown[]][] = [
      ['FLOE_REGEXP_SUBSTR', (s, p) => [s, p, 1 + Math.floor(next() * 3), 1 + Math.floor(next() * 2), pick(['c', 'i', 'e', 'm', 's', 'ie'])]],
      ['FLOE_REGEXP_SUBSTR_ALL', (s, p) => [s, p, 1, 1, pick(['c', 'i', 'e', 'm'])]],
      ['FLOE_REGEXP_REPLACE', (s, p) => [s, p, pick(['-', '<\\1>', '\\0\\0', '\\\\x', '&']), 1, Math.floor(next() * 2), pick(['c', 'i', 'm'])]],
      ['FLOE_REGEXP_COUNT', (s, p) => [s, p, 1 + Math.floor(next() * 2), pick(['c', 'i', 'm', 's'])]],
      ['FLOE_REGEXP_INSTR', (s, p) => [s, p, 1, 1, Math.floor(next() * 2), pick(['c', 'e'])]],
      ['FLOE_RLIKE', (s, p) => [s, p, pick(['c', 'i', 'm', 's'])]],
    ];
    const tally = { same: 0, failedClosed: 0 };
    const diffs: string[] = [];
    for (let t = 0; t < 120; t++) {
      const pattern = Array.from({ length: 1 + Math.floor(next() * 3) }, () => item(0)).join('');
      for (const s of subjects) {
        const [fn, argsOf] = pick(calls);
        const args = argsOf(s, pattern);
        const sig = signatureFor(fn, args);
        const want = sqljs(fn, args, sig.returns);
        const got = await postgres(fn, args, sig);
        if (same(want, got, sig.returns, {} as Case)) tally.same++;
        else if ('error' in got && got.error.code === '002140') tally.failedClosed++;
        else diffs.push(`${fn}(${JSON.stringify(args)}): sql.js ${JSON.stringify(want)} vs PostgreSQL ${JSON.stringify(got)}`);
      }
    }
    expect(diffs).toEqual([]);
    // Both kinds occur, so the generator exercises the translation and the checks.
    expect(tally.same).toBeGreaterThan(500);
    expect(tally.failedClosed).toBeGreaterThan(100);
  });
});

/**
 * HASH of the same Snowflake value on both engines: each value as sql.js's function receives it
 * (its SQLite storage form) and as a PostgreSQL expression of its storage type there.
 */
describe('HASH: the same value hashes alike on both engines', () => {
  const VALUES: [unknown, string][] = [
    [1, '1::bigint'], [-5, '(-5)::bigint'], [0, '0::bigint'], [9007199254740993, '9007199254740993::bigint'], [-9223372036854775808, '(-9223372036854775808)::bigint'],
    [1.5, '1.50::numeric'], [0.1, '0.10::numeric'], [-2, '(-2.00)::numeric'], ['12345678901234567890.12', '12345678901234567890.12::numeric'],
    ['12345678901234567890', '12345678901234567890::numeric'], [1e20, '100000000000000000000::numeric'], [0.30000000000000004, '0.1::float8 + 0.2::float8'],
    [1e300, '1e300::float8'], [1e-7, '1e-7::float8'], [-0, "'-0'::float8"], [2, '2::float8'], ['NaN', "'NaN'::float8"], [Infinity, "'Infinity'::float8"], [-Infinity, "'-Infinity'::float8"],
    ['abc', "'abc'::text"], ['', "''::text"], ['é€😀', "'é€😀'::text"], ['2024-02-29', "'2024-02-29'::text"], ['{"a":[1,2]}', '\'{"a":[1,2]}\'::json'],
    [1, 'true'], [0, 'false'], [new Uint8Array([1, 171, 255]), "'\\x01abff'::bytea"], [null, 'NULL::text'], [null, 'NULL::bigint'],
  ];
  const hashOf = async (exprs: string[]) =>
    (await client.query(`SELECT ${pgFunctionName('HASH')}(${exprs.map((e) => `${FLOE_SCHEMA}._hash_part(${e})`).join(', ')}) AS v`)).rows[0].v as string;
  const want = (args: unknown[]) => sqljs('HASH', args, 'bigint');

  it('one argument of each storage type', async () => {
    const diffs: string[] = [];
    for (const [value, expr] of VALUES) {
      const w = want([value]);
      const got = await hashOf([expr]);
      if (!('value' in w) || w.value !== got) diffs.push(`${expr}: sql.js ${JSON.stringify(w)} vs PostgreSQL ${got}`);
    }
    expect(diffs).toEqual([]);
  });

  it('several arguments (order matters, NULLs count)', async () => {
    const tuples = [[0, 19, 20], [19, 0, 20], [27, 28, 2], [2, 27, 28], [5, 10, 28, 23]];
    const diffs: string[] = [];
    for (const t of tuples) {
      const w = want(t.map((i) => VALUES[i][0]));
      const got = await hashOf(t.map((i) => VALUES[i][1]));
      if (!('value' in w) || w.value !== got) diffs.push(`${t.map((i) => VALUES[i][1]).join(', ')}: sql.js ${JSON.stringify(w)} vs PostgreSQL ${got}`);
    }
    expect(diffs).toEqual([]);
    expect(await hashOf(['1::bigint', "'a'::text"])).not.toBe(await hashOf(["'a'::text", '1::bigint']));
  });
});
