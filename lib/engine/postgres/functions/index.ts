/**
 * The PostgreSQL function library: every manifest function's installed signatures, or why it is
 * unsupported on this engine (the dialect fails closed on those). The SQL that installs it:
 * install.ts (installFunctionLibrarySql); the conventions: types.ts and helpers.ts.
 */
import { engineFunctionNames } from '@/lib/engine/functions/manifest';
import { LIBRARY } from './library';
import type { PgFunctionEntry, PgFunctionTable } from './types';

function entryOf(def: (typeof LIBRARY)[keyof typeof LIBRARY]): PgFunctionEntry {
  if (!Array.isArray(def)) return { supported: false, reason: def.unsupported };
  return { supported: true, signatures: def.map(({ params, variadic, returns }) => (variadic ? { params, variadic, returns } : { params, returns })) };
}

export const PG_FUNCTIONS: PgFunctionTable = Object.fromEntries(engineFunctionNames.map((n) => [n, entryOf(LIBRARY[n])])) as PgFunctionTable;

/**
 * The functions unsupported on PostgreSQL with their reasons, as the Markdown list of
 * docs/architecture.md ("PostgreSQL function library"; a unit test keeps the two equal).
 */
export function unsupportedFunctionsMarkdown(): string {
  const rows = engineFunctionNames.flatMap((n) => {
    const e = PG_FUNCTIONS[n];
    return e.supported ? [] : [`- \`${n}\`: ${e.reason}.`];
  });
  const supported = engineFunctionNames.length - rows.length;
  return [`${supported} of ${engineFunctionNames.length} engine functions are installed; unsupported (${rows.length}):`, '', ...rows].join('\n');
}

export { FUNCTION_LIBRARY_VERSION, installFunctionLibrarySql, pgFunctionName, reinstallFunctionLibrarySql } from './install';
export { pinSettingsQuery } from './session';
export * from './types';
