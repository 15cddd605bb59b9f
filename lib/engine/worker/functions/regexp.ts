/** LIKE/ILIKE, RLIKE and the REGEXP_ functions (positions in characters, 1-based). */
import { likeToRegExp } from '@/lib/engine/like';
import { udfError } from '../../sqlite-errors';
import { compileRegex, matchesFrom, parseParameters } from './regexp-syntax';
import { anyNull, chars, int, text } from './text';
import { variadic, type ImplementationSlice } from './util';

const likeCache = new Map<string, RegExp>();

/** LIKE has no default escape character: only an ESCAPE clause makes one. */
function likePattern(pattern: string, escape: string | null, caseInsensitive: boolean): RegExp {
  const key = `${caseInsensitive ? 'i' : 'c'}${escape ?? ''}\u0000${pattern}`;
  let re = likeCache.get(key);
  if (!re) {
    if (escape !== null && chars(escape).length > 1) throw udfError('100048', '22025', `Invalid escape sequence: '${escape}'`);
    re = likeToRegExp(pattern, { caseSensitive: !caseInsensitive, escape: escape ?? '' });
    if (likeCache.size >= 256) likeCache.delete(likeCache.keys().next().value!);
    likeCache.set(key, re);
  }
  return re;
}

/** UTF-16 offset of the 1-based character position `pos` (positions must be positive). */
function offsetOf(s: string, pos: number, fn: string): number {
  if (pos < 1) throw udfError('100048', '22023', `Invalid value [${pos}] for function '${fn}', parameter 3: must be a positive integer`);
  return chars(s).slice(0, pos - 1).join('').length;
}

/** 1-based character position of a UTF-16 offset. */
const positionOf = (s: string, offset: number): number => chars(s.slice(0, offset)).length + 1;

/** The occurrence-th match (1-based) at or after a character position, or null. */
function nth(re: RegExp, s: string, position: number, occurrence: number, fn: string): RegExpExecArray | null {
  let k = 0;
  for (const m of matchesFrom(re, s, offsetOf(s, position, fn))) if (++k >= Math.max(1, occurrence)) return m;
  return null;
}

/** The group to report: explicit group_num, else 1 with 'e' when the pattern has a group, else 0. */
function groupOf(m: RegExpExecArray, extract: boolean, groupNum: number | null): number {
  if (groupNum !== null) {
    if (groupNum < 0 || groupNum >= m.length) throw udfError('100048', '2201B', `Invalid group number ${groupNum}`);
    return groupNum;
  }
  return extract && m.length > 1 ? 1 : 0;
}

/** Snowflake's replacement text: \1 … \9 are groups, \\ a backslash. */
function expandReplacement(replacement: string, m: RegExpExecArray): string {
  return replacement.replace(/\\(\d|\\)/g, (_x, d: string) => (d === '\\' ? '\\' : m[Number(d)] ?? ''));
}

const opt = (a: unknown[], i: number): unknown => (a.length > i ? a[i] : undefined);

export function regexpFunctions() {
  return {
    FLOE_LIKE: (s: unknown, p: unknown, esc: unknown, ci: unknown) => {
      if (s === null || p === null) return null;
      return likePattern(text(p)!, esc === null ? null : text(esc), ci === 1).test(text(s)!) ? 1 : 0;
    },

    FLOE_RLIKE: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      const { flags } = parseParameters(a.length > 2 ? text(a[2]) : null, 'REGEXP_LIKE');
      const re = compileRegex(text(a[1])!, flags, true);
      re.lastIndex = 0;
      return re.test(text(a[0])!) ? 1 : 0;
    }),

    // REGEXP_SUBSTR(subject, pattern [, position [, occurrence [, parameters [, group_num]]]])
    FLOE_REGEXP_SUBSTR: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      const s = text(a[0])!;
      const { flags, extract } = parseParameters(a.length > 4 ? text(a[4]) : null, 'REGEXP_SUBSTR');
      const m = nth(compileRegex(text(a[1])!, flags, false), s, int(opt(a, 2)) ?? 1, int(opt(a, 3)) ?? 1, 'REGEXP_SUBSTR');
      if (!m) return null;
      return m[groupOf(m, extract, a.length > 5 ? int(a[5]) : null)] ?? null;
    }),

    // REGEXP_SUBSTR_ALL: every match from the occurrence-th on, as an ARRAY.
    FLOE_REGEXP_SUBSTR_ALL: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      const s = text(a[0])!;
      const { flags, extract } = parseParameters(a.length > 4 ? text(a[4]) : null, 'REGEXP_SUBSTR_ALL');
      const re = compileRegex(text(a[1])!, flags, false);
      const occurrence = Math.max(1, int(opt(a, 3)) ?? 1);
      const out: (string | null)[] = [];
      let k = 0;
      for (const m of matchesFrom(re, s, offsetOf(s, int(opt(a, 2)) ?? 1, 'REGEXP_SUBSTR_ALL'))) {
        if (++k >= occurrence) out.push(m[groupOf(m, extract, a.length > 5 ? int(a[5]) : null)] ?? null);
      }
      return JSON.stringify(out);
    }),

    // REGEXP_REPLACE(subject, pattern [, replacement [, position [, occurrence [, parameters]]]]); occurrence 0 = all.
    FLOE_REGEXP_REPLACE: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      const s = text(a[0])!;
      const replacement = a.length > 2 ? text(a[2])! : '';
      const occurrence = int(opt(a, 4)) ?? 0;
      const { flags } = parseParameters(a.length > 5 ? text(a[5]) : null, 'REGEXP_REPLACE');
      const re = compileRegex(text(a[1])!, flags, false);
      let out = '';
      let last = 0;
      let k = 0;
      for (const m of matchesFrom(re, s, offsetOf(s, int(opt(a, 3)) ?? 1, 'REGEXP_REPLACE'))) {
        k++;
        if (occurrence !== 0 && k < occurrence) continue;
        out += s.slice(last, m.index) + expandReplacement(replacement, m);
        last = m.index + m[0].length;
        if (occurrence !== 0) break;
      }
      return out + s.slice(last);
    }),

    // REGEXP_COUNT(subject, pattern [, position [, parameters]])
    FLOE_REGEXP_COUNT: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      const s = text(a[0])!;
      const { flags } = parseParameters(a.length > 3 ? text(a[3]) : null, 'REGEXP_COUNT');
      let k = 0;
      for (const _m of matchesFrom(compileRegex(text(a[1])!, flags, false), s, offsetOf(s, int(opt(a, 2)) ?? 1, 'REGEXP_COUNT'))) k++;
      return k;
    }),

    // REGEXP_INSTR(subject, pattern [, position [, occurrence [, option [, parameters [, group_num]]]]])
    FLOE_REGEXP_INSTR: variadic((...a: unknown[]) => {
      if (anyNull(a)) return null;
      const s = text(a[0])!;
      const { flags, extract } = parseParameters(a.length > 5 ? text(a[5]) : null, 'REGEXP_INSTR');
      const m = nth(compileRegex(text(a[1])!, flags, false), s, int(opt(a, 2)) ?? 1, int(opt(a, 3)) ?? 1, 'REGEXP_INSTR');
      if (!m) return 0;
      const g = groupOf(m, extract, a.length > 6 ? int(a[6]) : null);
      const span = m.indices?.[g];
      if (!span) return 0;
      return positionOf(s, (int(opt(a, 4)) ?? 0) === 0 ? span[0] : span[1]);
    }),
  } satisfies ImplementationSlice;
}
