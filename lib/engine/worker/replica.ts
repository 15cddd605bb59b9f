/**
 * One sql.js database replica. The writer executes new writes and journals them; readers apply
 * the writer's journal entries before they answer a read, so every replica at the same LSN holds
 * the same data.
 */
import fs from 'node:fs';
import path from 'node:path';
import initSqlJs, { type Database, type Statement } from 'sql.js';
import type { EngineLimits } from '../limits';
import { mapSqliteError } from '../sqlite-errors';
import { bindsAsNumber } from '@/lib/values';
import { appendRecord, completeRecordsEnd, isStorageError, readFileChunked, syncDir } from '@/lib/storage/durable-file';
import { ensureFreeSpace } from '@/lib/storage/free-space';
import type { JournalEntry } from '../protocol';
import { journalLine, writeImageFile } from '../storage';
import { EngineFailure, type ExecPlan, type ExecResult, type SqlStep, type StepParam, type StatementPins } from '../types';
import { CancelSignal } from './cancel';
import { registerFunctions } from './functions';
import { ResultWriter } from './result-writer';
import { withStoredRows } from './stored-rows';

const CANCEL_CHECK_EVERY = 512;

type SqlJs = Awaited<ReturnType<typeof initSqlJs>>;

/** sql.js 1.16's get(params, {useBigInt}) (not in @types/sql.js): exact INTEGERs as bigint. */
const getRow = (stmt: Statement, useBigInt: boolean): unknown[] =>
  (stmt.get as unknown as (p: null, c: { useBigInt: boolean }) => unknown[]).call(stmt, null, { useBigInt });
let sqlJs: Promise<SqlJs> | null = null;

/** Emscripten's hook: instantiates the module the process compiled once (worker-handle.ts), compiling nothing. */
const fromModule = (wasm: WebAssembly.Module) => ({
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
    const instance = new WebAssembly.Instance(wasm, imports);
    done(instance, wasm);
    return instance.exports;
  },
});

function bindable(p: StepParam): string | number | Uint8Array | null {
  // Stored rows were read by withStoredRows before the plan ran.
  if (p !== null && typeof p === 'object' && !(p instanceof Uint8Array)) throw new Error('stored rows bound unread');
  if (typeof p === 'bigint') return bindsAsNumber(p) ? Number(p) : p.toString();
  return p;
}

export class Replica {
  lsn: number;
  private readonly pins: StatementPins = { nowMs: Date.now(), seed: 1, timezone: 'UTC' };
  /** Sequence values handed out by the running statement (functions/sequences.ts). */
  private readonly sequences = new Map<number, number>();
  /** The writer's journal segment and the length of its complete entries (appends go exactly there). */
  private journal: { fd: number; end: number; dir: string } | null = null;
  /** FLOE_MIN_FREE_DISK_BYTES: writes are refused below it, before they run. */
  minFreeBytes = 0;
  /** Entries of the open explicit transaction, journaled together at COMMIT. */
  private txn: { sessionId: string; writes: JournalEntry['writes']; costMs: number } | null = null;

  private constructor(
    private readonly db: Database,
    readonly cancel: CancelSignal,
    lsn: number,
  ) {
    this.lsn = lsn;
    registerFunctions(db, { pins: this.pins, cancel, sequences: this.sequences });
  }

  static async open(imagePath: string | null, imageLsn: number, cancel: CancelSignal, wasm?: WebAssembly.Module): Promise<Replica> {
    sqlJs ??= initSqlJs(wasm ? (fromModule(wasm) as Parameters<typeof initSqlJs>[0]) : undefined);
    const SQL = await sqlJs;
    // sql.js copies the bytes into its own file system: the buffer read here is garbage at once.
    const db = imagePath ? new SQL.Database(readFileChunked(imagePath)) : new SQL.Database();
    db.run('PRAGMA foreign_keys = OFF');
    return new Replica(db, cancel, imageLsn);
  }

  /** The loaded sql.js module: its stack pointer tells whether a failure left frames behind (health.ts). */
  static async wasm(): Promise<{ stackSave(): number }> {
    return (await (sqlJs ??= initSqlJs())) as unknown as { stackSave(): number };
  }

  /**
   * SQLite's side of the resource limits: its heap (SQLITE_NOMEM past it, a statement memory
   * error) and, on the writer, the file's pages (SQLITE_FULL, a database size error; readers only
   * replay what fitted). SQLite never sets max_page_count below the current size: a database
   * already larger stays readable and can shrink, but cannot grow.
   */
  bound(limits: EngineLimits, writer: boolean): void {
    this.db.run(`PRAGMA hard_heap_limit = ${Math.floor(limits.maxStatementMemoryBytes)}`);
    if (!writer) return;
    const pageSize = Number(this.db.exec('PRAGMA page_size')[0].values[0][0]);
    this.db.run(`PRAGMA max_page_count = ${Math.max(1, Math.floor(limits.maxDatabaseBytes / pageSize))}`);
  }

  /**
   * Fault injection (lib/storage/faults.ts): a real WebAssembly trap, the way an oversized
   * function result used to overrun sql.js's stack, to test that a broken replica is replaced.
   */
  trapForFault(): void {
    this.db.create_function('floe_fault_trap', () => 'x'.repeat(8 * 1024 * 1024));
    this.db.exec('SELECT floe_fault_trap()');
  }

  /** Appends from now on go to this journal segment (a new one after each checkpoint). */
  openJournal(file: string): void {
    // Not O_APPEND: Linux ignores the position of a positional write to such a file.
    const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
    let end: number;
    try {
      end = completeRecordsEnd(fd);
      const size = fs.fstatSync(fd).size;
      if (end < size) {
        fs.ftruncateSync(fd, end);
        console.warn(`Floe: cut ${size - end} bytes of an unfinished journal entry off ${path.basename(file)}`);
      }
      syncDir(path.dirname(file), 'journal');
    } catch (e) {
      fs.closeSync(fd);
      throw e;
    }
    // Only now: if the new segment cannot be opened, appends go on in the old one.
    if (this.journal) fs.closeSync(this.journal.fd);
    this.journal = { fd, end, dir: path.dirname(file) };
  }

  /** Wasm runs twice as slow until V8 tiers it up: a few small queries do that (engine-notes §1). */
  warmUp(): void {
    for (let i = 0; i < 20; i++) {
      this.db.exec('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000) SELECT sum(x) FROM c');
    }
  }

  apply(entries: JournalEntry[]): void {
    for (const e of entries) {
      if (e.lsn <= this.lsn) continue;
      if (e.lsn !== this.lsn + 1) throw new Error(`journal gap: at ${this.lsn}, got ${e.lsn}`);
      const grouped = e.writes.length > 1;
      if (grouped) this.db.run('BEGIN');
      try {
        for (const w of e.writes) this.runSteps(w.steps, w.pins);
        if (grouped) this.db.run('COMMIT');
      } catch (err) {
        if (grouped) this.db.run('ROLLBACK');
        throw err;
      }
      this.lsn = e.lsn;
    }
  }

  get inTransaction(): boolean {
    return this.txn !== null;
  }

  execute(given: ExecPlan): { result: ExecResult; committed: JournalEntry | null } {
    const started = performance.now();
    const plan = withStoredRows(given);
    this.pin(plan.pins);
    if (plan.transaction) return { result: { kind: 'none' }, committed: this.transaction(plan) };
    const write = plan.access === 'write';
    if (!write) return { result: this.runPlan(plan), committed: null };
    // Refused before it runs while the disk is below its reserve: nothing is half-written.
    if (this.journal) ensureFreeSpace(this.journal.dir, 0, this.minFreeBytes);
    const record = { steps: plan.steps, pins: { ...plan.pins } };
    let result: ExecResult;
    let committed: JournalEntry | null = null;
    this.db.run('SAVEPOINT floe_statement');
    try {
      result = this.runPlan(plan);
      // Journaled before it is kept: a write whose entry did not reach the disk is undone here.
      if (!this.txn) committed = this.journalEntry([record], performance.now() - started);
      this.db.run('RELEASE floe_statement');
    } catch (e) {
      this.undoStatement(e);
      throw e;
    }
    if (committed) this.lsn = committed.lsn;
    else if (this.txn) {
      this.txn.writes.push(record);
      this.txn.costMs += performance.now() - started;
    }
    return { result, committed };
  }

  /**
   * After SQLITE_FULL or NOMEM, SQLite may have rolled back the whole transaction, savepoint and
   * all. Outside BEGIN … COMMIT that is the statement's undo; inside, this replica's idea of the
   * open transaction is wrong, so it is rebuilt (health.ts) and the transaction is gone; so is
   * a replica whose undo failed otherwise (a trap).
   */
  private undoStatement(failure: unknown): void {
    try {
      this.db.run('ROLLBACK TO floe_statement');
      this.db.run('RELEASE floe_statement');
    } catch (undo) {
      // "no such savepoint" is SQLite having undone it all; anything else leaves the state unknown.
      if (this.txn || !/no such savepoint/.test(undo instanceof Error ? undo.message : String(undo))) throw new ReplicaUnsound(failure);
    }
  }

  endSession(sessionId: string): void {
    if (this.txn && this.txn.sessionId === sessionId) {
      this.db.run('ROLLBACK');
      this.txn = null;
    }
  }

  /** Writes a consistent image of the database (atomically, durably) to a file. */
  writeImage(file: string): void {
    this.db.run(`INSERT OR REPLACE INTO _floe_meta(key, value) VALUES ('lsn', '${this.lsn}')`);
    writeImageFile(file, this.db.export());
  }

  query(sql: string, params: unknown[] = []): { columns: string[]; rows: unknown[][] } {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params as (string | number | null)[]);
      const rows: unknown[][] = [];
      while (stmt.step()) rows.push(getRow(stmt, false));
      return { columns: stmt.getColumnNames(), rows };
    } finally {
      stmt.free();
    }
  }

  private transaction(plan: ExecPlan): JournalEntry | null {
    if (plan.transaction === 'begin') {
      if (this.txn) return null; // BEGIN inside a transaction is a no-op, as in Snowflake
      this.db.run('BEGIN');
      this.txn = { sessionId: plan.sessionId, writes: [], costMs: 0 };
      return null;
    }
    if (!this.txn) return null;
    const txn = this.txn;
    this.txn = null;
    if (plan.transaction === 'rollback' || txn.writes.length === 0) {
      this.db.run(plan.transaction === 'rollback' ? 'ROLLBACK' : 'COMMIT');
      return null;
    }
    let entry: JournalEntry;
    try {
      entry = this.journalEntry(txn.writes, txn.costMs);
    } catch (e) {
      // A COMMIT whose entry did not reach the disk rolls the transaction back.
      this.db.run('ROLLBACK');
      throw e;
    }
    this.db.run('COMMIT');
    this.lsn = entry.lsn;
    return entry;
  }

  /**
   * Appends the next entry to the journal (fully, synced) at the journal's known end. Throws a
   * StorageError when it did not reach the disk; the caller then rolls the write back.
   */
  private journalEntry(writes: JournalEntry['writes'], costMs: number): JournalEntry {
    const entry: JournalEntry = { lsn: this.lsn + 1, writes, costMs };
    if (this.journal) {
      const line = Buffer.from(journalLine(entry), 'utf8');
      ensureFreeSpace(this.journal.dir, line.length, this.minFreeBytes);
      this.journal.end += appendRecord(this.journal.fd, this.journal.end, line, 'journal');
    }
    return entry;
  }

  /** The statement's pins; one that lacks the optional ones gets their defaults, not the previous statement's. */
  private pin(pins: StatementPins): void {
    Object.assign(this.pins, { weekStart: 0, weekOfYearPolicy: 0 }, pins);
    this.sequences.clear();
  }

  private runSteps(steps: SqlStep[], pins: StatementPins): void {
    this.pin(pins);
    for (const s of steps) {
      if (s.params && s.params.length) this.db.run(s.sql, s.params.map(bindable));
      else this.db.run(s.sql);
    }
  }

  private runPlan(plan: ExecPlan): ExecResult {
    if (plan.output === 'plan') return this.explain(plan);
    const last = plan.steps.length - 1;
    const perStep: number[] = [];
    for (let i = 0; i < (plan.output === 'rows' ? last : last + 1); i++) {
      const s = plan.steps[i];
      if (s.params && s.params.length) this.db.run(s.sql, s.params.map(bindable));
      else this.db.run(s.sql);
      // getRowsModified is not reset by DDL, so it is read only where DML ran.
      perStep.push(this.db.getRowsModified());
    }
    if (plan.output === 'rows') return this.readRows(plan, plan.steps[last]);
    return plan.output === 'changes' ? { kind: 'changes', changes: perStep[last], perStep } : { kind: 'none' };
  }

  /** The query plan of the first step (not run) and the rows of the last, when there is another. */
  private explain(plan: ExecPlan): ExecResult {
    const [query, ...rest] = plan.steps;
    const { rows } = this.query(`EXPLAIN QUERY PLAN ${query.sql}`, (query.params ?? []).map(bindable));
    const nodes = rows.map(([id, parent, , detail]) => ({ id: Number(id), parent: Number(parent), detail: String(detail) }));
    const last = rest[rest.length - 1];
    return { kind: 'plan', plan: nodes, rows: last ? this.query(last.sql, (last.params ?? []).map(bindable)).rows : [] };
  }

  private readRows(plan: ExecPlan, step: SqlStep): ExecResult {
    const stmt: Statement = this.db.prepare(step.sql);
    try {
      if (step.params && step.params.length) stmt.bind(step.params.map(bindable));
      const columns = plan.columns ?? stmt.getColumnNames().map(() => ({ type: 'auto' as const, scale: null }));
      // Typed columns need no BigInt decoding of every integer (the slow path of sql.js); a row is
      // re-read exactly only when a fixed column holds an integer beyond 2^53.
      const fixedCols = columns.flatMap((c, i) => (c.type === 'fixed' ? [i] : []));
      const exactOnly = columns.some((c) => c.type === 'auto');
      const nextRow = (): unknown[] => {
        if (exactOnly) return getRow(stmt, true);
        const row = getRow(stmt, false);
        for (const i of fixedCols) {
          const v = row[i];
          if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) return getRow(stmt, true);
        }
        return row;
      };
      const writer = new ResultWriter(columns, plan.formats ?? { timezone: plan.pins.timezone }, plan.limits!, plan.resultDir, plan.nullAsString === true);
      let n = 0;
            while (stmt.step()) {
        if (++n % CANCEL_CHECK_EVERY === 0) this.cancel.throwIfRequested();
        if (!writer.add(nextRow())) break;
      }
      const { partitions, inlineFirstPartition } = writer.finish();
      return { kind: 'rows', columnNames: stmt.getColumnNames(), numRows: writer.numRows, partitions, inlineFirstPartition, columnTypes: writer.columnTypes(), truncated: writer.truncated };
    } finally {
      stmt.free();
    }
  }
}

/** A failure after which this replica's state cannot be trusted: it is replaced (health.ts). */
export class ReplicaUnsound extends Error {
  constructor(readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

export function toFailure(e: unknown): EngineFailure {
  if (e instanceof EngineFailure) return e;
  if (isStorageError(e)) return new EngineFailure(e.resource);
  const message = e instanceof Error ? e.message : String(e);
  return new EngineFailure(mapSqliteError(message));
}
