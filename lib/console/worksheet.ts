/** A worksheet as /api/console/worksheets keeps it for the signed-in user (shared by server and browser). */
export interface Worksheet {
  id: string;
  name: string;
  sql: string;
  role: string | null;
  warehouse: string | null;
  database: string | null;
  schema: string | null;
  createdOn: number;
  updatedOn: number;
  /** Counts changes of the text: a save based on an older one that would replace other text is refused (409). */
  version: number;
  /** Shown as a tab (closing a tab keeps the worksheet). */
  open: boolean;
  /** When it was moved to the trash (null: not in the trash); purged after the trash retention. */
  deletedOn: number | null;
}

/** What GET /api/console/worksheets answers: every worksheet of the user (trash too) and the bounds. */
export interface WorksheetList {
  worksheets: Worksheet[];
  /** FLOE_MAX_WORKSHEETS: worksheets a user may keep, trash included. */
  maxWorksheets: number;
  /** FLOE_WORKSHEET_TRASH_DAYS: days a worksheet stays in the trash (0: until deleted forever). */
  trashDays: number;
}

/** The 409 of a save based on an old version: the worksheet as another session saved it. */
export const WORKSHEET_CONFLICT_CODE = '390409';
