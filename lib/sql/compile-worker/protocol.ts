/**
 * Messages between the request thread and a compile worker (lib/sql/compile-worker/worker.ts).
 * Everything here is structured-clone data: catalogs travel as the rows they are built from,
 * errors as their code, state and message.
 */
import type { MessagePort } from 'node:worker_threads';
import { AccessError } from '@/lib/access/errors';
import type { Catalog, CatalogRows } from '@/lib/catalog/catalog';
import type { Compiled, CompileServices, Prequery, PrequeryRows } from '@/lib/sql/compile';
import type { StatementPlace } from '@/lib/sql/lexer';
import { SqlError } from '@/lib/sql/errors';
import type { Session } from '@/lib/sql/session';
import type { BindType } from '@/lib/values';
import type { DialectName } from '@/lib/sql/dialect';

/** Catalogs each side keeps by id (the same first-in first-out order on both sides). */
export const CATALOGS_KEPT = 8;

export interface CompileJob {
  /** The statement's text (one statement). */
  text: string;
  /** The whole catalog's id, and its rows when this worker has not been sent them yet. */
  catalogId: number;
  catalogRows?: CatalogRows;
  session: Session;
  statementId: string;
  paramTypes: BindType[];
  /** Pre-queries answered so far. */
  answers: [Prequery, PrequeryRows][];
  /** The engine's dialect, by name. */
  dialect: DialectName;
}

/**
 * compiled; or a pre-query to run and then compile again; or a session statement's change; or
 * `requestThread` when the statement compiles to something that cannot cross threads (an action
 * holds functions and runs asynchronous work of its own).
 */
export type CompileOutcome = { compiled: Compiled } | { prequery: Prequery } | { session: SessionChange } | { requestThread: string };

/**
 * A session statement (SET, USE, ALTER SESSION) applied in the worker to a copy of the session,
 * as data: the fields it changed and removed and its status, or the error applying it raised
 * (thrown when the statement runs, as on the request thread).
 */
export type SessionChange = { set: Partial<Session>; unset: (keyof Session)[]; status: string } | { error: WorkerError };

/** Applies `compiled` to a copy of `session` (the worker's side) and answers what it changed. */
export function sessionChangeOf(compiled: Extract<Compiled, { kind: 'session' }>, session: Session, catalog: Catalog): SessionChange {
  const after = structuredClone(session);
  try {
    const status = compiled.apply(after, catalog);
    const set: Record<string, unknown> = {};
    const unset: (keyof Session)[] = [];
    for (const k of new Set([...Object.keys(session), ...Object.keys(after)]) as Set<keyof Session>) {
      if (!(k in after)) unset.push(k);
      else if (JSON.stringify(after[k]) !== JSON.stringify(session[k])) set[k] = after[k];
    }
    return { set: set as Partial<Session>, unset, status };
  } catch (e) {
    return { error: toWorkerError(e) };
  }
}

/** The request thread's side: the session statement again, applying the change the worker found. */
export function sessionCompiled(change: SessionChange): Extract<Compiled, { kind: 'session' }> {
  return {
    kind: 'session',
    apply(session) {
      if ('error' in change) throw fromWorkerError(change.error);
      Object.assign(session, change.set);
      for (const k of change.unset) delete session[k];
      return change.status;
    },
  };
}

/** A thrown error as data: SqlError and AccessError keep their code, state and message. */
export interface WorkerError {
  name: string;
  message: string;
  code?: string;
  sqlState?: string;
  reason?: string;
}

export function toWorkerError(e: unknown): WorkerError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
  const o = e as Error & { code?: unknown; sqlState?: unknown; reason?: unknown };
  return {
    name: e.name, message: e.message,
    ...(typeof o.code === 'string' ? { code: o.code } : {}), ...(typeof o.sqlState === 'string' ? { sqlState: o.sqlState } : {}), ...(typeof o.reason === 'string' ? { reason: o.reason } : {}),
  };
}

/** The error again, as the class the statement lifecycle recognises. */
export function fromWorkerError(w: WorkerError): Error {
  if (w.name === 'AccessError' && w.code && w.sqlState) return new AccessError(w.reason === 'denied' ? 'denied' : 'missing', w.code, w.sqlState, w.message);
  if (w.code && w.sqlState) return new SqlError(w.code, w.sqlState, w.message);
  return new Error(w.message);
}

export type ToCompileWorker =
  | { type: 'split'; id: number; text: string }
  | { type: 'compile'; id: number; job: CompileJob }
  | { type: 'place'; id: number; text: string; error: { code: string; sqlState: string; message: string } };

export type FromCompileWorker =
  | { type: 'ready' }
  | { type: 'reply'; id: number; ok: true; value: StatementPlace[] | CompileOutcome | { code: string; sqlState: string; message: string } }
  | { type: 'reply'; id: number; ok: false; error: WorkerError };

/** The compile services a worker asks the request thread for (synchronously: compiling is synchronous). */
export type ServiceName = Exclude<keyof CompileServices, 'prequery'>;
export interface ServiceCall { name: ServiceName; args: unknown[] }
export type ServiceAnswer = { ok: true; value: unknown } | { ok: false; error: WorkerError };

export interface CompileWorkerInit {
  /** Service calls go out on this port; the answer is read from it once `signal[0]` turns 1. */
  servicePort: MessagePort;
  signal: SharedArrayBuffer;
  /** The request thread's object id counter (lib/catalog/names.ts). */
  objectIds: SharedArrayBuffer;
}
