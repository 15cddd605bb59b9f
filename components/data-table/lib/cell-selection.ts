/**
 * A rectangular cell selection (anchor + focus, both inclusive) and its text for the clipboard
 * as TSV (pure, unit-tested). Cells holding a tab, newline or quote are quoted the way
 * spreadsheets read them back; NULL copies as an empty cell.
 */
export interface CellPos { row: number; col: number }
export interface CellRange { top: number; left: number; bottom: number; right: number }

export function rangeOf(a: CellPos, b: CellPos): CellRange {
  return { top: Math.min(a.row, b.row), bottom: Math.max(a.row, b.row), left: Math.min(a.col, b.col), right: Math.max(a.col, b.col) };
}

export const inRange = (r: CellRange | null, row: number, col: number) =>
  !!r && row >= r.top && row <= r.bottom && col >= r.left && col <= r.right;

export function tsvField(v: string | null | undefined): string {
  if (v === null || v === undefined) return '';
  return /[\t\r\n"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The selected cells as TSV lines; rows not loaded yet give empty cells. */
export function selectionTsv(r: CellRange, getRow: (row: number) => readonly (string | null)[] | undefined): string {
  const lines: string[] = [];
  for (let i = r.top; i <= r.bottom; i++) {
    const row = getRow(i);
    const cells: string[] = [];
    for (let c = r.left; c <= r.right; c++) cells.push(tsvField(row?.[c]));
    lines.push(cells.join('\t'));
  }
  return lines.join('\n');
}

/** Rows of the range whose cells are not loaded (the copy is refused rather than leaving them empty). */
export function unloadedRows(r: CellRange, getRow: (row: number) => unknown): number {
  let n = 0;
  for (let i = r.top; i <= r.bottom; i++) if (getRow(i) === undefined) n++;
  return n;
}

export interface GridKey { key: string; ctrl: boolean }

/**
 * Where a navigation key moves the focused cell in a grid of `rows` × `cols` (`page`: rows per
 * screen): arrows by one, Home/End to the row's first/last cell (with Ctrl: the grid's first/last
 * cell), PageUp/PageDown by a screen. null for any other key.
 */
export function moveFocus(at: CellPos, { key, ctrl }: GridKey, rows: number, cols: number, page: number): CellPos | null {
  const clamp = (row: number, col: number): CellPos => ({ row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(cols - 1, col)) });
  switch (key) {
    case 'ArrowUp': return clamp(ctrl ? 0 : at.row - 1, at.col);
    case 'ArrowDown': return clamp(ctrl ? rows - 1 : at.row + 1, at.col);
    case 'ArrowLeft': return clamp(at.row, ctrl ? 0 : at.col - 1);
    case 'ArrowRight': return clamp(at.row, ctrl ? cols - 1 : at.col + 1);
    case 'Home': return clamp(ctrl ? 0 : at.row, 0);
    case 'End': return clamp(ctrl ? rows - 1 : at.row, cols - 1);
    case 'PageUp': return clamp(at.row - Math.max(1, page), at.col);
    case 'PageDown': return clamp(at.row + Math.max(1, page), at.col);
    default: return null;
  }
}
