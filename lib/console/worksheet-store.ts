/**
 * The console's worksheets, kept per user as one JSON document so that they follow the user to
 * another browser: a file under <dataDir>/console/worksheets/<user>.json (WorksheetFiles), or a
 * row of PostgreSQL every node shares (PostgresWorksheetDocs, pg-worksheet-docs.ts). A file is
 * replaced atomically through the storage seam (temp file written whole, fsync, rename, fsync of
 * the directory) on every change; changes of one user are serialised in process. The queue lives
 * on globalThis because Next gives each route its own copy of this module and all of them must
 * share one queue per file. Bounds: `maxWorksheets` per user (FLOE_MAX_WORKSHEETS, the trash included), each at
 * most FLOE_MAX_OBJECT_BYTES (the request body that sets it is refused past that,
 * lib/console/worksheets-http.ts); the trash is purged after `trashMs` (FLOE_WORKSHEET_TRASH_DAYS).
 *
 * Closing a tab only clears `open`; deleting moves to the trash (`deletedOn`), from which a
 * worksheet is restored or deleted forever. `version` counts changes of the text: a save that
 * names the version it started from and would replace text saved since is refused (a conflict),
 * so that two browser tabs never overwrite each other silently.
 */
import type { Worksheet } from './worksheet';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileDurably } from '@/lib/storage/durable-file';

const contextName = z.string().max(255).nullable();

/** What a client may set on a worksheet (every field optional on update). */
export const worksheetFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(255),
  sql: z.string(),
  role: contextName,
  warehouse: contextName,
  database: contextName,
  schema: contextName,
}).partial();

/** An update: the fields, tab state, trash state, and the version the client's text is based on. */
export const worksheetPatchSchema = worksheetFieldsSchema.extend({
  open: z.boolean(),
  trashed: z.boolean(),
  baseVersion: z.number().int().min(0),
}).partial();

export type WorksheetFields = z.infer<typeof worksheetFieldsSchema>;
export type WorksheetPatch = z.infer<typeof worksheetPatchSchema>;

export type { Worksheet } from './worksheet';

const worksheetSchema = z.object({
  id: z.string(), name: z.string(), sql: z.string(),
  role: contextName, warehouse: contextName, database: contextName, schema: contextName,
  createdOn: z.number(), updatedOn: z.number(),
  // Files written before versions, tabs and the trash: every worksheet an open tab.
  version: z.number().default(1), open: z.boolean().default(true), deletedOn: z.number().nullable().default(null),
});
const fileSchema = z.object({ version: z.literal(1), worksheets: z.array(worksheetSchema) });

export class WorksheetError extends Error {
  constructor(readonly reason: 'missing' | 'limit' | 'conflict', message: string, readonly current?: Worksheet) {
    super(message);
    this.name = 'WorksheetError';
  }
}

export interface WorksheetStoreOptions {
  /** Worksheets one user may keep, the trash included. */
  maxWorksheets: number;
  /** How long a worksheet stays in the trash (0: until deleted forever). */
  trashMs: number;
  now?: () => number;
}

const g = globalThis as typeof globalThis & { __floeWorksheetQueues?: Map<string, Promise<unknown>> };
const queues = (g.__floeWorksheetQueues ??= new Map());

function blank(n: number, now: number, fields: WorksheetFields = {}): Worksheet {
  return {
    id: randomUUID(), name: fields.name ?? `Worksheet ${n}`, sql: fields.sql ?? '',
    role: fields.role ?? null, warehouse: fields.warehouse ?? null, database: fields.database ?? null, schema: fields.schema ?? null,
    createdOn: now, updatedOn: now, version: 1, open: true, deletedOn: null,
  };
}

/** The next free "Worksheet N" number. */
function nextNumber(list: Worksheet[]): number {
  const used = list.map((w) => /^Worksheet (\d+)$/.exec(w.name)).filter((m) => m).map((m) => Number(m![1]));
  return used.length ? Math.max(...used) + 1 : list.length + 1;
}

/** Where each user's worksheet document is kept. */
export interface WorksheetDocs {
  /**
   * Runs `fn` on the user's document (null: none yet) after every earlier change of that user
   * has finished, and stores the document it returns (null: nothing to store).
   */
  change<T>(user: string, fn: (doc: string | null) => { doc: string | null; result: T }): Promise<T>;
}

/** One file per user in `dir`. */
export class WorksheetFiles implements WorksheetDocs {
  constructor(private readonly dir: string) {}

  private file(user: string): string {
    // Quoted user names may hold any character: the file name is their URL-safe base64.
    return path.join(this.dir, `${Buffer.from(user, 'utf8').toString('base64url')}.json`);
  }

  private async read(user: string): Promise<string | null> {
    try {
      return await fs.readFile(this.file(user), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  private async write(user: string, doc: string): Promise<void> {
    // Only the server's user may read worksheets (their files are made with the default mode).
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await fs.chmod(this.dir, 0o700);
    writeFileDurably(this.file(user), doc, 'worksheet');
  }

  change<T>(user: string, fn: (doc: string | null) => { doc: string | null; result: T }): Promise<T> {
    const key = this.file(user);
    const run = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(async () => {
      const { doc, result } = fn(await this.read(user));
      if (doc !== null) await this.write(user, doc);
      return result;
    });
    queues.set(key, run);
    void run.finally(() => { if (queues.get(key) === run) queues.delete(key); }).catch(() => undefined);
    return run;
  }
}

export class WorksheetStore {
  private readonly now: () => number;
  private readonly docs: WorksheetDocs;

  /** `docs`: a directory (WorksheetFiles) or another document store. */
  constructor(docs: string | WorksheetDocs, private readonly opts: WorksheetStoreOptions) {
    this.now = opts.now ?? Date.now;
    this.docs = typeof docs === 'string' ? new WorksheetFiles(docs) : docs;
  }

  get maxWorksheets(): number { return this.opts.maxWorksheets; }

  private expired(w: Worksheet): boolean {
    return w.deletedOn !== null && this.opts.trashMs > 0 && this.now() - w.deletedOn >= this.opts.trashMs;
  }

  /**
   * Runs `fn` on the user's list (without what the trash retention has purged) after every
   * earlier change of that user has finished; null list: nothing to write (unless the document
   * still holds purged worksheets).
   */
  private change<T>(user: string, fn: (list: Worksheet[]) => { list: Worksheet[] | null; result: T }): Promise<T> {
    return this.docs.change(user, (text) => {
      const all = text === null ? [] : fileSchema.parse(JSON.parse(text)).worksheets;
      const current = all.filter((w) => !this.expired(w));
      const { list, result } = fn(current);
      const write = list ?? (current.length < all.length ? current : null);
      return { doc: write && JSON.stringify({ version: 1, worksheets: write }), result };
    });
  }

  /**
   * All the user's worksheets (tabs in order, trash too). A user without any worksheet outside
   * the trash gets a fresh, open one; a list the trash retention has shortened is written back.
   */
  list(user: string): Promise<Worksheet[]> {
    return this.change(user, (current) => {
      if (current.some((w) => w.deletedOn === null)) return { list: null, result: current };
      const next = current.length < this.opts.maxWorksheets ? [...current, blank(nextNumber(current), this.now())] : current;
      return { list: next, result: next };
    });
  }

  create(user: string, fields: WorksheetFields): Promise<Worksheet> {
    return this.change(user, (list) => {
      if (list.length >= this.opts.maxWorksheets) {
        throw new WorksheetError('limit', `Worksheet limit reached: a user keeps at most ${this.opts.maxWorksheets} worksheets, the trash included (FLOE_MAX_WORKSHEETS). Delete some forever from the trash to make room.`);
      }
      const w = blank(nextNumber(list), this.now(), fields);
      return { list: [...list, w], result: w };
    });
  }

  update(user: string, id: string, patch: WorksheetPatch): Promise<Worksheet> {
    return this.change(user, (list) => {
      const i = list.findIndex((w) => w.id === id);
      if (i < 0) throw missing(id);
      const old = list[i];
      const { open, trashed, baseVersion, ...fields } = patch;
      const textChanges = fields.sql !== undefined && fields.sql !== old.sql;
      // Resending text that is already there (a retried save whose answer was lost) is no conflict.
      if (baseVersion !== undefined && baseVersion !== old.version && textChanges) {
        throw new WorksheetError('conflict', `Worksheet '${old.name}' was changed in another session (version ${old.version}; this save is based on version ${baseVersion}).`, old);
      }
      const contentChanges = Object.entries(definedOnly(fields)).some(([k, v]) => old[k as keyof WorksheetFields] !== v);
      const w: Worksheet = {
        ...old, ...definedOnly(fields),
        version: textChanges ? old.version + 1 : old.version,
        updatedOn: contentChanges ? this.now() : old.updatedOn,
        open: trashed ? false : open ?? old.open,
        deletedOn: trashed === undefined ? old.deletedOn : trashed ? (old.deletedOn ?? this.now()) : null,
      };
      return { list: list.map((x, k) => (k === i ? w : x)), result: w };
    });
  }

  /** Deletes forever. */
  remove(user: string, id: string): Promise<void> {
    return this.change(user, (list) => {
      if (!list.some((w) => w.id === id)) throw missing(id);
      return { list: list.filter((w) => w.id !== id), result: undefined };
    });
  }
}

const missing = (id: string) => new WorksheetError('missing', `Worksheet '${id}' does not exist.`);

function definedOnly(fields: WorksheetFields): WorksheetFields {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as WorksheetFields;
}
