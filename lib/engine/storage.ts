/**
 * On-disk state of the embedded engine under <dataDir>/engine:
 *   image-<lsn>.sqlite   checkpoint images (the newest complete one wins)
 *   journal-<lsn>.log    journal segments, one JSON entry per line, starting after <lsn>
 * An entry is durable (fdatasync) before its statement is answered; a torn last line is an
 * unanswered statement and is dropped. Images are written by the writer worker and read by each
 * replica itself: the request thread never holds a copy of the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEntry, type JournalEntry } from './protocol';

export interface Recovered {
  /** Newest complete image (null = start from an empty database) and the LSN it contains. */
  imagePath: string | null;
  imageLsn: number;
  entries: JournalEntry[];
}

export const imagePath = (dir: string, lsn: number) => path.join(dir, `image-${String(lsn).padStart(12, '0')}.sqlite`);

/** Writes an image atomically (temp file, fsync, rename, fsync of the directory). Runs in the writer worker. */
export function writeImageFile(file: string, image: Uint8Array): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, image);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  const dirFd = fs.openSync(path.dirname(file), 'r');
  try { fs.fsyncSync(dirFd); } finally { fs.closeSync(dirFd); }
}

export class EngineStorage {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'engine');
    fs.mkdirSync(this.dir, { recursive: true });
  }

  journalPath(afterLsn: number): string {
    return path.join(this.dir, `journal-${String(afterLsn).padStart(12, '0')}.log`);
  }

  imagePath(lsn: number): string {
    return imagePath(this.dir, lsn);
  }

  private list(prefix: string, ext: string): { file: string; lsn: number }[] {
    return fs.readdirSync(this.dir)
      .filter((f) => f.startsWith(prefix) && f.endsWith(ext))
      .map((f) => ({ file: path.join(this.dir, f), lsn: Number(f.slice(prefix.length, -ext.length)) }))
      .filter((x) => Number.isInteger(x.lsn))
      .sort((a, b) => a.lsn - b.lsn);
  }

  recover(): Recovered {
    const images = this.list('image-', '.sqlite');
    const newest = images[images.length - 1];
    const imageLsn = newest ? newest.lsn : 0;
    const entries: JournalEntry[] = [];
    for (const seg of this.list('journal-', '.log')) {
      const text = fs.readFileSync(seg.file, 'utf8');
      let good = 0;
      for (const line of text.split('\n')) {
        if (!line) break;
        let e: JournalEntry;
        try { e = parseEntry(line); } catch { break; }
        good += Buffer.byteLength(line) + 1;
        if (e.lsn > imageLsn && e.lsn === imageLsn + entries.length + 1) entries.push(e);
      }
      // Cut a torn tail so that later appends start on a fresh line.
      if (good < Buffer.byteLength(text)) fs.truncateSync(seg.file, good);
    }
    return { imagePath: newest ? newest.file : null, imageLsn, entries };
  }

  /**
   * After the image of `lsn` is on disk: drops older images (except those replicas are still
   * loading) and the journal segments it covers.
   */
  async prune(lsn: number, activeJournal: string, loading: ReadonlySet<number>): Promise<void> {
    for (const old of this.list('image-', '.sqlite')) if (old.lsn < lsn && !loading.has(old.lsn)) await fs.promises.rm(old.file, { force: true });
    for (const seg of this.list('journal-', '.log')) if (seg.file !== activeJournal && seg.lsn < lsn) await fs.promises.rm(seg.file, { force: true });
  }
}
