/**
 * What a warehouse's settings allow its statements (lib/warehouses/scheduler.ts):
 * MAX_CONCURRENCY_LEVEL statements at once, reader workers by size (X-Small gets
 * `xsmallReaders`, each size up twice as many, never more than the pool's `maxReaders`),
 * STATEMENT_QUEUED_TIMEOUT_IN_SECONDS, and whether it may run now (STATE, AUTO_RESUME).
 */
import type { WarehouseInfo } from '@/lib/catalog/catalog';
import { SIZE_ORDER, warehouseSetting } from '@/lib/sql/commands/warehouses';

export interface ReaderPool {
  maxReaders: number;
  xsmallReaders: number;
}

export interface WarehouseLimits {
  maxConcurrency: number;
  /**
   * Reads of this warehouse that may run at once (each holds a reader worker); Infinity when the
   * size allows the whole pool, whose own bound then applies (reads wait for a free reader in the
   * engine, exactly as before warehouses shaped the pool).
   */
  readers: number;
  /** 0 = none. */
  queuedTimeoutSec: number;
  /** The warehouse's STATEMENT_TIMEOUT_IN_SECONDS; 0 = none. */
  statementTimeoutSec: number;
  suspended: boolean;
  autoResume: boolean;
}

export function readersForSize(size: string, pool: ReaderPool): number {
  const rank = Math.max(0, SIZE_ORDER.indexOf(size));
  return Math.max(1, Math.min(pool.maxReaders, pool.xsmallReaders * 2 ** rank));
}

/**
 * Limits of a warehouse, computed once per catalog row: a catalog reload makes new rows, so an
 * ALTER WAREHOUSE is seen by the next statement without any per-statement work.
 */
export class WarehouseLimitsCache {
  private readonly cache = new WeakMap<WarehouseInfo, WarehouseLimits>();

  constructor(private readonly pool: ReaderPool) {}

  of(w: WarehouseInfo): WarehouseLimits {
    let l = this.cache.get(w);
    if (!l) {
      l = {
        maxConcurrency: Math.max(1, w.maxConcurrency),
        readers: readersForSize(w.size, this.pool) >= this.pool.maxReaders ? Infinity : readersForSize(w.size, this.pool),
        queuedTimeoutSec: Number(warehouseSetting(w, 'STATEMENT_QUEUED_TIMEOUT_IN_SECONDS') ?? 0) || 0,
        statementTimeoutSec: Number(warehouseSetting(w, 'STATEMENT_TIMEOUT_IN_SECONDS') ?? 0) || 0,
        suspended: warehouseSetting(w, 'STATE') === 'SUSPENDED',
        autoResume: warehouseSetting(w, 'AUTO_RESUME') !== 'false',
      };
      this.cache.set(w, l);
    }
    return l;
  }
}

/** The queued timeout in force: the smaller of the warehouse's and the session's, where set (> 0). */
export function effectiveQueuedTimeout(warehouseSec: number, sessionSec: number | undefined): number {
  const set = [warehouseSec, sessionSec ?? 0].filter((s) => s > 0);
  return set.length ? Math.min(...set) : 0;
}
