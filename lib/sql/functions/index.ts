/**
 * The function registry: every Snowflake function Floe knows, by the name of its generic call
 * node or by the parser's dedicated node kind. One file per family; a name may appear once.
 */
import type { FunctionDef } from './types';
import { types, type SfType } from '../types';
import { sqlErrors, type SqlError } from '../errors';
import { aggregateFunctions } from './aggregate';
import { conditionalFunctions } from './conditional';
import { conversionFunctions } from './conversion';
import { datetimeFunctions } from './datetime';
import { numericFunctions } from './numeric';
import { regexpFunctions } from './regexp';
import { semiStructuredFunctions } from './semi-structured';
import { sessionFunctions } from './session';
import { stringFunctions } from './string';
import { stringEncodingFunctions } from './string-encoding';
import { systemFunctions } from './system';

export type { Call, FunctionDef, Signature, Typed } from './types';
import type { Signature } from './types';

const FAMILIES: FunctionDef[][] = [
  sessionFunctions, conversionFunctions, datetimeFunctions, numericFunctions, semiStructuredFunctions, systemFunctions,
  aggregateFunctions,
  conditionalFunctions, stringFunctions, stringEncodingFunctions, regexpFunctions,
];

const byName = new Map<string, FunctionDef>();
const byKind = new Map<string, FunctionDef>();
for (const def of FAMILIES.flat()) {
  for (const n of def.names ?? []) {
    if (byName.has(n)) throw new Error(`function ${n} is defined twice`);
    byName.set(n, def);
  }
  for (const k of def.kinds ?? []) {
    if (byKind.has(k)) throw new Error(`function node ${k} is defined twice`);
    byKind.set(k, def);
  }
}

/** The parser's node kinds a definition compiles (`upper`, `sum` …; `function` is the generic call, by name). */
export const functionKinds: ReadonlySet<string> = new Set(byKind.keys());

/** The definition for a parser node (`kind` with its payload), or undefined. */
export function findFunction(kind: string, payload: Record<string, unknown>): FunctionDef | undefined {
  if (kind === 'function') return byName.get(String(payload.name).toUpperCase());
  return byKind.get(kind);
}

/** Arguments of a call node in call order. */
export function callArgs(def: FunctionDef, kind: string, payload: Record<string, unknown>): unknown[] {
  if (kind === 'function') return (payload.args as unknown[]) ?? [];
  if (def.args) return def.args(payload);
  const out: unknown[] = [];
  if (payload.this) out.push(payload.this);
  if (payload.expression) out.push(payload.expression);
  if (Array.isArray(payload.expressions)) out.push(...payload.expressions);
  return out;
}

/** A built-in as SHOW FUNCTIONS lists it. */
export interface BuiltinFunction { name: string; aggregate: boolean; signature: Signature | null }

/** The SQL names of a definition: its call names, plus its node kinds' names (sqlNames, or the kinds upper-cased when it has no call names). */
export function sqlNamesOf(def: FunctionDef): string[] {
  const kindNames = def.sqlNames ?? (def.names?.length ? [] : (def.kinds ?? []).map((k) => k.toUpperCase()));
  return [...new Set([...(def.names ?? []), ...kindNames])];
}

const aggregateDefs = new Set(aggregateFunctions.filter((d) => !d.window));

const textDefs = new Set([...stringFunctions, ...stringEncodingFunctions, ...regexpFunctions]);
// HASH takes any value as it is.
const numberDefs = new Set(numericFunctions.filter((d) => !d.names?.includes('HASH')));

/**
 * The type a VARIANT (OBJECT, ARRAY) argument of a function is cast to, or null: string functions
 * take its string value (`UPPER(v:f)` is BANANA, not "BANANA"), number functions its number.
 */
export function variantArgumentType(def: FunctionDef): SfType | null {
  if (textDefs.has(def)) return types.varchar();
  if (numberDefs.has(def)) return types.float();
  return null;
}

/** Aggregates the parser gives as a plain function call (BITAND_AGG, ARRAY_UNIQUE_AGG …), by upper-case name. */
export const aggregateCallNames: ReadonlySet<string> = new Set([...aggregateDefs].flatMap((d) => d.names ?? []));

/** Every function Floe implements, by SQL name (SHOW FUNCTIONS); COUNT is compiled apart from the registry. */
export function builtinFunctions(): BuiltinFunction[] {
  const out = new Map<string, BuiltinFunction>([['COUNT', { name: 'COUNT', aggregate: true, signature: { args: ['ANY'], variadic: true, returns: 'NUMBER' } }]]);
  for (const def of FAMILIES.flat()) {
    for (const name of sqlNamesOf(def)) if (!out.has(name)) out.set(name, { name, aggregate: aggregateDefs.has(def), signature: def.signature ?? null });
  }
  return [...out.values()];
}

let builtinNames: Set<string> | null = null;

/**
 * The error for a generic call no definition compiles: a built-in's name (the parser keeps a call
 * with an argument count none of its forms takes as a plain call) has the wrong arguments, any
 * other name is Snowflake's unknown function.
 */
export function unknownCall(written: string): SqlError {
  const name = written.toUpperCase();
  return isBuiltinFunction(name) ? sqlErrors.argumentCount(name) : sqlErrors.unknownFunction(name);
}

/** Whether Floe implements a function of this (upper-case) name. */
export function isBuiltinFunction(name: string): boolean {
  builtinNames ??= new Set(builtinFunctions().map((f) => f.name));
  return builtinNames.has(name);
}
