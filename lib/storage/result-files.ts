/**
 * Where stored results live on disk, in one place: `<dataDir>/results/<handle>/p<n>.json`, one
 * file per jsonv2 partition (the engine's result writer writes them; the API, RESULT_SCAN, the
 * result cache and exports read them). A small first partition is not a file: it is kept inline
 * in the statement's record, so readers go through `readPartition*` with the record's `inline`.
 * The statement registry decides what is kept (retention, FLOE_MAX_RESULTS_BYTES); this module
 * only knows the layout.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ResultStore } from './result-store';

/** Partition `n` of the result in `dir`. */
export const partitionFile = (dir: string, n: number): string => path.join(dir, `p${n}.json`);

/** A stored result as its readers name it: its directory and its inline first partition, if any. */
export interface StoredPartitions {
  dir: string;
  inline: string | null;
}

/** Partition `n`'s JSON as stored (file bytes are never decoded here); ENOENT when its files were removed. */
export function readPartition(r: StoredPartitions, n: number): Promise<string | Buffer> {
  if (n === 0 && r.inline !== null) return Promise.resolve(r.inline);
  return fs.promises.readFile(partitionFile(r.dir, n));
}

/** readPartition, as text and synchronous (the engine thread reads RESULT_SCAN's rows so). */
export function readPartitionSync(r: StoredPartitions, n: number): string {
  return n === 0 && r.inline !== null ? r.inline : fs.readFileSync(partitionFile(r.dir, n), 'utf8');
}

/** The results directory of one data dir. */
export class ResultFiles implements ResultStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'results');
    fs.mkdirSync(this.root, { recursive: true });
  }

  dir(handle: string): string {
    return path.join(this.root, handle);
  }

  /** The partitions of `from` become `to`'s too (hard links: a cached result costs no copy). */
  async link(from: string, to: string, partitions: number, inline: boolean): Promise<void> {
    const first = inline ? 1 : 0;
    if (first >= partitions) return;
    await fs.promises.mkdir(this.dir(to), { recursive: true });
    for (let n = first; n < partitions; n++) await fs.promises.link(partitionFile(this.dir(from), n), partitionFile(this.dir(to), n));
  }

  /** (The engine's result writer writes the files itself; this is for results made elsewhere.) */
  async write(handle: string, _createdOn: number, n: number, data: Buffer | string): Promise<void> {
    await fs.promises.mkdir(this.dir(handle), { recursive: true });
    await fs.promises.writeFile(partitionFile(this.dir(handle), n), data);
  }

  read(handle: string, _createdOn: number, n: number): Promise<Buffer> {
    return fs.promises.readFile(partitionFile(this.dir(handle), n));
  }

  /** Deletes a result's files (in the background: nothing waits on it). */
  remove(handle: string): void {
    fs.rm(this.dir(handle), { recursive: true, force: true }, () => {});
  }

  /** Deletes the results `keep` does not want (left by a crash, or by a record that was never written). */
  sweep(keep: (handle: string) => boolean): void {
    for (const entry of fs.readdirSync(this.root)) if (!keep(entry)) fs.rmSync(path.join(this.root, entry), { recursive: true, force: true });
  }
}
