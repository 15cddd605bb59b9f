/**
 * Admission of statements to warehouses. A warehouse runs at most `maxConcurrency` of its
 * statements at once, and at most `readers` of them may be reads (each read holds one reader
 * worker of the shared engine pool); the others wait in the warehouse's queue. One user holds at
 * most his share of either (lib/limits/fair-share.ts), so that another user's statement finds a
 * place however many long statements the first one has: a user at his share waits while the
 * others' statements go ahead, and among waiting users the one holding the fewest places goes
 * first (FIFO within a user, and FIFO for everyone while nobody is at his share). The fast path
 * is a counter check; a release looks at the first waiting statement of each waiting user.
 */
import { userShare } from '@/lib/limits/fair-share';
import { sqlErrors } from '@/lib/sql/errors';
import type { WarehouseLimits } from './limits';

/** A place on a warehouse; `release` (idempotent) frees it for the next statement in line. */
export interface Slot {
  release(): void;
}

/** A place given by the scheduler: its release says which waiting statements it let in. */
export interface LocalSlot extends Slot {
  release(): AdmitRequest[];
}

export interface AdmitRequest {
  statementId: string;
  /** The request it is a statement of (whoever releases a place may hand it more than this one: see `release`). */
  owner?: string;
  /** Who runs it (each user holds at most his share of the warehouse). */
  user: string;
  /** Runs on a reader worker (counts against the warehouse's readers). */
  reads: boolean;
  /** Seconds it may wait in the queue (0 = no limit). */
  queuedTimeoutSec: number;
  /** Called once if the statement has to wait. */
  onQueued?(): void;
}

interface Waiter {
  req: AdmitRequest;
  /** Arrival number (FIFO between equals). */
  at: number;
  resolve(slot: LocalSlot): void;
  reject(e: unknown): void;
  timer: NodeJS.Timeout | null;
}

interface Held {
  running: number;
  reading: number;
}

class WarehouseQueue {
  running = 0;
  reading = 0;
  /** Places held by each user (no entry: none). */
  readonly held = new Map<string, Held>();
  /** Waiting statements by id, in arrival order (a Map iterates in insertion order). */
  readonly waiting = new Map<string, Waiter>();
  /** The same, per user, each in arrival order. */
  readonly waitingByUser = new Map<string, Waiter[]>();

  constructor(public limits: WarehouseLimits, private readonly sharePercent: number) {}

  /** The warehouse has room for one more (reading or not). */
  fits(reads: boolean): boolean {
    return this.running < this.limits.maxConcurrency && (!reads || this.reading < this.limits.readers);
  }

  /** The user holds less than his share of what the statement needs. */
  underShare(user: string, reads: boolean): boolean {
    const h = this.held.get(user);
    if (!h) return true;
    return h.running < userShare(this.limits.maxConcurrency, this.sharePercent) && (!reads || h.reading < userShare(this.limits.readers, this.sharePercent));
  }

  /**
   * The waiting statement to admit next: the first one of the user under his share who holds the
   * fewest places (earliest first between equals); null when every waiting user is at his share.
   */
  next(): Waiter | null {
    let best: Waiter | null = null;
    let bestHeld = Infinity;
    let bestAt = Infinity;
    for (const [user, list] of this.waitingByUser) {
      const w = list[0];
      if (!this.underShare(user, w.req.reads)) continue;
      const held = this.held.get(user)?.running ?? 0;
      if (held < bestHeld || (held === bestHeld && w.at < bestAt)) [best, bestHeld, bestAt] = [w, held, w.at];
    }
    return best;
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
  private arrivals = 0;

  /** `sharePercent`: how much of a warehouse one user may hold (FLOE_USER_SHARE_PERCENT). */
  constructor(private readonly sharePercent = 100) {}

  /**
   * A slot on `warehouse`: at once when it has room, the user is under his share and no statement
   * that could go is waiting; otherwise a promise that resolves in turn (or rejects with 000630
   * after the queued timeout, or with the reason given to `withdraw`).
   */
  admit(warehouse: string, limits: WarehouseLimits, req: AdmitRequest): LocalSlot | Promise<LocalSlot> {
    const q = this.queueOf(warehouse, limits);
    if (q.fits(req.reads) && q.underShare(req.user, req.reads) && (q.waiting.size === 0 || (!q.waitingByUser.has(req.user) && q.next() === null))) {
      return this.take(q, req.user, req.reads);
    }
    return new Promise<LocalSlot>((resolve, reject) => {
      const w: Waiter = { req, at: this.arrivals++, resolve, reject, timer: null };
      if (req.queuedTimeoutSec > 0) {
        w.timer = setTimeout(() => this.drop(q, w, sqlErrors.timedOut(req.queuedTimeoutSec)), req.queuedTimeoutSec * 1000);
      }
      q.waiting.set(req.statementId, w);
      const mine = q.waitingByUser.get(req.user);
      if (mine) mine.push(w);
      else q.waitingByUser.set(req.user, [w]);
      this.queuedIn.set(req.statementId, q);
      req.onQueued?.();
    });
  }

  /**
   * A slot taken whether or not the warehouse has room: for a statement inside an open
   * transaction, which must not queue behind statements that wait for that transaction's writer.
   */
  force(warehouse: string, limits: WarehouseLimits, user: string, reads: boolean): LocalSlot {
    return this.take(this.queueOf(warehouse, limits), user, reads);
  }

  /** Takes a waiting statement out of its queue, failing it with `reason`; false when it was not waiting. */
  withdraw(statementId: string, reason: unknown): boolean {
    const q = this.queuedIn.get(statementId);
    const w = q?.waiting.get(statementId);
    if (!q || !w) return false;
    this.drop(q, w, reason);
    return true;
  }

  /**
   * Whether `admit` would let a statement of `user` in at once if `ahead` more (`ahead.user` of
   * them his, all taken to read as it does) came first: the whole warehouse, its readers and the
   * user's share. A guess made before the statement is compiled (see StatementService.placeAtEntry).
   */
  admitsAtOnce(warehouse: string, limits: WarehouseLimits, user: string, reads: boolean, ahead: { all: number; user: number }): boolean {
    const q = this.queues.get(warehouse);
    const running = (q?.running ?? 0) + (q?.waiting.size ?? 0) + ahead.all;
    const reading = (q?.reading ?? 0) + ahead.all;
    if (running >= limits.maxConcurrency || (reads && reading >= limits.readers)) return false;
    const h = q?.held.get(user);
    const mine = (h?.running ?? 0) + (q?.waitingByUser.get(user)?.length ?? 0) + ahead.user;
    const mineReading = (h?.reading ?? 0) + ahead.user;
    return mine < userShare(limits.maxConcurrency, this.sharePercent) && (!reads || mineReading < userShare(limits.readers, this.sharePercent));
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
    if (!q) this.queues.set(warehouse, (q = new WarehouseQueue(limits, this.sharePercent)));
    else q.limits = limits;
    return q;
  }

  private take(q: WarehouseQueue, user: string, reads: boolean): LocalSlot {
    q.running++;
    if (reads) q.reading++;
    let h = q.held.get(user);
    if (!h) q.held.set(user, (h = { running: 0, reading: 0 }));
    h.running++;
    if (reads) h.reading++;
    let held = true;
    return {
      release: () => {
        if (!held) return [];
        held = false;
        q.running--;
        h.running--;
        if (reads) { q.reading--; h.reading--; }
        if (h.running === 0) q.held.delete(user);
        return this.pump(q);
      },
    };
  }

  /**
   * Lets in waiting statements in turn while they fit. The one whose turn it is blocks the rest
   * when the warehouse has no room for it (a waiting read keeps later writes behind it).
   */
  private pump(q: WarehouseQueue): AdmitRequest[] {
    const admitted: AdmitRequest[] = [];
    for (let w = q.next(); w && q.fits(w.req.reads); w = q.next()) {
      this.forget(q, w);
      w.resolve(this.take(q, w.req.user, w.req.reads));
      admitted.push(w.req);
    }
    return admitted;
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
    const mine = q.waitingByUser.get(w.req.user);
    const i = mine ? mine.indexOf(w) : -1;
    if (mine && i >= 0) mine.splice(i, 1);
    if (mine && mine.length === 0) q.waitingByUser.delete(w.req.user);
    this.queuedIn.delete(w.req.statementId);
  }
}
