/**
 * On-disk state of the embedded engine under <dataDir>/engine:
 *   image-<lsn>.sqlite   checkpoint images (the newest one is the state up to <lsn>)
 *   journal-<lsn>.log    journal segments, one entry per line, starting after <lsn>
 * A line is `<crc32, 8 hex> <JSON>` (lines written before checksums are bare JSON). An entry is
 * durable (fdatasync) before its statement is answered, so only the last line of the journal can
 * be torn: it was never answered and is cut at start-up. Anything else that does not fit — a bad
 * line followed by more, a gap, a missing or malformed image — stops the start with a message
 * naming the file, and nothing is changed, unless FLOE_RECOVER_FROM_LAST_GOOD sets the damaged
 * files aside and starts from the last good state. Images are written by the writer worker and
 * read by each replica itself: the request thread never holds a copy of the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { readFileChunked, writeFileDurably } from '@/lib/storage/durable-file';
import { ensureFreeSpace } from '@/lib/storage/free-space';
import { parseEntry, serializeEntry, type JournalEntry } from './protocol';

export interface Recovered {
  /** Newest image (null = start from an empty database) and the LSN it contains. */
  imagePath: string | null;
  imageLsn: number;
  entries: JournalEntry[];
}

/** The engine's files do not make one consistent state: the start stops (see the message). */
export class CorruptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptionError';
  }
}

export const imagePath = (dir: string, lsn: number) => path.join(dir, `image-${String(lsn).padStart(12, '0')}.sqlite`);

// ---------------------------------------------------------------- journal lines

/** node:zlib has crc32 from Node 20.15; older Node 20 computes it here. */
const crc32: (data: string | Uint8Array) => number = (zlib as { crc32?: (d: string | Uint8Array) => number }).crc32 ?? (() => {
  const table = Int32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  return (data: string | Uint8Array) => {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let c = -1;
    for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    return (c ^ -1) >>> 0;
  };
})();

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/** One journal line, end of line included. */
export function journalLine(e: JournalEntry): string {
  const json = serializeEntry(e);
  return `${hex8(crc32(json))} ${json}\n`;
}

/** Parses one line (without its end of line); throws with what is wrong. */
export function parseJournalLine(line: Buffer): JournalEntry {
  let json = line;
  if (line[0] !== 0x7b /* { : a line from before checksums */) {
    const want = line.subarray(0, 8).toString('latin1');
    if (line.length < 10 || line[8] !== 0x20 || !/^[0-9a-f]{8}$/.test(want)) throw new Error('not a journal entry');
    json = line.subarray(9);
    if (hex8(crc32(json)) !== want) throw new Error('checksum mismatch');
  }
  try {
    const e = parseEntry(json.toString('utf8'));
    if (!Number.isSafeInteger(e.lsn) || !Array.isArray(e.writes)) throw new Error('no LSN or writes');
    return e;
  } catch (err) {
    throw new Error(`unreadable entry (${err instanceof Error ? err.message : String(err)})`);
  }
}

// ---------------------------------------------------------------- images

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** What is wrong with an image file (header, or length against the header's page count), or null. */
export function imageProblem(file: string): string | null {
  let size: number;
  const head = Buffer.alloc(100);
  try {
    const fd = fs.openSync(file, 'r');
    try {
      size = fs.fstatSync(fd).size;
      fs.readSync(fd, head, 0, 100, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    return `cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
  }
  if (size < 100 || !head.subarray(0, 16).equals(SQLITE_MAGIC)) return `is not an SQLite database image (${size} bytes, bad header)`;
  const raw = head.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return `has an invalid page size (${raw}) in its header`;
  const pages = head.readUInt32BE(28);
  // The page count is valid when "version-valid-for" matches the change counter (always, for images we write).
  const countValid = head.readUInt32BE(92) === head.readUInt32BE(24) && pages > 0;
  const expected = countValid ? pages * pageSize : Math.ceil(size / pageSize) * pageSize;
  if (size !== expected) {
    return countValid
      ? `is ${size} bytes but its header says ${pages} pages of ${pageSize} bytes (${expected} bytes): truncated or damaged`
      : `is ${size} bytes, not a whole number of ${pageSize}-byte pages: truncated or damaged`;
  }
  return null;
}

/** Throws unless `file` holds exactly `image` (read back in chunks) and is a well-formed image. */
function verifyImage(file: string, image: Uint8Array): void {
  const problem = imageProblem(file);
  if (problem) throw new Error(`checkpoint image ${path.basename(file)} ${problem}`);
  const fd = fs.openSync(file, 'r');
  try {
    const block = Buffer.allocUnsafe(Math.min(16 * 1024 * 1024, Math.max(1, image.length)));
    for (let done = 0; done < image.length;) {
      const n = fs.readSync(fd, block, 0, Math.min(block.length, image.length - done), done);
      if (n <= 0 || !block.subarray(0, n).equals(image.subarray(done, done + n))) {
        throw new Error(`checkpoint image ${path.basename(file)} does not read back as written (at byte ${done})`);
      }
      done += n;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes an image durably: refused before any byte when the disk cannot hold it, written in
 * chunks to a temp file, fsynced, verified, renamed, directory fsynced. On any failure the
 * previous image and journal are untouched. Runs in the writer worker.
 */
export function writeImageFile(file: string, image: Uint8Array): void {
  ensureFreeSpace(path.dirname(file), image.length, 0);
  writeFileDurably(file, image, 'image', (tmp) => verifyImage(tmp, image));
}

// ---------------------------------------------------------------- recovery

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

  /**
   * The newest image plus every journal entry after it. Throws CorruptionError, changing nothing,
   * when the files do not make one consistent state; with `fromLastGood` it sets the damaged files
   * aside (engine/set-aside-<time>/) and returns the state up to the damage instead.
   */
  recover(fromLastGood = false): Recovered {
    const setAside: { file: string; copyThenCutAt?: number }[] = [];
    const problems: string[] = [];
    const stop = (file: string, problem: string): void => {
      const msg = `${path.basename(file)} ${problem}`;
      if (!fromLastGood) {
        throw new CorruptionError(
          `the database files in ${this.dir} are damaged: ${msg}. Nothing was changed. ` +
          'Restore the engine directory from a backup, or start once with FLOE_RECOVER_FROM_LAST_GOOD=1 to start from the last ' +
          'good state (the damaged files are moved to engine/set-aside-<time>/).',
        );
      }
      problems.push(msg);
    };

    // The image: the newest one, which must be well-formed.
    const images = this.list('image-', '.sqlite');
    let image: { file: string; lsn: number } | null = null;
    for (let i = images.length - 1; i >= 0 && !image; i--) {
      const problem = imageProblem(images[i].file);
      if (!problem) image = images[i];
      else { stop(images[i].file, problem); setAside.push({ file: images[i].file }); }
    }
    const imageLsn = image ? image.lsn : 0;

    // The journal: every entry after the image, in order, each line checked.
    const segments = this.list('journal-', '.log');
    const entries: JournalEntry[] = [];
    let lsn = imageLsn;
    let damaged = false;
    let cut: { file: string; at: number; bytes: number } | null = null;
    for (let k = 0; k < segments.length; k++) {
      const seg = segments[k];
      const next = segments[k + 1];
      if (damaged) { setAside.push({ file: seg.file }); continue; }
      // Wholly in the image (its pruning was interrupted): not needed.
      if (next && next.lsn <= imageLsn) continue;
      if (seg.lsn > lsn) {
        stop(seg.file, `continues the journal after LSN ${seg.lsn}, but the state before it ends at LSN ${lsn} ` +
          `(${image ? `image ${path.basename(image.file)}` : 'no image'}${entries.length ? ' and the journal' : ''}): ` +
          `${path.basename(this.imagePath(seg.lsn))} is missing`);
        damaged = true;
        setAside.push({ file: seg.file });
        continue;
      }
      const buf = readFileChunked(seg.file);
      for (let pos = 0, lineNo = 1; pos < buf.length; lineNo++) {
        const nl = buf.indexOf(0x0a, pos);
        const end = nl < 0 ? buf.length : nl;
        let why: string | null = null;
        let e: JournalEntry | null = null;
        if (nl < 0) why = 'is incomplete (no end of line)';
        else {
          try { e = parseJournalLine(buf.subarray(pos, end)); } catch (err) { why = `is damaged: ${(err as Error).message}`; }
        }
        // A whole line out of order is never a torn write.
        const gap = e !== null && e.lsn > imageLsn && e.lsn !== lsn + 1;
        if (gap) why = `holds LSN ${e!.lsn} where LSN ${lsn + 1} was due`;
        if (why) {
          const lastLine = !gap && (nl < 0 || nl + 1 === buf.length);
          if (lastLine && !next) {
            // The last line of the journal: a write that was never answered.
            cut = { file: seg.file, at: pos, bytes: buf.length - pos };
          } else if (lastLine && next.lsn === lsn) {
            // The writer went on in the next segment after LSN `lsn`: this line was never answered.
            console.warn(`Floe: ignoring the unfinished last line of ${path.basename(seg.file)} (${buf.length - pos} bytes): a write that was never answered; the journal continues in ${path.basename(next.file)}`);
          } else {
            stop(seg.file, `line ${lineNo} (byte ${pos}) ${why}${gap ? '' : ', and more of the journal follows it'}`);
            damaged = true;
            setAside.push({ file: seg.file, copyThenCutAt: pos });
          }
          break;
        }
        if (e!.lsn > imageLsn) { entries.push(e!); lsn = e!.lsn; }
        pos = nl + 1;
      }
    }

    if (problems.length) this.setAside(setAside, problems, lsn);
    if (cut) {
      fs.truncateSync(cut.file, cut.at);
      console.warn(`Floe: cut the torn last line of ${path.basename(cut.file)} (${cut.bytes} bytes at byte ${cut.at}): a write that was never answered`);
    }
    // Temp files of checkpoints cut off by a crash were never part of the state.
    for (const f of fs.readdirSync(this.dir)) if (f.endsWith('.tmp')) fs.rmSync(path.join(this.dir, f), { force: true });
    return { imagePath: image ? image.file : null, imageLsn, entries };
  }

  /** FLOE_RECOVER_FROM_LAST_GOOD: moves what cannot be used out of the way, keeping a copy of everything. */
  private setAside(files: { file: string; copyThenCutAt?: number }[], problems: string[], lsn: number): void {
    const dest = path.join(this.dir, `set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    fs.mkdirSync(dest, { recursive: true });
    for (const f of files) {
      const to = path.join(dest, path.basename(f.file));
      if (f.copyThenCutAt === undefined) fs.renameSync(f.file, to);
      else {
        fs.copyFileSync(f.file, to);
        fs.truncateSync(f.file, f.copyThenCutAt);
      }
    }
    console.error(
      `Floe: FLOE_RECOVER_FROM_LAST_GOOD: starting from the last good state (LSN ${lsn}). Damage found: ${problems.join('; ')}. ` +
      `The damaged files were moved (or copied, before the good part was kept) to ${dest}.`,
    );
  }

  /**
   * After the image of `lsn` is on disk and verified: drops older images (except those replicas
   * are still loading) and the journal segments it covers.
   */
  async prune(lsn: number, activeJournal: string, loading: ReadonlySet<number>): Promise<void> {
    for (const old of this.list('image-', '.sqlite')) if (old.lsn < lsn && !loading.has(old.lsn)) await fs.promises.rm(old.file, { force: true });
    for (const seg of this.list('journal-', '.log')) if (seg.file !== activeJournal && seg.lsn < lsn) await fs.promises.rm(seg.file, { force: true });
  }
}
