/**
 * Whether a failed statement leaves its replica usable. sql.js runs SQLite in WebAssembly: after a
 * trap (memory access out of bounds, unreachable, out of memory) or a JS exception that unwound
 * through SQLite's frames, its memory is in an unknown state and every later statement on it fails
 * or reads garbage. Such a replica answers its own statement, then is replaced (retire), so no
 * other statement ever runs on it.
 */
import { resourceCode } from '@/lib/limits/resource-errors';
import { databaseSizeError, statementMemoryError, type EngineLimits } from '../limits';
import type { EngineError } from '../types';
import { ReplicaUnsound, toFailure } from './replica';

export const REPLICA_FAILED: EngineError = {
  code: '000603',
  sqlState: 'XX000',
  message: 'SQL execution internal error:\nThe engine replica running this statement failed and was replaced.',
};

/** JS and WASM allocation failures, and SQLite's SQLITE_NOMEM (its hard_heap_limit reached). */
const MEMORY = /^(?:out of memory|Array buffer allocation failed|Invalid typed array length|Cannot enlarge memory|Aborted\(OOM\))/;

export interface Verdict {
  error: EngineError;
  /** Replace the replica: it is broken, or holds the memory a too-big statement made it grow to. */
  retire: boolean;
}

export class ReplicaHealth {
  /** The WASM stack pointer between calls: anything else means frames were left on it. */
  private readonly stackBase: number;

  constructor(private readonly wasm: { stackSave(): number }, private readonly limits: EngineLimits) {
    this.stackBase = wasm.stackSave();
  }

  verdict(e: unknown): Verdict {
    if (e instanceof ReplicaUnsound) {
      console.error(`Floe: SQLite ended the open transaction (${e.message}); replacing the replica`);
      return { error: this.verdict(e.failure).error, retire: true };
    }
    const message = (e instanceof Error ? e.message : String(e)).replace(/^(?:Error|RangeError):\s*/, '');
    const memory = MEMORY.test(message);
    if (e instanceof WebAssembly.RuntimeError || this.wasm.stackSave() !== this.stackBase) {
      console.error(`Floe: engine replica failed (${message}); replacing it`);
      return { error: memory ? statementMemoryError(this.limits) : REPLICA_FAILED, retire: true };
    }
    // SQLite's max_page_count reached: the statement was rolled back, the replica is fine.
    if (message === 'database or disk is full') return { error: databaseSizeError(this.limits), retire: false };
    // WASM memory never shrinks: a replica that grew to the limit is replaced to give it back.
    if (memory) return { error: statementMemoryError(this.limits), retire: true };
    const { error } = toFailure(e);
    return { error, retire: error.code === resourceCode('statementMemory') };
  }
}
