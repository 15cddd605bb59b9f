/**
 * The partitions of one result that the page holds: a small least-recently-used cache, bounded in
 * partition count and in bytes (the partitions' JSON size), so that a result of any size costs
 * the page about the same memory. Partitions the grid shows now (`want`) are pinned; the rest
 * are evicted oldest first once a bound is passed. Loads no longer wanted are aborted.
 * Pure of React (unit-tested): the grid subscribes and reads rows by partition.
 */
export interface CacheLimits { maxPartitions: number; maxBytes: number }
export const DEFAULT_LIMITS: CacheLimits = { maxPartitions: 4, maxBytes: 32 * 1024 * 1024 };

/** Loads one partition's rows, in whatever form the cache's owner reads them (`P`). */
export type LoadPartition<P> = (partition: number, signal: AbortSignal) => Promise<P>;

export class PartitionCache<P> {
  /** Loaded partitions, least recently used first (a Map keeps insertion order). */
  private readonly held = new Map<number, P>();
  private readonly loading = new Map<number, AbortController>();
  private readonly failed = new Map<number, unknown>();
  private pinned = new Set<number>();
  private heldBytes = 0;
  private listeners = new Set<() => void>();
  /** Bumped on every change: a snapshot for useSyncExternalStore. */
  version = 0;

  constructor(
    private readonly load: LoadPartition<P>,
    /** A partition's size in bytes (its JSON size from partitionInfo). */
    private readonly sizeOf: (partition: number) => number,
    private readonly limits: CacheLimits = DEFAULT_LIMITS,
  ) {}

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => { this.listeners.delete(fn); };
  };

  getVersion = () => this.version;

  private changed() {
    this.version++;
    for (const fn of this.listeners) fn();
  }

  /** A partition's rows (marking it recently used), or undefined when it is not held. */
  get(partition: number): P | undefined {
    const rows = this.held.get(partition);
    if (rows) {
      this.held.delete(partition);
      this.held.set(partition, rows);
    }
    return rows;
  }

  has(partition: number): boolean { return this.held.has(partition); }
  get size(): number { return this.held.size; }
  get bytes(): number { return this.heldBytes; }
  get isLoading(): boolean { return this.loading.size > 0; }
  /** The first load error of a wanted partition, if any. */
  get error(): unknown { for (const p of this.pinned) if (this.failed.has(p)) return this.failed.get(p); return null; }
  /** Partition numbers held, least recently used first. */
  heldPartitions(): number[] { return [...this.held.keys()]; }

  /** Adds rows already in hand (partition 0 comes with the statement's answer). */
  put(partition: number, rows: P): void {
    if (this.held.has(partition)) this.heldBytes -= this.sizeOf(partition);
    this.held.delete(partition);
    this.held.set(partition, rows);
    this.heldBytes += this.sizeOf(partition);
    this.failed.delete(partition);
    this.evict();
    this.changed();
  }

  /** The partitions to show now: pinned, fetched when missing; loads of others are aborted. */
  want(partitions: readonly number[]): void {
    this.pinned = new Set(partitions);
    for (const [p, ctl] of this.loading) {
      if (!this.pinned.has(p)) { ctl.abort(); this.loading.delete(p); }
    }
    for (const p of partitions) {
      if (this.held.has(p)) this.get(p);
      else if (!this.loading.has(p) && !this.failed.has(p)) this.fetch(p);
    }
  }

  /** Tries failed partitions again. */
  retry(): void {
    this.failed.clear();
    this.want([...this.pinned]);
    this.changed();
  }

  /** Aborts every load (the grid unmounts); the cache stays usable. */
  abortAll(): void {
    for (const ctl of this.loading.values()) ctl.abort();
    this.loading.clear();
  }

  private fetch(p: number): void {
    const ctl = new AbortController();
    this.loading.set(p, ctl);
    this.changed();
    this.load(p, ctl.signal).then(
      (rows) => {
        if (this.loading.get(p) !== ctl) return; // aborted or superseded
        this.loading.delete(p);
        this.put(p, rows);
      },
      (e: unknown) => {
        if (this.loading.get(p) !== ctl) return;
        this.loading.delete(p);
        this.failed.set(p, e);
        this.changed();
      },
    );
  }

  /** Drops least recently used, unpinned partitions while a bound is passed. */
  private evict(): void {
    for (const p of [...this.held.keys()]) {
      if (this.held.size <= this.limits.maxPartitions && this.heldBytes <= this.limits.maxBytes) return;
      if (this.pinned.has(p)) continue;
      this.held.delete(p);
      this.heldBytes -= this.sizeOf(p);
    }
  }
}
