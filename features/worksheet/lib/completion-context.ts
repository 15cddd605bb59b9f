/**
 * What the word at the cursor completes (pure, unit-tested): the dotted qualifier typed before it
 * ("DB.SCH." → ['DB', 'SCH']) and the partial word, plus the table names the statement mentions
 * after FROM / JOIN / UPDATE / INTO, whose columns are offered too.
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

/** Tables named in a statement: [database?, schema?, name] parts after FROM, JOIN, UPDATE, INTO. */
export function referencedTables(sql: string): string[][] {
  const re = new RegExp(String.raw`\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+(${PART}(?:\.${PART}){0,2})`, 'gi');
  return [...sql.matchAll(re)].map((m) => [...m[1].matchAll(new RegExp(PART, 'g'))].map((p) => unquote(p[0])));
}
