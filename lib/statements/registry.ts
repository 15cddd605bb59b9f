/**
 * The statement registry: every statement's record, kept in memory for fast GETs and appended
 * to <dataDir>/statements/registry.jsonl so that handles and results survive a restart.
 * Results themselves (partition files) live under <dataDir>/results/<handle>/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StatementRecord } from './record';

export class StatementRegistry {
  private readonly records = new Map<string, StatementRecord>();
  private readonly byRequestId = new Map<string, string>();
  /** Handles remembered but not yet written (see `remember`). */
  private readonly unwritten = new Set<string>();
  private readonly file: string;
  private readonly fd: number;
  readonly resultsDir: string;

  private readonly pruner: NodeJS.Timeout;

  constructor(dataDir: string, private readonly retentionMs: number) {
    const dir = path.join(dataDir, 'statements');
    fs.mkdirSync(dir, { recursive: true });
    this.resultsDir = path.join(dataDir, 'results');
    fs.mkdirSync(this.resultsDir, { recursive: true });
    this.file = path.join(dir, 'registry.jsonl');
    this.load();
    this.fd = fs.openSync(this.file, 'a');
    this.pruner = setInterval(() => this.prune(), Math.min(retentionMs, 3_600_000));
    this.pruner.unref();
  }

  /** Forgets statements past their retention and deletes their results (the file compacts at start). */
  prune(now = Date.now()): void {
    const cutoff = now - this.retentionMs;
    for (const rec of this.records.values()) {
      if (rec.createdOn >= cutoff || rec.status === 'running') continue;
      this.records.delete(rec.handle);
      this.unwritten.delete(rec.handle);
      if (this.byRequestId.get(rec.requestId) === rec.handle) this.byRequestId.delete(rec.requestId);
      fs.rm(this.resultDir(rec.handle), { recursive: true, force: true }, () => {});
    }
  }

  resultDir(handle: string): string {
    return path.join(this.resultsDir, handle);
  }

  get(handle: string): StatementRecord | undefined {
    return this.records.get(handle);
  }

  /** A user's statements, newest first; every user's when `everyone` (ACCOUNTADMIN). */
  ofUser(user: string, everyone = false): StatementRecord[] {
    return [...this.records.values()].filter((r) => everyone || r.user === user).sort((a, b) => b.createdOn - a.createdOn);
  }

  byRequest(requestId: string): StatementRecord | undefined {
    const h = this.byRequestId.get(requestId);
    return h ? this.records.get(h) : undefined;
  }

  /**
   * Stores the current state of a record. The line reaches the kernel before the statement is
   * answered (a synchronous append of ~1 KB), so a kill -9 cannot lose an answered handle.
   */
  put(rec: StatementRecord): void {
    this.remember(rec);
    this.unwritten.delete(rec.handle);
    fs.writeSync(this.fd, `${JSON.stringify(rec)}\n`);
  }

  /**
   * Keeps a record in memory only: a statement answered before anyone saw its handle need not
   * reach the disk until it ends (`put`). Call `persist` before a handle leaves the server.
   */
  remember(rec: StatementRecord): void {
    this.records.set(rec.handle, rec);
    if (!rec.parent) this.byRequestId.set(rec.requestId, rec.handle);
    this.unwritten.add(rec.handle);
  }

  /** Writes a remembered record that has not reached the disk yet. */
  persist(rec: StatementRecord): void {
    if (this.unwritten.has(rec.handle)) this.put(rec);
  }

  private load(): void {
    if (!fs.existsSync(this.file)) return;
    const cutoff = Date.now() - this.retentionMs;
    const text = fs.readFileSync(this.file, 'utf8');
    for (const line of text.split('\n')) {
      if (!line) continue;
      let rec: StatementRecord;
      try { rec = JSON.parse(line) as StatementRecord; } catch { continue; }
      this.records.set(rec.handle, rec);
    }
    const kept: StatementRecord[] = [];
    for (const rec of this.records.values()) {
      if (rec.createdOn < cutoff) {
        this.records.delete(rec.handle);
        fs.rmSync(this.resultDir(rec.handle), { recursive: true, force: true });
        continue;
      }
      // A statement still running when the server stopped will never finish.
      if (rec.status === 'running') {
        rec.status = 'failed';
        rec.error = { code: '000604', sqlState: '57014', message: 'SQL execution canceled' };
        rec.endedOn = Date.now();
      }
      if (!rec.parent) this.byRequestId.set(rec.requestId, rec.handle);
      kept.push(rec);
    }
    // Compact: one line per live statement.
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, kept.map((r) => `${JSON.stringify(r)}\n`).join(''));
    fs.renameSync(tmp, this.file);
  }
}
