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
