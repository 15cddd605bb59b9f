/**
 * /api/console/worksheets[/{id}]: the signed-in user's worksheets (list, create, update, delete).
 * Every answer is scoped to the authenticated user; another user's id answers 404 like an unknown one.
 */
import path from 'node:path';
import type { Floe } from '@/lib/floe';
import { HttpError, isErrorNamed, json } from '@/lib/http/errors';
import { checkContentType, readJsonBody } from '@/lib/http/request';
import { consoleGuarded } from './guard';
import { WorksheetStore, worksheetFieldsSchema, type WorksheetError } from './worksheet-store';

const g = globalThis as typeof globalThis & { __floeWorksheets?: WorksheetStore };
const storeOf = (floe: Floe) => (g.__floeWorksheets ??= new WorksheetStore(path.join(floe.config.dataDir, 'console', 'worksheets')));

async function storeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!isErrorNamed<WorksheetError>(e, 'WorksheetError')) throw e;
    throw e.reason === 'missing' ? new HttpError(404, '390404', e.message) : new HttpError(409, '390409', e.message);
  }
}

export const listWorksheets = (req: Request) => consoleGuarded(req, async (floe, who) =>
  json(200, { worksheets: await storeOf(floe).list(who.user) }));

export const createWorksheet = (req: Request) => consoleGuarded(req, async (floe, who) => {
  checkContentType(req);
  const fields = await readJsonBody(req, worksheetFieldsSchema, { maxBytes: floe.config.maxObjectBytes, what: 'a worksheet' });
  return json(201, await storeCall(() => storeOf(floe).create(who.user, fields)));
});

export const updateWorksheet = (req: Request, id: string) => consoleGuarded(req, async (floe, who) => {
  checkContentType(req);
  const fields = await readJsonBody(req, worksheetFieldsSchema, { maxBytes: floe.config.maxObjectBytes, what: 'a worksheet' });
  return json(200, await storeCall(() => storeOf(floe).update(who.user, id, fields)));
});

export const deleteWorksheet = (req: Request, id: string) => consoleGuarded(req, async (floe, who) => {
  await storeCall(() => storeOf(floe).remove(who.user, id));
  return json(200, { id, deleted: true });
});
