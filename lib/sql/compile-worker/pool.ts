/**
 * The request thread's side of the compile workers: a small pool of threads that split large
 * requests and compile large statements (FLOE_COMPILE_OFFLOAD_CHARS and up), so that no one
 * statement's parse and compile holds the thread every request shares. Shorter statements
 * compile on the request thread, where it costs less than a message (and the compile cache
 * keeps them). A job that runs longer than FLOE_COMPILE_TIMEOUT_S, or whose statement is
 * cancelled or times out, ends by terminating its thread; the next job starts a fresh one. Each
 * thread's heap is bounded (FLOE_COMPILE_WORKER_MEMORY_MB): a statement that needs more fails
 * with 300003, a thread that dies fails its job, and the pool starts a fresh one either way.
 */
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { Catalog } from '@/lib/catalog/catalog';
import { objectIdCounter } from '@/lib/catalog/names';
import { resourceError } from '@/lib/limits/resource-errors';
import type { CompileServices, Prequery, PrequeryRows } from '@/lib/sql/compile';
import { SqlError, sqlErrors } from '@/lib/sql/errors';
import { lazyStatement, type SplitStatement, type StatementPlace } from '@/lib/sql/lexer';
import type { Session } from '@/lib/sql/session';
import type { BindType } from '@/lib/values';
import type { DialectName } from '@/lib/sql/dialect';
import { CATALOGS_KEPT, fromWorkerError, sessionCompiled, toWorkerError, type CompileOutcome, type CompileWorkerInit, type FromCompileWorker, type ServiceAnswer, type ServiceCall, type ServiceName, type ToCompileWorker } from './protocol';

// Bundled by scripts/build-worker.mjs (ESM: the parser's wasm loads with a top-level await).
export const COMPILE_WORKER_FILE = path.join(process.cwd(), 'build', 'compile-worker.mjs');

export interface CompileWorkerSettings {
  /** Threads at most (0: everything compiles on the request thread). */
  workers: number;
  /** Requests and statements of at least this many characters are split and compiled off the request thread. */
  offloadChars: number;
  /** A job running longer is stopped with an error. */
  timeoutSec: number;
  /** One thread's JS heap (FLOE_COMPILE_WORKER_MEMORY_MB). */
  memoryMb: number;
}

type Services = Pick<CompileServices, ServiceName>;
type ErrorParts = { code: string; sqlState: string; message: string };

interface Job {
  message: (thread: CompileThread) => ToCompileWorker;
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
  signal?: AbortSignal;
}

/** 300003: the statement's parse and compile needed more heap than one compile worker has. */
function compileMemoryError(memoryMb: number): SqlError {
  const e = resourceError('statementMemory', `compiling the statement needs more than ${memoryMb} MB (FLOE_COMPILE_WORKER_MEMORY_MB)`);
  return new SqlError(e.code, e.sqlState, e.message);
}

class CompileThread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  job: Job | null = null;
  dead = false;
  /** It started and warmed up (a thread that dies before is not restarted at once: it would die again). */
  started = false;
  /** Catalog ids this thread holds, oldest first (it keeps the same CATALOGS_KEPT). */
  readonly catalogs: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;

  constructor(file: string, services: Services, memoryMb: number, private readonly onIdle: (t: CompileThread) => void) {
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(4);
    const flag = new Int32Array(signal);
    // The worker waits (Atomics.wait) for each answer: it is posted first, then the flag set.
    port1.on('message', (call: ServiceCall) => {
      let answer: ServiceAnswer;
      try {
        answer = { ok: true, value: (services[call.name] as (...a: unknown[]) => unknown)(...call.args) };
      } catch (e) {
        answer = { ok: false, error: toWorkerError(e) };
      }
      port1.postMessage(answer);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    });
    port1.unref();
    this.worker = new Worker(file, {
      workerData: { servicePort: port2, signal, objectIds: objectIdCounter() } satisfies CompileWorkerInit, transferList: [port2],
      // Past it V8 stops this thread (ERR_WORKER_OUT_OF_MEMORY), not the process.
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (m: FromCompileWorker) => {
        if (m.type === 'ready') { this.started = true; resolve(); return; }
        const job = this.job;
        if (!job) return;
        this.finish();
        if (m.ok) job.resolve(m.value);
        else job.reject(fromWorkerError(m.error));
        this.onIdle(this);
      });
      const fail = (why: string, error: Error) => {
        reject(new Error(why));
        this.kill(error);
      };
      this.worker.on('error', (e) => {
        const outOfMemory = (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        fail(`failed: ${e.message}`, outOfMemory ? compileMemoryError(memoryMb) : sqlErrors.internal(`compile worker failed: ${e.message}`));
      });
      this.worker.on('exit', (code) => fail(`exited (${code})`, sqlErrors.internal(`compile worker exited (${code})`)));
    });
    this.ready.catch(() => {});
  }

  async start(job: Job, timeoutSec: number): Promise<void> {
    this.job = job;
    try {
      await this.ready;
    } catch {
      return; // kill() has failed the job
    }
    if (this.job !== job) return;
    if (job.signal?.aborted) {
      this.job = null;
      job.reject(job.signal.reason as Error);
      this.onIdle(this);
      return;
    }
    const onAbort = () => this.kill(job.signal!.reason as Error);
    job.signal?.addEventListener('abort', onAbort, { once: true });
    this.timer = setTimeout(() => this.kill(sqlErrors.compileTimedOut(timeoutSec)), timeoutSec * 1000);
    const stopListening = () => job.signal?.removeEventListener('abort', onAbort);
    const { resolve, reject } = job;
    job.resolve = (v) => { stopListening(); resolve(v); };
    job.reject = (e) => { stopListening(); reject(e); };
    this.worker.postMessage({ ...job.message(this), id: this.nextId++ });
  }

  private finish(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.job = null;
  }

  /** Ends the thread (a job stuck in it cannot be stopped otherwise), failing its job with `e`. */
  kill(e: Error): void {
    if (this.dead) return;
    this.dead = true;
    const job = this.job;
    this.finish();
    void this.worker.terminate();
    job?.reject(e);
    this.onIdle(this);
  }
}

/** What one bound value counts as, in characters, towards FLOE_COMPILE_OFFLOAD_CHARS. */
export const BINDING_CHARS = 64;

export class CompileWorkers {
  private threads: CompileThread[] = [];
  private readonly queue: Job[] = [];
  private readonly catalogIds = new WeakMap<Catalog, number>();
  private nextCatalogId = 1;
  private closed = false;

  constructor(private readonly settings: CompileWorkerSettings, private readonly services: Services, private readonly file = COMPILE_WORKER_FILE) {}

  /**
   * Whether a text this long (with this many bound values) is split or compiled off the request
   * thread. A bound value weighs BINDING_CHARS: compiling can spell one out at length (an IN list
   * of bound values against a NUMBER column compares each exactly: ~125 characters of SQL each,
   * 900 of them took 1.5 s to compile).
   */
  offloads(text: string, bindings = 0): boolean {
    return this.settings.workers > 0 && text.length + bindings * BINDING_CHARS >= this.settings.offloadChars;
  }

  /** splitStatements off the request thread: the statements' tokens are made only if read. */
  async split(request: string, signal?: AbortSignal): Promise<SplitStatement[]> {
    const places = (await this.run({ message: () => ({ type: 'split', id: 0, text: request }), signal })) as StatementPlace[];
    return places.map((p) => lazyStatement(request, p));
  }

  /** compileStatement off the request thread, against `whole` as the session's role sees it. */
  compile(stmt: SplitStatement, on: { session: Session; whole: Catalog; statementId: string; paramTypes: BindType[]; dialect: DialectName }, answers: [Prequery, PrequeryRows][], signal?: AbortSignal): Promise<Exclude<CompileOutcome, { session: unknown }>> {
    const { session, whole, statementId, paramTypes, dialect } = on;
    const catalogId = this.idOf(whole);
    return this.run({
      signal,
      message: (thread) => {
        const known = thread.catalogs.includes(catalogId);
        if (!known) {
          thread.catalogs.push(catalogId);
          if (thread.catalogs.length > CATALOGS_KEPT) thread.catalogs.shift();
        }
        return { type: 'compile', id: 0, job: { text: stmt.text, catalogId, catalogRows: known ? undefined : whole.sourceRows, session, statementId, paramTypes, answers, dialect } };
      },
    }).then((out) => {
      const o = out as CompileOutcome;
      // A session statement (SET, USE, ALTER SESSION) comes back as the change it makes.
      return 'session' in o ? { compiled: sessionCompiled(o.session) } : o;
    });
  }

  /** placeIdentifierError for a large statement (its tokens are made in the worker). */
  place<E extends ErrorParts>(error: E, stmt: SplitStatement): Promise<ErrorParts> {
    return this.run({ message: () => ({ type: 'place', id: 0, text: stmt.text, error: { code: error.code, sqlState: error.sqlState, message: error.message } }) }) as Promise<ErrorParts>;
  }

  /** Starts one thread ahead of need: starting and warming one takes seconds the first large statement would wait. */
  prestart(): void {
    if (this.settings.workers > 0 && this.threads.length === 0) this.threads.push(this.newThread());
  }

  close(): void {
    this.closed = true;
    for (const t of this.threads) t.kill(sqlErrors.internal('the server is stopping'));
    this.threads = [];
  }

  private idOf(catalog: Catalog): number {
    let id = this.catalogIds.get(catalog);
    if (id === undefined) this.catalogIds.set(catalog, (id = this.nextCatalogId++));
    return id;
  }

  private run(job: Omit<Job, 'resolve' | 'reject'>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (job.signal?.aborted) { reject(job.signal.reason as Error); return; }
      const queued: Job = { ...job, resolve, reject };
      // Stopped while it waits for a thread: out of the queue.
      job.signal?.addEventListener('abort', () => {
        const i = this.queue.indexOf(queued);
        if (i >= 0) { this.queue.splice(i, 1); reject(job.signal!.reason as Error); }
      }, { once: true });
      this.queue.push(queued);
      this.pump();
    });
  }

  private pump(): void {
    this.threads = this.threads.filter((t) => !t.dead);
    while (this.queue.length > 0) {
      let thread = this.threads.find((t) => !t.job);
      if (!thread && this.threads.length < this.settings.workers) {
        thread = this.newThread();
        this.threads.push(thread);
      }
      if (!thread) return;
      void thread.start(this.queue.shift()!, this.settings.timeoutSec);
    }
  }

  private newThread(): CompileThread {
    return new CompileThread(this.file, this.services, this.settings.memoryMb, (t) => {
      this.pump();
      // A thread that died (out of memory, stopped job) is replaced ahead of the next large statement.
      if (t.dead && t.started && !this.closed) this.prestart();
    });
  }
}
