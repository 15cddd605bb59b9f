/**
 * On-disk state of the embedded engine under <dataDir>/engine:
 *   image-<lsn>.sqlite   checkpoint images (the newest complete one wins)
 *   journal-<lsn>.log    journal segments, one JSON entry per line, starting after <lsn>
 * An entry is durable (fdatasync) before its statement is answered; a torn last line is an
 * unanswered statement and is dropped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEntry, type JournalEntry } from './protocol';

export interface Recovered {
  image: Uint8Array | null;
  imageLsn: number;
  entries: JournalEntry[];
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
    const image = newest ? new Uint8Array(fs.readFileSync(newest.file)) : null;
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
    return { image, imageLsn, entries };
  }

  /** Writes an image atomically, then drops older images and fully covered journal segments. */
  async saveImage(image: Uint8Array, lsn: number, activeJournal: string): Promise<void> {
    const final = path.join(this.dir, `image-${String(lsn).padStart(12, '0')}.sqlite`);
    const tmp = `${final}.tmp`;
    const fh = await fs.promises.open(tmp, 'w');
    try {
      await fh.writeFile(image);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fs.promises.rename(tmp, final);
    const dirFh = await fs.promises.open(this.dir, 'r');
    try { await dirFh.sync(); } finally { await dirFh.close(); }
    for (const old of this.list('image-', '.sqlite')) if (old.file !== final) await fs.promises.rm(old.file, { force: true });
    for (const seg of this.list('journal-', '.log')) if (seg.file !== activeJournal && seg.lsn < lsn) await fs.promises.rm(seg.file, { force: true });
  }
}
