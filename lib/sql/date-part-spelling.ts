/**
 * The parser reads DATEDIFF's part through its own unit table and keeps only the unit it chose,
 * where M is MONTH (T-SQL's reading); Snowflake's `m` is MINUTE. Before parsing, the part of
 * DATEDIFF / TIMEDIFF / TIMESTAMPDIFF is therefore written by its canonical name, so the unit the
 * parser keeps is the one Snowflake means. The other functions taking a part keep its text.
 */
import { datePartOf } from '@/lib/values';
import { tokenize, type Token } from './lexer';

const DIFF_FUNCTIONS = new Set(['DATEDIFF', 'TIMEDIFF', 'TIMESTAMPDIFF']);
const MAY_HAVE_DIFF = /diff\s*\(/i;

/** The canonical spelling of a part token, or null when it is canonical already (or no part). */
function canonicalSpelling(t: Token): string | null {
  if (t.kind !== 'word' && t.kind !== 'string') return null;
  const part = datePartOf(t.text);
  if (!part || part === t.text.toLowerCase()) return null;
  return t.kind === 'string' ? `'${part}'` : part;
}

/** The statement with every DATEDIFF-family part spelled canonically (the text itself when none is not). */
export function canonicalDiffParts(text: string): string {
  if (!MAY_HAVE_DIFF.test(text)) return text;
  let tokens: Token[];
  try { tokens = tokenize(text); } catch { return text; }
  let out = '';
  let from = 0;
  for (let i = 0; i + 3 < tokens.length; i++) {
    const [name, open, part, comma] = [tokens[i], tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    if (name.kind !== 'word' || !DIFF_FUNCTIONS.has(name.text.toUpperCase())) continue;
    if (open.text !== '(' || comma.text !== ',' || open.kind !== 'punct' || comma.kind !== 'punct') continue;
    const spelled = canonicalSpelling(part);
    if (spelled === null) continue;
    out += text.slice(from, part.start) + spelled;
    from = part.end;
  }
  return from === 0 ? text : out + text.slice(from);
}
