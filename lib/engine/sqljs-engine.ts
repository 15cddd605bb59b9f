/**
 * The embedded engine: sql.js replicas in worker threads. One writer executes and journals
 * writes in order; readers (spawned on demand up to a limit) run queries after applying the
 * journal entries they have not seen, so a read always sees every committed write. Cancel and
 * timeout stop a plan cooperatively when they can and terminate its worker otherwise; a
 * terminated replica is rebuilt from the last image plus the journal tail.
 *
 * Memory: every replica holds a whole copy of the database, so readers are few (one stays warm,
 * more start only when reads have to wait), each loads the image file itself, and a reader that
 * would have to replay an expensive write is replaced by one loaded from the next image instead.
 *
 * Fair share: one user's reads hold at most his share of the readers (lib/limits/fair-share.ts,
 * always one fewer than all), and a free reader goes to the waiting read of the user holding the
 * fewest readers (the earliest between equals), so one user's long reads never keep another's
 * short read waiting for them.
 */
import { userShare } from '@/lib/limits/fair-share';
import { cancelledError } from './engine-errors';
import { oversizedWarning, type EngineLimits } from './limits';
import type { JournalEntry, QueryReply, CheckpointReply } from './protocol';
import { EngineStorage, type Recovered } from './storage';
import { EngineFailure, type Engine, type ExecPlan, type ExecResult } from './types';
import { sqlJsModule, WorkerHandle } from './worker-handle';

const CANCELLED = cancelledError;
/** How long a cancelled plan may take to stop by itself before its worker is terminated. */
const COOPERATIVE_GRACE_MS = 150;
/** Checkpoint when the journal tail would cost this much to replay, or holds this many entries. */
const CHECKPOINT_COST_MS = 250;
const CHECKPOINT_ENTRIES = 5000;
/** Readers kept warm while idle: a second one answers at once while the first is cancelled and rebuilt. */
const MIN_READERS = 2;
const READER_IDLE_MS = 60_000;
/** A read waits this long for a busy reader before another reader is started for it. */
const SPAWN_AFTER_MS = 100;
/** After a failed checkpoint (disk full?) the next is tried this much later; the journal holds everything meanwhile. */
const CHECKPOINT_RETRY_MS = 10_000;

const costOf = (entries: JournalEntry[]) => entries.reduce((s, e) => s + e.costMs, 0);

/**
 * Whether a plan's SQL names a stored table: user tables (t<id>), Floe's catalog (_floe_…) or
 * SQLite's own. Conservative: a false "yes" only makes the read catch up with the journal first.
 */
const STORED_TABLE = /\b(?:t\d+|_floe_\w*|sqlite_\w*|pragma_\w*)\b/i;
const readsStoredTables = (plan: ExecPlan) => plan.steps.some((s) => STORED_TABLE.test(s.sql));

interface Waiter {
  plan: ExecPlan;
  queuedAt: number;
  resolve: (r: ExecResult) => void;
  reject: (e: unknown) => void;
}

export interface EngineOptions {
  maxReaders: number;
  /** FLOE_MIN_FREE_DISK_BYTES: writes are refused while the disk has less free. */
  minFreeBytes: number;
  /** FLOE_RECOVER_FROM_LAST_GOOD: damaged files are set aside instead of stopping the start. */
  recoverFromLastGood?: boolean;
  /** How much of the readers one user may hold (FLOE_USER_SHARE_PERCENT; default: all but one). */
  userSharePercent?: number;
  /** FLOE_MAX_DATABASE_BYTES and FLOE_MAX_STATEMENT_MEMORY_BYTES, applied in every replica. */
  limits: EngineLimits;
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
  readonly dialect = 'sqlite' as const;
  private image: { path: string | null; lsn: number };
  /** Images that starting workers are still reading (not deleted until they are done), by LSN. */
  private readonly loading = new Map<number, number>();
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
  /** The last checkpoint failed (disk?): reads replay the tail instead of waiting for the next. */
  private checkpointFailed = false;
  private checkpointRetryAt = 0;
  private closed = false;
  private readonly reaper: NodeJS.Timeout;
  private spawnTimer: NodeJS.Timeout | null = null;
  /** The last reader failed to start: no more warm ones until a read asks for one. */
  private spawnFailed = false;
  /** sql.js compiled once, for every worker (worker-handle.ts). */
  private wasm: WebAssembly.Module | undefined;
  /** Readers each user's reads hold now (no entry: none). */
  private readonly readersHeld = new Map<string, number>();
  /** Readers one user may hold at once. */
  private readonly readersPerUser: number;

  private constructor(
    private readonly storage: EngineStorage,
    recovered: Recovered,
    private readonly opts: EngineOptions,
  ) {
    this.readersPerUser = userShare(opts.maxReaders, opts.userSharePercent ?? 99, true);
    this.image = { path: recovered.imagePath, lsn: recovered.imageLsn };
    this.tail = recovered.entries;
    this.reaper = setInterval(() => this.reapIdleReaders(), 10_000);
    this.reaper.unref();
  }

  static async open(dataDir: string, opts: EngineOptions): Promise<SqlJsEngine> {
    const storage = new EngineStorage(dataDir);
    const engine = new SqlJsEngine(storage, storage.recover(opts.recoverFromLastGood === true), opts);
    engine.wasm = await sqlJsModule();
    await engine.startWriter();
    await engine.warnIfOversized();
    // Start from a compact state: a long replay now would slow every later recovery (and the
    // readers' start). On a full disk it fails, and the journal serves until it is retried.
    if (engine.tail.length > 0) await engine.checkpoint().catch(() => { /* logged by checkpoint() */ });
    await engine.spawnReader();
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
      const w = { plan, queuedAt: Date.now(), resolve, reject };
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
    // Writes and reads that arrived during the checkpoint wait for it: pump once it is really over.
    this.checkpointing ??= this.doCheckpoint().then(
      () => { this.checkpointFailed = false; },
      (e: unknown) => {
        this.checkpointFailed = true;
        this.checkpointRetryAt = Date.now() + CHECKPOINT_RETRY_MS;
        console.error(`Floe: checkpoint failed, nothing was lost (the journal keeps every write); retrying in ${CHECKPOINT_RETRY_MS / 1000} s: ${e instanceof Error ? e.message : String(e)}`);
        throw e;
      },
    ).finally(() => { this.checkpointing = null; this.pumpWrites(); this.pumpReads(); });
    return this.checkpointing;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.reaper);
    if (this.spawnTimer) clearTimeout(this.spawnTimer);
    const gone = { code: '000603', sqlState: 'XX000', message: 'SQL execution internal error: engine closed' };
    await Promise.all([this.writer, ...this.readers.map((r) => r.handle)].map((h) => h.terminate(gone)));
  }

  // ---------------------------------------------------------------- writer

  private async startWriter(): Promise<void> {
    const handle = this.startWorker('writer', this.storage.journalPath(this.lsn));
    handle.whenDead(() => { if (!this.closed) void this.replace(handle); });
    this.writer = handle;
    await handle.ready;
  }

  /** A database grown past a lowered limit still starts: it can be read and shrunk, not grown (Replica.bound). */
  private async warnIfOversized(): Promise<void> {
    const size = Number((await this.query('SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()')).rows[0][0]);
    if (size <= this.opts.limits.maxDatabaseBytes) return;
    console.warn(oversizedWarning(size, this.opts.limits.maxDatabaseBytes));
  }

  /** A worker loading the current image (which stays on disk until it has read it) plus the tail. */
  private startWorker(role: 'writer' | 'reader', journalPath: string | null): WorkerHandle {
    const lsn = this.image.lsn;
    this.loading.set(lsn, (this.loading.get(lsn) ?? 0) + 1);
    const handle = new WorkerHandle({ role, imagePath: this.image.path, imageLsn: lsn, replay: this.tail, journalPath, minFreeBytes: this.opts.minFreeBytes, wasm: this.wasm, limits: this.opts.limits });
    const done = () => {
      const n = (this.loading.get(lsn) ?? 1) - 1;
      if (n > 0) this.loading.set(lsn, n);
      else this.loading.delete(lsn);
    };
    handle.ready.then(done, done);
    return handle;
  }

  private pumpWrites(): void {
    if (this.writerBusy || this.writerRestarting || this.checkpointing) return;
    const i = this.writeQueue.findIndex((w) => this.txnSession === null || w.plan.sessionId === this.txnSession);
    if (i < 0) return;
    const [w] = this.writeQueue.splice(i, 1);
    this.writerBusy = true;
    void this.runOn(this.writer, w, []).finally(() => {
      this.writerBusy = false;
      if (this.shouldCheckpoint()) this.checkpoint().catch(() => { /* logged by checkpoint() */ });
      this.pumpWrites();
    });
  }

  private shouldCheckpoint(): boolean {
    if (this.txnSession !== null || this.tail.length === 0 || Date.now() < this.checkpointRetryAt) return false;
    return costOf(this.tail) > CHECKPOINT_COST_MS || this.tail.length >= CHECKPOINT_ENTRIES;
  }

  private async doCheckpoint(): Promise<void> {
    await this.waitUntil(() => !this.writerBusy, 600_000);
    if (this.txnSession !== null) return;
    this.writerBusy = true;
    try {
      const lsn = this.lsn;
      const journal = this.storage.journalPath(lsn);
      const file = this.storage.imagePath(lsn);
      const reply = await this.writer.send({ type: 'checkpoint', id: 0, imagePath: file, nextJournalPath: journal });
      const cp = reply.result as CheckpointReply | null;
      if (!cp) return;
      this.image = { path: file, lsn: cp.lsn };
      this.tail = this.tail.filter((e) => e.lsn > cp.lsn);
      await this.storage.prune(cp.lsn, journal, new Set(this.loading.keys()));
    } finally {
      this.writerBusy = false;
      this.pumpWrites();
      // Readers older than the image cannot catch up any more: replace them now, while idle.
      this.pumpReads();
    }
  }

  // ---------------------------------------------------------------- readers

  private spawnReader(): Promise<void> {
    if (this.readers.length >= this.opts.maxReaders) {
      const stale = this.readers.find((r) => !r.handle.running && this.isStale(r.handle));
      if (stale) this.retireReader(stale.handle);
    }
    this.spawning++;
    const handle = this.startWorker('reader', null);
    handle.whenDead(() => this.dropReader(handle));
    return handle.ready.then(
      () => {
        this.spawnFailed = false;
        if (this.closed) void handle.terminate(CANCELLED);
        else this.readers.push({ handle, idleSince: Date.now() });
      },
      (e: unknown) => {
        this.spawnFailed = true;
        // A reader that cannot start is not added; with none at all, the waiting reads fail
        // rather than start one worker after another.
        if (this.readers.length === 0 && this.spawning === 1) {
          const error = { code: '000603', sqlState: 'XX000', message: `SQL execution internal error: ${e instanceof Error ? e.message : String(e)}` };
          for (const w of this.readQueue.splice(0)) w.reject(new EngineFailure(error));
        }
      },
    ).finally(() => { this.spawning--; this.pumpReads(); });
  }

  /** Below the maximum, or an idle stale reader that a current one may replace (it serves nothing a current one cannot). */
  private roomForReader(): boolean {
    return this.readers.length < this.opts.maxReaders || this.readers.some((r) => !r.handle.running && this.isStale(r.handle));
  }

  /** A reader older than the image: the journal it would replay is pruned. */
  private isStale(handle: WorkerHandle): boolean {
    return handle.lsn < this.image.lsn;
  }

  private dropReader(handle: WorkerHandle): void {
    this.readers = this.readers.filter((r) => r.handle !== handle);
    this.pumpReads();
  }

  private retireReader(handle: WorkerHandle): void {
    this.readers = this.readers.filter((r) => r.handle !== handle);
    void handle.terminate(CANCELLED);
  }

  private pumpReads(): void {
    if (this.closed) return;
    // A reader older than the image cannot catch up from the tail: it is replaced, once a current
    // one is up. Until then it still runs reads of no stored table, which wait for nobody's start.
    if (this.readers.some((r) => !this.isStale(r.handle))) {
      for (const r of this.readers) if (!r.handle.running && this.isStale(r.handle)) this.retireReader(r.handle);
    }
    while (this.readQueue.length > 0) {
      const next = this.nextRead();
      if (next < 0) break;
      // A read of no stored table (SELECT 1, CURRENT_TIMESTAMP()) needs none of the journal: it
      // runs on the reader as it is, instead of waiting for it to replay the writes before it
      // (a 30k-row INSERT took ~300 ms to replay); a later read of stored tables catches up.
      const tables = readsStoredTables(this.readQueue[next].plan);
      const idle = this.readers.filter((r) => !r.handle.running && !r.handle.dead && !(tables && this.isStale(r.handle)))
        .sort((a, b) => b.handle.lsn - a.handle.lsn)[0];
      if (!idle) break;
      const catchUp = tables ? this.tail.filter((e) => e.lsn > idle.handle.lsn) : [];
      // Replaying an expensive write on every reader costs that write again, in time and memory,
      // per reader: a reader loaded from the checkpoint that follows it is cheaper.
      if (costOf(catchUp) > CHECKPOINT_COST_MS && !this.checkpointFailed && (this.checkpointing || this.shouldCheckpoint())) {
        this.checkpoint().catch(() => { /* logged by the write path; the reads then replay */ });
        return;
      }
      const [w] = this.readQueue.splice(next, 1);
      const user = w.plan.user ?? '';
      this.readersHeld.set(user, (this.readersHeld.get(user) ?? 0) + 1);
      void this.runOn(idle.handle, w, catchUp).finally(() => {
        const n = (this.readersHeld.get(user) ?? 1) - 1;
        if (n > 0) this.readersHeld.set(user, n);
        else this.readersHeld.delete(user);
        idle.idleSince = Date.now();
        this.pumpReads();
      });
    }
    this.growReaders();
  }

  /**
   * The waiting read that gets the next free reader: of the users under their share, the one
   * holding the fewest readers, his earliest read; -1 when every waiting user is at his share.
   */
  private nextRead(): number {
    let best = -1;
    let bestHeld = Infinity;
    for (let i = 0; i < this.readQueue.length && bestHeld > 0; i++) {
      const held = this.readersHeld.get(this.readQueue[i].plan.user ?? '') ?? 0;
      if (held < this.readersPerUser && held < bestHeld) [best, bestHeld] = [i, held];
    }
    return best;
  }

  /** Starts a reader when reads wait (after SPAWN_AFTER_MS when a busy one may soon be free), or to keep the warm minimum. */
  private growReaders(): void {
    if (this.spawning > 0 || !this.roomForReader()) return;
    // Stale readers (older than the image) do not count toward the warm minimum.
    const live = this.readers.filter((r) => !this.isStale(r.handle)).length;
    // A reader started now would replay what the running checkpoint is about to make an image of.
    if (this.checkpointing && costOf(this.tail) > CHECKPOINT_COST_MS) return;
    const next = this.nextRead();
    if (next < 0) {
      // Every reader busy and a user at his share: start the reader his share leaves to the others
      // now, so that their next read finds it ready instead of waiting for it to start (which
      // takes a while on CPUs busy with his reads).
      const spare = this.atShare() && this.readers.every((r) => r.handle.running);
      if ((spare || live < Math.min(MIN_READERS, this.opts.maxReaders)) && !this.spawnFailed) void this.spawnReader();
      return;
    }
    const waited = Date.now() - this.readQueue[next].queuedAt;
    // A read of a user holding no reader waits for others' reads, which may be long: no delay.
    const othersHold = !this.readersHeld.has(this.readQueue[next].plan.user ?? '');
    if (live === 0 || othersHold || waited >= SPAWN_AFTER_MS) { void this.spawnReader(); return; }
    this.spawnTimer ??= setTimeout(() => { this.spawnTimer = null; this.pumpReads(); }, SPAWN_AFTER_MS - waited);
  }

  private reapIdleReaders(): void {
    const now = Date.now();
    const idle = this.readers.filter((r) => !r.handle.running && now - r.idleSince > READER_IDLE_MS);
    let n = this.readers.length - Math.min(MIN_READERS, this.opts.maxReaders);
    // The spare started for others while a user holds his share stays.
    if (this.atShare()) n = Math.min(n, this.readers.filter((r) => !r.handle.running).length - 1);
    for (const r of idle.slice(0, Math.max(0, n))) this.retireReader(r.handle);
  }

  /** Some user's reads hold his whole share of the readers. */
  private atShare(): boolean {
    for (const n of this.readersHeld.values()) if (n >= this.readersPerUser) return true;
    return false;
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
      // A COMMIT that failed (its journal entry did not reach the disk) rolled the transaction back.
      if (handle === this.writer && plan.transaction && plan.transaction !== 'begin') this.txnSession = null;
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
