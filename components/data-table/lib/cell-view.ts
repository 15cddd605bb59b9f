/**
 * What a grid cell shows for its value (pure, unit-tested): a placeholder while its row is not
 * loaded, NULL, or the text (cut at MAX_SHOWN characters) with an expand button when the whole
 * value is worth a detail panel. The row painter (row-painter.ts) turns it into DOM.
 */
export type CellKind = 'loading' | 'null' | 'text';
export interface CellView { kind: CellKind; text: string; expand: boolean }

/** Text longer than this gets an expand button. */
export const LONG_TEXT = 60;
/** A cell shows at most this much of its value (the detail panel has all of it). */
export const MAX_SHOWN = 1000;

const LOADING: CellView = { kind: 'loading', text: '…', expand: false };
const NULL: CellView = { kind: 'null', text: 'NULL', expand: false };

/**
 * `expandable`: the column's values are worth a panel whatever their length (JSON);
 * `canExpand`: the grid has a detail panel at all.
 */
export function cellView(value: string | null | undefined, expandable: boolean, canExpand: boolean): CellView {
  if (value === undefined) return LOADING;
  if (value === null) return NULL;
  const expand = canExpand && (expandable || value.length > LONG_TEXT || value.includes('\n'));
  return { kind: 'text', text: value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value, expand };
}
