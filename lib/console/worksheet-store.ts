/**
 * The console's worksheets, kept per user under <dataDir>/console/worksheets/<user>.json so that
 * they follow the user to another browser. One small JSON file per user, replaced atomically
 * through the storage seam (temp file written whole, fsync, rename, fsync of the directory) on
 * every change; changes of one user are serialised in process. The queue lives on globalThis
 * because Next gives each route its own copy of this module and all of them must share one queue
 * per file. Bounds: MAX_WORKSHEETS per user, each at most FLOE_MAX_OBJECT_BYTES (the request
 * body that sets it is refused past that, lib/console/worksheets-http.ts).
 */
import type { Worksheet } from './worksheet';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileDurably } from '@/lib/storage/durable-file';

export const MAX_WORKSHEETS = 100;

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

export type WorksheetFields = z.infer<typeof worksheetFieldsSchema>;

export type { Worksheet } from './worksheet';

const worksheetSchema = z.object({
  id: z.string(), name: z.string(), sql: z.string(),
  role: contextName, warehouse: contextName, database: contextName, schema: contextName,
  createdOn: z.number(), updatedOn: z.number(),
});
const fileSchema = z.object({ version: z.literal(1), worksheets: z.array(worksheetSchema) });

export class WorksheetError extends Error {
  constructor(readonly reason: 'missing' | 'limit', message: string) {
    super(message);
    this.name = 'WorksheetError';
  }
}

const g = globalThis as typeof globalThis & { __floeWorksheetQueues?: Map<string, Promise<unknown>> };
const queues = (g.__floeWorksheetQueues ??= new Map());

function blank(n: number, fields: WorksheetFields = {}): Worksheet {
  const now = Date.now();
  return {
    id: randomUUID(), name: fields.name ?? `Worksheet ${n}`, sql: fields.sql ?? '',
    role: fields.role ?? null, warehouse: fields.warehouse ?? null, database: fields.database ?? null, schema: fields.schema ?? null,
    createdOn: now, updatedOn: now,
  };
}

/** The next free "Worksheet N" number. */
function nextNumber(list: Worksheet[]): number {
  const used = list.map((w) => /^Worksheet (\d+)$/.exec(w.name)).filter((m) => m).map((m) => Number(m![1]));
  return used.length ? Math.max(...used) + 1 : list.length + 1;
}

export class WorksheetStore {
  constructor(private readonly dir: string) {}

  private file(user: string): string {
    // Quoted user names may hold any character: the file name is their URL-safe base64.
    return path.join(this.dir, `${Buffer.from(user, 'utf8').toString('base64url')}.json`);
  }

  private async read(user: string): Promise<Worksheet[]> {
    let text: string;
    try {
      text = await fs.readFile(this.file(user), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    return fileSchema.parse(JSON.parse(text)).worksheets;
  }

  private async write(user: string, worksheets: Worksheet[]): Promise<void> {
    // Only the server's user may read worksheets (their files are made with the default mode).
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await fs.chmod(this.dir, 0o700);
    writeFileDurably(this.file(user), JSON.stringify({ version: 1, worksheets }), 'worksheet');
  }

  /** Runs `fn` on the user's list after every earlier change of that user has finished. */
  private change<T>(user: string, fn: (list: Worksheet[]) => { list: Worksheet[]; result: T }): Promise<T> {
    const key = this.file(user);
    const run = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(async () => {
      const { list, result } = fn(await this.read(user));
      await this.write(user, list);
      return result;
    });
    queues.set(key, run);
    void run.finally(() => { if (queues.get(key) === run) queues.delete(key); }).catch(() => undefined);
    return run;
  }

  /** The user's worksheets in tab order; a user without any gets a first, empty one. */
  async list(user: string): Promise<Worksheet[]> {
    const list = await this.read(user);
    if (list.length > 0) return list;
    return this.change(user, (current) => {
      const next = current.length ? current : [blank(1)];
      return { list: next, result: next };
    });
  }

  create(user: string, fields: WorksheetFields): Promise<Worksheet> {
    return this.change(user, (list) => {
      if (list.length >= MAX_WORKSHEETS) throw new WorksheetError('limit', `A user can keep at most ${MAX_WORKSHEETS} worksheets.`);
      const w = blank(nextNumber(list), fields);
      return { list: [...list, w], result: w };
    });
  }

  update(user: string, id: string, fields: WorksheetFields): Promise<Worksheet> {
    return this.change(user, (list) => {
      const i = list.findIndex((w) => w.id === id);
      if (i < 0) throw missing(id);
      const w: Worksheet = { ...list[i], ...definedOnly(fields), updatedOn: Date.now() };
      return { list: list.map((x, k) => (k === i ? w : x)), result: w };
    });
  }

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
