/**
 * Snowflake regular expressions on JS RegExp: POSIX bracket classes ([[:alpha:]] …) are
 * translated, the parameter string ('c', 'i', 'm', 'e', 's') becomes flags, and compiled
 * expressions are cached because a pattern is usually the same for every row.
 */
import { udfError } from '../../sqlite-errors';

const POSIX_CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: '\\s',
  blank: ' \\t', punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9A-Fa-f', cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e', graph: '\\x21-\\x7e', word: '\\w',
};

/** Escapes JS keeps as they are: classes, boundaries, control characters, group numbers. */
const KEPT_ESCAPES = /[dDsSwWbBnrtfv0-9]/;
/** Characters a Unicode-mode JS pattern may escape to mean themselves. */
const SYNTAX = /[\^$\\.*+?()[\]{}|/]/;
/** A bound quantifier: {n}, {n,}, {n,m}. */
const BOUND = /^\{\d+(?:,\d*)?\}/;

/**
 * `\c` in Unicode-mode JS syntax: POSIX lets any punctuation be escaped to mean itself, JS's
 * Unicode mode only syntax characters (and '-' in a bracket).
 */
function escapeOf(c: string, inBracket: boolean): string {
  if (KEPT_ESCAPES.test(c) || SYNTAX.test(c) || (inBracket && c === '-')) return `\\${c}`;
  return /[A-Za-z]/.test(c) ? `\\${c}` : c;
}

/**
 * The pattern in Unicode-mode JS syntax (so that '.' is one character, not a UTF-16 half):
 * POSIX classes expanded, a leading ']' in a bracket made literal, '{' and '}' that bound
 * nothing and a lone ']' escaped, as POSIX reads them literally.
 */
export function posixToJs(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') { out += i + 1 < pattern.length ? escapeOf(pattern[i + 1], false) : '\\\\'; i += 2; continue; }
    if (c === '{') { const b = BOUND.exec(pattern.slice(i)); out += b ? b[0] : '\\{'; i += b ? b[0].length : 1; continue; }
    if (c === '}' || c === ']') { out += `\\${c}`; i++; continue; }
    if (c !== '[') { out += c; i++; continue; }
    out += '[';
    i++;
    if (pattern[i] === '^') { out += '^'; i++; }
    if (pattern[i] === ']') { out += '\\]'; i++; }
    while (i < pattern.length && pattern[i] !== ']') {
      const m = /^\[:(\w+):\]/.exec(pattern.slice(i));
      if (m && POSIX_CLASSES[m[1]]) { out += POSIX_CLASSES[m[1]]; i += m[0].length; continue; }
      if (pattern[i] === '\\') { out += escapeOf(pattern[i + 1] ?? '\\', true); i += 2; continue; }
      out += pattern[i] === '[' ? '\\[' : pattern[i];
      i++;
    }
    if (i < pattern.length) { out += ']'; i++; }
  }
  return out;
}

export interface RegexParameters {
  /** JS flags for the parameters (i, m, s). */
  flags: string;
  /** 'e': return a capture group instead of the whole match. */
  extract: boolean;
}

/** Reads a parameter string; later letters override earlier ones ('ic' is case-sensitive). */
export function parseParameters(params: string | null, fn: string): RegexParameters {
  let ignoreCase = false;
  let multiline = false;
  let dotAll = false;
  let extract = false;
  for (const p of params ?? 'c') {
    switch (p) {
      case 'c': ignoreCase = false; break;
      case 'i': ignoreCase = true; break;
      case 'm': multiline = true; break;
      case 's': dotAll = true; break;
      case 'e': extract = true; break;
      default: throw udfError('100048', '2201B', `Invalid regular expression option: '${p}' in function ${fn}`);
    }
  }
  return { flags: (ignoreCase ? 'i' : '') + (multiline ? 'm' : '') + (dotAll ? 's' : ''), extract };
}

const cache = new Map<string, RegExp>();
const CACHE_LIMIT = 256;

/** Matches nothing: an empty pattern finds nothing when searching (Snowflake's rule). */
const NOTHING = '(?!)';

/**
 * A compiled pattern. `whole`: it must match the entire subject (RLIKE, REGEXP_LIKE: '' matches
 * the empty subject); else a global expression with match indices for searching.
 */
export function compileRegex(pattern: string, flags: string, whole: boolean): RegExp {
  const key = `${whole ? 'w' : 'g'}/${flags}/${pattern}`;
  let re = cache.get(key);
  if (re) { re.lastIndex = 0; return re; }
  const src = pattern === '' && !whole ? NOTHING : posixToJs(pattern);
  try {
    re = whole ? new RegExp(`(?:${src})(?![\\s\\S])`, `${flags}uy`) : new RegExp(src, `${flags}gdu`);
  } catch (e) {
    throw udfError('100048', '2201B', `Invalid regular expression: '${pattern}', ${(e as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '')}`);
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, re);
  return re;
}

/**
 * Successive matches of a global expression from a UTF-16 offset, in the subject read as if it
 * began there (Snowflake: '^' and '\\b' see the position as the start); indices are the
 * subject's. Empty matches advance by one character.
 */
export function* matchesFrom(re: RegExp, subject: string, from: number): Generator<RegExpExecArray> {
  const tail = from === 0 ? subject : subject.slice(from);
  re.lastIndex = 0;
  while (re.lastIndex <= tail.length) {
    const m = re.exec(tail);
    if (!m) return;
    if (m[0] === '') re.lastIndex = m.index + (tail.codePointAt(m.index)! > 0xffff ? 2 : 1);
    if (from !== 0) {
      m.index += from;
      for (const span of m.indices ?? []) if (span) { span[0] += from; span[1] += from; }
    }
    yield m;
  }
}
