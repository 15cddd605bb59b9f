/** Messages between the PostgreSQL engine and its read threads (read-threads.ts ↔ read-worker.ts). */
import type { EngineError, ExecResult, StatementPins, StepParam } from '../types';
import type { RowsSpec } from './read-rows';

/** What a read thread's connections are opened with (the engine's own settings). */
export interface ReadThreadSetup {
  url: string;
  options: string;
  application_name: string;
  /** Connections this thread keeps at most. */
  max: number;
  /** TCP keepalive's first probe after this much idle time (the engine's own setting). */
  keepAliveIdleMs: number;
}

export interface ReadJob {
  text: string;
  values: StepParam[];
  timeoutMs: number;
  pins: StatementPins;
  spec: RowsSpec;
}

/**
 * A failure, rebuilt on the engine's side: a server error with the fields pg's DatabaseError
 * carries, Floe's own (a full disk's resource error, …) as its Snowflake error, or anything else
 * by its message.
 */
export type ReadFailure =
  | { kind: 'database'; message: string; fields: Record<string, unknown> }
  | { kind: 'engine'; error: EngineError }
  | { kind: 'other'; message: string };

export type ToReadThread =
  | { type: 'read'; id: number; job: ReadJob }
  /** PostgreSQL answers no cancel of the read: close its connection (the read fails at once). */
  | { type: 'drop'; id: number }
  /** The engine's cancels for the read are over: its connection may serve the next (`failed`: closed instead). */
  | { type: 'release'; id: number; failed: boolean };

export type FromReadThread =
  /** The backend the read runs on (what a cancel targets). */
  | { type: 'pid'; id: number; pid: number }
  /** The result is full: stop the query (a cancel of its backend). */
  | { type: 'cut'; id: number }
  | { type: 'done'; id: number; result: Extract<ExecResult, { kind: 'rows' }> }
  | { type: 'failed'; id: number; error: ReadFailure };
