/**
 * The engine's resource bounds (FLOE_MAX_DATABASE_BYTES, FLOE_MAX_STATEMENT_MEMORY_BYTES, read by
 * lib/config), handed to every replica, and the errors that name them.
 */
import { resourceError } from '@/lib/limits/resource-errors';
import type { EngineError } from './types';

export interface EngineLimits {
  /** The writer's database file may not grow past this (SQLite's max_page_count). */
  maxDatabaseBytes: number;
  /** One statement in one replica: SQLite's heap (hard_heap_limit) and what functions parse. */
  maxStatementMemoryBytes: number;
}

export const databaseSizeError = (l: EngineLimits): EngineError =>
  resourceError('databaseSize', `${l.maxDatabaseBytes} bytes (FLOE_MAX_DATABASE_BYTES)`);

export const statementMemoryError = (l: EngineLimits): EngineError =>
  resourceError('statementMemory', `${l.maxStatementMemoryBytes} bytes (FLOE_MAX_STATEMENT_MEMORY_BYTES)`);

/**
 * A worker's JS heap: the statement's share plus room for the replica itself (journal entries,
 * plans, result buffers). Past it the worker thread is stopped, not the process.
 */
export const workerHeapMb = (l: EngineLimits): number => Math.ceil(l.maxStatementMemoryBytes / 2 ** 20) + 512;
