/**
 * Reads date/time text by an explicit format model (TO_DATE(s, 'DD.MM.YYYY'),
 * TO_TIMESTAMP(s, 'mm/dd/yyyy hh24:mi:ss') …), with the elements format-model.ts knows.
 * 'AUTO' (or no format) falls back to the AUTO detection of datetime-parse.ts.
 */
import { daysFromCivil, isValidDate } from './civil';
import { monthFromName, type ParsedDateTime } from './datetime-parse';
import { compileFormat, isAutoFormat, TOKEN } from './format-model';
import { memoByText } from './memo';

const compiled = memoByText(compileFormat);

export { isAutoFormat };

/** Parses `text` by `fmt`; null when it does not match. Missing date parts default to 1970-01-01. */
export function parseWithFormat(text: string, fmt: string): ParsedDateTime | null {
  const s = text.trim();
  let i = 0;
  let y = 1970, mo = 1, d = 1, h = 0, mi = 0, sec = 0, nanos = 0;
  let pm: boolean | null = null;
  let offset: number | null = null;
  let tzSign = 1;
  let hasDate = false, hasTime = false;
  const digits = (min: number, max: number): number | null => {
    let j = i;
    while (j < s.length && j - i < max && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    if (j - i < min) return null;
    const n = Number(s.slice(i, j));
    i = j;
    return n;
  };
  const letters = (): string => {
    let j = i;
    while (j < s.length && /[A-Za-z]/.test(s[j])) j++;
    const w = s.slice(i, j);
    i = j;
    return w;
  };
  for (const t of compiled(fmt).tokens) {
    let n: number | null = 0;
    switch (t.kind) {
      case TOKEN.LIT: {
        for (const ch of t.text) {
          if (ch === ' ') { while (s[i] === ' ') i++; continue; }
          if (s[i] === ch || (/[-/.,:]/.test(ch) && /[-/.,:]/.test(s[i] ?? ''))) i++;
          else return null;
        }
        continue;
      }
      case TOKEN.YYYY: n = digits(1, 4); if (n !== null) { y = n; hasDate = true; } break;
      case TOKEN.YY: n = digits(1, 2); if (n !== null) { y = n < 70 ? 2000 + n : 1900 + n; hasDate = true; } break;
      case TOKEN.MM: n = digits(1, 2); if (n !== null) { mo = n; hasDate = true; } break;
      case TOKEN.MON: case TOKEN.MMMM: n = monthFromName(letters()) || null; if (n !== null) { mo = n; hasDate = true; } break;
      case TOKEN.DD: n = digits(1, 2); if (n !== null) { d = n; hasDate = true; } break;
      case TOKEN.DY: if (letters().length < 3) return null; break;
      case TOKEN.HH24: case TOKEN.HH12: n = digits(1, 2); if (n !== null) { h = n; hasTime = true; } break;
      case TOKEN.AMPM: {
        const w = s.slice(i, i + 2).toUpperCase();
        if (w !== 'AM' && w !== 'PM') return null;
        pm = w === 'PM';
        i += 2;
        break;
      }
      case TOKEN.MI: n = digits(1, 2); if (n !== null) { mi = n; hasTime = true; } break;
      case TOKEN.SS: n = digits(1, 2); if (n !== null) { sec = n; hasTime = true; } break;
      case TOKEN.FF: {
        const start = i;
        n = digits(0, 9);
        const len = i - start;
        nanos = len === 0 ? 0 : (n as number) * 10 ** (9 - len);
        n = 0;
        break;
      }
      case TOKEN.TZH: {
        tzSign = s[i] === '-' ? -1 : 1;
        if (s[i] === '-' || s[i] === '+') i++;
        n = digits(1, 2);
        if (n !== null) offset = tzSign * n * 60;
        break;
      }
      case TOKEN.TZM: n = digits(1, 2); if (n !== null) offset = (offset ?? 0) + tzSign * n; break;
    }
    if (n === null) return null;
  }
  if (i !== s.length) return null;
  if (pm !== null) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (pm ? 12 : 0);
  }
  if (h > 23 || mi > 59 || sec > 59 || !isValidDate(y, mo, d)) return null;
  return { hasDate, hasTime, days: daysFromCivil(y, mo, d), secs: h * 3600 + mi * 60 + sec, nanos, offset };
}
