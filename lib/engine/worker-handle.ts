/** The request thread's side of one engine worker: request/reply by id, cancel flag, terminate. */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { statementMemoryError, workerHeapMb } from './limits';
import type { FromWorker, JournalEntry, ToWorker, WorkerInit } from './protocol';
import { EngineFailure, type EngineError, type ExecPlan } from './types';

type Reply = Extract<FromWorker, { type: 'reply' }>;
type Pending = { resolve: (r: Reply & { ok: true }) => void; reject: (e: EngineFailure) => void };

// The worker is bundled by scripts/build-worker.mjs and loaded from disk (engine-notes §5).
export const WORKER_FILE = path.join(process.cwd(), 'build', 'engine-worker.cjs');
const WASM_FILE = path.join(process.cwd(), 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm');
let wasm: Promise<WebAssembly.Module | undefined> | null = null;

/**
 * sql.js's wasm compiled once for the process and handed to every worker: a worker then starts
 * without compiling, which matters when it starts beside workers running long statements (its
 * own compile then took up to 20 s on a busy 2-core machine). Undefined when it cannot be read
 * here (each worker compiles its own, as sql.js does by default).
 */
export function sqlJsModule(): Promise<WebAssembly.Module | undefined> {
  return (wasm ??= fs.promises.readFile(WASM_FILE).then((bytes) => WebAssembly.compile(bytes)).catch(() => undefined));
}

let nextWorkerNo = 0;

/** What requests queued on a replica get when it is replaced under them. */
const REPLICA_REPLACED: EngineError = { code: '000603', sqlState: 'XX000', message: 'SQL execution internal error:\nThe engine replica was replaced; retry the statement.' };

export class WorkerHandle {
  readonly no = ++nextWorkerNo;
  readonly ready: Promise<void>;
  lsn: number;
  /** Statement running here, if any. */
  running: string | null = null;
  dead = false;
  private readonly worker: Worker;
  private readonly flag: Int32Array;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private execCount = 0;
  private onDeath: ((why: string) => void) | null = null;

  constructor(init: Omit<WorkerInit, 'cancelFlag'>) {
    const cancelFlag = new SharedArrayBuffer(8);
    this.flag = new Int32Array(cancelFlag);
    this.lsn = init.imageLsn;
    // Past its heap limit the worker is stopped (and replaced), not the whole process.
    this.worker = new Worker(WORKER_FILE, {
      workerData: { ...init, cancelFlag } satisfies WorkerInit,
      resourceLimits: { maxOldGenerationSizeMb: workerHeapMb(init.limits) },
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') { this.lsn = m.lsn; resolve(); return; }
        if (m.type === 'fatal') { reject(new Error(`engine worker failed to start: ${m.message}`)); this.die(m.message); return; }
        this.lsn = m.lsn;
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        // Broken replicas are dead before anyone hears of it: nothing else is sent to them.
        if (!m.ok && m.retire) this.retire(m.error.message);
        if (m.ok) p.resolve(m);
        else p.reject(new EngineFailure(m.error));
      });
      this.worker.on('error', (e) => {
        reject(e);
        const outOfMemory = (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        this.die(e.message, outOfMemory ? statementMemoryError(init.limits) : undefined);
      });
      this.worker.on('exit', (code) => { reject(new Error(`engine worker exited (${code})`)); this.die(`exited with code ${code}`); });
    });
    // Never an unhandled rejection: callers await `ready` when they need it.
    this.ready.catch(() => {});
  }

  /** Called once when the worker dies for any reason other than terminate(). */
  whenDead(fn: (why: string) => void): void {
    this.onDeath = fn;
  }

  exec(plan: ExecPlan, catchUp: JournalEntry[]): Promise<Reply & { ok: true }> {
    this.execCount++;
    return this.send({ type: 'exec', id: 0, plan, catchUp });
  }

  send(msg: ToWorker): Promise<Reply & { ok: true }> {
    if (this.dead) return Promise.reject(new EngineFailure({ code: '000603', sqlState: 'XX000', message: 'SQL execution internal error: engine worker is gone' }));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** Asks the running plan to stop at its next check. */
  requestCancel(): void {
    Atomics.store(this.flag, 0, this.execCount);
    Atomics.notify(this.flag, 0);
  }

  async terminate(error: EngineError): Promise<void> {
    this.dead = true;
    this.onDeath = null;
    this.failPending(error);
    await this.worker.terminate();
  }

  private die(why: string, error?: EngineError): void {
    if (this.dead) return;
    this.dead = true;
    this.failPending(error ?? { code: '000603', sqlState: 'XX000', message: `SQL execution internal error: engine worker ${why}` });
    this.onDeath?.(why);
  }

  /** The replica answered that it cannot be trusted: stop it; the owner replaces it (whenDead). */
  private retire(why: string): void {
    if (this.dead) return;
    void this.worker.terminate();
    this.die(`replaced: ${why}`, REPLICA_REPLACED);
  }

  private failPending(error: EngineError): void {
    for (const p of this.pending.values()) p.reject(new EngineFailure(error));
    this.pending.clear();
  }
}
