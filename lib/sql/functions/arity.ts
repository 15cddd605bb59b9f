/** Argument-count checks at compile time, with Snowflake's messages. */
import { ENGINE_FUNCTIONS, type EngineFunctionName } from '@/lib/engine/functions/manifest';
import { SqlError } from '../errors';
import type { Node } from '../parse';
import { engineFn } from '../tree/ast';
import type { Call } from './types';

export function arity(call: Pick<Call, 'name'> & { args: readonly unknown[] }, min: number, max = min): void {
  const n = call.args.length;
  if (n >= min && n <= max) return;
  throw argumentCountError(call.name, n < min ? min : max, n);
}

/**
 * A call handed to the engine function `engine` with its arguments as written: the count the
 * manifest declares (the one place it is written down), checked before the engine sees it.
 */
export function engineArity(call: Pick<Call, 'name'> & { args: readonly unknown[] }, engine: EngineFunctionName): void {
  const { minArgs, maxArgs } = ENGINE_FUNCTIONS[engine];
  arity(call, minArgs, maxArgs ?? Infinity);
}

/** A call of the engine function `engine` with the call's arguments, their count checked against the manifest. */
export const engineCall = (engine: EngineFunctionName) => (c: Call): Node => {
  engineArity(c, engine);
  return engineFn(engine, c.args);
};

export function argumentCountError(name: string, want: number, got: number): SqlError {
  const few = got < want;
  return new SqlError(few ? '000938' : '000939', '22023',
    `SQL compilation error: error line 1 at position 7\n${few ? 'not enough' : 'too many'} arguments for function [${name.toUpperCase()}], expected ${want}, got ${got}`);
}

/**
 * Arguments as a definition sees them, noting the highest position it reads (for the count the
 * error gives). A definition without its own arity check that reads a missing argument leaves a
 * hole in the node it builds; `checkMissingArguments` turns that hole into Snowflake's "not
 * enough arguments" error instead of a tree the SQL generator cannot print.
 */
export function watchedArguments<T>(args: T[]): { args: T[]; highestRead: () => number } {
  let highest = -1;
  const watched = new Proxy(args, {
    get(target, key, receiver) {
      if (typeof key === 'string') {
        const i = Number(key);
        if (Number.isInteger(i) && i > highest) highest = i;
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { args: watched, highestRead: () => highest };
}

/** Throws when the node a definition built has a hole where an argument was missing. */
export function checkMissingArguments(name: string, given: unknown[], highestRead: number, built: unknown): void {
  if (!hasHole(built, new Set(given))) return;
  throw argumentCountError(name, Math.max(highestRead, given.length) + 1, given.length);
}

/** An undefined element of an array in the nodes a definition built (arguments' own trees are not searched). */
function hasHole(node: unknown, args: Set<unknown>): boolean {
  if (node === null || typeof node !== 'object' || args.has(node)) return false;
  if (Array.isArray(node)) return node.some((v) => v === undefined || hasHole(v, args));
  return Object.values(node).some((v) => hasHole(v, args));
}
