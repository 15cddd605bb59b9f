/**
 * Admission of statements to warehouses. A warehouse runs at most `maxConcurrency` of its
 * statements at once, and at most `readers` of them may be reads (each read holds one reader
 * worker of the shared engine pool); the others wait in the warehouse's FIFO queue. Everything
 * here is O(1) per statement: a counter check on the fast path, a Map entry while queued.
 */
import { sqlErrors } from '@/lib/sql/errors';
import type { WarehouseLimits } from './warehouse-limits';

/** A place on a warehouse; `release` (idempotent) frees it for the next statement in line. */
export interface Slot {
  release(): void;
}

export interface AdmitRequest {
  statementId: string;
  /** Runs on a reader worker (counts against the warehouse's readers). */
  reads: boolean;
  /** Seconds it may wait in the queue (0 = no limit). */
  queuedTimeoutSec: number;
  /** Called once if the statement has to wait. */
  onQueued?(): void;
}

interface Waiter {
  req: AdmitRequest;
  resolve(slot: Slot): void;
  reject(e: unknown): void;
  timer: NodeJS.Timeout | null;
}

class WarehouseQueue {
  running = 0;
  reading = 0;
  /** Waiting statements by id, in arrival order (a Map iterates in insertion order). */
  readonly waiting = new Map<string, Waiter>();

  constructor(public limits: WarehouseLimits) {}

  fits(reads: boolean): boolean {
    return this.running < this.limits.maxConcurrency && (!reads || this.reading < this.limits.readers);
  }
}

export interface WarehouseLoad {
  running: number;
  queued: number;
}

export class WarehouseScheduler {
  private readonly queues = new Map<string, WarehouseQueue>();
  /** Which queue a waiting statement is in (for cancel). */
  private readonly queuedIn = new Map<string, WarehouseQueue>();

  /**
   * A slot on `warehouse`: at once when it has room and nobody is waiting, otherwise a promise
   * that resolves in FIFO order (or rejects with 000630 after the queued timeout, or with the
   * reason given to `withdraw`).
   */
  admit(warehouse: string, limits: WarehouseLimits, req: AdmitRequest): Slot | Promise<Slot> {
    const q = this.queueOf(warehouse, limits);
    if (q.waiting.size === 0 && q.fits(req.reads)) return this.take(q, req.reads);
    return new Promise<Slot>((resolve, reject) => {
      const w: Waiter = { req, resolve, reject, timer: null };
      if (req.queuedTimeoutSec > 0) {
        w.timer = setTimeout(() => this.drop(q, w, sqlErrors.timedOut(req.queuedTimeoutSec)), req.queuedTimeoutSec * 1000);
      }
      q.waiting.set(req.statementId, w);
      this.queuedIn.set(req.statementId, q);
      req.onQueued?.();
    });
  }

  /**
   * A slot taken whether or not the warehouse has room: for a statement inside an open
   * transaction, which must not queue behind statements that wait for that transaction's writer.
   */
  force(warehouse: string, limits: WarehouseLimits, reads: boolean): Slot {
    return this.take(this.queueOf(warehouse, limits), reads);
  }

  /** Takes a waiting statement out of its queue, failing it with `reason`; false when it was not waiting. */
  withdraw(statementId: string, reason: unknown): boolean {
    const q = this.queuedIn.get(statementId);
    const w = q?.waiting.get(statementId);
    if (!q || !w) return false;
    this.drop(q, w, reason);
    return true;
  }

  load(warehouse: string): WarehouseLoad {
    const q = this.queues.get(warehouse);
    return { running: q?.running ?? 0, queued: q?.waiting.size ?? 0 };
  }

  /** New limits (after ALTER WAREHOUSE): a raised limit lets waiting statements in at once. */
  refresh(limitsOf: (warehouse: string) => WarehouseLimits | null): void {
    for (const [name, q] of this.queues) {
      const limits = limitsOf(name);
      if (limits) q.limits = limits;
      else if (q.running === 0 && q.waiting.size === 0) { this.queues.delete(name); continue; }
      this.pump(q);
    }
  }

  private queueOf(warehouse: string, limits: WarehouseLimits): WarehouseQueue {
    let q = this.queues.get(warehouse);
    if (!q) this.queues.set(warehouse, (q = new WarehouseQueue(limits)));
    else q.limits = limits;
    return q;
  }

  private take(q: WarehouseQueue, reads: boolean): Slot {
    q.running++;
    if (reads) q.reading++;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        q.running--;
        if (reads) q.reading--;
        this.pump(q);
      },
    };
  }

  /** Lets in waiting statements from the front while they fit (strict FIFO: the head blocks the rest). */
  private pump(q: WarehouseQueue): void {
    for (const w of q.waiting.values()) {
      if (!q.fits(w.req.reads)) return;
      this.forget(q, w);
      w.resolve(this.take(q, w.req.reads));
    }
  }

  private drop(q: WarehouseQueue, w: Waiter, reason: unknown): void {
    this.forget(q, w);
    w.reject(reason);
    // The head may have been the one that did not fit.
    this.pump(q);
  }

  private forget(q: WarehouseQueue, w: Waiter): void {
    if (w.timer) clearTimeout(w.timer);
    q.waiting.delete(w.req.statementId);
    this.queuedIn.delete(w.req.statementId);
  }
}
