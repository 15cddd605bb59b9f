/**
 * The statement registry: every statement's record, appended to
 * <dataDir>/statements/registry.jsonl so that handles and results survive a restart. Results
 * themselves (partition files) live under <dataDir>/results/<handle>/.
 *
 * Only running statements are kept as objects. A finished one is a line in the file: memory holds
 * where that line is (and what pruning and QUERY_HISTORY filter on), so a day of statements costs
 * ~150 bytes each however big their first partitions, and the request thread's heap stays small
 * (fewer survivors for the garbage collector to copy). A GET of a finished handle reads its line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { QueryHistoryFilter } from '@/lib/sql/compile/virtual-tables';
import type { StatementRecord } from './record';

/** Where a finished statement's latest line is, with the fields read without it. */
interface WrittenRecord {
  at: number;
  bytes: number;
  createdOn: number;
  user: string;
  warehouse: string | null;
  requestId: string;
}

export class StatementRegistry {
  /** Running statements (and finished ones whose final line is not written yet): the objects the service mutates. */
  private readonly live = new Map<string, StatementRecord>();
  /** Finished statements: where their final lines are. */
  private readonly written = new Map<string, WrittenRecord>();
  private readonly byRequestId = new Map<string, string>();
  /** Live handles remembered but not yet written (see `remember`). */
  private readonly unwritten = new Set<string>();
  /** User and warehouse names, one string each: the WrittenRecords naming one share it. */
  private readonly names = new Map<string, string>();
  private readonly file: string;
  private fd = -1;
  /** Bytes in the file: where the next line starts. */
  private size = 0;
  readonly resultsDir: string;

  private readonly pruner: NodeJS.Timeout;

  constructor(dataDir: string, private readonly retentionMs: number) {
    const dir = path.join(dataDir, 'statements');
    fs.mkdirSync(dir, { recursive: true });
    this.resultsDir = path.join(dataDir, 'results');
    fs.mkdirSync(this.resultsDir, { recursive: true });
    this.file = path.join(dir, 'registry.jsonl');
    this.load();
    this.pruner = setInterval(() => this.prune(), Math.min(retentionMs, 3_600_000));
    this.pruner.unref();
  }

  /** Forgets statements past their retention and deletes their results (the file compacts at start). */
  prune(now = Date.now()): void {
    const cutoff = now - this.retentionMs;
    for (const [handle, w] of this.written) {
      if (w.createdOn >= cutoff) continue;
      this.written.delete(handle);
      if (this.byRequestId.get(w.requestId) === handle) this.byRequestId.delete(w.requestId);
      fs.rm(this.resultDir(handle), { recursive: true, force: true }, () => {});
    }
  }

  resultDir(handle: string): string {
    return path.join(this.resultsDir, handle);
  }

  /** The record of a handle: the live object while it runs, else a fresh copy read from its line. */
  get(handle: string): StatementRecord | undefined {
    const live = this.live.get(handle);
    if (live) return live;
    const w = this.written.get(handle);
    return w && this.read(w);
  }

  /**
   * The newest `limit` statements `user` may see (everyone's when `everyone`, ACCOUNTADMIN),
   * newest first; `userName` keeps one user's, `warehouseName` one warehouse's. Only those
   * returned are read from the file.
   */
  history(q: QueryHistoryFilter & { user: string; everyone: boolean }): StatementRecord[] {
    const shown = (r: { user: string; warehouse?: string | null }) => (q.everyone || r.user === q.user)
      && (q.userName === undefined || r.user === q.userName)
      && (q.warehouseName === undefined || r.warehouse === q.warehouseName);
    const newest = <T extends { createdOn: number }>(a: T, b: T) => b.createdOn - a.createdOn;
    const running = [...this.live.values()].filter(shown).sort(newest);
    const finished = [...this.written.values()].filter(shown).sort(newest);
    const out: StatementRecord[] = [];
    let i = 0;
    let j = 0;
    while (out.length < q.limit && (i < running.length || j < finished.length)) {
      if (j >= finished.length || (i < running.length && running[i].createdOn >= finished[j].createdOn)) out.push(running[i++]);
      else {
        const rec = this.read(finished[j++]);
        if (rec) out.push(rec);
      }
    }
    return out;
  }

  byRequest(requestId: string): StatementRecord | undefined {
    const h = this.byRequestId.get(requestId);
    return h ? this.get(h) : undefined;
  }

  /**
   * Stores the current state of a record. The line reaches the kernel before the statement is
   * answered (a synchronous append of ~1 KB), so a kill -9 cannot lose an answered handle.
   * A finished record leaves memory: later reads get it from its line (without an answerOnce result).
   */
  put(rec: StatementRecord): void {
    // A secret result stays with the in-memory record its own response is built from.
    const bytes = fs.writeSync(this.fd, `${JSON.stringify(rec.answerOnce ? { ...rec, result: undefined } : rec)}\n`);
    const at = this.size;
    this.size += bytes;
    this.unwritten.delete(rec.handle);
    if (!rec.parent) this.byRequestId.set(rec.requestId, rec.handle);
    if (rec.status === 'running') {
      this.live.set(rec.handle, rec);
      return;
    }
    this.live.delete(rec.handle);
    this.written.set(rec.handle, this.writtenRecord(rec, at, bytes));
  }

  /**
   * Keeps a record in memory only: a statement answered before anyone saw its handle need not
   * reach the disk until it ends (`put`). Call `persist` before a handle leaves the server.
   */
  remember(rec: StatementRecord): void {
    this.live.set(rec.handle, rec);
    if (!rec.parent) this.byRequestId.set(rec.requestId, rec.handle);
    this.unwritten.add(rec.handle);
  }

  /** Writes a remembered record that has not reached the disk yet. */
  persist(rec: StatementRecord): void {
    if (this.unwritten.has(rec.handle)) this.put(rec);
  }

  private writtenRecord(rec: StatementRecord, at: number, bytes: number): WrittenRecord {
    return { at, bytes, createdOn: rec.createdOn, user: this.shared(rec.user), warehouse: rec.warehouse ? this.shared(rec.warehouse) : null, requestId: rec.requestId };
  }

  private shared(name: string): string {
    let kept = this.names.get(name);
    if (kept === undefined) this.names.set(name, (kept = name));
    return kept;
  }

  private read(w: WrittenRecord): StatementRecord | undefined {
    const buf = Buffer.allocUnsafe(w.bytes);
    try {
      fs.readSync(this.fd, buf, 0, w.bytes, w.at);
      return JSON.parse(buf.toString('utf8')) as StatementRecord;
    } catch {
      return undefined;
    }
  }

  /** Reads the file, forgets what is past retention, and writes it back compacted: one line per statement. */
  private load(): void {
    const records = new Map<string, StatementRecord>();
    if (fs.existsSync(this.file)) {
      for (const line of fs.readFileSync(this.file, 'utf8').split('\n')) {
        if (!line) continue;
        try {
          const rec = JSON.parse(line) as StatementRecord;
          records.set(rec.handle, rec);
        } catch { /* a torn last line */ }
      }
    }
    const cutoff = Date.now() - this.retentionMs;
    const tmp = `${this.file}.tmp`;
    const out = fs.openSync(tmp, 'w');
    for (const rec of records.values()) {
      if (rec.createdOn < cutoff) {
        fs.rmSync(this.resultDir(rec.handle), { recursive: true, force: true });
        continue;
      }
      // A statement still running when the server stopped will never finish.
      if (rec.status === 'running') {
        rec.status = 'failed';
        rec.error = { code: '000604', sqlState: '57014', message: 'SQL execution canceled' };
        rec.endedOn = Date.now();
      }
      const bytes = fs.writeSync(out, `${JSON.stringify(rec)}\n`);
      this.written.set(rec.handle, this.writtenRecord(rec, this.size, bytes));
      this.size += bytes;
      if (!rec.parent) this.byRequestId.set(rec.requestId, rec.handle);
    }
    fs.closeSync(out);
    fs.renameSync(tmp, this.file);
    // Appends go to the end whatever the position; reads name their offset.
    this.fd = fs.openSync(this.file, 'a+');
  }
}
