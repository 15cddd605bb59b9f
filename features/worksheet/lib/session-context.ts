/** How a worksheet's context pickers follow its kept session (USE … in a run). Pure, unit-tested. */
export interface WorksheetContext { role: string | null; warehouse: string | null; database: string | null; schema: string | null }

const KEYS = ['role', 'warehouse', 'database', 'schema'] as const;

/** The fields of the session's context that differ from what the run was sent with, or null. */
export function contextChanges(sent: WorksheetContext, now: Partial<WorksheetContext>): Partial<WorksheetContext> | null {
  const out: Partial<WorksheetContext> = {};
  for (const k of KEYS) if ((now[k] ?? null) !== (sent[k] ?? null)) out[k] = now[k] ?? null;
  return Object.keys(out).length ? out : null;
}
