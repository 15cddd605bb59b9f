/**
 * The engine's read threads (read-worker.ts), each with its own connections; a read goes to the
 * thread with the fewest reads in flight. A thread that dies fails its reads (a clear error, as a
 * lost connection's) and is started again by the next read.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatabaseError } from 'pg';
import { EngineFailure, type ExecResult } from '../types';
import type { FromReadThread, ReadFailure, ReadJob, ReadThreadSetup, ToReadThread } from './read-protocol';

export const READ_WORKER_FILE = path.join(process.cwd(), 'build', 'pg-read-worker.cjs');

/** What the engine follows of a read while it runs. */
export interface ReadHooks {
  onPid(pid: number): void;
  /** The result is full: stop the query. */
  onCut(): void;
}

interface Pending extends ReadHooks {
  resolve(r: Extract<ExecResult, { kind: 'rows' }>): void;
  reject(e: unknown): void;
}

export interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** The failure as the engine would have caught it on its own thread (so it maps it the same way). */
function errorOf(f: ReadFailure): Error {
  if (f.kind === 'engine') return new EngineFailure(f.error);
  if (f.kind === 'other') return new Error(f.message);
  return Object.assign(new DatabaseError(f.message, 0, 'error'), f.fields);
}

export class ReadThreads {
  private readonly threads: (Thread | null)[];
  private nextId = 1;
  /** Reads sent to the threads so far. */
  sent = 0;

  constructor(count: number, private readonly setup: ReadThreadSetup, private readonly file = READ_WORKER_FILE) {
    this.threads = Array.from({ length: count }, () => null);
    // Started now: a thread takes a moment to load, which the first reads would wait for.
    for (let i = 0; i < count; i++) this.start(i);
  }

  /** Runs a read on a thread; `release` must follow its end (once the engine's cancels for it are over). */
  read(job: ReadJob, hooks: ReadHooks): { id: number; thread: Thread; done: Promise<Extract<ExecResult, { kind: 'rows' }>> } {
    const thread = this.pick();
    const id = this.nextId++;
    this.sent++;
    const done = new Promise<Extract<ExecResult, { kind: 'rows' }>>((resolve, reject) => thread.pending.set(id, { ...hooks, resolve, reject }));
    try {
      thread.worker.postMessage({ type: 'read', id, job } satisfies ToReadThread);
    } catch (e) {
      thread.pending.delete(id);
      throw e;
    }
    return { id, thread, done };
  }

  /** Closes the connection of a read under way (PostgreSQL answers no cancel of it): the read fails. */
  drop(read: { id: number; thread: Thread }): void {
    if (this.threads.includes(read.thread)) read.thread.worker.postMessage({ type: 'drop', id: read.id } satisfies ToReadThread);
  }

  release(read: { id: number; thread: Thread }, failed: boolean): void {
    // (A thread that died has let go of its connections already.)
    if (this.threads.includes(read.thread)) read.thread.worker.postMessage({ type: 'release', id: read.id, failed } satisfies ToReadThread);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t?.worker.terminate()));
    this.threads.fill(null);
  }

  private pick(): Thread {
    let best = -1;
    for (let i = 0; i < this.threads.length; i++) {
      const t = this.threads[i];
      if (!t) return this.start(i);
      if (best < 0 || t.pending.size < this.threads[best]!.pending.size) best = i;
    }
    return this.threads[best]!;
  }

  private start(i: number): Thread {
    const worker = new Worker(this.file, { workerData: this.setup });
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    this.threads[i] = thread;
    worker.on('message', (m: FromReadThread) => {
      const p = thread.pending.get(m.id);
      if (!p) return;
      if (m.type === 'pid') p.onPid(m.pid);
      else if (m.type === 'cut') p.onCut();
      else {
        thread.pending.delete(m.id);
        if (m.type === 'done') p.resolve(m.result);
        else p.reject(errorOf(m.error));
      }
    });
    const gone = (why: string) => {
      if (this.threads[i] === thread) this.threads[i] = null;
      for (const p of thread.pending.values()) p.reject(new Error(`the engine's read thread ${why}`));
      thread.pending.clear();
    };
    worker.on('error', (e) => gone(`failed: ${e.message}`));
    worker.on('exit', (code) => gone(`exited (${code})`));
    return thread;
  }
}
