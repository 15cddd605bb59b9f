/** Pure helpers of the worksheet list (features/worksheet/worksheet-list.tsx). */
import type { Worksheet } from '@/lib/console/worksheet';

/** localStorage key of the worksheet the worksheet screen shows. */
export const ACTIVE_WORKSHEET_KEY = 'floe.activeWorksheet';

const DAY_MS = 86_400_000;

/**
 * The worksheets of one view (in use, or the trash) matching `search` in name or text, the most
 * recently changed (or deleted) first.
 */
export function worksheetsIn(list: Worksheet[], view: 'active' | 'trash', search: string): Worksheet[] {
  const needle = search.trim().toLowerCase();
  return list
    .filter((w) => (view === 'trash') === (w.deletedOn !== null))
    .filter((w) => !needle || w.name.toLowerCase().includes(needle) || w.sql.toLowerCase().includes(needle))
    .sort((a, b) => (view === 'trash' ? b.deletedOn! - a.deletedOn! : b.updatedOn - a.updatedOn));
}

/** When the trash retention deletes a trashed worksheet for good (null: never). */
export function purgeTime(w: Worksheet, trashDays: number): number | null {
  return w.deletedOn === null || trashDays <= 0 ? null : w.deletedOn + trashDays * DAY_MS;
}
