/**
 * Engine side of the table functions (compile side: lib/sql/compile/table-functions.ts).
 * A row function (FLOE_FLATTEN, FLOE_SPLIT_TO_TABLE, FLOE_STRTOK_SPLIT_TO_TABLE) computes the rows
 * of one input as a JSON array that json_each reads in the FROM clause; FLOE_SEQ numbers the rows
 * of a statement for SEQ1/2/4/8; FLOE_SAMPLE_DRAW decides SAMPLE's rows. All keep their state by
 * a call site the compiler names after the statement, so replays number and sample rows alike.
 */
import { isObject, parsePath, step, stringifyVariant, type Variant } from '@/lib/values';
import { udfError } from '../../sqlite-errors';
import { splitParts, tokens } from './string';
import { anyNull, text } from './text';
import { argVariant, toVariant } from './variant-args';
import type { FunctionContext, ImplementationSlice } from './util';

/** One FLATTEN row: SEQ, KEY, PATH, INDEX, VALUE, THIS (VALUE/THIS as stored VARIANT text). */
type FlattenRow = [number, string | null, string | null, number | null, string | null, string | null];

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Snowflake's PATH column: `a`, `a.b`, `a[1]`, `[0]`, `a['key with space']`. */
function childPath(prefix: string, key: string | number): string {
  if (typeof key === 'number') return `${prefix}[${key}]`;
  if (!PLAIN_KEY.test(key)) return `${prefix}['${key}']`;
  return prefix ? `${prefix}.${key}` : key;
}

function expands(v: Variant, mode: string): boolean {
  if (Array.isArray(v)) return mode !== 'OBJECT';
  return isObject(v) && mode !== 'ARRAY';
}

/** The rows of one input, depth first as Snowflake lists them when recursive. */
function flattenRows(seq: number, root: Variant, prefix: string, recursive: boolean, mode: string, out: FlattenRow[]): void {
  const visit = (node: Variant, path: string) => {
    const thisText = stringifyVariant(node);
    const children: [string | number, Variant][] = Array.isArray(node) ? node.map((x, i) => [i, x]) : [...(node as Map<string, Variant>)];
    for (const [k, child] of children) {
      if (child === undefined) continue; // a missing array element has no row
      const p = childPath(path, k);
      out.push([seq, typeof k === 'string' ? k : null, p, typeof k === 'number' ? k : null, stringifyVariant(child), thisText]);
      if (recursive && expands(child, mode)) visit(child, p);
    }
  };
  visit(root, prefix);
}

/** FLATTEN's rows for one input (after PATH), or OUTER's one row when there are none. */
function flatten(seq: number, tag: unknown, input: unknown, path: unknown, outer: unknown, recursive: unknown, mode: unknown): FlattenRow[] {
  const m = String(mode ?? 'BOTH').toUpperCase();
  if (m !== 'BOTH' && m !== 'ARRAY' && m !== 'OBJECT') throw udfError('001010', '22023', `Invalid argument 'MODE': ${String(mode)}`);
  const prefix = path === null ? '' : String(path);
  let v: Variant | null | undefined = input === null ? null : tag === 'j' ? argVariant(input) : toVariant(String(tag), input);
  for (const s of prefix ? parsePath(prefix) : []) v = v === null || v === undefined ? undefined : step(v, s);
  const rows: FlattenRow[] = [];
  if (v !== null && v !== undefined && expands(v, m)) flattenRows(seq, v, prefix, recursive === 1 || recursive === true, m, rows);
  if (rows.length === 0 && (outer === 1 || outer === true)) {
    // An empty compound shows itself as THIS; a missing or scalar one shows NULL.
    const empty = v !== null && v !== undefined && (Array.isArray(v) || isObject(v));
    rows.push([seq, null, prefix, null, null, empty ? stringifyVariant(v as Variant) : null]);
  }
  return rows;
}

/** SPLIT_TO_TABLE / STRTOK_SPLIT_TO_TABLE: SEQ, INDEX (from 1) and VALUE of each part; no rows for NULL. */
const partRows = (split: (s: string, delimiter: string) => string[]) => (seq: number, s: unknown, delimiter: unknown): unknown[][] =>
  anyNull([s, delimiter]) ? [] : split(text(s)!, text(delimiter)!).map((part, i) => [seq, i + 1, part]);

export function tableFunctions(ctx: FunctionContext) {
  // Counters and sampling generators per call site, reset when a new statement starts.
  const counters = new Map<string, number>();
  const samplers = new Map<string, number>();
  let stateFor = -1;
  const fresh = () => {
    if (stateFor !== ctx.pins.nowMs) { counters.clear(); samplers.clear(); stateFor = ctx.pins.nowMs; }
  };
  const next = (site: unknown): number => {
    fresh();
    const key = String(site);
    const n = counters.get(key) ?? 0;
    counters.set(key, n + 1);
    return n;
  };

  /**
   * A row function: SEQ then the compiled call's arguments give one input's rows, each in the
   * order of the function's columns. SEQ numbers the inputs of each call site from 1.
   */
  const rowFunction = (rows: (seq: number, ...args: never[]) => unknown[][]) => {
    const call = (site: unknown, ...args: never[]) => JSON.stringify(rows(next(site) + 1, ...args));
    // sql.js registers fn.length arguments: the site stands where rows() takes SEQ.
    Object.defineProperty(call, 'length', { value: rows.length });
    return call;
  };

  return {
    // SAMPLE: a fraction in [0, 1) per row (mulberry32), from SEED or else the statement's seed.
    // The third argument (a column of the row) only keeps SQLite from hoisting the call out of a loop.
    FLOE_SAMPLE_DRAW: (site: unknown, seed: unknown, _row: unknown) => {
      fresh();
      const key = String(site);
      const s = ((samplers.get(key) ?? (seed === null ? ctx.pins.seed : Number(seed))) + 0x6d2b79f5) >>> 0;
      samplers.set(key, s);
      let t = Math.imul(s ^ (s >>> 15), s | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },

    FLOE_SEQ: (site: unknown) => next(site),
    FLOE_FLATTEN: rowFunction(flatten),
    FLOE_SPLIT_TO_TABLE: rowFunction(partRows(splitParts)),
    FLOE_STRTOK_SPLIT_TO_TABLE: rowFunction(partRows(tokens)),
  } satisfies ImplementationSlice;
}
