/**
 * Generating SQL text from very deep trees. polyglot reads a tree handed over as JSON with
 * serde_json, which stops at 128 levels of nesting, and its field-by-field conversion overflows
 * the stack not much deeper; a flat chain such as `a || b || … ` (300 terms) or 200 UNION ALL
 * branches is a left-deep tree thousands of levels deep. So the deep parts are generated on their
 * own, bottom-up, and spliced back into the text: an expression subtree is replaced by a
 * placeholder column, a set operation on the left of another by `SELECT <placeholder>`.
 */
import { randomBytes } from 'node:crypto';
import { EMPTY_SELECT } from './empty-select';

type Obj = Record<string, unknown>;

/**
 * Heights at which a subtree is generated on its own (well under serde_json's 128 levels), the
 * first one first: the generator's stack can run out on a tree of 60 levels (tables of 11 to 14
 * columns made INFORMATION_SCHEMA.TABLES fail), so a refused tree is cut again, shorter.
 */
export const PIECE_HEIGHTS = [40, 16, 8];

/** Expression kinds a placeholder column may stand for anywhere they occur. */
const EXPRESSION_KINDS = new Set(['paren', 'concat', 'add', 'sub', 'mul', 'div', 'mod', 'and', 'or', 'eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'case', 'not', 'neg', 'cast']);
/** Calls stand alone too, except as the function of a window or WITHIN GROUP (`(f(x)) OVER …` is not SQL). */
const CALL_KINDS = new Set(['function']);
const CALL_WRAPPERS = new Set(['window_function', 'within_group']);
const SET_KINDS = new Set(['union', 'intersect', 'except']);

/** How high a tree is (1 for a leaf value). */
export function heightOf(value: unknown): number {
  if (!value || typeof value !== 'object') return 1;
  let h = 0;
  for (const v of Object.values(value as Obj)) h = Math.max(h, heightOf(v));
  return h + 1;
}

/**
 * `generate(node)` for a tree of any height: subtrees higher than `pieceHeight` are generated
 * first (through `generate` again) and their text spliced in. Null when a piece cannot be generated.
 */
export function generateDeep(node: Obj, generate: (node: Obj) => string | null, pieceHeight = PIECE_HEIGHTS[0]): string | null {
  if (heightOf(node) <= pieceHeight + 20) return generate(node);
  // Placeholder names: <tag>e<n> stands for an expression, <tag>q<n> for a query (after its SELECT).
  const tag = `__floe_piece_${randomBytes(4).toString('hex')}_`;
  const placeholder = (k: 'e' | 'q', n: number) => ({ column: { name: { name: `${tag}${k}${n}`, quoted: false, trailing_comments: [] }, table: null, join_mark: false, trailing_comments: [] } });
  /** The trees to generate on their own, inner ones first; `expression`: spliced in parenthesised. */
  const pending: { tree: Obj; expression: boolean }[] = [];

  /** The value with its deep subtrees replaced by placeholders, and its height. No generating here: the stack is deep. */
  const cut = (value: unknown, parent: string | null, key: string | null): [unknown, number] => {
    if (!value || typeof value !== 'object') return [value, 1];
    const entries = Object.entries(value as Obj);
    // An AST node is an object with one key, its kind.
    const kind = !Array.isArray(value) && entries.length === 1 && entries[0][1] && typeof entries[0][1] === 'object' ? entries[0][0] : null;
    const out: Obj | unknown[] = Array.isArray(value) ? [] : {};
    let h = 0;
    for (const [k, v] of entries) {
      const [c, ch] = cut(v, kind ?? parent, kind ? null : k);
      (out as Obj)[k] = c;
      h = Math.max(h, ch);
    }
    h += 1;
    if (!kind || h < pieceHeight) return [out, h];
    const body = (out as Obj)[kind] as Obj;
    if (EXPRESSION_KINDS.has(kind) || (CALL_KINDS.has(kind) && !(parent !== null && CALL_WRAPPERS.has(parent)))) {
      const n = pending.push({ tree: { select: { ...EMPTY_SELECT, expressions: [out] } }, expression: true }) - 1;
      return [placeholder('e', n), 4];
    }
    // The left operand of a set operation, with no ORDER BY / LIMIT of its own, reads the same spliced in flat.
    if (SET_KINDS.has(kind) && parent !== null && SET_KINDS.has(parent) && key === 'left' && !body.order_by && !body.limit && !body.offset && !body.with) {
      const n = pending.push({ tree: out as Obj, expression: false }) - 1;
      return [{ select: { ...EMPTY_SELECT, expressions: [placeholder('q', n)] } }, 6];
    }
    return [out, h];
  };
  const [root] = cut(node, null, null);

  const pattern = new RegExp(`(SELECT\\s+)?[\`"]?${tag}([eq])(\\d+)[\`"]?`, 'g');
  const texts: string[] = [];
  const splice = (text: string) => text.replace(pattern, (_m, select: string | undefined, k: string, i: string) => (k === 'q' ? texts[Number(i)] : `${select ?? ''}${texts[Number(i)]}`));
  // Each piece holds only placeholders of pieces before it, already generated.
  for (const p of pending) {
    const text = generate(p.tree);
    if (text === null) return null;
    texts.push(p.expression ? `(${splice(text).replace(/^SELECT\s+/i, '')})` : splice(text));
  }
  const sql = generate(root as Obj);
  return sql === null ? null : splice(sql);
}
