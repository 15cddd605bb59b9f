/**
 * The embedded engine: sql.js replicas in worker threads. One writer executes and journals
 * writes in order; readers (spawned on demand up to a limit) run queries after applying the
 * journal entries they have not seen, so a read always sees every committed write. Cancel and
 * timeout stop a plan cooperatively when they can and terminate its worker otherwise; a
 * terminated replica is rebuilt from the last image plus the journal tail.
 */
import type { JournalEntry, QueryReply, CheckpointReply } from './protocol';
import { EngineStorage } from './storage';
import { EngineFailure, type Engine, type ExecPlan, type ExecResult } from './types';
import { WorkerHandle } from './worker-handle';

const CANCELLED = { code: '000604', sqlState: '57014', message: 'SQL execution canceled' };
/** How long a cancelled plan may take to stop by itself before its worker is terminated. */
const COOPERATIVE_GRACE_MS = 150;
/** Checkpoint when the journal tail would cost this much to replay, or holds this many entries. */
const CHECKPOINT_COST_MS = 250;
const CHECKPOINT_ENTRIES = 5000;
const MIN_READERS = 2;
const READER_IDLE_MS = 60_000;

interface Waiter {
  plan: ExecPlan;
  resolve: (r: ExecResult) => void;
  reject: (e: unknown) => void;
}

export interface EngineStats {
  lsn: number;
  imageLsn: number;
  readers: number;
  busyReaders: number;
  queuedReads: number;
  queuedWrites: number;
}

export class SqlJsEngine implements Engine {
  private image: { bytes: Uint8Array | null; lsn: number };
  private tail: JournalEntry[];
  private writer!: WorkerHandle;
  private readers: { handle: WorkerHandle; idleSince: number }[] = [];
  private spawning = 0;
  private readonly readQueue: Waiter[] = [];
  private readonly writeQueue: Waiter[] = [];
  private writerBusy = false;
  /** Set while a terminated writer is being rebuilt: nothing may be sent to the old one. */
  private writerRestarting = false;
  /** Session holding the writer's open transaction. */
  private txnSession: string | null = null;
  private readonly running = new Map<string, { handle: WorkerHandle; cancelled: boolean }>();
  private checkpointing: Promise<void> | null = null;
  private closed = false;
  private readonly reaper: NodeJS.Timeout;

  private constructor(
    private readonly storage: EngineStorage,
    recovered: { image: Uint8Array | null; imageLsn: number; entries: JournalEntry[] },
    private readonly maxReaders: number,
  ) {
    this.image = { bytes: recovered.image, lsn: recovered.imageLsn };
    this.tail = recovered.entries;
    this.reaper = setInterval(() => this.reapIdleReaders(), 10_000);
    this.reaper.unref();
  }

  static async open(dataDir: string, opts: { maxReaders: number }): Promise<SqlJsEngine> {
    const storage = new EngineStorage(dataDir);
    const engine = new SqlJsEngine(storage, storage.recover(), opts.maxReaders);
    await engine.startWriter();
    await Promise.all(Array.from({ length: Math.min(MIN_READERS, opts.maxReaders) }, () => engine.spawnReader()));
    // Start from a compact state: a long replay now would slow every later recovery.
    if (engine.tail.length > 0) await engine.checkpoint();
    return engine;
  }

  get lsn(): number {
    return this.tail.length ? this.tail[this.tail.length - 1].lsn : this.image.lsn;
  }

  stats(): EngineStats {
    return {
      lsn: this.lsn,
      imageLsn: this.image.lsn,
      readers: this.readers.length,
      busyReaders: this.readers.filter((r) => r.handle.running).length,
      queuedReads: this.readQueue.length,
      queuedWrites: this.writeQueue.length,
    };
  }

  execute(plan: ExecPlan): Promise<ExecResult> {
    if (this.closed) return Promise.reject(new EngineFailure({ code: '000603', sqlState: 'XX000', message: 'SQL execution internal error: engine closed' }));
    return new Promise((resolve, reject) => {
      const w = { plan, resolve, reject };
      const onWriter = plan.access === 'write' || plan.transaction !== undefined || plan.sessionId === this.txnSession;
      if (onWriter) { this.writeQueue.push(w); this.pumpWrites(); }
      else { this.readQueue.push(w); this.pumpReads(); }
    });
  }

  /** Reads the catalog (system tables) as of the last commit. */
  async query(sql: string, params: unknown[] = []): Promise<QueryReply> {
    for (let attempt = 0; ; attempt++) {
      const writer = this.writer;
      try {
        const reply = await writer.send({ type: 'query', id: 0, sql, params });
        return reply.result as QueryReply;
      } catch (e) {
        // The writer was terminated (a cancelled write) while this read waited behind it: the
        // committed state is intact, so ask its successor.
        if (!writer.dead || attempt >= 3) throw e;
        await this.waitUntil(() => this.writer !== writer && !this.writerRestarting, 30_000);
      }
    }
  }

  async cancel(statementId: string): Promise<void> {
    for (const q of [this.readQueue, this.writeQueue]) {
      const i = q.findIndex((w) => w.plan.statementId === statementId);
      if (i >= 0) {
        const [w] = q.splice(i, 1);
        w.reject(new EngineFailure(CANCELLED));
        return;
      }
    }
    const run = this.running.get(statementId);
    if (!run || run.cancelled) return;
    run.cancelled = true;
    run.handle.requestCancel();
    const stopped = await this.waitUntil(() => this.running.get(statementId) !== run, COOPERATIVE_GRACE_MS);
    if (stopped) return;
    // The plan does not check its flag (a CPU-bound statement): stop the thread itself.
    await this.replace(run.handle);
  }

  async endSession(sessionId: string): Promise<void> {
    if (this.txnSession !== sessionId) return;
    await this.execute({ statementId: `end-${sessionId}`, sessionId, steps: [], output: 'none', access: 'write', transaction: 'rollback', pins: { nowMs: Date.now(), seed: 0, timezone: 'UTC' } }).catch(() => {});
  }

  checkpoint(): Promise<void> {
    // Writes that arrived during the checkpoint wait for it: pump once it is really over.
    this.checkpointing ??= this.doCheckpoint().finally(() => { this.checkpointing = null; this.pumpWrites(); });
    return this.checkpointing;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.reaper);
    const gone = { code: '000603', sqlState: 'XX000', message: 'SQL execution internal error: engine closed' };
    await Promise.all([this.writer, ...this.readers.map((r) => r.handle)].map((h) => h.terminate(gone)));
  }

  // ---------------------------------------------------------------- writer

  private async startWriter(): Promise<void> {
    const handle = new WorkerHandle({
      role: 'writer', image: this.image.bytes, imageLsn: this.image.lsn, replay: this.tail, journalPath: this.storage.journalPath(this.lsn),
    });
    handle.whenDead(() => { if (!this.closed) void this.replace(handle); });
    this.writer = handle;
    await handle.ready;
  }

  private pumpWrites(): void {
    if (this.writerBusy || this.writerRestarting || this.checkpointing) return;
    const i = this.writeQueue.findIndex((w) => this.txnSession === null || w.plan.sessionId === this.txnSession);
    if (i < 0) return;
    const [w] = this.writeQueue.splice(i, 1);
    this.writerBusy = true;
    void this.runOn(this.writer, w, []).finally(() => {
      this.writerBusy = false;
      if (this.shouldCheckpoint()) void this.checkpoint();
      this.pumpWrites();
    });
  }

  private shouldCheckpoint(): boolean {
    if (this.txnSession !== null || this.tail.length === 0) return false;
    const cost = this.tail.reduce((s, e) => s + e.costMs, 0);
    return cost > CHECKPOINT_COST_MS || this.tail.length >= CHECKPOINT_ENTRIES;
  }

  private async doCheckpoint(): Promise<void> {
    await this.waitUntil(() => !this.writerBusy, 600_000);
    if (this.txnSession !== null) return;
    this.writerBusy = true;
    try {
      const lsn = this.lsn;
      const journal = this.storage.journalPath(lsn);
      const reply = await this.writer.send({ type: 'checkpoint', id: 0, nextJournalPath: journal });
      const cp = reply.result as CheckpointReply | null;
      if (!cp) return;
      await this.storage.saveImage(cp.image, cp.lsn, journal);
      this.image = { bytes: cp.image, lsn: cp.lsn };
      this.tail = this.tail.filter((e) => e.lsn > cp.lsn);
    } finally {
      this.writerBusy = false;
      this.pumpWrites();
    }
  }

  // ---------------------------------------------------------------- readers

  private spawnReader(): Promise<void> {
    this.spawning++;
    const handle = new WorkerHandle({ role: 'reader', image: this.image.bytes, imageLsn: this.image.lsn, replay: this.tail, journalPath: null });
    handle.whenDead(() => this.dropReader(handle));
    return handle.ready.then(
      () => { this.readers.push({ handle, idleSince: Date.now() }); },
      () => { /* a reader that cannot start is simply not added */ },
    ).finally(() => { this.spawning--; this.pumpReads(); });
  }

  private dropReader(handle: WorkerHandle): void {
    this.readers = this.readers.filter((r) => r.handle !== handle);
    // Keep the warm minimum: a reader lost to a cancel or a checkpoint is replaced at once, so the
    // next read does not pay for a cold start.
    if (!this.closed && this.readers.length + this.spawning < Math.min(MIN_READERS, this.maxReaders)) void this.spawnReader();
    this.pumpReads();
  }

  private pumpReads(): void {
    while (this.readQueue.length > 0) {
      const idle = this.readers.filter((r) => !r.handle.running && !r.handle.dead).sort((a, b) => b.handle.lsn - a.handle.lsn)[0];
      if (!idle) {
        if (this.readers.length + this.spawning < this.maxReaders) void this.spawnReader();
        return;
      }
      // A reader older than the image cannot catch up from the tail: rebuild it.
      if (idle.handle.lsn < this.image.lsn) {
        this.dropReader(idle.handle);
        void idle.handle.terminate(CANCELLED);
        continue;
      }
      const w = this.readQueue.shift()!;
      const catchUp = this.tail.filter((e) => e.lsn > idle.handle.lsn);
      void this.runOn(idle.handle, w, catchUp).finally(() => {
        idle.idleSince = Date.now();
        this.pumpReads();
      });
    }
  }

  private reapIdleReaders(): void {
    const now = Date.now();
    const idle = this.readers.filter((r) => !r.handle.running && now - r.idleSince > READER_IDLE_MS);
    for (const r of idle.slice(0, Math.max(0, this.readers.length - MIN_READERS))) {
      this.dropReader(r.handle);
      void r.handle.terminate(CANCELLED);
    }
  }

  // ---------------------------------------------------------------- common

  private async runOn(handle: WorkerHandle, w: Waiter, catchUp: JournalEntry[]): Promise<void> {
    const { plan } = w;
    handle.running = plan.statementId;
    const run = { handle, cancelled: false };
    this.running.set(plan.statementId, run);
    try {
      const reply = await handle.exec(plan, catchUp);
      if (handle === this.writer) {
        if (plan.transaction === 'begin') this.txnSession = plan.sessionId;
        else if (plan.transaction) this.txnSession = null;
        if (reply.committed) this.tail.push(reply.committed);
      }
      w.resolve(reply.result as ExecResult);
    } catch (e) {
      w.reject(run.cancelled ? new EngineFailure(CANCELLED) : e);
    } finally {
      if (this.running.get(plan.statementId) === run) this.running.delete(plan.statementId);
      handle.running = null;
    }
  }

  /** Terminates a worker and brings a fresh replica in its place (writer: at the last commit). */
  private async replace(handle: WorkerHandle): Promise<void> {
    const isWriter = handle === this.writer;
    if (isWriter) this.writerRestarting = true;
    await handle.terminate(CANCELLED);
    if (this.closed) return;
    if (!isWriter) { this.dropReader(handle); return; }
    this.txnSession = null;
    try {
      await this.startWriter();
    } finally {
      this.writerRestarting = false;
      this.pumpWrites();
    }
  }

  private async waitUntil(cond: () => boolean, ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 5));
    }
    return true;
  }
}
