/**
 * The statement registry: every statement's record, appended to
 * <dataDir>/statements/registry.jsonl so that handles and results survive a restart. Results
 * themselves (partition files) live under <dataDir>/results/<handle>/. With shared state
 * (PostgreSQL, where every record is written anyway) the lines are kept in memory instead, the
 * newest up to a bound (InMemoryRegistry): the node's cache of its own statements.
 *
 * Only running statements are kept as objects. A finished one is a line in the file: memory holds
 * where that line is (and what pruning and QUERY_HISTORY filter on), so a day of statements costs
 * ~150 bytes each however big their first partitions, and the request thread's heap stays small
 * (fewer survivors for the garbage collector to copy). A GET of a finished handle reads its line.
 *
 * Bounds: statements are kept for the retention period; stored results (partition files and the
 * inline first partitions in the lines) together stay under a byte cap, the oldest finished
 * result evicted first (its record stays, marked, so its handle answers "evicted", not "not
 * found"); the file is compacted when most of it is superseded lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { QueryHistoryFilter } from '@/lib/sql/compile/virtual-tables';
import { isStorageError } from '@/lib/storage/durable-file';
import { ResultFiles } from '@/lib/storage/result-files';
import { LineFile, MemoryLines, type RegistryLines, type Span } from './line-file';
import type { StatementRecord } from './record';
import { answeredOnce, evictedRecord, inScope, newerFirst, resultBytes, type HistoryPage, type HistoryScope, type StatementStore } from './statement-store';

export type { HistoryCursor, HistoryPage, HistoryScope } from './statement-store';

/** Where a finished statement's latest line is, with the fields read without it. */
interface WrittenRecord extends Span {
  createdOn: number;
  user: string;
  warehouse: string | null;
  requestId: string;
  internal: boolean;
  /** Its result has partition files (not only the inline first partition): forgetting it removes them. */
  files: boolean;
}

/**
 * Deletes a Map's keys oldest first. A walk that passed over none of them is resumed by the next
 * one; otherwise the next starts from the oldest again. Why not always from the oldest: V8 leaves
 * a deleted entry in place until it next compacts the Map, and a walk from the start passes over
 * each of them: forgetting the oldest of 30,000 records at every statement's end took 13 µs a
 * statement.
 */
class OldestFirst<K> {
  private resumeAt: Iterator<K> | null = null;

  constructor(private readonly map: Map<K, unknown>) {}

  /**
   * While `over()`, offers the oldest key not passed over to `remove`, which deletes it (true) or
   * leaves it (false: passed over, at most `maxPassed` a call). Walks only when over: an iterator
   * left unmoved keeps every table the Map outgrew since.
   */
  removeWhile(over: () => boolean, remove: (key: K) => boolean, maxPassed = Infinity): void {
    if (!over()) return;
    const keys = this.resumeAt ?? this.map.keys();
    // (Ended, or passed one over: the next walk starts from the oldest.)
    this.resumeAt = null;
    let passed = 0;
    while (over()) {
      const next = keys.next();
      if (next.done) return;
      if (!remove(next.value) && ++passed >= maxPassed) return;
    }
    if (passed === 0) this.resumeAt = keys;
  }
}

/**
 * Shared state (PostgreSQL holds every record): the registry keeps its lines in memory, the
 * newest up to `maxBytes`; older finished ones are forgotten here with their result files (a
 * lookup then reads PostgreSQL), except those `pinned` (an outcome PostgreSQL has not taken yet).
 */
export interface InMemoryRegistry {
  maxBytes: number;
  pinned(handle: string): boolean;
}

/** Pinned records one pass of InMemoryRegistry's bound looks past at most. */
const PINNED_SCAN = 256;

/** Superseded lines are reclaimed once there are more of them than current ones, and at least this many bytes. */
const COMPACT_MIN_GARBAGE = 4 * 1024 * 1024;

const requestKey = (user: string, requestId: string) => `${user}\u0000${requestId}`;

/** The node's statements: running ones in memory, finished ones as lines of its registry file (the file StatementStore). */
export class StatementRegistry implements StatementStore {
  /** Running statements (and finished ones whose final line is not written yet): the objects the service mutates. */
  private readonly live = new Map<string, StatementRecord>();
  /** Finished statements: where their final lines are. */
  private readonly written = new Map<string, WrittenRecord>();
  /** Lines of running statements (written when their handle was answered): a restart finds them cancelled. */
  private readonly liveLines = new Map<string, Span>();
  /** Idempotency keys are the user's own: keyed by user and requestId (requestKey). */
  private readonly byRequestId = new Map<string, string>();
  /** Live handles remembered but not yet written (see `remember`). */
  private readonly unwritten = new Set<string>();
  /** User and warehouse names, one string each: the WrittenRecords naming one share it. */
  private readonly names = new Map<string, string>();
  /** Stored results of finished statements in the order they finished, with their bytes. */
  private readonly results = new Map<string, number>();
  private resultsBytes = 0;
  /** Where forgetting (in memory) and eviction go on from: the oldest records and results not passed over yet. */
  private readonly oldestWritten = new OldestFirst(this.written);
  private readonly oldestResults = new OldestFirst(this.results);
  /** Bytes of the current lines (written and liveLines); the rest of the file is superseded. */
  private keptBytes = 0;
  private readonly lines: RegistryLines;
  /** The results' files (lib/storage/result-files.ts owns their layout). */
  readonly files: ResultFiles;

  private readonly pruner: NodeJS.Timeout;

  /** `maxResultsBytes`: FLOE_MAX_RESULTS_BYTES (0 = no cap); `inMemory`: lines kept in memory, not in the file. */
  constructor(dataDir: string, private readonly retentionMs: number, private readonly maxResultsBytes = 0, private readonly inMemory?: InMemoryRegistry) {
    const dir = path.join(dataDir, 'statements');
    fs.mkdirSync(dir, { recursive: true });
    this.files = new ResultFiles(dataDir);
    this.lines = inMemory ? new MemoryLines() : new LineFile(path.join(dir, 'registry.jsonl'));
    this.load();
    this.pruner = setInterval(() => this.prune(), Math.min(retentionMs, 3_600_000));
    this.pruner.unref();
  }

  /** Forgets statements past their retention and deletes their results. */
  prune(now = Date.now()): void {
    const cutoff = now - this.retentionMs;
    for (const [handle, w] of this.written) if (w.createdOn < cutoff) this.forget(handle, w);
    this.maybeCompact();
  }

  /** A finished statement leaves the registry, with its result files. */
  private forget(handle: string, w: WrittenRecord): void {
    this.written.delete(handle);
    this.keptBytes -= w.bytes;
    this.lines.drop(w);
    this.dropResult(handle);
    if (this.byRequestId.get(requestKey(w.user, w.requestId)) === handle) this.byRequestId.delete(requestKey(w.user, w.requestId));
    // (On PostgreSQL every statement's end forgets the oldest record: most have no files to remove.)
    if (w.files) this.files.remove(handle);
  }

  /**
   * In memory: the oldest finished statements (but pinned ones) are forgotten while the lines
   * exceed their bound. Pinned ones are passed over, at most PINNED_SCAN a call: while PostgreSQL
   * refuses outcomes there may be thousands of them, and every statement's end comes here.
   */
  private forgetOverMemory(): void {
    const mem = this.inMemory;
    if (mem) this.forgetOldest(() => this.keptBytes > mem.maxBytes, this.oldestWritten, null);
  }

  /** In memory: forgets the oldest records of `order` while `over()`, but `keep` and pinned ones (at most PINNED_SCAN of those passed over). */
  private forgetOldest(over: () => boolean, order: OldestFirst<string>, keep: string | null): void {
    order.removeWhile(over, (handle) => handle !== keep && this.forgetUnpinned(handle), PINNED_SCAN);
  }

  resultDir(handle: string): string {
    return this.files.dir(handle);
  }

  /** Removes the result files of a statement that is failed after all (its record could not be written). */
  discardResult(handle: string): void {
    this.files.remove(handle);
  }

  /** Bytes the stored results take (what FLOE_MAX_RESULTS_BYTES bounds). */
  get storedResultBytes(): number {
    return this.resultsBytes;
  }

  /** This node knows the handle (ran it, or read it at start). */
  has(handle: string): boolean {
    return this.live.has(handle) || this.written.has(handle);
  }

  /** The record of a handle: the live object while it runs, else a fresh copy read from its line. */
  get(handle: string): StatementRecord | undefined {
    const live = this.live.get(handle);
    if (live) return live;
    const w = this.written.get(handle);
    return w && this.read(w);
  }

  /**
   * The newest `limit` statements of a scope (QUERY_HISTORY). Only those returned are read from
   * the file. Console-internal statements (StatementRecord.internal) are left out.
   */
  history(q: QueryHistoryFilter & HistoryScope): StatementRecord[] {
    const out: StatementRecord[] = [];
    for (const rec of this.newestFirst(q)) {
      if (out.length >= q.limit) break;
      out.push(rec);
    }
    return out;
  }

  /**
   * A page of a scope's history: up to `limit` records that `keep` accepts, reading at most
   * `maxScan` records (a search that matches little stops there), and the cursor to continue
   * from (null at the end).
   */
  page(q: HistoryScope, limit: number, keep: (rec: StatementRecord) => boolean, maxScan: number): HistoryPage {
    const records: StatementRecord[] = [];
    let scanned = 0;
    let last: HistoryPage['next'] = null;
    for (const rec of this.newestFirst(q)) {
      if (records.length >= limit || scanned >= maxScan) return { records, next: last };
      scanned++;
      last = { createdOn: rec.createdOn, handle: rec.handle };
      if (keep(rec)) records.push(rec);
    }
    return { records, next: null };
  }

  /** The scope's records newest first, running and finished merged; a finished one is read when reached. */
  private *newestFirst(q: HistoryScope): Generator<StatementRecord> {
    const shown = (handle: string, r: { user: string; warehouse?: string | null; createdOn: number; internal?: boolean }) => inScope(q, handle, r);
    const running = [...this.live.values()].filter((r) => shown(r.handle, r)).sort(newerFirst);
    const finished = [...this.written].filter(([h, w]) => shown(h, w)).map(([handle, w]) => ({ handle, createdOn: w.createdOn, w })).sort(newerFirst);
    let i = 0;
    let j = 0;
    while (i < running.length || j < finished.length) {
      if (j >= finished.length || (i < running.length && newerFirst(running[i], finished[j]) <= 0)) yield running[i++];
      else {
        const rec = this.read(finished[j++].w);
        if (rec) yield rec;
      }
    }
  }

  /** The statement `user` submitted with this requestId (another user's same requestId is not his). */
  byRequest(user: string, requestId: string): StatementRecord | undefined {
    const h = this.byRequestId.get(requestKey(user, requestId));
    return h ? this.get(h) : undefined;
  }

  /**
   * Stores the current state of a record. The line reaches the kernel before the statement is
   * answered (a synchronous append of ~1 KB), so a kill -9 cannot lose an answered handle.
   * A finished record leaves memory: later reads get it from its line; its result counts
   * against the results cap, which may evict older ones.
   *
   * Throws StorageError when the line could not be written whole: nothing of it is left in the
   * file, and the record stays as it was (a running one in memory only).
   */
  put(rec: StatementRecord): void {
    this.store(rec);
    if (rec.status === 'running') return;
    if (rec.status === 'failed' || rec.answerOnce) this.discardResult(rec.handle);
    if (!rec.answerOnce) this.addResult(rec.handle, resultBytes(rec));
    this.evictOverCap(rec.handle);
    this.forgetOverMemory();
    this.maybeCompact();
  }

  /** Appends the record's line and points the indexes at it. */
  private store(rec: StatementRecord): void {
    const span = this.lines.append(JSON.stringify(rec.answerOnce && rec.status === 'succeeded' ? answeredOnce(rec) : rec));
    this.unwritten.delete(rec.handle);
    if (!rec.parent) this.byRequestId.set(requestKey(rec.user, rec.requestId), rec.handle);
    this.release(rec.handle);
    this.keptBytes += span.bytes;
    if (rec.status === 'running') {
      this.live.set(rec.handle, rec);
      this.liveLines.set(rec.handle, span);
      return;
    }
    this.live.delete(rec.handle);
    this.written.set(rec.handle, this.writtenRecord(rec, span));
  }

  /**
   * Keeps a record in memory only: a statement answered before anyone saw its handle need not
   * reach the disk until it ends (`put`). Call `persist` before a handle leaves the server.
   */
  remember(rec: StatementRecord): void {
    this.live.set(rec.handle, rec);
    if (!rec.parent) this.byRequestId.set(requestKey(rec.user, rec.requestId), rec.handle);
    this.unwritten.add(rec.handle);
  }

  /** Writes a remembered record that has not reached the disk yet (throws StorageError like `put`). */
  persist(rec: StatementRecord): void {
    if (this.unwritten.has(rec.handle)) this.put(rec);
  }

  /** Forgets where a handle's previous line was (it is superseded), and its result's bytes. */
  private release(handle: string): void {
    const prev = this.written.get(handle) ?? this.liveLines.get(handle);
    if (prev) {
      this.keptBytes -= prev.bytes;
      this.lines.drop(prev);
    }
    this.liveLines.delete(handle);
    this.dropResult(handle);
  }

  private addResult(handle: string, bytes: number): void {
    if (bytes <= 0) return;
    this.results.set(handle, bytes);
    this.resultsBytes += bytes;
  }

  private dropResult(handle: string): void {
    const bytes = this.results.get(handle);
    if (bytes === undefined) return;
    this.results.delete(handle);
    this.resultsBytes -= bytes;
  }

  /**
   * Evicts the oldest finished results until the cap holds; `keep` (the newest) stays. In memory
   * (a cache of what PostgreSQL holds) they are forgotten instead: PostgreSQL's own cap decides
   * which results are gone (forgetCached), and a lookup here reads its answer.
   */
  private evictOverCap(keep: string | null): void {
    if (this.maxResultsBytes <= 0) return;
    const over = () => this.resultsBytes > this.maxResultsBytes;
    if (this.inMemory) return this.forgetOldest(over, this.oldestResults, keep);
    this.oldestResults.removeWhile(over, (handle) => handle !== keep && (this.evict(handle), true));
  }

  /**
   * In memory: forgets these finished statements (all of them: null), with their result files,
   * unless pinned (their outcome is not in PostgreSQL yet); a lookup reads PostgreSQL's record.
   * How PostgreSQL's evictions reach this node's cache. True when one was forgotten.
   */
  forgetCached(handles: Iterable<string> | null): boolean {
    if (!this.inMemory) return false;
    let forgot = false;
    for (const handle of handles ?? this.written.keys()) forgot = this.forgetUnpinned(handle) || forgot;
    return forgot;
  }

  /** In memory: forgets a finished statement unless pinned; true when it did. */
  private forgetUnpinned(handle: string): boolean {
    const w = this.written.get(handle);
    if (!w || this.inMemory!.pinned(handle)) return false;
    this.forget(handle, w);
    return true;
  }

  /**
   * Removes a finished statement's stored result. Its record stays (QUERY_HISTORY, GET by
   * handle), rewritten without the inline partition and marked, so that reading the result
   * answers why it is gone.
   */
  private evict(handle: string): void {
    this.dropResult(handle);
    this.discardResult(handle);
    const w = this.written.get(handle);
    const rec = w && this.read(w);
    if (!rec) return;
    try {
      this.store(evictedRecord(rec, this.maxResultsBytes));
    } catch (e) {
      // The files go anyway (they free the disk); a read of them then answers "evicted" too.
      if (!isStorageError(e)) throw e;
      console.error(`Floe: could not record the eviction of result ${handle}: ${e.message}`);
    }
  }

  /** Rewrites the file in the background when superseded lines are most of it. */
  private maybeCompact(): void {
    const garbage = this.lines.size - this.keptBytes;
    if (this.lines.busy || garbage < COMPACT_MIN_GARBAGE || garbage < this.keptBytes) return;
    void this.compact().catch((e: unknown) => console.error(`Floe: registry compaction failed (retried as the file grows): ${e instanceof Error ? e.message : String(e)}`));
  }

  /** Compacts the file now (in slices); every handle reads the same before, during and after. */
  async compact(): Promise<void> {
    // (keptBytes stays right: lines move, none becomes current or superseded by moving.)
    await this.lines.compact(
      () => [...this.written.values(), ...this.liveLines.values()],
      (newAt) => {
        for (const w of this.written.values()) w.at = newAt(w.at);
        for (const s of this.liveLines.values()) s.at = newAt(s.at);
      },
    );
  }

  private writtenRecord(rec: StatementRecord, span: Span): WrittenRecord {
    return { at: span.at, bytes: span.bytes, createdOn: rec.createdOn, user: this.shared(rec.user), warehouse: rec.warehouse ? this.shared(rec.warehouse) : null, requestId: rec.requestId, internal: !!rec.internal,
      files: !!rec.result && rec.result.partitions.length > (rec.result.inline !== null ? 1 : 0) };
  }

  private shared(name: string): string {
    let kept = this.names.get(name);
    if (kept === undefined) this.names.set(name, (kept = name));
    return kept;
  }

  private read(w: Span): StatementRecord | undefined {
    try {
      return JSON.parse(this.lines.read(w)) as StatementRecord;
    } catch {
      return undefined;
    }
  }

  /**
   * Reads the file, forgets what is past retention, and writes it back compacted: one line per
   * statement. Result directories no kept record owns (a crash mid-statement, an eviction whose
   * files were not removed yet) are removed; the results cap is applied.
   */
  private load(): void {
    const latest = new Map<string, { rec: StatementRecord; span: Span }>();
    let end = 0;
    for (const { line, span } of this.lines.stored()) {
      end = span.at + span.bytes;
      try {
        const rec = JSON.parse(line) as StatementRecord;
        latest.delete(rec.handle); // the latest line decides the order too
        latest.set(rec.handle, { rec, span });
      } catch { /* a torn line */ }
    }
    const cutoff = Date.now() - this.retentionMs;
    const kept: StatementRecord[] = [];
    const changed = new Set<string>();
    for (const { rec } of latest.values()) {
      if (rec.createdOn < cutoff) continue;
      // A statement still running when the server stopped will never finish.
      if (rec.status === 'running') {
        rec.status = 'failed';
        rec.error = { code: '000604', sqlState: '57014', message: 'SQL execution canceled' };
        rec.endedOn = Date.now();
        changed.add(rec.handle);
      }
      kept.push(rec);
    }
    let spans: Span[];
    try {
      spans = this.lines.rewrite(kept.map((r) => JSON.stringify(r)));
    } catch (e) {
      // No room for the compacted copy: serve from the file as it is (records cancelled above stay in memory).
      if (!isStorageError(e)) throw e;
      console.error(`Floe: the statement registry could not be compacted at start: ${e.message}`);
      this.lines.open(end);
      spans = kept.map((r) => latest.get(r.handle)!.span);
    }
    kept.forEach((rec, i) => {
      if (!rec.parent) this.byRequestId.set(requestKey(rec.user, rec.requestId), rec.handle);
      if (changed.has(rec.handle) && spans[i] === latest.get(rec.handle)?.span) {
        this.live.set(rec.handle, rec);
        return;
      }
      this.written.set(rec.handle, this.writtenRecord(rec, spans[i]));
      this.keptBytes += spans[i].bytes;
    });
    // Oldest finished first: eviction order.
    const byEnd = kept.filter((r) => resultBytes(r) > 0).sort((a, b) => (a.endedOn ?? a.createdOn) - (b.endedOn ?? b.createdOn));
    for (const rec of byEnd) this.addResult(rec.handle, resultBytes(rec));
    this.evictOverCap(null);
    this.files.sweep((handle) => this.results.has(handle));
  }
}
