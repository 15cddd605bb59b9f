/** Messages between the engine supervisor (request thread) and its worker threads. */
import type { EngineLimits } from './limits';
import type { EngineError, ExecPlan, ExecResult, SqlStep, StatementPins } from './types';

/** One committed write, replayable on any replica. A transaction commits as one group. */
export interface JournalEntry {
  lsn: number;
  writes: { steps: SqlStep[]; pins: StatementPins }[];
  /** Milliseconds the writer spent on it: decides when a checkpoint pays off. */
  costMs: number;
}

export interface WorkerInit {
  role: 'writer' | 'reader';
  /** Image file to start from (null = empty database) and the LSN it contains; read by the worker. */
  imagePath: string | null;
  imageLsn: number;
  /** Entries after imageLsn to replay before answering 'ready'. */
  replay: JournalEntry[];
  /** The writer appends committed entries here (fdatasync before answering). */
  journalPath: string | null;
  /** FLOE_MIN_FREE_DISK_BYTES: the writer refuses writes while the disk has less free. */
  minFreeBytes: number;
  /** Int32Array view over it: [0] = cancel requested for the running plan. */
  cancelFlag: SharedArrayBuffer;
  /** sql.js's wasm compiled once for the process (absent: the worker compiles it). */
  wasm?: WebAssembly.Module;
  limits: EngineLimits;
}

export type ToWorker =
  | { type: 'exec'; id: number; plan: ExecPlan; catchUp: JournalEntry[] }
  /** Writes the image to imagePath (atomically, durably), then journals into nextJournalPath. */
  | { type: 'checkpoint'; id: number; imagePath: string; nextJournalPath: string }
  | { type: 'endSession'; id: number; sessionId: string }
  | { type: 'query'; id: number; sql: string; params?: unknown[] };

export type FromWorker =
  | { type: 'ready'; lsn: number }
  | { type: 'fatal'; message: string }
  | { type: 'reply'; id: number; ok: true; result: ExecResult | CheckpointReply | QueryReply | null; committed: JournalEntry | null; lsn: number }
  /** retire: the replica cannot be trusted any more (worker/health.ts); it answers nothing else. */
  | { type: 'reply'; id: number; ok: false; error: EngineError; lsn: number; retire?: true };

export interface CheckpointReply {
  lsn: number;
}

export interface QueryReply {
  columns: string[];
  rows: unknown[][];
}

/** Journal lines are JSON: binary and bigint params need a tagged form. */
export function encodeParam(p: unknown): unknown {
  if (p instanceof Uint8Array) return { $b: Buffer.from(p).toString('base64') };
  if (typeof p === 'bigint') return { $n: p.toString() };
  return p;
}

export function decodeParam(p: unknown): unknown {
  if (p && typeof p === 'object') {
    const o = p as { $b?: string; $n?: string };
    if (o.$b !== undefined) return new Uint8Array(Buffer.from(o.$b, 'base64'));
    if (o.$n !== undefined) return BigInt(o.$n);
  }
  return p;
}

export function serializeEntry(e: JournalEntry): string {
  return JSON.stringify({
    ...e,
    writes: e.writes.map((w) => ({ pins: w.pins, steps: w.steps.map((s) => ({ sql: s.sql, params: s.params?.map(encodeParam) })) })),
  });
}

export function parseEntry(line: string): JournalEntry {
  const raw = JSON.parse(line) as JournalEntry;
  return {
    ...raw,
    writes: raw.writes.map((w) => ({ pins: w.pins, steps: w.steps.map((s) => ({ sql: s.sql, params: s.params?.map(decodeParam) as SqlStep['params'] })) })),
  };
}
