/**
 * The engine's resource bounds (FLOE_MAX_DATABASE_BYTES, FLOE_MAX_STATEMENT_MEMORY_BYTES, read by
 * lib/config), handed to every replica, and the errors that name them.
 */
import { resourceError } from '@/lib/limits/resource-errors';
import type { EngineError } from './types';

export interface EngineLimits {
  /** The database may not grow past this (sql.js: the writer's file, SQLite's max_page_count; PostgreSQL: postgres/database-size.ts). */
  maxDatabaseBytes: number;
  /** One statement in one replica: SQLite's heap (hard_heap_limit) and what functions parse. */
  maxStatementMemoryBytes: number;
}

export const databaseSizeError = (l: Pick<EngineLimits, 'maxDatabaseBytes'>): EngineError =>
  resourceError('databaseSize', `${l.maxDatabaseBytes} bytes (FLOE_MAX_DATABASE_BYTES)`);

/** At start, a database already past a lowered FLOE_MAX_DATABASE_BYTES: it starts all the same. */
export const oversizedWarning = (bytes: number, maxBytes: number): string =>
  `Floe: the database (${bytes} bytes) is larger than FLOE_MAX_DATABASE_BYTES (${maxBytes} bytes): it can be read and shrunk (DELETE, DROP, TRUNCATE), but writes that would grow it are refused`;

export const statementMemoryError = (l: EngineLimits): EngineError =>
  resourceError('statementMemory', `${l.maxStatementMemoryBytes} bytes (FLOE_MAX_STATEMENT_MEMORY_BYTES)`);

/**
 * A worker's JS heap: the statement's share plus room for the replica itself (journal entries,
 * plans, result buffers). Past it the worker thread is stopped, not the process.
 */
export const workerHeapMb = (l: EngineLimits): number => Math.ceil(l.maxStatementMemoryBytes / 2 ** 20) + 512;

/**
 * Bound values one statement may take, per engine: sql.js's SQLITE_MAX_VARIABLE_NUMBER;
 * PostgreSQL's Bind message counts them in 16 bits (more would desynchronise the connection).
 */
export const MAX_PARAMETERS = { sqlite: 32_766, postgres: 65_535 } as const;
