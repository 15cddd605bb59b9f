/**
 * /api/console/worksheets[/{id}]: the signed-in user's worksheets (list, create, update — which
 * also closes/opens a tab and moves to/restores from the trash — and delete forever).
 * Every answer is scoped to the authenticated user; another user's id answers 404 like an unknown one.
 * A save based on an old version answers 409 {code, message, current} (the worksheet as saved);
 * past FLOE_MAX_WORKSHEETS, 403 naming the setting.
 */
import path from 'node:path';
import type { Floe } from '@/lib/floe';
import { HttpError, isErrorNamed, json } from '@/lib/http/errors';
import { checkContentType, readJsonBody } from '@/lib/http/request';
import { consoleGuarded } from './guard';
import { WORKSHEET_CONFLICT_CODE, type WorksheetList } from './worksheet';
import { PostgresWorksheetDocs } from './pg-worksheet-docs';
import { WorksheetStore, worksheetFieldsSchema, worksheetPatchSchema, type WorksheetError } from './worksheet-store';

const g = globalThis as typeof globalThis & { __floeWorksheets?: WorksheetStore };
const DAY_MS = 86_400_000;
// With shared state (FLOE_ENGINE=postgres://…) every node reads and writes the same rows.
const docsOf = (floe: Floe) => (floe.statements.shared ? new PostgresWorksheetDocs(floe.statements.shared.pool) : path.join(floe.config.dataDir, 'console', 'worksheets'));
const storeOf = (floe: Floe) => (g.__floeWorksheets ??= new WorksheetStore(docsOf(floe), {
  maxWorksheets: floe.config.maxWorksheets,
  trashMs: floe.config.worksheetTrashDays * DAY_MS,
}));

async function storeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!isErrorNamed<WorksheetError>(e, 'WorksheetError')) throw e;
    switch (e.reason) {
      case 'missing': throw new HttpError(404, '390404', e.message);
      case 'conflict': throw new HttpError(409, WORKSHEET_CONFLICT_CODE, e.message, { current: e.current });
      case 'limit': throw new HttpError(403, '390403', e.message);
    }
  }
}

export const listWorksheets = (req: Request) => consoleGuarded(req, async (floe, who) => {
  const body: WorksheetList = { worksheets: await storeOf(floe).list(who.user), maxWorksheets: floe.config.maxWorksheets, trashDays: floe.config.worksheetTrashDays };
  return json(200, body);
});

export const createWorksheet = (req: Request) => consoleGuarded(req, async (floe, who) => {
  checkContentType(req);
  const fields = await readJsonBody(req, worksheetFieldsSchema, { maxBytes: floe.config.maxObjectBytes, what: 'a worksheet' });
  return json(201, await storeCall(() => storeOf(floe).create(who.user, fields)));
});

export const updateWorksheet = (req: Request, id: string) => consoleGuarded(req, async (floe, who) => {
  checkContentType(req);
  const fields = await readJsonBody(req, worksheetPatchSchema, { maxBytes: floe.config.maxObjectBytes, what: 'a worksheet' });
  return json(200, await storeCall(() => storeOf(floe).update(who.user, id, fields)));
});

export const deleteWorksheet = (req: Request, id: string) => consoleGuarded(req, async (floe, who) => {
  await storeCall(() => storeOf(floe).remove(who.user, id));
  return json(200, { id, deleted: true });
});
