/**
 * Typed constants the parser does not read: `TIMESTAMP_LTZ '…'`, `TIMESTAMP_NTZ '…'` (and their
 * TIMESTAMPLTZ / TIMESTAMPNTZ / DATETIME spellings) are rewritten, before parsing, as the casts
 * they are. DATE, TIME, TIMESTAMP and TIMESTAMP_TZ constants the parser reads itself.
 */
import { tokenize, type Token } from './lexer';

const TYPE_WORDS = new Set(['TIMESTAMP_LTZ', 'TIMESTAMP_NTZ', 'TIMESTAMPLTZ', 'TIMESTAMPNTZ', 'DATETIME']);
const MAY_HAVE = /timestamp_?[ln]tz|datetime/i;

/** The statement with those constants written as casts (the text itself when it has none). */
export function typedConstantsAsCasts(text: string): string {
  if (!MAY_HAVE.test(text)) return text;
  let tokens: Token[];
  try { tokens = tokenize(text); } catch { return text; }
  let out = '';
  let from = 0;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [word, value] = [tokens[i], tokens[i + 1]];
    if (word.kind !== 'word' || value.kind !== 'string' || !TYPE_WORDS.has(word.text.toUpperCase())) continue;
    // `x::TIMESTAMP_LTZ 'a'` or `AS DATETIME 'x'` name a type, not a constant.
    const before = tokens[i - 1];
    if (before && (before.text === '::' || before.text.toUpperCase() === 'AS')) continue;
    out += `${text.slice(from, word.start)}CAST(${text.slice(value.start, value.end)} AS ${word.text})`;
    from = value.end;
  }
  return from === 0 ? text : out + text.slice(from);
}
