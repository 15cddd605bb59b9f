/**
 * Where each row of a partitioned result lives, and which partitions a visible row range needs.
 * Pure (unit-tested): the grid asks for a range, the partition cache fetches what is missing, rows are read.
 */
export class PartitionIndex {
  /** starts[k] = index of the first row of partition k; starts[count] = total rows. */
  readonly starts: number[];

  constructor(rowCounts: readonly number[]) {
    this.starts = [0];
    for (const c of rowCounts) this.starts.push(this.starts[this.starts.length - 1] + c);
  }

  get totalRows(): number { return this.starts[this.starts.length - 1]; }
  get partitionCount(): number { return this.starts.length - 1; }

  /** The partition holding row `row` and the row's offset in it (binary search), or null when out of range. */
  locate(row: number): { partition: number; offset: number } | null {
    if (row < 0 || row >= this.totalRows) return null;
    let lo = 0;
    let hi = this.partitionCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    return { partition: lo, offset: row - this.starts[lo] };
  }

  /** Partitions covering rows [first, last] (inclusive, clamped), in order. */
  partitionsFor(first: number, last: number): number[] {
    if (this.totalRows === 0 || last < first) return [];
    const a = this.locate(Math.max(0, first))!.partition;
    const b = this.locate(Math.min(this.totalRows - 1, last))!.partition;
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  }

  /** Row `row` from the loaded partitions, or undefined while its partition is not loaded. */
  row<R>(row: number, loaded: (partition: number) => { row(offset: number): R | undefined } | undefined): R | undefined {
    const at = this.locate(row);
    return at ? loaded(at.partition)?.row(at.offset) : undefined;
  }
}
