import initSqlJs, { type Database } from 'sql.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { ENGINE_FUNCTIONS, engineFunctionNames, INTERNAL_PREFIX, isInternalFunction, type EngineFunction } from '@/lib/engine/functions/manifest';
import { CancelSignal } from '@/lib/engine/worker/cancel';
import { registerFunctions } from '@/lib/engine/worker/functions';

/** (name, number of arguments) of every function a database knows; -1: any number. */
const functionList = (db: Database): { name: string; narg: number }[] =>
  db.exec('SELECT DISTINCT name, narg FROM pragma_function_list')[0].values.map(([name, narg]) => ({ name: String(name).toUpperCase(), narg: Number(narg) }));

const call = (db: Database, name: string, n: number): string | null => {
  try {
    db.exec(`SELECT "${name}"(${Array(n).fill('NULL').join(', ')})`);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

const spec = (name: string): EngineFunction => (ENGINE_FUNCTIONS as Record<string, EngineFunction>)[name];

describe('the engine-function manifest against a real sql.js database', () => {
  let db: Database;
  let builtins: { name: string; narg: number }[];
  let registered: { name: string; narg: number }[];

  beforeAll(async () => {
    const SQL = await initSqlJs();
    builtins = functionList(new SQL.Database());
    db = new SQL.Database();
    registerFunctions(db, { pins: { nowMs: Date.UTC(2026, 0, 1), seed: 1, timezone: 'UTC' }, cancel: new CancelSignal(new SharedArrayBuffer(8)), sequences: new Map() });
    registered = functionList(db);
  });

  test('each manifest function is registered with the arities the manifest gives', () => {
    const wrong: string[] = [];
    for (const name of engineFunctionNames) {
      const { minArgs, maxArgs } = spec(name);
      const nargs = new Set(registered.filter((f) => f.name === name).map((f) => f.narg));
      const ok = nargs.has(-1) || (maxArgs !== null && Array.from({ length: maxArgs - minArgs + 1 }, (_, i) => minArgs + i).every((n) => nargs.has(n)));
      if (!ok) wrong.push(`${name} [${minArgs}, ${maxArgs ?? '…'}] registered as ${[...nargs].join(', ') || 'nothing'}`);
    }
    expect(wrong).toEqual([]);
  });

  test('each manifest function answers a call with its fewest and its most arguments', () => {
    const missing: string[] = [];
    for (const name of engineFunctionNames) {
      const { minArgs, maxArgs } = spec(name);
      for (const n of new Set([minArgs, maxArgs ?? minArgs + 3])) {
        const error = call(db, name, n);
        // Other errors (NULL where a value is needed) are the function's own answer.
        if (error && /no such function|wrong number of arguments/i.test(error)) missing.push(`${name}/${n}: ${error}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('a misspelt name is not a function of the engine (the calls above can fail)', () => {
    expect(call(db, 'FLOE_SPLITT', 2)).toMatch(/no such function/);
    expect(call(db, 'FLOE_DEC_ADD', 9)).toMatch(/wrong number of arguments/);
  });

  test('nothing is registered beyond the manifest', () => {
    const before = new Set(builtins.map((f) => `${f.name}/${f.narg}`));
    const added = registered.filter((f) => !before.has(`${f.name}/${f.narg}`)).map((f) => f.name);
    expect(added.filter((name) => !(name in ENGINE_FUNCTIONS))).toEqual([]);
    const internal = registered.filter((f) => f.name.startsWith(INTERNAL_PREFIX)).map((f) => f.name);
    expect(internal.filter((name) => !(name in ENGINE_FUNCTIONS))).toEqual([]);
  });
});

describe('the manifest itself', () => {
  test('arities are ranges and every function says what it is for', () => {
    for (const name of engineFunctionNames) {
      const { minArgs, maxArgs, purpose } = spec(name);
      expect(minArgs, name).toBeGreaterThanOrEqual(0);
      if (maxArgs !== null) expect(maxArgs, name).toBeGreaterThanOrEqual(minArgs);
      expect(purpose.trim(), name).not.toBe('');
    }
  });

  // A name without the internal prefix is the Snowflake function of that name: the compiler knows it.
  test('every function not named as Floe\'s own is a Snowflake function the compiler knows', async () => {
    const { builtinFunctions } = await import('@/lib/sql/functions');
    const known = new Set(builtinFunctions().map((f) => f.name));
    const unknown = engineFunctionNames.filter((name) => !isInternalFunction(name) && !known.has(name));
    expect(unknown).toEqual([]);
  });

  test('a user\'s call of one of Floe\'s own functions is refused, a Snowflake-named one is not', async () => {
    const { rejectEngineOnlyCalls } = await import('@/lib/sql/functions/engine-only');
    const userCall = (name: string) => () => rejectEngineOnlyCalls({ select: { expressions: [{ function: { name, args: [] } }] } });
    for (const name of engineFunctionNames) {
      if (isInternalFunction(name)) expect(userCall(name.toLowerCase()), name).toThrow(/Unknown function/i);
      else expect(userCall(name), name).not.toThrow();
    }
  });
});
