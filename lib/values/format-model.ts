/**
 * Snowflake date/time format models for *_OUTPUT_FORMAT: compiled once per column into
 * tokens, then rendered per cell without regexes.
 * Elements (case-insensitive): YYYY YY MM MON MMMM DD DY HH24 HH12 HH AM PM MI SS
 * FF FF0..FF9 (FF = FF9) TZH TZM (so 'TZH:TZM' and 'TZHTZM' both work); "quoted"
 * text is literal; any other character (e.g. the 'T' in 'DDTHH24') passes through.
 */
import { civilFromDays, dayOfWeek, pad2, pad4, pad9 } from './civil';

// Token kinds (plain numbers: const enums do not survive isolatedModules bundling).
const LIT = 0, YYYY = 1, YY = 2, MM = 3, MON = 4, MMMM = 5, DD = 6, DY = 7, HH24 = 8, HH12 = 9,
  AMPM = 10, MI = 11, SS = 12, FF = 13, TZH = 14, TZM = 15;
/** Token kinds, for readers of compiled formats (datetime-format-parse.ts). */
export const TOKEN = { LIT, YYYY, YY, MM, MON, MMMM, DD, DY, HH24, HH12, AMPM, MI, SS, FF, TZH, TZM } as const;

export interface FormatToken {
  kind: number;
  /** Literal text (LIT) or FF digit count (FF). */
  text: string;
  digits: number;
}

export interface CompiledFormat {
  tokens: FormatToken[];
  /** Whether any token needs the calendar date (skip civilFromDays otherwise). */
  needsDate: boolean;
}

// Longest first where prefixes overlap (MMMM > MON > MM > MI, HH24 > HH).
const ELEMENTS: ReadonlyArray<[string, number]> = [
  ['MMMM', MMMM], ['YYYY', YYYY], ['HH24', HH24], ['HH12', HH12], ['TZH', TZH], ['TZM', TZM],
  ['MON', MON], ['YY', YY], ['MM', MM], ['MI', MI], ['DD', DD], ['DY', DY], ['HH', HH24],
  ['AM', AMPM], ['PM', AMPM], ['SS', SS], ['FF', FF],
];

const MONTH_ABBR = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_FULL = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAY_ABBR = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** True for 'AUTO' (or empty), which means "use the default encoding". */
export function isAutoFormat(fmt: string | undefined | null): boolean {
  if (fmt == null) return true;
  const t = fmt.trim().toUpperCase();
  return t === '' || t === 'AUTO';
}

/**
 * Whether `fmt` is a format model text can be read by (a *_INPUT_FORMAT other than AUTO): it
 * names at least one date or time element (one of only literal text reads nothing).
 */
export function isFormatModel(fmt: string): boolean {
  return compileFormat(fmt).tokens.some((t) => t.kind !== LIT);
}

export function compileFormat(fmt: string): CompiledFormat {
  const tokens: FormatToken[] = [];
  const upper = fmt.toUpperCase();
  let lit = '';
  const flush = () => {
    if (lit) tokens.push({ kind: LIT, text: lit, digits: 0 });
    lit = '';
  };
  let i = 0;
  outer: while (i < fmt.length) {
    if (fmt[i] === '"') {
      const close = fmt.indexOf('"', i + 1);
      const end = close < 0 ? fmt.length : close;
      lit += fmt.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    for (const [name, kind] of ELEMENTS) {
      if (!upper.startsWith(name, i)) continue;
      flush();
      i += name.length;
      let digits = 0;
      if (kind === FF) {
        const c = fmt.charCodeAt(i) - 48;
        if (c >= 0 && c <= 9) {
          digits = c;
          i++;
        } else digits = 9;
      }
      tokens.push({ kind, text: name, digits });
      continue outer;
    }
    lit += fmt[i++];
  }
  flush();
  const needsDate = tokens.some((t) => t.kind >= YYYY && t.kind <= DY);
  return { tokens, needsDate };
}

/**
 * Render wall-clock parts: epoch days, seconds of day, nanos, and the offset (minutes)
 * shown by TZH/TZM.
 */
export function renderFormat(f: CompiledFormat, days: number, secs: number, nanos: number, offset: number): string {
  let y = 0, m = 0, d = 0;
  if (f.needsDate) [y, m, d] = civilFromDays(days);
  const h = Math.floor(secs / 3600);
  let out = '';
  const toks = f.tokens;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    switch (t.kind) {
      case LIT: out += t.text; break;
      case YYYY: out += pad4(y); break;
      case YY: out += pad2(y % 100); break;
      case MM: out += pad2(m); break;
      case MON: out += MONTH_ABBR[m - 1]; break;
      case MMMM: out += MONTH_FULL[m - 1]; break;
      case DD: out += pad2(d); break;
      case DY: out += DAY_ABBR[dayOfWeek(days)]; break;
      case HH24: out += pad2(h); break;
      case HH12: out += pad2(h % 12 === 0 ? 12 : h % 12); break;
      case AMPM: out += h < 12 ? 'AM' : 'PM'; break;
      case MI: out += pad2(Math.floor((secs % 3600) / 60)); break;
      case SS: out += pad2(secs % 60); break;
      case FF: if (t.digits > 0) out += pad9(nanos).slice(0, t.digits); break;
      case TZH: out += (offset < 0 ? '-' : '+') + pad2(Math.floor(Math.abs(offset) / 60)); break;
      case TZM: out += pad2(Math.abs(offset) % 60); break;
    }
  }
  return out;
}
