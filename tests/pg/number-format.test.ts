// Number format models on both engines: TO_CHAR(n, fmt) and TO_NUMBER / TO_DOUBLE(s, fmt) as
// sql.js runs them (FLOE_CONVERT with the format's text) and as PostgreSQL runs them (the format
// compiled in TypeScript, numberFormatSpec, applied by floe._convert_number: what the dialect
// emits for a constant format), over seeded generated formats and values: the same answers and
// the same errors.
import { describe, expect, it } from 'vitest';
import { numberFormatSpec } from '@/lib/engine/postgres/functions';
import { mapPostgresError } from '@/lib/engine/postgres/postgres-errors';
import { mapSqliteError } from '@/lib/engine/sqlite-errors';
import { bothEngines } from './both-engines';

const engines = bothEngines({ types: { getTypeParser: () => (v: string) => v } });

type Outcome = { value: string | null } | { error: string };

/** A number as both engines hold it: FIXED as decimal text (sql.js: a number when small), REAL as a double. */
function sqljs(v: unknown, src: string, dst: string, fmt: string, tryIt = 0): Outcome {
  try {
    const r = engines.db.exec('SELECT "FLOE_CONVERT"(?, ?, ?, ?, ?)', [v as string, src, dst, fmt, tryIt]);
    const x = r[0].values[0][0];
    return { value: x === null ? null : dst === 'TEXT' ? String(x) : String(Number(x)) };
  } catch (e) {
    const m = mapSqliteError((e as Error).message);
    return { error: `${m.code} ${m.message}` };
  }
}

async function postgres(v: unknown, src: string, dst: string, fmt: string, tryIt = 0): Promise<Outcome> {
  const value = src === 'REAL' ? '$1::float8::text' : '$1::text';
  try {
    const r = await engines.client.query(`SELECT floe._convert_number(${value}, $2, $3, $4::jsonb, $5) AS v`, [v === null ? null : String(v), src, dst, numberFormatSpec(fmt), tryIt]);
    const x = r.rows[0].v as string | null;
    return { value: x === null ? null : dst === 'TEXT' ? x : String(Number(x)) };
  } catch (e) {
    const m = mapPostgresError(e as Error & { code?: string });
    return { error: `${m.code} ${m.message}` };
  }
}

let seed = 16;
const next = () => { seed = (seed + 0x6d2b79f5) >>> 0; let t = Math.imul(seed ^ (seed >>> 15), seed | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = <T,>(xs: T[]): T => xs[Math.floor(next() * xs.length)];

const ELEMENTS = ['9', '9', '9', '0', '0', ',', 'G', '.', 'D', '$', 'S', 'MI', 'FM', 'B', 'X', 'x', 'TM9', 'TME', 'TM', '"n="', ' ', '-', 'L'];
const FIXED_FORMATS = ['999', '0000', '9,999.99', 'FM9,999.99', '$9,990.00', 'S999.9', '999MI', '99.99S', 'XXXX', 'xxxx', '0XXX', 'SXX', 'TM9', 'TME', 'B999', '"USD "9.99" ok"', '.99', '9.', '99G999D9', 'FMTM9'];
const formats = [...FIXED_FORMATS, ...Array.from({ length: 100 }, () => Array.from({ length: 1 + Math.floor(next() * 7) }, () => pick(ELEMENTS)).join(''))];
const NUMBERS: [unknown, string][] = [
  [0, 'FIXED:0'], [7, 'FIXED:0'], [-7, 'FIXED:0'], [255, 'FIXED:0'], [-255, 'FIXED:0'], [1000, 'FIXED:0'], [65535, 'FIXED:0'], ['123456789012345678901234567890', 'FIXED:0'],
  ['0.00', 'FIXED:2'], ['1.50', 'FIXED:2'], ['-0.05', 'FIXED:2'], ['12.35', 'FIXED:2'], ['-1234.56', 'FIXED:2'], ['9999.99', 'FIXED:2'], ['0.12345', 'FIXED:5'],
  [0, 'REAL'], [0.5, 'REAL'], [-0.5, 'REAL'], [12.345, 'REAL'], [1e21, 'REAL'], [1e-7, 'REAL'], [-123456.789, 'REAL'], [0.1 + 0.2, 'REAL'], ['NaN', 'REAL'], [Infinity, 'REAL'], [-Infinity, 'REAL'],
];
const TEXTS = ['', 'abc', '12', ' 12 ', '-12', '12-', '+7', '7+', '1,234.5', '$12.50', '-$1.5', '1e3', '1.5E-2', 'ff', 'FF', '7fffffff', '0.001', '.5', '5.', '123456', 'n=12', 'n= 3.25', '  -0 ', '--5', '1.2.3'];

describe('number format models: sql.js and PostgreSQL answer alike', () => {
  it(`formats numbers (TO_CHAR) by ${formats.length} formats`, async () => {
    const diffs: string[] = [];
    for (const fmt of formats) {
      for (const [v, src] of NUMBERS) {
        const want = sqljs(v, src, 'TEXT', fmt);
        const got = await postgres(v, src, 'TEXT', fmt);
        if (JSON.stringify(want) !== JSON.stringify(got)) diffs.push(`TO_CHAR(${JSON.stringify(v)} ${src}, '${fmt}'): sql.js ${JSON.stringify(want)} vs PostgreSQL ${JSON.stringify(got)}`);
      }
    }
    expect(diffs.slice(0, 20)).toEqual([]);
  }, 180_000);

  it('reads text (TO_NUMBER, TO_DOUBLE, TRY_TO_NUMBER) by the same formats, their own output included', async () => {
    const diffs: string[] = [];
    let answered = 0;
    for (const fmt of formats) {
      const own = NUMBERS.slice(0, 16).map(([v, src]) => sqljs(v, src, 'TEXT', fmt)).flatMap((o) => ('value' in o && o.value !== null ? [o.value] : []));
      for (const text of [...TEXTS, ...own]) {
        for (const [dst, tryIt] of [['FIXED:38:4', 0], ['FIXED:6:2', 0], ['REAL', 0], ['FIXED:38:0', 1], ['FIXED:4:2', 1], ['REAL', 1]] as const) {
          const want = sqljs(text, 'TEXT', dst, fmt, tryIt);
          const got = await postgres(text, 'TEXT', dst, fmt, tryIt);
          if ('value' in want && want.value !== null) answered++;
          if (JSON.stringify(want) !== JSON.stringify(got)) diffs.push(`TO_NUMBER('${text}', '${fmt}') as ${dst}${tryIt ? ' (TRY)' : ''}: sql.js ${JSON.stringify(want)} vs PostgreSQL ${JSON.stringify(got)}`);
        }
      }
    }
    expect(diffs.slice(0, 20)).toEqual([]);
    // The comparison is not only of errors: many texts read.
    expect(answered).toBeGreaterThan(1000);
  }, 180_000);

  it('answers NULL for NULL', async () => {
    expect(await postgres(null, 'FIXED:0', 'TEXT', '999')).toEqual({ value: null });
  });
});
