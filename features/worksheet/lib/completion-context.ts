/**
 * What the word at the cursor completes (pure, unit-tested): the dotted qualifier typed before it
 * ("DB.SCH." → ['DB', 'SCH']) and the partial word; the tables the statement names after FROM /
 * JOIN / UPDATE / INTO with their aliases (`FROM t AS a` → `a.` completes t's columns); and the
 * function call the cursor is inside, for signature help.
 */
export interface CompletionContext { qualifier: string[]; partial: string }

const PART = String.raw`(?:"(?:[^"]|"")*"|[A-Za-z_][A-Za-z0-9_$]*)`;
const unquote = (p: string) => (p.startsWith('"') ? p.slice(1, -1).replace(/""/g, '"') : p.toUpperCase());

/** `before`: the text of the line (or statement) up to the cursor. */
export function completionContext(before: string): CompletionContext {
  const m = new RegExp(String.raw`((?:${PART}\.)*)("?[A-Za-z0-9_$]*)$`).exec(before);
  if (!m) return { qualifier: [], partial: '' };
  const qualifier = m[1] ? [...m[1].matchAll(new RegExp(`(${PART})\\.`, 'g'))].map((x) => unquote(x[1])) : [];
  return { qualifier, partial: m[2].replace(/^"/, '') };
}

/** A table the statement names: [database?, schema?, name] as Snowflake resolves them, its alias, and where the name is. */
export interface TableReference { parts: string[]; alias: string | null; start: number; end: number }

/** Words that end a FROM item rather than name its alias. */
const NOT_ALIAS = new Set([
  'WHERE', 'JOIN', 'INNER', 'LEFT', 'RIGHT', 'FULL', 'OUTER', 'CROSS', 'NATURAL', 'LATERAL', 'ON', 'USING', 'GROUP', 'ORDER', 'HAVING',
  'QUALIFY', 'LIMIT', 'OFFSET', 'FETCH', 'UNION', 'EXCEPT', 'MINUS', 'INTERSECT', 'WINDOW', 'SET', 'VALUES', 'SELECT', 'WITH', 'AS',
  'SAMPLE', 'TABLESAMPLE', 'AT', 'BEFORE', 'CHANGES', 'PIVOT', 'UNPIVOT', 'MATCH_RECOGNIZE', 'WHEN', 'THEN', 'DEFAULT', 'OVERWRITE',
]);

/**
 * Tables named after FROM (and the comma-separated items that follow), JOIN, UPDATE, INTO, TABLE,
 * with their aliases. A name that touches `cursor` (the offset of the cursor in `sql`) is left
 * out: it is still being typed, and looking it up would describe half a name.
 */
export function tableReferences(sql: string, cursor = -1): TableReference[] {
  const out: TableReference[] = [];
  const item = new RegExp(String.raw`(${PART}(?:\s*\.\s*${PART}){0,2})(?:\s+(?:AS\s+)?(${PART}))?`, 'iy');
  const head = /\b(FROM|JOIN|UPDATE|INTO|TABLE)\s+/gi;
  for (let h = head.exec(sql); h; h = head.exec(sql)) {
    let at = h.index + h[0].length;
    for (;;) {
      item.lastIndex = at;
      const m = item.exec(sql);
      if (!m) break;
      const start = at;
      const nameEnd = start + m[1].length;
      let alias = m[2] ? unquote(m[2]) : null;
      let end = item.lastIndex;
      // `FROM t WHERE …`: the word after the name is a keyword, not an alias.
      if (alias && !m[2].startsWith('"') && NOT_ALIAS.has(alias)) { alias = null; end = nameEnd; }
      const parts = [...m[1].matchAll(new RegExp(PART, 'g'))].map((p) => unquote(p[0]));
      const touches = cursor >= start && cursor <= nameEnd;
      // A name followed by '.' is half a name; `FROM TABLE(…)` / `FROM f(…)` a table function (but `INTO t (a, b)` names a table).
      const after = sql.slice(nameEnd);
      const partial = /^\s*\./.test(after) || (h[1].toUpperCase() !== 'INTO' && /^\s*\(/.test(after));
      if (!touches && !partial && !NOT_ALIAS.has(parts[0])) out.push({ parts, alias, start, end: nameEnd });
      const comma = /^\s*,\s*/.exec(sql.slice(end));
      if (h[1].toUpperCase() !== 'FROM' || !comma) break;
      at = end + comma[0].length;
    }
  }
  return out;
}

/** Tables named in a statement: [database?, schema?, name] parts (tableReferences without aliases). */
export const referencedTables = (sql: string): string[][] => tableReferences(sql).map((r) => r.parts);

/** The reference a qualifier names: an alias, or else a table's own (last) name; null when none does. */
export function resolveQualifier(refs: readonly TableReference[], qualifier: string): TableReference | null {
  return refs.find((r) => r.alias === qualifier) ?? refs.find((r) => !r.alias && r.parts[r.parts.length - 1] === qualifier) ?? null;
}

/**
 * The function call the cursor is in: its name (upper-case) and which argument (0-based) the
 * cursor is at; null outside any call. Strings, quoted names and comments are skipped.
 */
export function callAtCursor(before: string): { name: string; argIndex: number } | null {
  const stack: { name: string | null; args: number }[] = [];
  let i = 0;
  while (i < before.length) {
    const c = before[i];
    if (c === "'" || c === '"') {
      const close = before.indexOf(c, i + 1);
      if (close < 0) return null; // inside a literal
      i = close + 1;
    } else if (c === '-' && before[i + 1] === '-') {
      const nl = before.indexOf('\n', i);
      if (nl < 0) return null;
      i = nl + 1;
    } else if (c === '/' && before[i + 1] === '*') {
      const close = before.indexOf('*/', i + 2);
      if (close < 0) return null;
      i = close + 2;
    } else if (c === '(') {
      const name = /([A-Za-z_][A-Za-z0-9_$]*)$/.exec(before.slice(0, i))?.[1];
      stack.push({ name: name ? name.toUpperCase() : null, args: 0 });
      i++;
    } else if (c === ')') {
      stack.pop();
      i++;
    } else {
      if (c === ',' && stack.length) stack[stack.length - 1].args++;
      i++;
    }
  }
  const top = stack[stack.length - 1];
  return top?.name ? { name: top.name, argIndex: top.args } : null;
}

/**
 * The parameters of a signature as SHOW FUNCTIONS writes it (`IFF(BOOLEAN, ANY, ANY) RETURN ANY`,
 * optional ones as `[, X]`), each with its [start, end) in the label, for Monaco's signature help.
 */
export function signatureParameters(label: string): [number, number][] {
  const open = label.indexOf('(');
  const close = label.lastIndexOf(')');
  if (open < 0 || close <= open) return [];
  const inner = label.slice(open + 1, close);
  return [...inner.matchAll(/[A-Za-z_][A-Za-z0-9_]*(?: \.\.\.)?/g)].map((m) => [open + 1 + m.index, open + 1 + m.index + m[0].length]);
}
