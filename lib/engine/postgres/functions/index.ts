/**
 * The PostgreSQL function library: every manifest function's installed signatures, or why it is
 * unsupported on this engine. (Filled in by the library's migrations work; until a function has
 * its PostgreSQL form, a call of it fails closed.)
 */
import { engineFunctionNames } from '@/lib/engine/functions/manifest';
import type { PgFunctionEntry, PgFunctionTable } from './types';

const NOT_YET: PgFunctionEntry = { supported: false, reason: 'not installed on PostgreSQL yet' };

export const PG_FUNCTIONS: PgFunctionTable = Object.fromEntries(engineFunctionNames.map((n) => [n, NOT_YET])) as PgFunctionTable;

export * from './types';
