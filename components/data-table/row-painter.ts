/**
 * The grid's body rows as DOM, written directly rather than rendered by React: a scroll frame
 * must cost little, and reconciling every row and cell of the window on each scroll event was
 * most of a frame's script time. Row elements are slots, reused: a row scrolled out gives its
 * slot to a row scrolled in, whose cells change their text in place (Text.data) and nothing
 * else, so a wheel step rewrites the few rows that entered and a fling makes no new nodes.
 * Every write is skipped when the DOM already holds the value (a shadow copy per cell).
 *
 * Placement: the rows sit in one layer (the grid's `layer` element) at (row - base) × rowHeight,
 * and the layer is moved by one transform; `base` steps every BASE_ROWS rows, so that the
 * offsets stay small and rows keep their place (no write) between steps, even where the spacer is
 * capped and the layer moves on every scroll (row-window.ts).
 * Events are the grid's: it reads `data-row` / `data-col` from the target (one listener).
 */
import { inRange, type CellPos, type CellRange } from './lib/cell-selection';
import { cellView, type CellKind, type CellView } from './lib/cell-view';
import { rowTop, type RowWindow } from './lib/row-window';

export interface PainterColumn { align: 'left' | 'right'; expandable?: boolean }

/** What the painted rows show: their cells, and the selection and focus drawn on them. */
export interface PaintSource {
  getRow: (row: number) => readonly (string | null)[] | undefined;
  /** The grid has a detail panel (long values get an expand button). */
  canExpand: boolean;
  selection: CellRange | null;
  focus: CellPos | null;
  /** The focused cell's element id (the grid's aria-activedescendant). */
  cellId: (row: number, col: number) => string;
}

interface PaintedCell {
  el: HTMLDivElement;
  /** The value's text node, kept for the cell's life: a new value is a write to its data. */
  text: Text;
  /** The NULL / loading mark, made when first needed. */
  mark: HTMLSpanElement | null;
  button: HTMLButtonElement | null;
  kind: CellKind | null;
  expand: boolean;
  cls: string;
  selected: boolean | null;
}

interface Slot { el: HTMLDivElement; num: Text; row: number; y: number; parity: number; cells: PaintedCell[] }

/** Rows per step of the layer's base row. */
const BASE_ROWS = 512;

const sameColumns = (a: readonly PainterColumn[], b: readonly PainterColumn[]) =>
  a.length === b.length && a.every((c, i) => c.align === b[i].align && !!c.expandable === !!b[i].expandable);

export class RowPainter {
  /** Slots showing a row, by row index. */
  private readonly byRow = new Map<number, Slot>();
  /**
   * Slots showing nothing (hidden), to reuse before making new ones, by parity: a slot only ever
   * shows rows of one parity, so that its stripe (class dt-odd) never changes, and a class
   * change (which restyles the row and its cells) is not part of a scroll frame.
   */
  private readonly spare: [Slot[], Slot[]] = [[], []];
  private base = 0;
  private layerY: number | null = null;
  private columns: readonly PainterColumn[] = [];
  private source: PaintSource | null = null;
  /** The source changed: rows already painted are painted again (each cell still writes only what differs). */
  private stale = false;
  private focusCell: HTMLDivElement | null = null;
  private active: string | null = null;

  constructor(private readonly layer: HTMLElement, private readonly grid: HTMLElement, private readonly rowHeight: number) {}

  /** Other columns (count, alignment or expandability) make new slots. */
  setColumns(columns: readonly PainterColumn[]): void {
    if (sameColumns(columns, this.columns)) return;
    this.columns = columns;
    for (const s of [...this.byRow.values(), ...this.spare.flat()]) s.el.remove();
    this.byRow.clear();
    this.spare[0].length = 0;
    this.spare[1].length = 0;
    this.focusCell = null;
  }

  /** Removes the painted rows (the grid unmounts, or a new painter takes the layer over). */
  dispose(): void {
    this.setColumns([]);
    this.grid.removeAttribute('aria-activedescendant');
  }

  setSource(source: PaintSource): void {
    this.source = source;
    this.stale = true;
  }

  /** Shows rows first..last (inclusive; none when last < first), placed for window `w`. */
  show(first: number, last: number, w: RowWindow): void {
    const src = this.source;
    if (!src) return;
    const base = Math.floor(Math.max(0, first) / BASE_ROWS) * BASE_ROWS;
    const rebased = base !== this.base;
    this.base = base;
    const y = rowTop(base, this.rowHeight, w);
    if (y !== this.layerY) {
      this.layerY = y;
      this.layer.style.transform = `translateY(${y}px)`;
    }
    const freed: [Slot[], Slot[]] = [[], []];
    for (const [row, slot] of this.byRow) {
      if (row >= first && row <= last) continue;
      this.byRow.delete(row);
      freed[row % 2].push(slot);
    }
    for (let row = first; row <= last; row++) {
      let slot = this.byRow.get(row);
      if (slot) {
        if (rebased) this.place(slot);
        if (this.stale) this.paintCells(slot, src);
        continue;
      }
      const parity = row % 2;
      slot = freed[parity].pop() ?? this.spare[parity].pop() ?? this.makeSlot(parity);
      if (slot.el.style.display) slot.el.style.display = '';
      this.byRow.set(row, slot);
      this.fill(slot, row, src);
    }
    for (const slot of freed.flat()) this.hide(slot);
    this.stale = false;
    this.syncFocus(src);
  }

  private makeSlot(parity: number): Slot {
    const el = document.createElement('div');
    el.className = parity ? 'dt-row dt-odd' : 'dt-row';
    el.setAttribute('role', 'row');
    el.style.height = `${this.rowHeight}px`;
    const num = document.createElement('div');
    num.className = 'dt-cell dt-rownum';
    num.setAttribute('aria-hidden', 'true');
    const numText = document.createTextNode('');
    num.append(numText);
    el.append(num);
    const cells = this.columns.map((_, c): PaintedCell => {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-colindex', String(c + 1));
      cell.setAttribute('data-col', String(c));
      el.append(cell);
      return { el: cell, text: document.createTextNode(''), mark: null, button: null, kind: null, expand: false, cls: '', selected: null };
    });
    this.layer.append(el);
    return { el, num: numText, row: -1, y: NaN, parity, cells };
  }

  private fill(slot: Slot, row: number, src: PaintSource): void {
    slot.row = row;
    slot.el.setAttribute('data-row', String(row));
    slot.el.setAttribute('aria-rowindex', String(row + 2));
    slot.num.data = String(row + 1);
    this.place(slot);
    this.paintCells(slot, src);
  }

  private place(slot: Slot): void {
    const y = (slot.row - this.base) * this.rowHeight;
    if (y === slot.y) return;
    slot.y = y;
    slot.el.style.transform = `translateY(${y}px)`;
  }

  /** A slot with no row: hidden, and holding nothing a query could find (a row index, a selection, an id). */
  private hide(slot: Slot): void {
    slot.row = -1;
    slot.el.style.display = 'none';
    slot.el.removeAttribute('data-row');
    slot.cells.forEach((cell, c) => {
      if (cell.selected === false && !cell.cls.includes('dt-focus')) return;
      cell.selected = false;
      cell.el.setAttribute('aria-selected', 'false');
      cell.cls = this.columns[c].align === 'right' ? 'dt-cell dt-right' : 'dt-cell';
      cell.el.className = cell.cls;
    });
    this.spare[slot.parity].push(slot);
  }

  private paintCells(slot: Slot, src: PaintSource): void {
    const values = src.getRow(slot.row);
    const { row } = slot;
    for (let c = 0; c < slot.cells.length; c++) {
      const col = this.columns[c];
      this.paintCell(slot.cells[c], cellView(values?.[c], !!col.expandable, src.canExpand), col.align === 'right',
        inRange(src.selection, row, c), src.focus?.row === row && src.focus.col === c);
    }
  }

  private paintCell(cell: PaintedCell, view: CellView, right: boolean, selected: boolean, focused: boolean): void {
    if (view.kind !== cell.kind || view.expand !== cell.expand) {
      const nodes: Node[] = [];
      if (view.expand) nodes.push(cell.button ??= expandButton());
      if (view.kind === 'text') nodes.push(cell.text);
      else {
        cell.mark ??= document.createElement('span');
        cell.mark.className = view.kind === 'null' ? 'dt-null' : 'dt-loading';
        cell.mark.textContent = view.text;
        nodes.push(cell.mark);
      }
      cell.el.replaceChildren(...nodes);
      cell.kind = view.kind;
      cell.expand = view.expand;
    }
    if (view.kind === 'text' && cell.text.data !== view.text) cell.text.data = view.text;
    const cls = `dt-cell${right ? ' dt-right' : ''}${selected ? ' dt-selected' : ''}${focused ? ' dt-focus' : ''}`;
    if (cls !== cell.cls) { cell.cls = cls; cell.el.className = cls; }
    if (selected !== cell.selected) { cell.selected = selected; cell.el.setAttribute('aria-selected', String(selected)); }
  }

  /** The focused cell, when painted, carries its id and is the grid's active descendant. */
  private syncFocus(src: PaintSource): void {
    const f = src.focus;
    const cell = f ? this.byRow.get(f.row)?.cells[f.col]?.el ?? null : null;
    if (cell !== this.focusCell) {
      this.focusCell?.removeAttribute('id');
      this.focusCell = cell;
    }
    const id = cell && f ? src.cellId(f.row, f.col) : null;
    if (cell && id && cell.id !== id) cell.id = id;
    if (id === this.active) return;
    this.active = id;
    if (id) this.grid.setAttribute('aria-activedescendant', id);
    else this.grid.removeAttribute('aria-activedescendant');
  }
}

function expandButton(): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'dt-expand';
  b.setAttribute('aria-label', 'Expand cell');
  b.title = 'Show the whole value';
  b.tabIndex = -1;
  b.textContent = '⤢';
  return b;
}
