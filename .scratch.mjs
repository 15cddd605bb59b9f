import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);

// lib/sql/parse.ts
import { Dialect as Dialect2, generate, parse as parse2 } from "@polyglot-sql/sdk";

// lib/sql/errors.ts
var SqlError = class extends Error {
  constructor(code, sqlState, message) {
    super(message);
    this.code = code;
    this.sqlState = sqlState;
    this.name = "SqlError";
  }
  code;
  sqlState;
};
var at = (line = 1, pos = 0) => `error line ${line} at position ${pos}`;
var sqlErrors = {
  syntax: (near, line = 1, pos = 0) => new SqlError("001003", "42000", `SQL compilation error:
syntax error line ${line} at position ${pos} unexpected '${near}'.`),
  invalidIdentifier: (name, line = 1, pos = 0) => new SqlError("000904", "42000", `SQL compilation error: ${at(line, pos)}
invalid identifier '${name}'`),
  unknownFunction: (name, line = 1, pos = 0) => new SqlError("002139", "42601", `SQL compilation error:
Unknown function ${name}`),
  /** A built-in called with a number of arguments none of its forms takes. */
  argumentCount: (name) => new SqlError("002140", "42601", `SQL compilation error:
Invalid number of arguments for function [${name}].`),
  /** TABLE(f(…)) or LATERAL f(…) naming no table function Floe has. */
  unknownTableFunction: (name) => new SqlError("002143", "42601", `SQL compilation error:
Unknown user-defined table function ${name}`),
  objectMissing: (kind, name) => new SqlError("002003", "42S02", `SQL compilation error:
${kind} '${name}' does not exist or not authorized.`),
  alreadyExists: (kind, name) => new SqlError("002002", "42710", `SQL compilation error:
Object '${name}' already exists.`),
  noCurrentDatabase: () => new SqlError("090105", "22000", "Cannot perform CREATE TABLE. This session does not have a current database. Call 'USE DATABASE', or use a qualified name."),
  noCurrentSchema: () => new SqlError("090106", "22000", "Cannot perform CREATE TABLE. This session does not have a current schema. Call 'USE SCHEMA', or use a qualified name."),
  roleNotGranted: (role) => new SqlError("003013", "42501", `SQL compilation error:
Requested role '${role}' is not assigned to the executing user. Specify another role to activate.`),
  insufficientPrivileges: (what) => new SqlError("003001", "42501", `SQL access control error:
Insufficient privileges to ${what}`),
  /** DROP / REPLACE / changing the fixed settings of a built-in integration (FLOE_CONSOLE), or reading its secrets. */
  builtInIntegration: (name, what) => new SqlError("003001", "42501", `SQL access control error:
Insufficient privileges to ${what} integration '${name}': it is built in (the Floe console signs in through it). Only ENABLED and COMMENT can be changed.`),
  divisionByZero: () => new SqlError("100051", "22012", "Division by zero"),
  /** A view whose definition reads the view itself, directly or through other views. */
  recursiveView: (name) => new SqlError("002140", "42601", `SQL compilation error:
View '${name}' cannot be defined in terms of itself.`),
  /** INSERT / UPDATE / DELETE / MERGE / TRUNCATE naming a view. */
  viewNotWritable: () => new SqlError("002023", "42601", "SQL compilation error:\nInvalid target for DML: a view cannot be modified"),
  unsupported: (what) => new SqlError("002140", "42601", `SQL compilation error:
Unsupported feature '${what}'.`),
  invalidValue: (detail) => new SqlError("002262", "22023", `SQL compilation error:
${detail}`),
  cancelled: () => new SqlError("000604", "57014", "SQL execution canceled"),
  timedOut: (seconds) => new SqlError("000630", "57014", `Statement reached its statement or warehouse timeout of ${seconds} second(s) and was canceled.`),
  /** A statement that needs compute without a usable current warehouse (none, dropped, or suspended with AUTO_RESUME = FALSE). */
  noActiveWarehouse: () => new SqlError("000606", "57P03", "No active warehouse selected in the current session.  Select an active warehouse with the 'use warehouse' command."),
  /** Compiling took longer than FLOE_COMPILE_TIMEOUT_S (a compile worker was stopped). */
  compileTimedOut: (seconds) => new SqlError("000630", "57014", `Statement reached its compilation time limit of ${seconds} second(s) (FLOE_COMPILE_TIMEOUT_S) and was canceled.`),
  /** The parser's nesting guard: a chain of hundreds of UNION ALL branches, deeply nested expressions. */
  tooComplex: (limit) => new SqlError("001003", "42000", `SQL compilation error:
Statement too complex: it nests deeper than the parser's limit of ${limit} levels (for example a chain of hundreds of UNION ALL branches, or deeply nested parentheses). Split it into smaller statements.`),
  internal: (message) => new SqlError("000603", "XX000", `SQL execution internal error: ${message}`),
  bindMissing: (position) => new SqlError("002049", "42601", `SQL compilation error: error line 1 at position 0
Bind variable ?${position} not set.`),
  statementCount: (actual, desired) => new SqlError("000008", "0A000", `Actual statement count ${actual} did not match the desired statement count ${desired}.`)
};

// lib/sql/lexer.ts
var LexError = class extends SqlError {
  constructor(line, col) {
    const e = sqlErrors.syntax("<EOF>", line, col);
    super(e.code, e.sqlState, e.message);
    this.line = line;
    this.col = col;
  }
  line;
  col;
};
function positionAt(text, offset) {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, col: offset - lineStart };
}
var endOfInput = (sql) => {
  const p = positionAt(sql, sql.length);
  return new LexError(p.line, p.col);
};
var isWordStartCode = (k) => k >= 65 && k <= 90 || k >= 97 && k <= 122 || k === 95 || k >= 128;
var isWordStart = (c) => isWordStartCode(c.charCodeAt(0));
var isWordPart = (c) => {
  const k = c.charCodeAt(0);
  return isWordStartCode(k) || k >= 48 && k <= 57 || k === 36;
};
var TWO_CHAR_PUNCT = /* @__PURE__ */ new Set(["::", "||", "<=", ">=", "<>", "!=", "=>", "->"]);
var isDigit = (c) => c >= "0" && c <= "9";
function tokenize(sql, opts = {}) {
  const backslash = opts.backslashEscapes !== false;
  const openEnd = opts.openEnd === true;
  const out = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = sql.length;
  const advanceLines = (from, to) => {
    for (let k = from; k < to; k++) if (sql[k] === "\n") {
      line++;
      lineStart = k + 1;
    }
  };
  while (i < n) {
    const c = sql[i];
    if (c === "\n") {
      line++;
      lineStart = i + 1;
      i++;
      continue;
    }
    if (c === " " || c === "	" || c === "\r" || c === "\f") {
      i++;
      continue;
    }
    const tokLine = line;
    const col = i - lineStart;
    const start = i;
    if (c === "-" && sql[i + 1] === "-" || c === "/" && sql[i + 1] === "/") {
      while (i < n && sql[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && sql[i + 1] === "*") {
      const endIdx = sql.indexOf("*/", i + 2);
      if (endIdx < 0 && openEnd) break;
      if (endIdx < 0) throw endOfInput(sql);
      advanceLines(i, endIdx + 2);
      i = endIdx + 2;
      continue;
    }
    if (c === "'") {
      let value = "";
      i++;
      let run = i;
      for (; ; ) {
        if (i >= n && openEnd) {
          value += sql.slice(run, i);
          break;
        }
        if (i >= n) throw endOfInput(sql);
        const ch = sql.charCodeAt(i);
        if (backslash && ch === 92 && i + 1 < n) {
          const e = sql[i + 1];
          value += sql.slice(run, i) + (e === "n" ? "\n" : e === "t" ? "	" : e === "r" ? "\r" : e === "0" ? "\0" : e);
          i += 2;
          run = i;
          continue;
        }
        if (ch === 39) {
          if (sql.charCodeAt(i + 1) === 39) {
            value += sql.slice(run, i + 1);
            i += 2;
            run = i;
            continue;
          }
          value += sql.slice(run, i);
          i++;
          break;
        }
        i++;
      }
      advanceLines(start, i);
      out.push({ kind: "string", text: value, start, end: i, line: tokLine, col });
      continue;
    }
    if (c === "$" && sql[i + 1] === "$") {
      const found = sql.indexOf("$$", i + 2);
      if (found < 0 && !openEnd) throw endOfInput(sql);
      const endIdx = found < 0 ? n : found;
      const value = sql.slice(i + 2, endIdx);
      advanceLines(i, endIdx);
      i = Math.min(n, endIdx + 2);
      out.push({ kind: "string", text: value, start, end: i, line: tokLine, col });
      continue;
    }
    if (c === '"') {
      let value = "";
      i++;
      let run = i;
      for (; ; ) {
        if (i >= n && openEnd) {
          value += sql.slice(run, i);
          break;
        }
        if (i >= n) throw endOfInput(sql);
        if (sql.charCodeAt(i) === 34) {
          if (sql.charCodeAt(i + 1) === 34) {
            value += sql.slice(run, i + 1);
            i += 2;
            run = i;
            continue;
          }
          value += sql.slice(run, i);
          i++;
          break;
        }
        i++;
      }
      advanceLines(start, i);
      out.push({ kind: "quoted", text: value, start, end: i, line: tokLine, col });
      continue;
    }
    if (isDigit(c) || c === "." && isDigit(sql[i + 1] ?? "")) {
      while (i < n && (isDigit(sql[i]) || sql[i] === ".")) i++;
      if ((sql[i] === "e" || sql[i] === "E") && /[0-9+-]/.test(sql[i + 1] ?? "")) {
        i += 2;
        while (i < n && isDigit(sql[i])) i++;
      }
      out.push({ kind: "number", text: sql.slice(start, i), start, end: i, line: tokLine, col });
      continue;
    }
    if (isWordStart(c) || c === "$" && isWordPart(sql[i + 1] ?? "")) {
      i++;
      while (i < n && isWordPart(sql[i])) i++;
      out.push({ kind: "word", text: sql.slice(start, i), start, end: i, line: tokLine, col });
      continue;
    }
    if (c === ";") {
      out.push({ kind: "semicolon", text: ";", start, end: i + 1, line: tokLine, col });
      i++;
      continue;
    }
    const len = i + 1 < n && TWO_CHAR_PUNCT.has(sql.slice(i, i + 2)) ? 2 : 1;
    out.push({ kind: "punct", text: sql.slice(i, i + len), start, end: i + len, line: tokLine, col });
    i += len;
  }
  return out;
}

// lib/values/civil.ts
var MIN_YEAR = 0;
var MAX_YEAR = 9999;
function daysFromCivil(y, m, d) {
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
var MIN_DAYS = daysFromCivil(MIN_YEAR, 1, 1);
var MAX_DAYS = daysFromCivil(MAX_YEAR, 12, 31);

// lib/values/binary.ts
var HEX = "0123456789ABCDEF";
var BYTE_HEX = [];
for (let i = 0; i < 256; i++) BYTE_HEX.push(HEX[i >> 4] + HEX[i & 15]);
var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
var B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_INDEX[B64.charCodeAt(i)] = i;
var utf8Encoder = new TextEncoder();
var utf8Decoder = new TextDecoder("utf-8");

// lib/values/datetime-parse.ts
var TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:\s*([AaPp])\.?[Mm]\.?)?`;
var TZ = String.raw`(?:\s*(Z|z|[+-]\d{2}(?::?\d{2})?))?`;
var TIME_ONLY_RE = new RegExp("^" + TIME + TZ + "$");
var TIME_REST_RE = new RegExp(String.raw`^(?:T|t|\s+)` + TIME + TZ + "$");
var CTIME_RE = new RegExp(
  String.raw`^[A-Za-z]{3,9},?\s+([A-Za-z]{3,9})\s+(\d{1,2})\s+` + TIME + String.raw`(?:\s+(Z|[+-]\d{2}(?::?\d{2})?))?\s+(\d{4})$`
);

// lib/values/format-model.ts
var LIT = 0;
var YYYY = 1;
var YY = 2;
var MM = 3;
var MON = 4;
var MMMM = 5;
var DD = 6;
var DY = 7;
var HH24 = 8;
var HH12 = 9;
var AMPM = 10;
var MI = 11;
var SS = 12;
var FF = 13;
var TZH = 14;
var TZM = 15;
var ELEMENTS = [
  ["MMMM", MMMM],
  ["YYYY", YYYY],
  ["HH24", HH24],
  ["HH12", HH12],
  ["TZH", TZH],
  ["TZM", TZM],
  ["MON", MON],
  ["YY", YY],
  ["MM", MM],
  ["MI", MI],
  ["DD", DD],
  ["DY", DY],
  ["HH", HH24],
  ["AM", AMPM],
  ["PM", AMPM],
  ["SS", SS],
  ["FF", FF]
];
function isAutoFormat(fmt) {
  if (fmt == null) return true;
  const t = fmt.trim().toUpperCase();
  return t === "" || t === "AUTO";
}
function compileFormat(fmt) {
  const tokens = [];
  const upper = fmt.toUpperCase();
  let lit2 = "";
  const flush = () => {
    if (lit2) tokens.push({ kind: LIT, text: lit2, digits: 0 });
    lit2 = "";
  };
  let i = 0;
  outer: while (i < fmt.length) {
    if (fmt[i] === '"') {
      const close = fmt.indexOf('"', i + 1);
      const end = close < 0 ? fmt.length : close;
      lit2 += fmt.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    for (const [name, kind] of ELEMENTS) {
      if (!upper.startsWith(name, i)) continue;
      flush();
      i += name.length;
      let digits2 = 0;
      if (kind === FF) {
        const c = fmt.charCodeAt(i) - 48;
        if (c >= 0 && c <= 9) {
          digits2 = c;
          i++;
        } else digits2 = 9;
      }
      tokens.push({ kind, text: name, digits: digits2 });
      continue outer;
    }
    lit2 += fmt[i++];
  }
  flush();
  const needsDate = tokens.some((t) => t.kind >= YYYY && t.kind <= DY);
  return { tokens, needsDate };
}

// lib/values/memo.ts
var Memo = class {
  constructor(max) {
    this.max = max;
  }
  max;
  map = /* @__PURE__ */ new Map();
  get(key) {
    const v = this.map.get(key);
    if (v !== void 0) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key, value) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value);
  }
};
function memoByText(build, max = 500) {
  const memo = new Memo(max);
  return (text) => {
    let v = memo.get(text);
    if (v === void 0) {
      v = build(text);
      memo.set(text, v);
    }
    return v;
  };
}

// lib/values/datetime-format-parse.ts
var compiled = memoByText(compileFormat);

// lib/values/timezone.ts
var BUCKET_MS = 15 * 60 * 1e3;

// lib/values/numeric.ts
var ZEROS = "0".repeat(64);

// lib/values/date-parts.ts
var ALIASES = {
  year: ["y", "yy", "yyy", "yyyy", "yr", "years", "yrs"],
  quarter: ["q", "qtr", "qtrs", "quarters"],
  month: ["mm", "mon", "mons", "months"],
  week: ["w", "wk", "weekofyear", "woy", "wy", "weeks"],
  weekiso: ["week_iso", "weekofyeariso", "weekofyear_iso"],
  day: ["d", "dd", "days", "dayofmonth"],
  dayofweek: ["weekday", "dow", "dw"],
  dayofweekiso: ["dayofweek_iso", "weekday_iso", "dow_iso", "dw_iso"],
  dayofyear: ["yearday", "doy", "dy"],
  yearofweek: [],
  yearofweekiso: ["yearofweek_iso"],
  hour: ["h", "hh", "hr", "hours", "hrs"],
  minute: ["m", "mi", "min", "minutes", "mins"],
  second: ["s", "sec", "seconds", "secs"],
  millisecond: ["ms", "msec", "milliseconds"],
  microsecond: ["us", "usec", "microseconds"],
  nanosecond: ["ns", "nsec", "nanosec", "nsecond", "nanoseconds", "nanosecs", "nseconds"],
  epoch_second: ["epoch", "epoch_seconds"],
  epoch_millisecond: ["epoch_milliseconds"],
  epoch_microsecond: ["epoch_microseconds"],
  epoch_nanosecond: ["epoch_nanoseconds"],
  timezone_hour: ["tzh", "timezonehour"],
  timezone_minute: ["tzm", "timezoneminute"]
};
var PARTS = /* @__PURE__ */ new Map();
for (const [part, names] of Object.entries(ALIASES)) {
  PARTS.set(part, part);
  for (const n of names) PARTS.set(n, part);
}
function datePartOf(name) {
  return PARTS.get(name.trim().toLowerCase()) ?? null;
}
function isDateLevel(p) {
  return p === "year" || p === "quarter" || p === "month" || p === "week" || p === "weekiso" || p === "day" || p === "dayofweek" || p === "dayofweekiso" || p === "dayofyear" || p === "yearofweek" || p === "yearofweekiso";
}
var NS = 1000000000n;
var UNIT_NANOS = {
  hour: 3600n * NS,
  minute: 60n * NS,
  second: NS,
  millisecond: 1000000n,
  microsecond: 1000n,
  nanosecond: 1n
};

// lib/values/number-format.ts
function compile(fmt) {
  const f = { fm: false, blankZero: false, dollar: false, sign: null, int: [], frac: [], point: false, hex: null, tm: null, before: "", after: "" };
  const u = fmt.toUpperCase();
  let seenDigit = false;
  let i = 0;
  while (i < fmt.length) {
    const c = u[i];
    if (fmt[i] === '"') {
      const close = fmt.indexOf('"', i + 1);
      const end = close < 0 ? fmt.length : close;
      if (seenDigit || f.tm || f.hex) f.after += fmt.slice(i + 1, end);
      else f.before += fmt.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (u.startsWith("TME", i)) {
      f.tm = "sci";
      i += 3;
      seenDigit = true;
      continue;
    }
    if (u.startsWith("TM9", i)) {
      f.tm = "plain";
      i += 3;
      seenDigit = true;
      continue;
    }
    if (u.startsWith("TM", i)) {
      f.tm = "plain";
      i += 2;
      seenDigit = true;
      continue;
    }
    if (u.startsWith("FM", i)) {
      f.fm = true;
      i += 2;
      continue;
    }
    if (u.startsWith("MI", i)) {
      f.sign = "mi";
      i += 2;
      continue;
    }
    switch (c) {
      case "9":
      case "0":
        (f.point ? f.frac : f.int).push(c);
        seenDigit = true;
        break;
      case "X":
        f.hex = fmt[i] === "x" ? "lower" : "upper";
        f.int.push("X");
        seenDigit = true;
        break;
      case ".":
      case "D":
        f.point = true;
        seenDigit = true;
        break;
      case ",":
      case "G":
        if (!f.point) f.int.push(",");
        break;
      case "$":
        f.dollar = true;
        break;
      case "B":
        f.blankZero = true;
        break;
      case "S":
        f.sign = seenDigit ? "trail" : "lead";
        break;
      default:
        if (seenDigit) f.after += fmt[i];
        else f.before += fmt[i];
    }
    i++;
  }
  return f;
}
var compiled2 = memoByText(compile);

// lib/values/to-text.ts
var compiledFormat = memoByText(compileFormat);

// lib/values/display.ts
var TIMESTAMP_DEFAULT = "YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM";
var set = (f) => isAutoFormat(f) ? null : f;
function defaultOutputFormat(wire, f) {
  switch (wire) {
    case "date":
      return set(f.dateOutputFormat) ?? "YYYY-MM-DD";
    case "time":
      return set(f.timeOutputFormat) ?? "HH24:MI:SS";
    case "timestamp_ntz":
      return set(f.timestampNtzOutputFormat) ?? set(f.timestampOutputFormat) ?? "YYYY-MM-DD HH24:MI:SS.FF3";
    case "timestamp_ltz":
      return set(f.timestampLtzOutputFormat) ?? set(f.timestampOutputFormat) ?? TIMESTAMP_DEFAULT;
    case "timestamp_tz":
      return set(f.timestampTzOutputFormat) ?? set(f.timestampOutputFormat) ?? TIMESTAMP_DEFAULT;
    case "binary":
      return set(f.binaryOutputFormat) ?? "HEX";
    default:
      return "";
  }
}

// lib/sql/syntax-error.ts
import { Dialect, parse } from "@polyglot-sql/sdk";

// lib/sql/parse.ts
var parsed = new Memo(128);
var generated = new Memo(1024);

// lib/sql/compile/ast.ts
var fn = (name, args) => ({
  function: { name, args, distinct: false, trailing_comments: [], use_bracket_syntax: false, no_parens: false, quoted: false }
});
var lit = (v) => v === null ? { null: {} } : { literal: { literal_type: typeof v === "number" ? "number" : "string", value: String(v) } };
var paren = (expr) => ({ paren: { this: expr, trailing_comments: [] } });
var operator = (kind, left, right) => ({ [kind]: { left, right, left_comments: [], operator_comments: [], trailing_comments: [] } });
var binary = (kind, left, right) => paren(operator(kind, left, right));
var isNull = (expr, not2 = false) => ({ is_null: { this: expr, not: not2, postfix_form: false } });
var caseWhen = (whens, otherwise = null) => ({ case: { operand: null, whens, else_: otherwise } });

// lib/sql/types.ts
var MAX_VARCHAR = 16777216;
var MAX_BINARY = 8388608;
var make = (text, wire, p = null, s = null, len = null, bytes = null) => ({ text, wire, precision: p, scale: s, length: len, byteLength: bytes });
var types = {
  number: (p = 38, s = 0) => make(`NUMBER(${p},${s})`, "fixed", p, s),
  float: () => make("FLOAT", "real"),
  varchar: (n = MAX_VARCHAR) => make(`VARCHAR(${n})`, "text", null, null, n, Math.min(n * 4, MAX_VARCHAR)),
  binary: (n = MAX_BINARY) => make(`BINARY(${n})`, "binary", null, null, n, n),
  boolean: () => make("BOOLEAN", "boolean"),
  date: () => make("DATE", "date"),
  time: (p = 9) => make(`TIME(${p})`, "time", 0, p),
  timestampNtz: (p = 9) => make(`TIMESTAMP_NTZ(${p})`, "timestamp_ntz", 0, p),
  timestampLtz: (p = 9) => make(`TIMESTAMP_LTZ(${p})`, "timestamp_ltz", 0, p),
  timestampTz: (p = 9) => make(`TIMESTAMP_TZ(${p})`, "timestamp_tz", 0, p),
  variant: () => make("VARIANT", "variant"),
  object: () => make("OBJECT", "object"),
  array: () => make("ARRAY", "array")
};
function parseTypeName(raw, timestamp = "TIMESTAMP_NTZ") {
  const m = /^\s*([A-Za-z_ ]+?)\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?\s*$/.exec(raw);
  if (!m) return null;
  const name = m[1].toUpperCase().replace(/\s+/g, " ");
  const a = m[2] === void 0 ? void 0 : Number(m[2]);
  const b = m[3] === void 0 ? void 0 : Number(m[3]);
  switch (name) {
    case "NUMBER":
    case "DECIMAL":
    case "NUMERIC":
    case "DEC":
      return types.number(a ?? 38, b ?? 0);
    case "INT":
    case "INTEGER":
    case "BIGINT":
    case "SMALLINT":
    case "TINYINT":
    case "BYTEINT":
      return types.number(38, 0);
    case "FLOAT":
    case "FLOAT4":
    case "FLOAT8":
    case "DOUBLE":
    case "DOUBLE PRECISION":
    case "REAL":
      return types.float();
    case "VARCHAR":
    case "STRING":
    case "TEXT":
    case "NVARCHAR":
    case "NVARCHAR2":
    case "CHAR VARYING":
    case "NCHAR VARYING":
      return types.varchar(a ?? MAX_VARCHAR);
    case "CHAR":
    case "CHARACTER":
    case "NCHAR":
      return types.varchar(a ?? 1);
    case "BINARY":
    case "VARBINARY":
      return types.binary(a ?? MAX_BINARY);
    case "BOOLEAN":
    case "BOOL":
      return types.boolean();
    case "DATE":
      return types.date();
    case "TIME":
      return types.time(a ?? 9);
    case "TIMESTAMP":
      return timestamp === "TIMESTAMP_NTZ" ? types.timestampNtz(a ?? 9) : parseTypeName(`${timestamp}(${a ?? 9})`);
    case "DATETIME":
    case "TIMESTAMP_NTZ":
    case "TIMESTAMPNTZ":
    case "TIMESTAMP WITHOUT TIME ZONE":
      return types.timestampNtz(a ?? 9);
    case "TIMESTAMP_LTZ":
    case "TIMESTAMPLTZ":
    case "TIMESTAMP WITH LOCAL TIME ZONE":
      return types.timestampLtz(a ?? 9);
    case "TIMESTAMP_TZ":
    case "TIMESTAMPTZ":
    case "TIMESTAMP WITH TIME ZONE":
      return types.timestampTz(a ?? 9);
    case "VARIANT":
      return types.variant();
    case "OBJECT":
      return types.object();
    case "ARRAY":
      return types.array();
    default:
      return null;
  }
}
function storeFunction(t) {
  switch (t.wire) {
    case "fixed":
      return { name: "FLOE_TO_NUMBER", extraArgs: [t.precision ?? 38, t.scale ?? 0] };
    case "boolean":
      return { name: "FLOE_TO_BOOLEAN", extraArgs: [] };
    case "date":
      return { name: "FLOE_TO_DATE", extraArgs: [] };
    case "time":
      return { name: "FLOE_TO_TIME", extraArgs: [] };
    case "timestamp_ntz":
      return { name: "FLOE_TO_TIMESTAMP_NTZ", extraArgs: [] };
    case "timestamp_ltz":
      return { name: "FLOE_TO_TIMESTAMP_LTZ", extraArgs: [] };
    case "timestamp_tz":
      return { name: "FLOE_TO_TIMESTAMP_TZ", extraArgs: [] };
    case "binary":
      return { name: "FLOE_TO_BINARY", extraArgs: ["HEX"] };
    case "text":
      return { name: "FLOE_TO_VARCHAR", extraArgs: [] };
    default:
      return null;
  }
}
var INT64_PRECISION = 18;

// lib/sql/functions/arity.ts
function arity(call, min, max = min) {
  const n = call.args.length;
  if (n >= min && n <= max) return;
  throw argumentCountError(call.name, n < min ? min : max, n);
}
function argumentCountError(name, want, got) {
  const few = got < want;
  return new SqlError(
    few ? "000938" : "000939",
    "22023",
    `SQL compilation error: error line 1 at position 7
${few ? "not enough" : "too many"} arguments for function [${name.toUpperCase()}], expected ${want}, got ${got}`
  );
}

// lib/sql/compile/convert.ts
import { generateDataType, Dialect as Dialect3 } from "@polyglot-sql/sdk";

// lib/sql/functions/variant-tags.ts
var isSemiStructured = (t) => !!t && (t.wire === "variant" || t.wire === "object" || t.wire === "array");
function variantTag(t) {
  switch (t?.wire) {
    case "variant":
    case "object":
    case "array":
      return "j";
    case "text":
      return "s";
    case "fixed":
      return "n";
    case "real":
      return "r";
    case "boolean":
      return "b";
    case "binary":
      return "x";
    case "date":
    case "time":
    case "timestamp_ntz":
    case "timestamp_ltz":
    case "timestamp_tz":
      return "d";
    default:
      return "?";
  }
}
var variantTags = (types2) => types2.map((t) => variantTag(t.type)).join("");

// lib/sql/compile/convert.ts
var typeIs = (expr, storage) => ({ eq: { left: fn("TYPEOF", [expr]), right: lit(storage), left_comments: [], operator_comments: [], trailing_comments: [] } });
var castAs = (expr, dataType) => ({ cast: { this: expr, to: { data_type: dataType }, trailing_comments: [], double_colon_syntax: false } });
function integerForm(r) {
  const roundTrips = { eq: { left: castAs(castAs(r, "int"), "text"), right: r, left_comments: [], operator_comments: [], trailing_comments: [] } };
  return fn("IIF", [typeIs(r, "text"), fn("IIF", [roundTrips, castAs(r, "int"), r]), castAs(r, "int")]);
}
function castTarget(to, session) {
  const g2 = generateDataType(to, Dialect3.Snowflake);
  return g2.success && g2.sql ? parseTypeName(g2.sql, session.timestampTypeMapping) : null;
}
function convertTo(expr, t, { write = false } = {}) {
  if (write && t.wire === "text" && t.length !== null && t.length < types.varchar().length) return fn("FLOE_STORE_VARCHAR", [expr, lit(t.length)]);
  if (t.wire === "real") return { cast: { this: expr, to: { data_type: "double", precision: null, scale: null }, trailing_comments: [], double_colon_syntax: false } };
  if (t.wire === "fixed" && t.scale === 0 && expr?.function?.name === "FLOE_NEXTVAL") return { paren: { this: expr, trailing_comments: [] } };
  if (t.wire === "fixed" && t.scale === 0) {
    return fn("IIF", [typeIs(expr, "integer"), expr, integerForm(fn("FLOE_TO_NUMBER", [expr, lit(t.precision ?? 38), lit(0)]))]);
  }
  const f = storeFunction(t);
  return f ? fn(f.name, [expr, ...f.extraArgs.map(lit)]) : expr;
}
function castTo(expr, from, t) {
  if (isSemiStructured(from) && !isSemiStructured(t)) return convertTo(fn("FLOE_FROM_VARIANT", [expr, lit(t.wire === "text" ? 1 : 0)]), t);
  if (!isSemiStructured(from) && isSemiStructured(t)) {
    const v = fn("FLOE_TO_VARIANT", [lit(variantTag(from)), expr]);
    return t.wire === "array" ? fn("FLOE_TO_ARRAY", [lit("j"), v]) : t.wire === "object" ? fn("TO_OBJECT", [v]) : v;
  }
  return convertTo(expr, t);
}

// lib/sql/compile/exact-numeric.ts
var MAX_P = 38;
var DOUBLE_DIGITS = 15;
var wideLiterals = /* @__PURE__ */ new WeakSet();
var isWide = (n) => typeof n === "object" && n !== null && wideLiterals.has(n);
var fixed = (t) => t?.wire === "fixed";
var scaleOf = (t) => t.scale ?? 0;
var leading = (t) => (t.precision ?? MAX_P) - scaleOf(t);
var number = (l, s) => types.number(Math.min(MAX_P, Math.max(1, l + s)), Math.min(s, 37));
function arithmeticType(kind, a, b) {
  if (a?.wire === "real" || b?.wire === "real") return types.float();
  if (!fixed(a) || !fixed(b)) return null;
  const [s1, s2, l1, l2] = [scaleOf(a), scaleOf(b), leading(a), leading(b)];
  switch (kind) {
    case "add":
    case "sub":
      return number(Math.max(l1, l2) + 1, Math.max(s1, s2));
    case "mul":
      return number(l1 + l2, Math.min(s1 + s2, Math.max(s1, s2, 12)));
    case "div":
      return number(l1 + s2, Math.max(s1, Math.min(s1 + 6, 12)));
    case "mod":
      return number(Math.min(l1, l2), Math.max(s1, s2));
  }
}
function supertype(ts) {
  const known = ts.filter((t) => t !== null);
  if (known.length === 0) return null;
  if (known.every((t) => t.wire === "fixed")) {
    const s = Math.max(...known.map(scaleOf));
    return number(Math.max(...known.map(leading)), s);
  }
  if (known.every((t) => t.wire === "fixed" || t.wire === "real")) return types.float();
  if (known.every((t) => t.wire === "text")) return types.varchar(Math.max(...known.map((t) => t.length ?? 0)));
  return known.every((t) => t.text === known[0].text) ? known[0] : null;
}
function exactArg(node, t) {
  if (!fixed(t) || scaleOf(t) > 0 || isWide(node) || (t.precision ?? MAX_P) <= DOUBLE_DIGITS) return node;
  const l = node.literal;
  if (l?.literal_type === "number") return lit(l.value);
  return { cast: { this: node, to: { data_type: "text" }, trailing_comments: [], double_colon_syntax: false } };
}
function exactArithmetic(kind, left, right, ta, tb, s) {
  const [x, y] = [exactArg(left, ta), exactArg(right, tb)];
  switch (kind) {
    case "add":
      return fn("FLOE_DEC_ADD", [x, y, lit(s)]);
    case "sub":
      return fn("FLOE_DEC_SUB", [x, y, lit(s)]);
    case "mul":
      return fn("FLOE_DEC_MUL", [x, y, lit(scaleOf(ta)), lit(scaleOf(tb)), lit(s)]);
    case "div":
      return fn("FLOE_DEC_DIV", [x, y, lit(s)]);
    case "mod":
      return fn("FLOE_DEC_MOD", [x, y, lit(s)]);
  }
}
function integerArithmetic(kind, left, right, ta, tb, out, payload) {
  const native = { [kind]: { ...payload, left, right } };
  const [textA, textB] = [mayBeText(left, ta), mayBeText(right, tb)];
  if (kind === "mod") {
    if (!textA && !textB) return native;
    const anyText = [textA ? textOf(left) : null, textB ? textOf(right) : null].filter((n) => n !== null);
    const test = anyText.length === 2 ? operator("or", anyText[0], anyText[1]) : anyText[0];
    return fn("IIF", [test, exactArithmetic(kind, left, right, ta, tb, 0), native]);
  }
  const overflows = (out.precision ?? MAX_P) > INT64_PRECISION;
  if (!textA && !textB && !overflows) return native;
  const [l, r] = [guardedParts(left), guardedParts(right)];
  const tree = { [kind]: { ...payload, left: l.native, right: r.native } };
  const exact = exactArithmetic(kind, l.exact, r.exact, ta, tb, 0);
  const checked = fn("IIF", [operator("eq", fn("TYPEOF", [tree]), lit("real")), exact, tree]);
  guarded.set(checked, { native: tree, exact });
  return checked;
}
var guarded = /* @__PURE__ */ new WeakMap();
function guardedParts(n) {
  const inner = n.paren?.this ?? n;
  const g2 = guarded.get(inner);
  return g2 ? { native: { paren: { this: g2.native, trailing_comments: [] } }, exact: g2.exact } : { native: n, exact: n };
}
function arithmeticSql(kind, left, right, a, b, payload) {
  const ta = a.type;
  const tb = b.type;
  if (fixed(ta) && fixed(tb)) {
    const out = arithmeticType(kind, ta, tb);
    const integers = scaleOf(ta) === 0 && scaleOf(tb) === 0 && !isWide(left) && !isWide(right);
    if (integers && kind !== "div") return integerArithmetic(kind, left, right, ta, tb, out, payload);
    return exactArithmetic(kind, left, right, ta, tb, scaleOf(out));
  }
  if (kind === "div") return fn("FLOE_DIV", [left, right]);
  if (kind === "mod" && (ta?.wire === "real" || tb?.wire === "real")) return fn("FLOE_FMOD", [left, right]);
  return { [kind]: { ...payload, left, right } };
}
var kindOfNode = (node) => node && typeof node === "object" ? Object.keys(node)[0] : "";
function mayBeText(node, t) {
  if (!fixed(t)) return false;
  if (isWide(node)) return true;
  const kind = kindOfNode(node);
  if (kind === "literal") return false;
  if (scaleOf(t) > 0) return true;
  return (t.precision ?? MAX_P) > (kind === "column" ? INT64_PRECISION : DOUBLE_DIGITS);
}
function canonicalFamily(node, t) {
  const kind = kindOfNode(node);
  if (!fixed(t) || kind !== "column" && kind !== "literal") return null;
  return scaleOf(t) === 0 ? "int" : "dec";
}
var textOf = (n) => operator("eq", fn("TYPEOF", [n]), lit("text"));
function asNumber(n, t, other) {
  if ((other?.wire === "fixed" || other?.wire === "real") && t?.wire === "text") return fn("FLOE_NUMERIC", [n]);
  return n;
}
var isTz = (t) => t?.wire === "timestamp_tz";
var tzInstant = (x) => fn("FLOE_TZ_INSTANT", [x]);
function comparisonSql(kind, left, right, a, b, payload) {
  if (isTz(a.type) && isTz(b.type)) return { [kind]: { ...payload, left: tzInstant(left), right: tzInstant(right) } };
  const l = asNumber(left, a.type, b.type);
  const r = asNumber(right, b.type, a.type);
  const plain = { [kind]: { ...payload, left: l, right: r } };
  const textual = mayBeText(left, a.type) && (fixed(b.type) || l !== left || r !== right) || mayBeText(right, b.type) && fixed(a.type);
  if (!textual) return plain;
  const family = canonicalFamily(left, a.type);
  if ((kind === "eq" || kind === "neq") && family !== null && family === canonicalFamily(right, b.type)) return plain;
  const exact = operator(kind, fn("FLOE_DEC_CMP", [l === left ? exactArg(l, a.type) : l, r === right ? exactArg(r, b.type) : r]), lit(0));
  return fn("IIF", [operator("or", textOf(l), textOf(r)), exact, plain]);
}
var notText = (x) => operator("neq", fn("TYPEOF", [x]), lit("text"));
var withFilter = (filter, cond) => filter ? operator("and", filter, cond) : cond;
var engineAggregate = (name, args, filter) => ({ aggregate_function: { name, args, distinct: false, filter, order_by: [], limit: null, ignore_nulls: null } });
var asText = (x) => ({ cast: { this: x, to: { data_type: "text" }, trailing_comments: [], double_colon_syntax: false } });
function exactIntegerSum(payload, x) {
  return integerForm(integerSumParts(payload, x));
}
function integerSumParts(payload, x) {
  const half = (part) => asText({ sum: { ...payload, this: part } });
  const high = half(operator("bitwise_right_shift", x, lit(32)));
  const low = half(operator("bitwise_and", x, lit(4294967295)));
  const text = engineAggregate("FLOE_SUM_TEXT_EXCESS", [x], withFilter(payload.filter, textOf(x)));
  return fn("FLOE_DEC_SUM_PARTS", [high, low, text]);
}
function exactAverage(payload, x, t, scale) {
  if (scaleOf(t) > 0) return engineAggregate("FLOE_AVG_DEC", [x, lit(scaleOf(t)), lit(scale)], payload.filter ?? null);
  const n = { count: { this: x, star: false, distinct: false, filter: payload.filter ?? null, original_name: "count" } };
  return fn("FLOE_DEC_AVG", [integerSumParts(payload, x), n, lit(scale)]);
}
function exactExtreme(kind, payload, x, t) {
  const native = { [kind]: { ...payload, filter: withFilter(payload.filter, notText(x)) } };
  const text = engineAggregate(kind === "min" ? "FLOE_MIN_DEC" : "FLOE_MAX_DEC", [x], withFilter(payload.filter, textOf(x)));
  const nativeWins = operator(kind === "min" ? "lte" : "gte", fn("FLOE_DEC_CMP", [exactArg(native, t), text]), lit(0));
  const pickNative = operator("or", { is_null: { this: text, not: false, postfix_form: false } }, operator("and", { is_null: { this: native, not: true, postfix_form: false } }, nativeWins));
  return fn("IIF", [pickNative, native, text]);
}

// lib/sql/functions/typing.ts
var MAX_VARCHAR2 = 16777216;
var NULL = { null: null };
var isNullLiteral = (n) => !!n && typeof n === "object" && "null" in n;
function literalNumber(n) {
  const l = n?.literal;
  return l?.literal_type === "number" ? Number(l.value) : null;
}
var lengthOf = (t) => t?.wire === "text" && t.length ? t.length : MAX_VARCHAR2;
var varcharOf = (n) => types.varchar(Math.max(1, Math.min(n, MAX_VARCHAR2)));
function commonType(args, nodes) {
  const ts = args.filter((_a, i) => !isNullLiteral(nodes[i])).map((a) => a.type);
  if (ts.length === 0) return args.length ? types.varchar() : null;
  return supertype(ts);
}

// lib/sql/functions/types.ts
var sameAsArg = (i) => (args) => args[i]?.type ?? null;
var anyArgNullable = (args) => args.some((a) => a.nullable);

// lib/sql/functions/string.ts
var engineCall = (engine, min, max = min) => (c) => {
  arity(c, min, max);
  return fn(engine, c.args);
};
var lengthOfArg = (i) => (a) => varcharOf(lengthOf(a[i]?.type ?? null));
var number2 = () => types.number(38, 0);
var bool = () => types.boolean();
function asText2(node, t) {
  if (t.type?.wire === "boolean") return caseWhen([[isNull(node), NULL], [node, lit("true")]], lit("false"));
  if (t.type?.wire === "fixed" && (t.type.scale ?? 0) > 0) return fn("FLOE_FIXED_TEXT", [node, lit(t.type.scale)]);
  return node;
}
var concatAll = (parts) => parts.slice(1).reduce((acc, p) => binary("concat", acc, p), paren(parts[0]));
var textArgs = (c) => c.args.map((a, i) => asText2(a, c.types[i]));
var summedLength = (a, extra = 0) => varcharOf(a.reduce((n, x) => n + lengthOf(x.type), extra));
function concatWs(c) {
  arity(c, 2, Infinity);
  const [sep, ...parts] = textArgs(c);
  return concatAll(parts.flatMap((p, i) => i === 0 ? [p] : [sep, p]));
}
var stringFunctions = [
  {
    names: ["CONCAT"],
    sqlite: (c) => {
      arity(c, 1, Infinity);
      return concatAll(textArgs(c));
    },
    returns: (a) => summedLength(a),
    nullable: anyArgNullable
  },
  { kinds: ["concat"], sqlNames: [], args: (p) => [p.left, p.right], sqlite: (c) => concatAll(textArgs(c)), returns: (a) => summedLength(a), nullable: anyArgNullable },
  {
    names: ["CONCAT_WS"],
    sqlite: concatWs,
    returns: (a) => summedLength(a.slice(1), lengthOf(a[0].type) * Math.max(0, a.length - 2)),
    nullable: anyArgNullable
  },
  { names: ["SPLIT"], sqlite: engineCall("FLOE_SPLIT", 2), returns: () => types.array(), nullable: anyArgNullable },
  { names: ["SPLIT_PART"], sqlite: engineCall("FLOE_SPLIT_PART", 3), returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ["STRTOK"], sqlite: engineCall("FLOE_STRTOK", 1, 3), returns: lengthOfArg(0) },
  { names: ["STRTOK_TO_ARRAY"], sqlite: engineCall("FLOE_STRTOK_TO_ARRAY", 1, 2), returns: () => types.array(), nullable: anyArgNullable },
  { names: ["INSERT"], sqlite: engineCall("FLOE_INSERT", 4), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["CONTAINS"], kinds: ["contains"], sqlite: engineCall("FLOE_CONTAINS", 2), returns: bool, nullable: anyArgNullable },
  { names: ["STARTSWITH"], kinds: ["starts_with"], sqlite: engineCall("FLOE_STARTSWITH", 2), returns: bool, nullable: anyArgNullable },
  { names: ["ENDSWITH"], kinds: ["ends_with"], sqlite: engineCall("FLOE_ENDSWITH", 2), returns: bool, nullable: anyArgNullable },
  {
    names: ["LPAD", "RPAD"],
    sqlite: (c) => {
      arity(c, 2, 3);
      return fn(`FLOE_${c.name}`, c.args);
    },
    returns: (_a, c) => {
      const n = literalNumber(c.args[1]);
      return n !== null && n >= 0 ? varcharOf(n) : types.varchar();
    },
    nullable: anyArgNullable
  },
  { names: ["INITCAP"], kinds: ["initcap"], sqlite: engineCall("FLOE_INITCAP", 1, 2), returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ["UPPER"], kinds: ["upper"], sqlite: engineCall("FLOE_UPPER", 1), returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ["LOWER"], kinds: ["lower"], sqlite: engineCall("FLOE_LOWER", 1), returns: lengthOfArg(0), nullable: anyArgNullable },
  // SQLite's TRIM family removes any of the given characters from the ends, as Snowflake does.
  { kinds: ["trim"], args: (p) => [p.this, ...p.characters ? [p.characters] : []], returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ["TRIM", "LTRIM", "RTRIM"], sqlite: (c) => {
    arity(c, 1, 2);
    return fn(c.name, c.args);
  }, returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ["LEFT"], sqlite: engineCall("FLOE_LEFT", 2), returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ["RIGHT"], sqlite: engineCall("FLOE_RIGHT", 2), returns: lengthOfArg(0), nullable: anyArgNullable },
  {
    names: ["SUBSTR", "SUBSTRING"],
    kinds: ["substring"],
    args: (p) => [p.this, p.start, ...p.length ? [p.length] : []],
    sqlite: engineCall("FLOE_SUBSTR", 2, 3),
    returns: lengthOfArg(0),
    nullable: anyArgNullable
  },
  // CHARINDEX(needle, haystack [, from]) and POSITION(needle IN haystack) / POSITION(needle, haystack [, from]).
  { names: ["CHARINDEX"], sqlite: engineCall("FLOE_POSITION", 2, 3), returns: number2, nullable: anyArgNullable },
  {
    kinds: ["str_position"],
    sqlNames: ["POSITION"],
    args: (p) => [p.substr, p.this, ...p.position ? [p.position] : []],
    sqlite: engineCall("FLOE_POSITION", 2, 3),
    returns: number2,
    nullable: anyArgNullable
  },
  { names: ["REPEAT"], sqlite: engineCall("FLOE_REPEAT", 2), returns: () => types.varchar(), nullable: anyArgNullable },
  // SPACE(n) is REPEAT(' ', n): '' for n <= 0.
  { names: ["SPACE"], sqlite: (c) => {
    arity(c, 1);
    return fn("FLOE_REPEAT", [lit(" "), c.args[0]]);
  }, returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["SOUNDEX"], sqlite: engineCall("FLOE_SOUNDEX", 1), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["SOUNDEX_P123"], sqlite: engineCall("FLOE_SOUNDEX_P123", 1), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["REVERSE"], sqlite: engineCall("FLOE_REVERSE", 1), returns: lengthOfArg(0), nullable: anyArgNullable },
  {
    // SQLite's REPLACE matches Snowflake's (an empty search string changes nothing) once the
    // optional replacement defaults to ''.
    names: ["REPLACE"],
    sqlite: (c) => {
      arity(c, 2, 3);
      return fn("REPLACE", c.args.length === 2 ? [...c.args, lit("")] : c.args);
    },
    returns: () => types.varchar(),
    nullable: anyArgNullable
  },
  { names: ["TRANSLATE"], sqlite: engineCall("FLOE_TRANSLATE", 3), returns: lengthOfArg(0), nullable: anyArgNullable },
  // SQLite's LENGTH counts characters of text and bytes of binary, as Snowflake's does.
  { names: ["LENGTH", "LEN"], kinds: ["length"], sqlite: (c) => {
    arity(c, 1);
    return fn("LENGTH", c.args);
  }, returns: number2, nullable: anyArgNullable },
  { names: ["ASCII"], sqlite: engineCall("FLOE_ASCII", 1), returns: number2, nullable: anyArgNullable },
  { names: ["CHR", "CHAR"], sqlite: engineCall("FLOE_CHR", 1), returns: () => varcharOf(1), nullable: anyArgNullable },
  { names: ["EDITDISTANCE"], sqlite: engineCall("FLOE_EDITDISTANCE", 2, 3), returns: number2, nullable: anyArgNullable }
];

// lib/sql/functions/string-encoding.ts
var sha2Length = (bits) => ((bits ?? 256) === 0 ? 256 : bits ?? 256) / 4;
var stringEncodingFunctions = [
  { names: ["MD5", "MD5_HEX"], sqlite: engineCall("FLOE_MD5", 1), returns: () => varcharOf(32), nullable: anyArgNullable },
  // 64-bit unsigned halves of the digest: beyond int64 (and 2^53) they stay exact as decimal text.
  ...["MD5_NUMBER_UPPER64", "MD5_NUMBER_LOWER64"].map((name) => ({
    names: [name],
    sqlite: (c) => {
      arity(c, 1);
      return integerForm(fn(`FLOE_${name}`, c.args));
    },
    returns: () => types.number(38, 0),
    nullable: anyArgNullable
  })),
  { names: ["SHA1", "SHA1_HEX"], sqlite: engineCall("FLOE_SHA1", 1), returns: () => varcharOf(40), nullable: anyArgNullable },
  {
    names: ["SHA2", "SHA2_HEX"],
    sqlite: engineCall("FLOE_SHA2", 1, 2),
    returns: (_a, c) => varcharOf(c.args.length > 1 && literalNumber(c.args[1]) === null ? 128 : sha2Length(literalNumber(c.args[1]))),
    nullable: anyArgNullable
  },
  { names: ["BASE64_ENCODE"], sqlite: engineCall("FLOE_BASE64_ENCODE", 1, 3), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["BASE64_DECODE_STRING"], sqlite: engineCall("FLOE_BASE64_DECODE_STRING", 1, 2), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["TRY_BASE64_DECODE_STRING"], sqlite: engineCall("FLOE_TRY_BASE64_DECODE_STRING", 1, 2), returns: () => types.varchar() },
  { names: ["HEX_ENCODE"], sqlite: engineCall("FLOE_HEX_ENCODE", 1, 2), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["HEX_DECODE_STRING"], sqlite: engineCall("FLOE_HEX_DECODE_STRING", 1), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["TRY_HEX_DECODE_STRING"], sqlite: engineCall("FLOE_TRY_HEX_DECODE_STRING", 1), returns: () => types.varchar() },
  {
    // Version 4 draws from the statement's seed (replayed writes get the same values); version 5
    // hashes a namespace UUID and a name.
    names: ["UUID_STRING"],
    sqlite: (c) => {
      arity(c, 0, 2);
      if (c.args.length === 1) arity(c, 2);
      return fn("FLOE_UUID_STRING", c.args);
    },
    returns: () => varcharOf(36),
    nullable: (a) => a.some((x) => x.nullable)
  }
];

// lib/sql/functions/regexp.ts
function patternsOf(right) {
  const r = right;
  if (r?.tuple) return r.tuple.expressions;
  if (r?.paren) return [r.paren.this];
  return [right];
}
var like = (caseInsensitive) => (c) => {
  const [subject, ...patterns] = c.args;
  const escape = c.payload.escape ?? NULL;
  const tests = patterns.map((p) => fn("FLOE_LIKE", [subject, p, escape, lit(caseInsensitive ? 1 : 0)]));
  const join = c.payload.quantifier === "ALL" ? "and" : "or";
  return tests.slice(1).reduce((acc, t) => binary(join, acc, t), tests[0]);
};
var likeDef = (kind, caseInsensitive) => ({
  kinds: [kind],
  sqlNames: [],
  // the LIKE / ILIKE operators
  args: (p) => [p.left, ...patternsOf(p.right)],
  sqlite: like(caseInsensitive),
  returns: () => types.boolean(),
  nullable: anyArgNullable
});
var likeCallDef = (name, caseInsensitive) => ({
  names: [name],
  sqlite: (c) => {
    arity(c, 2, 3);
    return fn("FLOE_LIKE", [c.args[0], c.args[1], c.args[2] ?? NULL, lit(caseInsensitive ? 1 : 0)]);
  },
  returns: () => types.boolean(),
  nullable: anyArgNullable
});
var number3 = () => types.number(38, 0);
var regexpFunctions = [
  likeDef("like", false),
  likeDef("i_like", true),
  likeCallDef("LIKE", false),
  likeCallDef("ILIKE", true),
  {
    // `x RLIKE p` / `x REGEXP p` arrive as regexp_like nodes; the function forms as plain calls.
    names: ["RLIKE", "REGEXP_LIKE"],
    kinds: ["regexp_like"],
    args: (p) => [p.this, p.pattern, ...p.flags ? [p.flags] : []],
    sqlite: engineCall("FLOE_RLIKE", 2, 3),
    returns: () => types.boolean(),
    nullable: anyArgNullable
  },
  { names: ["REGEXP_SUBSTR"], sqlite: engineCall("FLOE_REGEXP_SUBSTR", 2, 6), returns: lengthOfArg(0) },
  { names: ["REGEXP_SUBSTR_ALL", "REGEXP_EXTRACT_ALL"], sqlite: engineCall("FLOE_REGEXP_SUBSTR_ALL", 2, 6), returns: () => types.array(), nullable: anyArgNullable },
  { names: ["REGEXP_REPLACE"], sqlite: engineCall("FLOE_REGEXP_REPLACE", 2, 6), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["REGEXP_COUNT"], sqlite: engineCall("FLOE_REGEXP_COUNT", 2, 4), returns: number3, nullable: anyArgNullable },
  { names: ["REGEXP_INSTR"], sqlite: engineCall("FLOE_REGEXP_INSTR", 2, 7), returns: number3, nullable: anyArgNullable }
];

// lib/sql/compile/exact-window.ts
var window = (agg, over) => ({ window_function: { this: agg, over, keep: null } });
var valuesArray = (x, filter, distinct = false) => ({ aggregate_function: { name: "json_group_array", args: [x], distinct, filter, order_by: [], limit: null, ignore_nulls: null } });
var not = (x) => ({ not: { this: x } });
var asText3 = (x) => ({ cast: { this: x, to: { data_type: "text" }, trailing_comments: [], double_colon_syntax: false } });
var DOUBLE_EXACT = 1e15;
var SCALABLE = 2 ** 50;
function nativeRows(x, scale) {
  const notText2 = binary("neq", fn("TYPEOF", [x]), lit("text"));
  if (scale === 0) return { cond: notText2, scaled: x };
  const small = binary("lt", fn("ABS", [x]), lit(SCALABLE / 10 ** scale));
  const scaled = { cast: { this: fn("ROUND", [binary("mul", x, lit(10 ** scale))]), to: { data_type: "int" }, trailing_comments: [], double_colon_syntax: false } };
  return { cond: binary("and", notText2, small), scaled };
}
function sumParts(payload, over, scale) {
  const x = payload.this;
  const { cond, scaled } = nativeRows(x, scale);
  const half = (part) => window({ sum: { ...payload, this: part, filter: cond } }, over);
  const high = half(binary("bitwise_right_shift", scaled, lit(32)));
  const low = half(binary("bitwise_and", scaled, lit(4294967295)));
  return { high, low, rest: window(valuesArray(x, not(cond)), over) };
}
var exactParts = (p, scale) => fn("FLOE_DEC_SUM_WINDOW", [asText3(p.high), asText3(p.low), p.rest, lit(scale)]);
function exactWindowSum(payload, over, scale) {
  const parts = sumParts(payload, over, scale);
  const { high, low, rest } = parts;
  const total = binary("add", binary("mul", high, lit(4294967296)), low);
  const inRange = scale === 0 ? binary("eq", fn("TYPEOF", [total]), lit("integer")) : binary("lt", fn("ABS", [total]), lit(DOUBLE_EXACT));
  const fast = binary("and", binary("eq", rest, lit("[]")), inRange);
  const value = scale === 0 ? total : binary("div", total, { literal: { literal_type: "number", value: `1e${scale}` } });
  const exact = exactParts(parts, scale);
  return fn("IIF", [fast, value, scale === 0 ? integerForm(exact) : exact]);
}
function exactWindowAverage(payload, over, scale, outScale) {
  const n = window({ count: { this: payload.this, star: false, distinct: false, filter: null, original_name: "count" } }, over);
  return fn("FLOE_DEC_AVG", [exactParts(sumParts(payload, over, scale), scale), n, lit(outScale)]);
}
function exactWindowExtreme(kind, payload, over, t) {
  const x = payload.this;
  const native = window({ [kind]: { ...payload, filter: not(textOf(x)) } }, over);
  const rest = window(valuesArray(x, textOf(x)), over);
  const exact = fn("FLOE_DEC_EXTREME_WINDOW", [exactArg(native, t), rest, lit(kind === "min" ? -1 : 1)]);
  return fn("IIF", [binary("eq", rest, lit("[]")), native, (t.scale ?? 0) === 0 ? integerForm(exact) : exact]);
}
function exactDistinctSum(payload, t) {
  const scale = t.scale ?? 0;
  const sum = fn("FLOE_DEC_SUM_WINDOW", [lit(null), lit(null), valuesArray(payload.this, payload.filter ?? null, true), lit(scale)]);
  return scale === 0 ? integerForm(sum) : sum;
}

// lib/sql/functions/value-kinds.ts
function temporalKindOf(t) {
  switch (t?.wire) {
    case "date":
      return "DATE";
    case "time":
      return "TIME";
    case "timestamp_ntz":
      return "NTZ";
    case "timestamp_ltz":
      return "LTZ";
    case "timestamp_tz":
      return "TZ";
    default:
      return "AUTO";
  }
}
function sourceKindOf(t) {
  switch (t?.wire) {
    case "boolean":
      return "BOOLEAN";
    case "fixed":
      return `FIXED:${t.scale ?? 0}`;
    case "real":
      return "REAL";
    case "text":
      return "TEXT";
    case "binary":
      return "BINARY";
    case "variant":
    case "object":
    case "array":
      return "VARIANT";
    default:
      return temporalKindOf(t);
  }
}
function targetKindOf(t) {
  switch (t.wire) {
    case "fixed":
      return `FIXED:${t.precision ?? 38}:${t.scale ?? 0}`;
    case "real":
      return "REAL";
    case "text":
      return "TEXT";
    case "boolean":
      return "BOOLEAN";
    case "binary":
      return "BINARY";
    case "date":
      return "DATE";
    case "time":
      return "TIME";
    case "timestamp_ntz":
      return "NTZ";
    case "timestamp_ltz":
      return "LTZ";
    case "timestamp_tz":
      return "TZ";
    default:
      return null;
  }
}
function typeOfKind(k) {
  switch (k) {
    case "DATE":
      return types.date();
    case "TIME":
      return types.time();
    case "LTZ":
      return types.timestampLtz();
    case "TZ":
      return types.timestampTz();
    default:
      return types.timestampNtz();
  }
}
function defaultTextFormat(t, f) {
  return defaultOutputFormat(t?.wire, f);
}
function partText(node) {
  if (typeof node === "string") return node;
  if (!node || typeof node !== "object") return null;
  const o = node;
  if (typeof o.Custom === "string") return o.Custom;
  if (o.var && typeof o.var.this === "string") return o.var.this;
  if (o.literal && o.literal.literal_type === "string") return String(o.literal.value);
  const name = o.column?.name;
  if (o.column && !o.column.table && typeof name?.name === "string") return name.name;
  return null;
}
var ENUM_NAMES = { dayofweek: "dayofweek", dayofyear: "dayofyear", timezonehour: "timezone_hour", timezoneminute: "timezone_minute" };
function datePartArg(node, fn2) {
  const text = partText(node);
  const lower = text?.toLowerCase() ?? "";
  const p = text === null ? null : datePartOf(ENUM_NAMES[lower] ?? lower);
  if (!p) throw new SqlError("002062", "22023", `SQL compilation error:
invalid value [${text ?? "?"}] for parameter 'date or time part' of function ${fn2}`);
  return p;
}

// lib/sql/functions/datetime.ts
var kindAt = (c, i) => temporalKindOf(c.types[i]?.type ?? null);
function addResultKind(k, p) {
  if (k === "AUTO" || k === "DATE" && !isDateLevel(p)) return "NTZ";
  return k;
}
var EPOCH_PARTS = /* @__PURE__ */ new Set(["epoch_second", "epoch_millisecond", "epoch_microsecond", "epoch_nanosecond"]);
var partType = (p) => EPOCH_PARTS.has(p) ? types.number(18, 0) : types.number(9, 0);
var partFunction = (part, names, kinds = []) => ({
  names,
  kinds,
  sqlite: (c) => fn("FLOE_DATE_PART", [lit(part), c.args[0], lit(kindAt(c, 0))]),
  returns: () => partType(part),
  nullable: anyArgNullable
});
function datePartCall(c) {
  if (c.name === "extract") return { part: datePartArg(c.payload.field, "EXTRACT"), value: c.args[0], index: 0 };
  return { part: datePartArg(c.args[0], "DATE_PART"), value: c.args[1], index: 1 };
}
function dateDiffCall(c) {
  if (c.name === "date_diff") return { part: datePartArg(c.payload.unit, "DATEDIFF"), a: 0, b: 1 };
  return { part: datePartArg(c.args[0], "DATEDIFF"), a: 1, b: 2 };
}
function dateTruncSql(part, value, t) {
  return fn("FLOE_DATE_TRUNC", [lit(datePartArg(part, "DATE_TRUNC")), value, lit(temporalKindOf(t))]);
}
var SLICE_PARTS = /* @__PURE__ */ new Set(["year", "quarter", "month", "week", "day", "hour", "minute", "second"]);
function slicePartArg(node, k) {
  const p = datePartArg(node, "TIME_SLICE");
  if (!SLICE_PARTS.has(p) || k === "DATE" && !isDateLevel(p)) throw sqlErrors.invalidValue(`Invalid date/time part '${p.toUpperCase()}' for TIME_SLICE of a ${k === "DATE" ? "DATE" : "TIMESTAMP"}`);
  return p;
}
function sliceEnd(node) {
  if (node === void 0) return false;
  const l = node?.literal;
  const v = l?.literal_type === "string" ? l.value.toUpperCase() : null;
  if (v !== "START" && v !== "END") throw sqlErrors.invalidValue(`Invalid value for the start_or_end argument of TIME_SLICE: must be 'START' or 'END'`);
  return v === "END";
}
var now = (names, udf, type, kinds = []) => ({
  names,
  kinds,
  args: () => [],
  sqlite: () => fn(udf, []),
  returns: type,
  nullable: () => false
});
var nameOf = (names, element) => ({
  names,
  sqlite: (c) => {
    const k = kindAt(c, 0);
    const value = k === "AUTO" ? fn("FLOE_CONVERT", [c.args[0], lit("TEXT"), lit("NTZ"), lit(""), lit(0)]) : c.args[0];
    return fn("FLOE_CONVERT", [value, lit(k === "AUTO" ? "NTZ" : k), lit("TEXT"), lit(element), lit(0)]);
  },
  returns: () => types.varchar(3),
  nullable: anyArgNullable
});
var fromParts = (names, kind) => ({
  names,
  sqlite: (c) => fn("FLOE_TIMESTAMP_FROM_PARTS", [lit(kind), ...c.args]),
  returns: () => typeOfKind(kind),
  nullable: anyArgNullable
});
var datetimeFunctions = [
  // Pinned per statement (the journal replays it identically); LTZ shows in the session's zone.
  now(["CURRENT_TIMESTAMP", "GETDATE", "LOCALTIMESTAMP", "SYSTIMESTAMP"], "FLOE_NOW_LTZ", () => types.timestampLtz(), ["current_timestamp"]),
  now(["SYSDATE"], "FLOE_SYSDATE", () => types.timestampNtz()),
  now(["CURRENT_DATE"], "FLOE_CURRENT_DATE", () => types.date(), ["current_date"]),
  now(["CURRENT_TIME", "LOCALTIME"], "FLOE_CURRENT_TIME", () => types.time(), ["current_time"]),
  {
    names: ["DATEADD", "TIMEADD", "TIMESTAMPADD"],
    sqlite: (c) => {
      const part = datePartArg(c.args[0], c.name);
      const k = kindAt(c, 2);
      return fn("FLOE_DATEADD", [lit(part), c.args[1], c.args[2], lit(k), lit(addResultKind(k, part))]);
    },
    returns: (_a, c) => typeOfKind(addResultKind(kindAt(c, 2), datePartArg(c.args[0], c.name))),
    nullable: anyArgNullable
  },
  {
    names: ["DATEDIFF", "TIMEDIFF", "TIMESTAMPDIFF"],
    kinds: ["date_diff"],
    args: (p) => [p.expression, p.this],
    sqlite: (c) => {
      const d = dateDiffCall(c);
      return fn("FLOE_DATEDIFF", [lit(d.part), c.args[d.a], lit(kindAt(c, d.a)), c.args[d.b], lit(kindAt(c, d.b))]);
    },
    returns: () => types.number(18, 0),
    nullable: anyArgNullable
  },
  {
    names: ["DATE_TRUNC"],
    sqlite: (c) => dateTruncSql(c.args[0], c.args[1], c.types[1]?.type ?? null),
    returns: (_a, c) => typeOfKind(kindAt(c, 1)),
    nullable: anyArgNullable
  },
  {
    // Slices of n parts counted from 1970-01-01 (weeks from a Monday); the result keeps the input's type.
    names: ["TIME_SLICE"],
    sqlite: (c) => {
      arity(c, 3, 4);
      const k = kindAt(c, 0);
      if (k === "TIME") throw sqlErrors.invalidValue("TIME_SLICE takes a DATE or a TIMESTAMP, not a TIME");
      return fn("FLOE_TIME_SLICE", [c.args[0], c.args[1], lit(slicePartArg(c.args[2], k)), lit(k), lit(sliceEnd(c.args[3]) ? 1 : 0)]);
    },
    returns: (a, c) => kindAt(c, 0) === "AUTO" ? typeOfKind("NTZ") : a[0].type,
    nullable: anyArgNullable
  },
  {
    names: ["DATE_PART", "DATEPART"],
    kinds: ["extract"],
    args: (p) => [p.this],
    sqlite: (c) => {
      const d = datePartCall(c);
      return fn("FLOE_DATE_PART", [lit(d.part), d.value, lit(kindAt(c, d.index))]);
    },
    returns: (_a, c) => partType(datePartCall(c).part),
    nullable: anyArgNullable
  },
  partFunction("year", ["YEAR"], ["year"]),
  partFunction("quarter", ["QUARTER"], ["quarter"]),
  partFunction("month", ["MONTH"], ["month"]),
  partFunction("day", ["DAY", "DAYOFMONTH"], ["day", "day_of_month"]),
  partFunction("dayofweek", ["DAYOFWEEK"], ["day_of_week"]),
  partFunction("dayofweekiso", ["DAYOFWEEKISO"], ["day_of_week_iso"]),
  partFunction("dayofyear", ["DAYOFYEAR"], ["day_of_year"]),
  partFunction("week", ["WEEK", "WEEKOFYEAR"], ["week", "week_of_year"]),
  partFunction("weekiso", ["WEEKISO"]),
  partFunction("yearofweek", ["YEAROFWEEK"]),
  partFunction("yearofweekiso", ["YEAROFWEEKISO"]),
  nameOf(["DAYNAME"], "DY"),
  nameOf(["MONTHNAME"], "MON"),
  partFunction("hour", ["HOUR"], ["hour"]),
  partFunction("minute", ["MINUTE"], ["minute"]),
  partFunction("second", ["SECOND"], ["second"]),
  {
    names: ["LAST_DAY"],
    kinds: ["last_day"],
    args: (p) => [p.this],
    sqlite: (c) => {
      const unit = c.name === "last_day" ? c.payload.unit : c.args[1];
      const part = unit ? datePartArg(unit, "LAST_DAY") : null;
      return fn("FLOE_LAST_DAY", [c.args[0], lit(kindAt(c, 0)), lit(part)]);
    },
    returns: () => types.date(),
    nullable: anyArgNullable
  },
  {
    names: ["ADD_MONTHS"],
    kinds: ["add_months"],
    sqlite: (c) => {
      const k = kindAt(c, 0);
      return fn("FLOE_ADD_MONTHS", [c.args[0], c.args[1], lit(k), lit(k === "AUTO" ? "DATE" : k)]);
    },
    returns: (_a, c) => kindAt(c, 0) === "AUTO" ? types.date() : typeOfKind(kindAt(c, 0)),
    nullable: anyArgNullable
  },
  {
    names: ["MONTHS_BETWEEN"],
    kinds: ["months_between"],
    sqlite: (c) => fn("FLOE_MONTHS_BETWEEN", [c.args[0], lit(kindAt(c, 0)), c.args[1], lit(kindAt(c, 1))]),
    returns: () => types.float(),
    nullable: anyArgNullable
  },
  {
    names: ["NEXT_DAY"],
    kinds: ["next_day"],
    sqlite: (c) => fn("FLOE_NEXT_DAY", [c.args[0], lit(kindAt(c, 0)), c.args[1]]),
    returns: () => types.date(),
    nullable: anyArgNullable
  },
  {
    names: ["PREVIOUS_DAY"],
    kinds: ["previous_day"],
    sqlite: (c) => fn("FLOE_PREVIOUS_DAY", [c.args[0], lit(kindAt(c, 0)), c.args[1]]),
    returns: () => types.date(),
    nullable: anyArgNullable
  },
  { names: ["DATE_FROM_PARTS", "DATEFROMPARTS"], sqlite: (c) => fn("FLOE_DATE_FROM_PARTS", c.args), returns: () => types.date(), nullable: anyArgNullable },
  { names: ["TIME_FROM_PARTS", "TIMEFROMPARTS"], sqlite: (c) => fn("FLOE_TIME_FROM_PARTS", c.args), returns: () => types.time(), nullable: anyArgNullable },
  fromParts(["TIMESTAMP_FROM_PARTS", "TIMESTAMPFROMPARTS", "TIMESTAMP_NTZ_FROM_PARTS", "TIMESTAMPNTZFROMPARTS"], "NTZ"),
  fromParts(["TIMESTAMP_LTZ_FROM_PARTS", "TIMESTAMPLTZFROMPARTS"], "LTZ"),
  fromParts(["TIMESTAMP_TZ_FROM_PARTS", "TIMESTAMPTZFROMPARTS"], "TZ"),
  {
    // (target, ts) → TIMESTAMP_TZ in the target zone; (source, target, ntz) → TIMESTAMP_NTZ.
    names: ["CONVERT_TIMEZONE"],
    sqlite: (c) => {
      arity(c, 2, 3);
      const last = c.args.length - 1;
      return fn("FLOE_CONVERT_TIMEZONE", [...c.args, lit(kindAt(c, last))]);
    },
    returns: (a) => a.length === 3 ? types.timestampNtz() : types.timestampTz(),
    nullable: anyArgNullable
  }
];

// lib/sql/functions/numeric.ts
var float = () => types.float();
var integer = () => types.number(38, 0);
var isReal = (t) => t?.wire === "real";
var isFixed = (t) => t?.wire === "fixed";
function literalInt(n) {
  const l = n?.literal;
  if (l?.literal_type === "number") return Number(l.value);
  const neg = n?.neg;
  const inner = neg ? literalInt(neg.this) : null;
  return inner === null ? null : -inner;
}
var isStringLiteral = (n) => n?.literal?.literal_type === "string";
function floatFn(engineName, spec) {
  return { ...spec, sqlite: (c) => fn(engineName, c.args), returns: float };
}
function roundedType(args, c) {
  const t = args[0]?.type ?? null;
  if (isReal(t)) return float();
  if (!isFixed(t)) return null;
  const d = c.args[1] === void 0 ? 0 : literalInt(c.args[1]);
  const s = t.scale ?? 0;
  return types.number(38, d === null ? s : Math.min(s, Math.max(d, 0)));
}
function rounding(name, spec) {
  return {
    ...spec,
    sqlite: (c) => {
      const [x, digits2 = lit(0), mode] = c.args;
      const t = c.infer(x).type;
      if (name === "TRUNC" && (isStringLiteral(digits2) || ["date", "timestamp_ntz", "timestamp_ltz", "timestamp_tz"].includes(t?.wire ?? ""))) {
        return dateTruncSql(digits2, x, t);
      }
      const even = name === "ROUND" && mode !== void 0 && /HALF_TO_EVEN/i.test(String(mode.literal?.value ?? ""));
      const engine = even ? "FLOE_ROUND_EVEN" : `FLOE_${name}`;
      const d = literalInt(digits2);
      if (isFixed(t) && (t.scale ?? 0) === 0 && d !== null && d >= 0) return { ...x };
      return fn(isReal(t) ? `${engine}_FLOAT` : engine, [x, digits2]);
    },
    returns: (args, c) => name === "TRUNC" && args[1]?.type?.wire === "text" ? args[0]?.type ?? null : roundedType(args, c)
  };
}
var numericFunctions = [
  // Seeded per statement so that a replayed write draws the same numbers.
  { names: ["RANDOM"], kinds: ["random"], args: () => [], sqlite: (c) => c.args.length ? fn("FLOE_RANDOM_SEEDED", c.args) : fn("FLOE_RANDOM", []), returns: () => types.number(19, 0), nullable: () => false },
  { kinds: ["rand"], sqlNames: [], args: (p) => p.seed ? [p.seed] : [], sqlite: (c) => c.args.length ? fn("FLOE_RANDOM_SEEDED", c.args) : fn("FLOE_RANDOM", []), returns: () => types.number(19, 0), nullable: () => false },
  rounding("ROUND", { names: ["ROUND"] }),
  rounding("TRUNC", { names: ["TRUNC", "TRUNCATE"] }),
  rounding("FLOOR", { kinds: ["floor"], args: (p) => p.scale ? [p.this, p.scale] : [p.this] }),
  rounding("CEIL", { kinds: ["ceil"], args: (p) => p.decimals ? [p.this, p.decimals] : [p.this] }),
  {
    kinds: ["abs"],
    sqlite: (c) => {
      const [x] = c.args;
      const t = c.infer(x).type;
      if (!mayBeText(x, t)) return fn("ABS", c.args);
      return (t?.scale ?? 0) === 0 ? fn("IIF", [binary("eq", fn("TYPEOF", [x]), lit("text")), fn("FLOE_DEC_ABS", [x]), fn("ABS", [x])]) : fn("FLOE_DEC_ABS", [x]);
    },
    returns: (a) => a[0]?.type ?? null,
    nullable: (a) => a[0]?.nullable ?? true
  },
  {
    names: ["SIGN"],
    sqlite: (c) => fn("FLOE_SIGN", c.args),
    returns: (a) => isReal(a[0]?.type ?? null) ? float() : types.number(1, 0),
    nullable: (a) => a[0]?.nullable ?? true
  },
  {
    kinds: ["mod_func"],
    sqlNames: ["MOD"],
    signature: { args: ["NUMBER", "NUMBER"], returns: "NUMBER" },
    sqlite: (c) => {
      const [a, b] = c.args;
      return arithmeticSql("mod", a, b, c.infer(a), c.infer(b), { left_comments: [], operator_comments: [], trailing_comments: [] });
    },
    returns: (a) => arithmeticType("mod", a[0]?.type ?? null, a[1]?.type ?? null)
  },
  floatFn("POWER", { names: ["POWER", "POW"], kinds: ["power"] }),
  floatFn("SQRT", { kinds: ["sqrt"], names: ["SQRT"] }),
  floatFn("EXP", { kinds: ["exp"], names: ["EXP"] }),
  floatFn("LN", { kinds: ["ln"], names: ["LN"] }),
  // LOG(base, x): the parser gives x as `this` and the base separately.
  floatFn("FLOE_LOG", { kinds: ["log"], names: ["LOG"], args: (p) => p.base ? [p.base, p.this] : [p.this] }),
  floatFn("FLOE_SQUARE", { names: ["SQUARE"] }),
  floatFn("CBRT", { names: ["CBRT"] }),
  floatFn("PI", { kinds: ["pi"], names: ["PI"], args: () => [] }),
  floatFn("DEGREES", { kinds: ["degrees"], names: ["DEGREES"] }),
  floatFn("RADIANS", { kinds: ["radians"], names: ["RADIANS"] }),
  floatFn("SIN", { kinds: ["sin"], names: ["SIN"] }),
  floatFn("COS", { kinds: ["cos"], names: ["COS"] }),
  floatFn("TAN", { kinds: ["tan"], names: ["TAN"] }),
  floatFn("COT", { kinds: ["cot"], names: ["COT"] }),
  floatFn("ASIN", { kinds: ["asin"], names: ["ASIN"] }),
  floatFn("ACOS", { kinds: ["acos"], names: ["ACOS"] }),
  floatFn("ATAN", { kinds: ["atan"], names: ["ATAN"] }),
  floatFn("ATAN2", { kinds: ["atan2"], names: ["ATAN2"] }),
  floatFn("SINH", { names: ["SINH"] }),
  floatFn("COSH", { names: ["COSH"] }),
  floatFn("TANH", { names: ["TANH"] }),
  floatFn("FLOE_NORMAL", { names: ["NORMAL"] }),
  {
    // UNIFORM(min, max, gen): integers when both bounds are integers, else FLOAT.
    names: ["UNIFORM"],
    sqlite: (c) => {
      const [lo, hi] = c.args.map((a) => c.infer(a).type);
      const ints = isFixed(lo) && isFixed(hi) && (lo.scale ?? 0) === 0 && (hi.scale ?? 0) === 0;
      return fn(ints ? "FLOE_UNIFORM_INT" : "FLOE_UNIFORM_FLOAT", c.args);
    },
    returns: (a) => a.slice(0, 2).every((x) => isFixed(x.type) && (x.type.scale ?? 0) === 0) ? integer() : float(),
    nullable: () => false
  },
  // RANDSTR(length, gen): the string is a function of gen (a constant gives the same string each time).
  { names: ["RANDSTR"], sqlite: engineCall("RANDSTR", 2), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["HAVERSINE"], sqlite: engineCall("HAVERSINE", 4), returns: float, nullable: anyArgNullable },
  { names: ["WIDTH_BUCKET"], returns: integer },
  ...["BITAND", "BITOR", "BITXOR", "BITNOT", "BITSHIFTLEFT", "BITSHIFTRIGHT"].map((n) => ({ names: [n], returns: integer })),
  { names: ["HASH"], returns: () => types.number(19, 0), nullable: () => false },
  { names: ["FACTORIAL"], returns: integer },
  {
    // SUM over NUMBER that may be stored as text is exact: an engine aggregate with a scale, native
    // parts for integers, the distinct values' sum for DISTINCT (windows: exact-window.ts).
    kinds: ["sum"],
    args: (p) => [p.this],
    sqlite: (c) => {
      const x = c.args[0];
      const t = c.infer(x).type;
      const plain = !c.inWindow && !c.payload.distinct;
      if (plain && isFixed(t) && (t.scale ?? 0) > 0 && !c.payload.filter) return fn("FLOE_SUM_DEC", [x, lit(t.scale ?? 0)]);
      if (plain && isFixed(t) && mayBeText(x, t)) return exactIntegerSum(c.payload, x);
      if (!c.inWindow && isFixed(t) && mayBeText(x, t)) return exactDistinctSum(c.payload, t);
      return { sum: c.payload };
    },
    returns: (a) => {
      const t = a[0]?.type ?? null;
      return isFixed(t) ? types.number(38, t.scale ?? 0) : isReal(t) ? float() : t;
    }
  }
];

// lib/sql/functions/aggregate-nodes.ts
var asReal = (x) => operator("mul", x, { literal: { literal_type: "number", value: "1.0" } });
var aggregate = (name, args, distinct = false) => ({ aggregate_function: { name, args, distinct, filter: null, order_by: [], limit: null, ignore_nulls: null } });
var overValues = (final, x, distinct, extra = []) => fn(`FLOE_AGG_${final}`, [aggregate("json_group_array", x === void 0 ? [] : [x], distinct), ...extra]);
var count = (x, distinct) => ({ count: { this: x, star: false, distinct, filter: null, original_name: "count" } });
var one = { literal: { literal_type: "number", value: "1" } };
var rows = (start, end, startSide, endSide) => ({ kind: "Rows", start, end, exclude: null, kind_text: "rows", start_side_text: startSide, end_side_text: endSide });
var FRAME_ALL = rows("UnboundedPreceding", "UnboundedFollowing", "preceding", "following");
var FRAME_BEFORE = rows("UnboundedPreceding", { Preceding: one }, "preceding", "preceding");
var FRAME_AFTER = rows({ Following: one }, "UnboundedFollowing", "following", "following");
var FRAME_TO_CURRENT = rows("UnboundedPreceding", "CurrentRow", "preceding", null);
var window2 = (thisNode, over) => ({ window_function: { this: thisNode, over, keep: null } });
var distinctOf = (c) => c.payload.distinct === true;
var NUMERIC_WIRES = /* @__PURE__ */ new Set(["fixed", "real", "text", "variant"]);
var isNumeric = (t) => !t || NUMERIC_WIRES.has(t.wire);
function invalidArgumentTypes(c, name) {
  const list = c.types.map((t) => t.type?.text ?? "NULL").join(", ");
  return new SqlError("001044", "42P13", `SQL compilation error: error line 1 at position 7
Invalid argument types for function '${name}': (${list})`);
}
function requireNumeric(c, name) {
  if (c.types.some((t) => !isNumeric(t.type))) throw invalidArgumentTypes(c, name);
}

// lib/sql/functions/aggregate-statistics.ts
var float2 = () => types.float();
function unary(final, returns) {
  return {
    sqlite: (c) => {
      arity(c, 1);
      requireNumeric(c, c.name);
      return overValues(final, c.args[0], false);
    },
    returns
  };
}
function paired(name) {
  return {
    sqlite: (c) => {
      arity(c, 2);
      requireNumeric(c, name);
      return overValues(name, fn("json_array", c.args), false);
    },
    returns: float2
  };
}
var bothPresent = (c) => binary("and", isNull(c.args[0], true), isNull(c.args[1], true));
function regrValue(pick) {
  return {
    sqlite: (c) => {
      arity(c, 2);
      requireNumeric(c, c.name);
      return fn("IIF", [bothPresent(c), asReal(c.args[pick]), { null: {} }]);
    },
    returns: float2,
    nullable: (a) => a.some((t) => t.nullable)
  };
}
var kurtosisType = (args) => args[0]?.type?.wire === "fixed" ? types.number(38, 12) : float2();
var PAIRED = ["CORR", "COVAR_POP", "COVAR_SAMP", "REGR_AVGX", "REGR_AVGY", "REGR_INTERCEPT", "REGR_R2", "REGR_SLOPE", "REGR_SXX", "REGR_SXY", "REGR_SYY"];
var statisticalAggregates = {
  KURTOSIS: unary("KURTOSIS", kurtosisType),
  SKEW: unary("SKEW", float2),
  ...Object.fromEntries(PAIRED.map((name) => [name, paired(name)])),
  REGR_COUNT: {
    sqlite: (c) => {
      arity(c, 2);
      return count(fn("IIF", [bothPresent(c), lit(1), { null: {} }]), false);
    },
    returns: () => types.number(18, 0),
    nullable: () => false
  },
  REGR_VALX: regrValue(1),
  REGR_VALY: regrValue(0),
  // An exact percentile (linear interpolation, as PERCENTILE_CONT) stands in for Snowflake's
  // t-digest estimate: the same on small inputs, never further from the true value.
  APPROX_PERCENTILE: {
    sqlite: (c) => {
      arity(c, 2);
      requireNumeric(c, "APPROX_PERCENTILE");
      return overValues("APPROX_PERCENTILE", c.args[0], false, [c.args[1]]);
    },
    returns: float2
  }
};

// lib/sql/functions/aggregate-sets.ts
var bitwise = (name, final) => ({
  names: [name],
  signature: { args: ["NUMBER"], returns: "NUMBER" },
  sqlite: (c) => {
    arity(c, 1);
    requireNumeric(c, name);
    return overValues(final, c.args[0], false);
  },
  returns: () => types.number(38, 0)
});
var tagOf = (c) => lit(variantTag(c.types[0]?.type));
function requireArray(c) {
  const wire = c.types[0]?.type?.wire;
  if (wire && wire !== "array" && wire !== "variant") throw invalidArgumentTypes(c, c.name);
}
var setFunctions = [
  bitwise("BITAND_AGG", "BITAND"),
  bitwise("BITOR_AGG", "BITOR"),
  bitwise("BITXOR_AGG", "BITXOR"),
  {
    names: ["ARRAY_UNIQUE_AGG"],
    signature: { args: ["ANY"], returns: "ARRAY" },
    // Distinct in the engine: SQLite takes no DISTINCT in a window aggregate.
    sqlite: (c) => {
      arity(c, 1);
      return overValues("UNIQUE", c.args[0], false, [tagOf(c)]);
    },
    returns: () => types.array(),
    nullable: () => false
  },
  {
    names: ["ARRAY_UNION_AGG"],
    signature: { args: ["ARRAY"], returns: "ARRAY" },
    sqlite: (c) => {
      arity(c, 1);
      requireArray(c);
      return overValues("UNION", c.args[0], false, [tagOf(c)]);
    },
    returns: () => types.array(),
    nullable: () => false
  }
];
var setAggregates = {
  HASH_AGG: {
    sqlite: (c) => {
      arity(c, 1, Infinity);
      return overValues("HASH", fn("HASH", c.args), distinctOf(c));
    },
    returns: () => types.number(19, 0),
    nullable: () => false
  }
};

// lib/sql/functions/window-events.ts
var NAMES = ["CONDITIONAL_TRUE_EVENT", "CONDITIONAL_CHANGE_EVENT"];
var isWindowEvent = (name) => NAMES.includes(name);
var orderRequired = (name) => new SqlError("002303", "42601", `SQL compilation error: error line 1 at position 7
Window function type [${name}] requires ORDER BY in window specification.`);
function windowEvent(name, x, over) {
  if (!over.order_by?.length) throw orderRequired(name);
  const w = { ...over, frame: FRAME_TO_CURRENT };
  if (name === "CONDITIONAL_TRUE_EVENT") return window2(fn("SUM", [fn("IIF", [operator("neq", x, lit(0)), lit(1), lit(0)])]), w);
  return fn("FLOE_AGG_CHANGES", [window2(aggregate("json_group_array", [x]), w)]);
}
var windowEventFunctions = NAMES.map((name) => ({
  names: [name],
  window: true,
  signature: { args: [name === "CONDITIONAL_TRUE_EVENT" ? "BOOLEAN" : "ANY"], returns: "NUMBER" },
  sqlite: (c) => {
    arity(c, 1);
    if (!c.inWindow) throw new SqlError("002140", "42601", `SQL compilation error:
Missing window specification for function [${name}].`);
    return { function: { ...c.payload, name } };
  },
  returns: () => types.number(38, 0),
  nullable: () => false
}));

// lib/sql/functions/aggregate.ts
var fixed2 = (t) => t?.wire === "fixed";
var argType = (args) => args[0]?.type ?? null;
var avgScale = (s) => Math.max(s, Math.min(s + 6, 12));
function interpolatedType(t) {
  if (t && fixed2(t)) return types.number(Math.min(38, (t.precision ?? 38) + 3), Math.min(37, (t.scale ?? 0) + 3));
  return t?.wire === "real" ? types.float() : t;
}
var numericResult = (t, scale) => t && fixed2(t) ? types.number(38, scale(t.scale ?? 0)) : t?.wire === "real" ? types.float() : t;
function findValuesAggregate(node) {
  if (!node || typeof node !== "object") return null;
  const o = node;
  const a = o.aggregate_function;
  if (a && a.name === "json_group_array") return a;
  for (const v of Object.values(o)) {
    const found = findValuesAggregate(v);
    if (found) return found;
  }
  return null;
}
var finalName = (node) => {
  const f = node?.function;
  return f?.name?.startsWith("FLOE_AGG_") ? f.name : null;
};
function ignoreNulls(kind, v, over) {
  const orderedFrame = (frame) => ({ ...over, frame: over.frame ?? frame });
  const values = (frame) => window2(aggregate("json_group_array", [v.this]), orderedFrame(frame));
  const n = v.offset ?? one;
  switch (kind) {
    case "lag":
      return fn("COALESCE", [fn("FLOE_AGG_NTH_NONNULL", [window2(aggregate("json_group_array", [v.this]), { ...over, frame: FRAME_BEFORE }), n, lit(1)]), v.default ?? { null: {} }]);
    case "lead":
      return fn("COALESCE", [fn("FLOE_AGG_NTH_NONNULL", [window2(aggregate("json_group_array", [v.this]), { ...over, frame: FRAME_AFTER }), n, lit(0)]), v.default ?? { null: {} }]);
    case "last_value":
      return fn("FLOE_AGG_NTH_NONNULL", [values(FRAME_ALL), one, lit(1)]);
    default:
      return fn("FLOE_AGG_NTH_NONNULL", [values(FRAME_ALL), n, lit(0)]);
  }
}
function exactWindowSqlite(kind, v, over, c) {
  if (!["sum", "avg", "min", "max"].includes(kind) || v.distinct) return null;
  const t = c.infer(v.this).type;
  if (!t || !fixed2(t) || !mayBeText(v.this, t)) return null;
  const s = t.scale ?? 0;
  if (kind === "sum") return exactWindowSum(v, over, s);
  if (kind === "avg") return exactWindowAverage(v, over, s, avgScale(s));
  return exactWindowExtreme(kind, v, over, t);
}
function windowSqlite(c) {
  const inner = c.payload.this;
  const over = c.payload.over;
  const kind = inner ? Object.keys(inner)[0] : "";
  const v = inner?.[kind] ?? {};
  const final = finalName(inner);
  if (final) {
    const args = inner.function.args;
    const values = args[0].aggregate_function;
    const order = values?.order_by ?? [];
    const w = order.length && !over.order_by?.length ? { ...over, order_by: order, frame: FRAME_ALL } : over;
    const agg = values ? { aggregate_function: { ...values, order_by: [], distinct: false } } : args[0];
    const frame = values?.distinct ? fn("FLOE_JSON_DISTINCT", [window2(agg, w), lit(0)]) : window2(agg, w);
    return fn(final, [frame, ...args.slice(1)]);
  }
  const name = kind === "function" ? String(v.name).toUpperCase() : "";
  if (isWindowEvent(name)) return windowEvent(name, v.args[0], over);
  if (name === "RATIO_TO_REPORT") {
    const x = v.args[0];
    return operator("div", asReal(x), fn("NULLIF", [window2(fn("SUM", [x]), over), lit(0)]));
  }
  if (v.distinct === true) {
    if (kind === "count" && v.this) return fn("json_array_length", [fn("FLOE_JSON_DISTINCT", [window2(aggregate("json_group_array", [v.this]), over), lit(1)])]);
    throw sqlErrors.unsupported(`${kind.toUpperCase()}(DISTINCT \u2026) as a window function`);
  }
  const exact = exactWindowSqlite(kind, v, over, c);
  if (exact) return exact;
  const navigation = ["first_value", "last_value", "nth_value", "lag", "lead"].includes(kind);
  if (navigation && v.ignore_nulls === true) return ignoreNulls(kind, v, over);
  if (["first_value", "last_value", "nth_value"].includes(kind) && !over.frame && over.order_by?.length) {
    return window2({ [kind]: { ...v, ignore_nulls: null } }, { ...over, frame: FRAME_ALL });
  }
  return window2(inner && navigation ? { [kind]: { ...v, ignore_nulls: null } } : inner, over);
}
function windowType(args, c) {
  const inner = c.payload.this;
  const kind = inner ? Object.keys(inner)[0] : "row_number";
  switch (kind) {
    case "row_number":
    case "rank":
    case "dense_rank":
    case "n_tile":
      return { type: types.number(38, 0), nullable: false };
    case "cume_dist":
    case "percent_rank":
      return { type: types.float(), nullable: false };
    case "function":
      if (String(inner.function.name).toUpperCase() === "RATIO_TO_REPORT") return { type: numericResult(argType(args.slice(1)), avgScale), nullable: true };
  }
  return args[0] ?? { type: null, nullable: true };
}
function withinGroupSqlite(c) {
  const inner = c.payload.this;
  const order = c.payload.order_by ?? [];
  const values = findValuesAggregate(inner);
  if (values) {
    values.order_by = order;
    if (/PERCENTILE/.test(finalName(inner) ?? "")) values.args = [order[0]?.this];
  }
  return { ...inner };
}
function withinGroupType(args, c) {
  const final = finalName(c.payload.this) ?? "";
  if (final === "FLOE_AGG_PERCENTILE_CONT") return interpolatedType(args[1]?.type ?? null);
  if (final === "FLOE_AGG_PERCENTILE_DISC") return args[1]?.type ?? null;
  return args[0]?.type ?? null;
}
function extremeBy(name, c) {
  const [value, key, n] = c.args;
  const keyType = c.types[1]?.type;
  const sortable = keyType && (fixed2(keyType) || keyType.wire === "real") ? asReal(key) : key;
  return overValues("EXTREME_BY", fn("json_array", [sortable, value]), false, [lit(name === "MAX_BY" ? -1 : 1), n ?? { null: {} }, lit(variantTag(c.types[0]?.type))]);
}
var extremeByType = (a, c) => c.args.length > 2 ? types.array() : a[0]?.type ?? null;
var neqZero = (x) => operator("neq", x, lit(0));
var bool2 = () => types.boolean();
var NAMED_AGGREGATES = {
  OBJECT_AGG: { sqlite: (c) => overValues("OBJECT", fn("json_array", c.args), false, [lit(variantTag(c.types[1]?.type))]), returns: () => types.object() },
  BOOLAND_AGG: { sqlite: (c) => fn("MIN", [neqZero(c.args[0])]), returns: bool2 },
  BOOLOR_AGG: { sqlite: (c) => fn("MAX", [neqZero(c.args[0])]), returns: bool2 },
  // Two native aggregates in one expression, which a window cannot take: there, an engine final.
  BOOLXOR_AGG: {
    sqlite: (c) => c.inWindow ? overValues("BOOLXOR", neqZero(c.args[0]), false) : fn("IIF", [operator("eq", fn("SUM", [neqZero(c.args[0])]), lit(1)), lit(1), fn("IIF", [operator("eq", count(c.args[0], false), lit(0)), { null: {} }, lit(0)])]),
    returns: bool2
  },
  PERCENTILE_CONT: { sqlite: (c) => overValues("PERCENTILE_CONT", void 0, false, [c.args[0]]), returns: () => null },
  PERCENTILE_DISC: { sqlite: (c) => overValues("PERCENTILE_DISC", void 0, false, [c.args[0]]), returns: () => null },
  MAX_BY: { sqlite: (c) => extremeBy("MAX_BY", c), returns: extremeByType },
  MIN_BY: { sqlite: (c) => extremeBy("MIN_BY", c), returns: extremeByType },
  ...statisticalAggregates,
  ...setAggregates
};
var byName = (c) => ({ ...c, name: String(c.payload.name).toUpperCase() });
var namedAggregate = (c) => NAMED_AGGREGATES[byName(c).name];
var aggregateFunctions = [
  {
    kinds: ["count_if"],
    signature: { args: ["BOOLEAN"], returns: "NUMBER" },
    args: (p) => [p.this],
    sqlite: (c) => count(fn("NULLIF", [c.args[0], lit(0)]), false),
    returns: () => types.number(18, 0),
    nullable: () => false
  },
  { kinds: ["approx_count_distinct"], signature: { args: ["ANY"], returns: "NUMBER" }, args: (p) => [p.this], sqlite: (c) => count(c.args[0], true), returns: () => types.number(18, 0), nullable: () => false },
  {
    kinds: ["avg"],
    signature: { args: ["NUMBER"], returns: "NUMBER" },
    args: (p) => [p.this],
    // NUMBER values beyond a double average exactly; FLOAT, small integers, windows and DISTINCT natively.
    sqlite: (c) => {
      const t = c.types[0]?.type ?? null;
      const exact = t && fixed2(t) && !c.inWindow && !distinctOf(c) && mayBeText(c.args[0], t);
      return exact ? exactAverage(c.payload, c.args[0], t, avgScale(t.scale ?? 0)) : { avg: c.payload };
    },
    returns: (a) => numericResult(argType(a), avgScale)
  },
  {
    kinds: ["min", "max"],
    signature: { args: ["ANY"], returns: "ANY" },
    args: (p) => [p.this],
    // NUMBER values stored as text are compared exactly (SQLite orders any number before text).
    sqlite: (c) => {
      const t = c.types[0]?.type ?? null;
      const kind = c.name;
      return t && !c.inWindow && mayBeText(c.args[0], t) ? exactExtreme(kind, c.payload, c.args[0], t) : { [kind]: c.payload };
    },
    returns: argType
  },
  { kinds: ["any_value"], signature: { args: ["ANY"], returns: "ANY" }, args: (p) => [p.this], sqlite: (c) => fn("MIN", c.args), returns: argType },
  { kinds: ["median"], signature: { args: ["NUMBER"], returns: "NUMBER" }, args: (p) => [p.this], sqlite: (c) => overValues("MEDIAN", c.args[0], false), returns: (a) => interpolatedType(argType(a)) },
  { kinds: ["mode"], signature: { args: ["ANY"], returns: "ANY" }, args: (p) => [p.this], sqlite: (c) => overValues("MODE", c.args[0], false), returns: argType },
  ...[
    [["stddev", "stddev_samp"], [], "STDDEV_SAMP"],
    [["stddev_pop"], [], "STDDEV_POP"],
    [["variance", "var_samp"], ["VARIANCE_SAMP"], "VAR_SAMP"],
    [["var_pop"], ["VARIANCE_POP"], "VAR_POP"]
  ].map(([kinds, names, final]) => ({
    kinds: [...kinds],
    names: [...names],
    sqlNames: kinds.map((k) => k.toUpperCase()),
    signature: { args: ["NUMBER"], returns: "FLOAT" },
    args: (p) => [p.this],
    sqlite: (c) => overValues(final, c.args[0], distinctOf(c)),
    returns: () => types.float()
  })),
  {
    kinds: ["list_agg"],
    sqlNames: ["LISTAGG"],
    signature: { args: ["VARCHAR"], optional: ["VARCHAR"], returns: "VARCHAR" },
    args: (p) => [p.this, p.separator],
    sqlite: (c) => overValues("LISTAGG", c.args[0], distinctOf(c), [c.args[1] ?? lit("")]),
    returns: () => types.varchar()
  },
  {
    kinds: ["array_agg"],
    signature: { args: ["ANY"], returns: "ARRAY" },
    args: (p) => [p.this],
    sqlite: (c) => overValues("ARRAY", c.args[0], distinctOf(c), [lit(variantTag(c.types[0]?.type))]),
    returns: () => types.array()
  },
  {
    kinds: ["aggregate_function"],
    sqlNames: Object.keys(NAMED_AGGREGATES),
    args: (p) => p.args ?? [],
    // Definitions see the call by its own name (the node kind names every one alike).
    sqlite: (c) => namedAggregate(c)?.sqlite(byName(c)) ?? { aggregate_function: c.payload },
    returns: (a, c) => namedAggregate(c)?.returns(a, byName(c)) ?? null,
    nullable: (a, c) => namedAggregate(c)?.nullable?.(a, byName(c)) ?? true
  },
  ...setFunctions,
  ...windowEventFunctions,
  {
    kinds: ["within_group"],
    sqlNames: [],
    args: (p) => [p.this, ...(p.order_by ?? []).map((o) => o.this)],
    sqlite: withinGroupSqlite,
    returns: withinGroupType
  },
  { kinds: ["lag", "lead", "first_value", "last_value", "nth_value"], window: true, args: (p) => [p.this], returns: argType },
  {
    kinds: ["window_function"],
    sqlNames: ["ROW_NUMBER", "RANK", "DENSE_RANK", "NTILE", "CUME_DIST", "PERCENT_RANK", "RATIO_TO_REPORT"],
    window: true,
    args: (p) => [p.this, ...p.this?.function?.args ?? []],
    sqlite: windowSqlite,
    returns: (a, c) => windowType(a, c).type,
    nullable: (a, c) => windowType(a, c).nullable
  }
];

// lib/sql/functions/conversion.ts
function digits(n, fallback, fnName = "TO_NUMBER") {
  const l = n?.literal;
  if (n && l?.literal_type !== "number") throw sqlErrors.unsupported(`${fnName} with a non-literal precision or scale`);
  return l ? Number(l.value) : fallback;
}
var TEMPORAL = /* @__PURE__ */ new Set(["DATE", "TIME", "NTZ", "LTZ", "TZ"]);
function convertCall(value, source, target, format, tryIt, session) {
  const to = targetKindOf(target);
  if (!to) return castTo(value, source, target);
  if (isSemiStructured(source)) return convertCall(fn("FLOE_FROM_VARIANT", [value, lit(to === "TEXT" ? 1 : 0)]), null, target, format, tryIt, session);
  const fmt = format ?? lit(to === "TEXT" ? defaultTextFormat(source, session.formats) : "");
  return fn("FLOE_CONVERT", [value, lit(sourceKindOf(source)), lit(to), fmt, lit(tryIt ? 1 : 0)]);
}
function castExpression(value, source, target, session, { write = false } = {}) {
  if (isSemiStructured(source) || isSemiStructured(target)) return write ? convertTo(value, target, { write }) : castTo(value, source, target);
  const from = sourceKindOf(source);
  const to = targetKindOf(target);
  if (from === to && TEMPORAL.has(from)) return { paren: { this: value, trailing_comments: [] } };
  if (from === "TEXT" && to === "REAL") return convertCall(value, source, target, null, false, session);
  const typed = from !== "AUTO" && from !== "TEXT" && to !== null && from !== to && (from === "LTZ" || to === "TEXT" || TEMPORAL.has(from) && TEMPORAL.has(to));
  if (!typed) return convertTo(value, target, { write });
  const node = convertCall(value, source, target, null, false, session);
  return write && target.wire === "text" ? convertTo(node, target, { write }) : node;
}
var sourceOf = (c, i = 0) => c.types[i]?.type ?? null;
var mappedTimestamp = (s) => parseTypeName("TIMESTAMP", s.timestampTypeMapping);
var conversion = (names, to, tryIt) => ({
  names,
  sqlite: (c) => {
    const target = typeof to === "function" ? to(c.session) : to;
    const second = c.types[1]?.type;
    const kind = targetKindOf(target);
    if (second?.wire === "fixed" && TEMPORAL.has(kind)) return fn("FLOE_EPOCH_TO", [c.args[0], c.args[1], lit(kind), lit(tryIt ? 1 : 0)]);
    return convertCall(c.args[0], sourceOf(c), target, c.args[1] ?? null, tryIt, c.session);
  },
  returns: (_a, c) => typeof to === "function" ? to(c.session) : to,
  nullable: (a) => tryIt || anyArgNullable(a)
});
function numberTarget(c) {
  return types.number(digits(c.payload.precision, 38), digits(c.payload.scale, 0));
}
var conversionFunctions = [
  {
    kinds: ["to_number"],
    args: (p) => [p.this],
    sqlite: (c) => {
      const target = numberTarget(c);
      const tryIt = !!c.payload.safe;
      if (!c.payload.format && !tryIt && sourceOf(c)?.wire !== "real") return convertTo(c.args[0], target);
      return convertCall(c.args[0], sourceOf(c), target, c.payload.format ?? lit(""), tryIt, c.session);
    },
    returns: (_a, c) => numberTarget(c),
    nullable: (a, c) => !!c.payload.safe || anyArgNullable(a)
  },
  {
    kinds: ["try_cast"],
    args: (p) => [p.this],
    sqlite: (c) => {
      const target = castTarget(c.payload.to, c.session);
      if (!target) throw sqlErrors.unsupported(`cast to ${JSON.stringify(c.payload.to)}`);
      return convertCall(c.args[0], sourceOf(c), target, null, true, c.session);
    },
    returns: (_a, c) => castTarget(c.payload.to, c.session),
    nullable: () => true
  },
  { kinds: ["parse_json"], args: (p) => [p.this], sqlite: (c) => fn("PARSE_JSON", c.args), returns: types.variant },
  conversion(["TO_DOUBLE"], types.float(), false),
  conversion(["TRY_TO_DOUBLE"], types.float(), true),
  conversion(["TO_BOOLEAN"], types.boolean(), false),
  conversion(["TRY_TO_BOOLEAN"], types.boolean(), true),
  conversion(["TO_VARCHAR", "TO_CHAR"], types.varchar(), false),
  conversion(["TO_DATE", "DATE"], types.date(), false),
  conversion(["TRY_TO_DATE"], types.date(), true),
  conversion(["TO_TIME", "TIME"], types.time(), false),
  conversion(["TRY_TO_TIME"], types.time(), true),
  conversion(["TO_TIMESTAMP"], mappedTimestamp, false),
  conversion(["TRY_TO_TIMESTAMP"], mappedTimestamp, true),
  conversion(["TO_TIMESTAMP_NTZ"], types.timestampNtz(), false),
  conversion(["TRY_TO_TIMESTAMP_NTZ"], types.timestampNtz(), true),
  conversion(["TO_TIMESTAMP_LTZ"], types.timestampLtz(), false),
  conversion(["TRY_TO_TIMESTAMP_LTZ"], types.timestampLtz(), true),
  conversion(["TO_TIMESTAMP_TZ"], types.timestampTz(), false),
  conversion(["TRY_TO_TIMESTAMP_TZ"], types.timestampTz(), true),
  conversion(["TO_BINARY"], types.binary(), false),
  conversion(["TRY_TO_BINARY"], types.binary(), true)
];

// lib/sql/functions/conditional.ts
var chosen = (pick, nodes) => (args, c) => commonType(pick(args), nodes(c));
var allNullable = (args) => args.every((a) => a.nullable);
var ZERO = { type: types.number(1, 0), nullable: false };
function div0(orNull) {
  return (c) => {
    arity(c, 2);
    const [a, b] = c.args;
    const [ta, tb] = c.types;
    const zero = paren(comparisonSql("eq", b, lit(0), tb, ZERO, {}));
    const quotient = arithmeticSql("div", a, b, ta, tb, {});
    return caseWhen([[orNull ? binary("or", zero, isNull(b)) : zero, lit(0)]], quotient);
  };
}
var operandType = (a, node) => isNullLiteral(node) ? ZERO.type : a.type;
var quotientType = (a, c) => arithmeticType("div", operandType(a[0], c.args[0]), operandType(a[1], c.args[1]));
function matches(a, b, ta, tb) {
  const eq = comparisonSql("eq", a, b, ta, tb, {});
  const plain = eq.eq;
  if (isNullLiteral(b) || plain && plain.left === a && plain.right === b) return binary("is", a, b);
  return binary("or", paren(eq), binary("and", isNull(a), isNull(b)));
}
function decode(c) {
  if (c.args.length < 3) arity(c, 3, Infinity);
  const [expr, ...rest] = c.args;
  const whens = [];
  for (let i = 0; i + 1 < rest.length; i += 2) whens.push([matches(expr, rest[i], c.types[0], c.types[i + 1]), rest[i + 1]]);
  return caseWhen(whens, rest.length % 2 === 1 ? rest[rest.length - 1] : null);
}
var decodeResults = (c) => {
  const idx = [];
  for (let i = 2; i < c.args.length; i += 2) idx.push(i);
  if ((c.args.length - 1) % 2 === 1) idx.push(c.args.length - 1);
  return idx;
};
var numeric = (t) => t?.wire === "fixed" || t?.wire === "real";
function extremeType(a, c) {
  const first = a[0]?.type ?? null;
  if (!numeric(first)) return a.length > 1 && a.every((x) => x.type?.wire === first?.wire) ? commonType(a, c.args) : first;
  const t = commonType(a.filter((x) => numeric(x.type)), c.args.filter((_n, i) => numeric(a[i].type)));
  const strings = a.some((x, i) => !numeric(x.type) && !isNullLiteral(c.args[i]));
  return strings && t?.wire === "fixed" ? types.number(38, t.scale ?? 0) : t;
}
var skippingNulls = (args) => args.map((a, i) => fn("COALESCE", [a, ...args.filter((_b, j) => j !== i)]));
var extreme = (name, sqliteName, ignoreNulls2 = false) => ({
  names: [ignoreNulls2 ? `${name}_IGNORE_NULLS` : name],
  sqlite: (c) => {
    if (c.args.length === 0) arity(c, 1, Infinity);
    if (c.args.length === 1) return paren(c.args[0]);
    const target = extremeType(c.types, c);
    const args = (ignoreNulls2 ? skippingNulls(c.args) : c.args).map((n, i) => {
      const t = c.types[i].type;
      return target && t && !isNullLiteral(n) && t.wire !== target.wire ? castExpression(n, t, target, c.session) : n;
    });
    if (target?.wire === "fixed" && c.args.some((n, i) => c.types[i].type?.wire === "fixed" && mayBeText(n, c.types[i].type))) {
      return fn(`FLOE_DEC_${name}`, args.map((n, i) => exactArg(n, c.types[i].type?.wire === "fixed" ? c.types[i].type : target)));
    }
    if (target?.wire === "timestamp_tz") return fn(`FLOE_TZ_${name}`, args);
    return fn(sqliteName, args);
  },
  returns: extremeType,
  nullable: ignoreNulls2 ? allNullable : anyArgNullable
});
var conditionalFunctions = [
  {
    kinds: ["if_func"],
    sqlNames: ["IFF"],
    signature: { args: ["BOOLEAN", "ANY", "ANY"], returns: "ANY" },
    args: (p) => {
      if (p.false_value == null && p.original_name === "IFF") throw argumentCountError("IFF", 3, 2);
      return [p.condition, p.true_value, p.false_value ?? NULL];
    },
    returns: chosen((a) => a.slice(1), (c) => c.args.slice(1)),
    nullable: (a) => a[1].nullable || a[2].nullable
  },
  {
    // NVL and COALESCE; IFNULL arrives as a two-argument COALESCE.
    kinds: ["nvl", "coalesce"],
    sqlNames: ["NVL", "COALESCE", "IFNULL"],
    signature: { args: ["ANY", "ANY"], variadic: true, returns: "ANY" },
    sqlite: (c) => fn("COALESCE", c.args),
    returns: (a, c) => commonType(a, c.args),
    nullable: allNullable
  },
  {
    kinds: ["nvl2"],
    signature: { args: ["ANY", "ANY", "ANY"], returns: "ANY" },
    args: (p) => [p.this, p.true_value, p.false_value],
    sqlite: (c) => caseWhen([[isNull(c.args[0], true), c.args[1]]], c.args[2]),
    returns: chosen((a) => a.slice(1), (c) => c.args.slice(1)),
    nullable: (a) => a[1].nullable || a[2].nullable
  },
  {
    names: ["ZEROIFNULL"],
    signature: { args: ["NUMBER"], returns: "NUMBER" },
    sqlite: (c) => {
      arity(c, 1);
      return fn("COALESCE", [c.args[0], lit(0)]);
    },
    returns: (a, c) => isNullLiteral(c.args[0]) ? types.number(1, 0) : a[0].type,
    nullable: () => false
  },
  {
    names: ["NULLIFZERO"],
    signature: { args: ["NUMBER"], returns: "NUMBER" },
    sqlite: (c) => {
      arity(c, 1);
      return fn("NULLIF", [c.args[0], lit(0)]);
    },
    returns: sameAsArg(0)
  },
  { names: ["NULLIF"], signature: { args: ["ANY", "ANY"], returns: "ANY" }, sqlite: (c) => {
    arity(c, 2);
    return fn("NULLIF", c.args);
  }, returns: sameAsArg(0) },
  {
    names: ["DECODE"],
    sqlite: decode,
    returns: (a, c) => {
      const idx = decodeResults(c);
      return commonType(idx.map((i) => a[i]), idx.map((i) => c.args[i]));
    },
    nullable: (a, c) => (c.args.length - 1) % 2 === 0 || decodeResults(c).some((i) => a[i].nullable)
  },
  {
    names: ["EQUAL_NULL"],
    signature: { args: ["ANY", "ANY"], returns: "BOOLEAN" },
    sqlite: (c) => {
      arity(c, 2);
      return binary("is", c.args[0], c.args[1]);
    },
    returns: () => types.boolean(),
    nullable: () => false
  },
  extreme("GREATEST", "MAX"),
  extreme("LEAST", "MIN"),
  extreme("GREATEST", "MAX", true),
  extreme("LEAST", "MIN", true),
  {
    // BOOLNOT(n): TRUE for 0, FALSE for any other number (NULL stays NULL).
    names: ["BOOLNOT"],
    signature: { args: ["NUMBER"], returns: "BOOLEAN" },
    sqlite: (c) => {
      arity(c, 1);
      return paren(comparisonSql("eq", c.args[0], lit(0), c.types[0], ZERO, {}));
    },
    returns: () => types.boolean(),
    nullable: anyArgNullable
  },
  { names: ["DIV0"], signature: { args: ["NUMBER", "NUMBER"], returns: "NUMBER" }, sqlite: div0(false), returns: quotientType },
  { names: ["DIV0NULL"], signature: { args: ["NUMBER", "NUMBER"], returns: "NUMBER" }, sqlite: div0(true), returns: quotientType }
];

// lib/sql/functions/semi-structured.ts
var tagged = (name) => (c) => fn(name, [lit(variantTags(c.types)), ...c.args]);
var boolean = () => types.boolean();
var held = (engine, type, c) => fn(engine, [lit(type), lit(variantTag(c.types[0]?.type)), c.args[0]]);
var isType = (type, names) => ({
  names,
  sqlite: (c) => {
    arity(c, 1);
    return held("FLOE_IS", type, c);
  },
  returns: boolean,
  nullable: anyArgNullable
});
var asType = (type, names, result, maxArgs = 1) => ({
  names,
  sqlite: (c) => {
    arity(c, 1, maxArgs);
    return convertTo(held("FLOE_AS", type, c), result(c));
  },
  returns: (_a, c) => result(c)
});
var decimalOf = (c) => types.number(digits(c.args[1], 38, c.name), digits(c.args[2], 0, c.name));
var thisThenExpression = (p) => [p.this, p.expression];
var semiStructuredFunctions = [
  { names: ["PARSE_JSON"], returns: types.variant },
  { names: ["TRY_PARSE_JSON"], returns: types.variant },
  { names: ["CHECK_JSON"], returns: () => types.varchar() },
  { names: ["TO_VARIANT"], sqlite: tagged("FLOE_TO_VARIANT"), returns: types.variant, nullable: anyArgNullable },
  // TO_JSON's text is the stored form of the VARIANT: the same engine function, typed VARCHAR.
  { kinds: ["to_json"], args: (p) => [p.this], sqlite: tagged("FLOE_TO_VARIANT"), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ["TO_ARRAY"], sqlite: tagged("FLOE_TO_ARRAY"), returns: types.array, nullable: anyArgNullable },
  { names: ["TO_OBJECT"], returns: types.object, nullable: anyArgNullable },
  {
    names: ["OBJECT_CONSTRUCT"],
    sqlite: (c) => {
      if (c.args.length % 2 !== 0) throw sqlErrors.unsupported("OBJECT_CONSTRUCT with an odd number of arguments");
      return tagged("FLOE_OBJECT_CONSTRUCT")(c);
    },
    returns: types.object,
    nullable: () => false
  },
  { names: ["OBJECT_CONSTRUCT_KEEP_NULL"], sqlite: tagged("FLOE_OBJECT_CONSTRUCT_KEEP_NULL"), returns: types.object, nullable: () => false },
  { names: ["OBJECT_INSERT"], sqlite: tagged("FLOE_OBJECT_INSERT"), returns: types.object },
  { names: ["OBJECT_DELETE"], returns: types.object },
  { names: ["OBJECT_PICK"], returns: types.object },
  { names: ["OBJECT_KEYS"], returns: types.array },
  { names: ["ARRAY_CONSTRUCT"], sqlite: tagged("FLOE_ARRAY_CONSTRUCT"), returns: types.array, nullable: () => false },
  // Array and object constants: [1, 'a'], {'k': v}.
  { kinds: ["array_func"], sqlNames: [], args: (p) => p.expressions ?? [], sqlite: tagged("FLOE_ARRAY_CONSTRUCT"), returns: types.array, nullable: () => false },
  {
    kinds: ["map_func"],
    sqlNames: [],
    args: (p) => (p.keys ?? []).flatMap((k, i) => [k, p.values[i]]),
    sqlite: tagged("FLOE_OBJECT_CONSTRUCT"),
    returns: types.object,
    nullable: () => false
  },
  { names: ["ARRAY_CONSTRUCT_COMPACT"], sqlite: tagged("FLOE_ARRAY_CONSTRUCT_COMPACT"), returns: types.array, nullable: () => false },
  { kinds: ["array_size"], args: (p) => [p.this], sqlite: (c) => fn("ARRAY_SIZE", c.args), returns: () => types.number(9, 0) },
  { kinds: ["array_contains"], args: thisThenExpression, sqlite: tagged("FLOE_ARRAY_CONTAINS"), returns: boolean },
  { kinds: ["array_position"], args: thisThenExpression, sqlite: tagged("FLOE_ARRAY_POSITION"), returns: () => types.number(9, 0) },
  { kinds: ["array_append"], args: thisThenExpression, sqlite: tagged("FLOE_ARRAY_APPEND"), returns: types.array },
  { kinds: ["array_prepend"], args: thisThenExpression, sqlite: tagged("FLOE_ARRAY_PREPEND"), returns: types.array },
  { names: ["ARRAY_INSERT"], sqlite: tagged("FLOE_ARRAY_INSERT"), returns: types.array },
  { names: ["ARRAY_REMOVE_AT"], sqlite: engineCall("ARRAY_REMOVE_AT", 2), returns: types.array, nullable: anyArgNullable },
  { names: ["ARRAYS_ZIP"], sqlite: engineCall("ARRAYS_ZIP", 1, Infinity), returns: types.array, nullable: anyArgNullable },
  { names: ["ARRAY_CAT"], returns: types.array },
  { names: ["ARRAY_SLICE"], returns: types.array },
  { names: ["ARRAY_TO_STRING"], returns: () => types.varchar() },
  { kinds: ["array_distinct"], args: (p) => [p.this], sqlite: (c) => fn("ARRAY_DISTINCT", c.args), returns: types.array },
  { kinds: ["array_compact"], args: (p) => [p.this], sqlite: (c) => fn("ARRAY_COMPACT", c.args), returns: types.array },
  { kinds: ["array_except"], args: thisThenExpression, sqlite: (c) => fn("ARRAY_EXCEPT", c.args), returns: types.array },
  { names: ["ARRAY_FLATTEN"], returns: types.array },
  { names: ["ARRAY_SORT"], returns: types.array, signature: { args: ["ARRAY"], optional: ["BOOLEAN", "BOOLEAN"], returns: "ARRAY" } },
  { names: ["ARRAY_MIN", "ARRAY_MAX"], returns: types.variant },
  { names: ["ARRAY_GENERATE_RANGE"], returns: types.array, signature: { args: ["NUMBER", "NUMBER"], optional: ["NUMBER"], returns: "ARRAY" } },
  { names: ["ARRAY_INTERSECTION"], returns: types.array },
  { names: ["ARRAYS_OVERLAP"], returns: boolean },
  { names: ["GET"], sqlite: (c) => fn("FLOE_GET", c.args), returns: types.variant },
  { names: ["GET_IGNORE_CASE"], sqlite: (c) => fn("FLOE_GET_IGNORE_CASE", c.args), returns: types.variant },
  { names: ["GET_PATH"], returns: types.variant },
  {
    // TO_VARCHAR(GET_PATH(PARSE_JSON(text), path)), as Snowflake defines it.
    names: ["JSON_EXTRACT_PATH_TEXT"],
    sqlite: (c) => {
      arity(c, 2);
      return castTo(fn("GET_PATH", [fn("PARSE_JSON", [c.args[0]]), c.args[1]]), types.variant(), types.varchar());
    },
    returns: () => types.varchar()
  },
  // v:a.b[0] (the parser hands the path as a string) and v['key'] / v[0].
  { kinds: ["j_s_o_n_extract"], sqlNames: [], args: thisThenExpression, sqlite: (c) => fn("GET_PATH", c.args), returns: types.variant },
  { kinds: ["subscript"], sqlNames: [], args: (p) => [p.this, p.index], sqlite: (c) => fn("FLOE_GET", c.args), returns: types.variant },
  { names: ["STRIP_NULL_VALUE"], returns: types.variant },
  isType("ARRAY", ["IS_ARRAY"]),
  isType("OBJECT", ["IS_OBJECT"]),
  isType("NULL_VALUE", ["IS_NULL_VALUE"]),
  isType("BOOLEAN", ["IS_BOOLEAN"]),
  isType("VARCHAR", ["IS_VARCHAR", "IS_CHAR"]),
  isType("INTEGER", ["IS_INTEGER"]),
  isType("DECIMAL", ["IS_DECIMAL"]),
  isType("DOUBLE", ["IS_DOUBLE", "IS_REAL"]),
  isType("BINARY", ["IS_BINARY"]),
  isType("DATE", ["IS_DATE", "IS_DATE_VALUE"]),
  isType("TIME", ["IS_TIME"]),
  isType("TIMESTAMP_NTZ", ["IS_TIMESTAMP_NTZ"]),
  isType("TIMESTAMP_LTZ", ["IS_TIMESTAMP_LTZ"]),
  isType("TIMESTAMP_TZ", ["IS_TIMESTAMP_TZ"]),
  asType("ARRAY", ["AS_ARRAY"], types.array),
  asType("OBJECT", ["AS_OBJECT"], types.object),
  asType("BOOLEAN", ["AS_BOOLEAN"], () => types.boolean()),
  asType("VARCHAR", ["AS_VARCHAR", "AS_CHAR"], () => types.varchar()),
  asType("INTEGER", ["AS_INTEGER"], () => types.number(38, 0)),
  asType("DECIMAL", ["AS_DECIMAL", "AS_NUMBER"], decimalOf, 3),
  asType("DOUBLE", ["AS_DOUBLE", "AS_REAL"], () => types.float()),
  asType("BINARY", ["AS_BINARY"], () => types.binary()),
  asType("DATE", ["AS_DATE"], () => types.date()),
  asType("TIME", ["AS_TIME"], () => types.time()),
  asType("TIMESTAMP_NTZ", ["AS_TIMESTAMP_NTZ"], () => types.timestampNtz()),
  asType("TIMESTAMP_LTZ", ["AS_TIMESTAMP_LTZ"], () => types.timestampLtz()),
  asType("TIMESTAMP_TZ", ["AS_TIMESTAMP_TZ"], () => types.timestampTz()),
  { kinds: ["typeof"], args: (p) => [p.this], sqlite: (c) => fn("FLOE_TYPEOF", c.args), returns: () => types.varchar(), nullable: anyArgNullable }
];

// package.json
var package_default = {
  name: "floe",
  version: "0.1.0",
  private: true,
  description: "Self-hosted Statement Execution Service (SQL API v2 wire format) and browser console over an embedded SQL engine",
  engines: {
    node: ">=20.9"
  },
  scripts: {
    "build:worker": "node scripts/build-worker.mjs",
    build: "npm run build:worker && next build",
    start: "node scripts/start.mjs",
    dev: "npm run build:worker && next dev",
    typecheck: "tsc --noEmit",
    lint: "eslint . --max-warnings 0",
    test: "node scripts/test.mjs",
    "test:unit": "vitest run --project unit",
    "test:http": "vitest run --project http",
    "test:e2e": "playwright test",
    bench: "node scripts/bench.mjs"
  },
  dependencies: {
    "@monaco-editor/react": "^4.7.0",
    "@polyglot-sql/sdk": "^0.12.1",
    "@tanstack/react-query": "^5.108.0",
    "@tanstack/react-table": "^8.21.3",
    "@tanstack/react-virtual": "^3.14.26",
    echarts: "^6.1.0",
    jose: "^6.2.17",
    "monaco-editor": "^0.57.0",
    next: "^16.4.6",
    "next-auth": "^4.24.15",
    react: "^19.3.1",
    "react-dom": "^19.3.1",
    "sql-formatter": "^15.9.0",
    "sql.js": "^1.16.0",
    yaml: "^2.9.1",
    zod: "^4.6.7"
  },
  devDependencies: {
    "@axe-core/playwright": "^4.13.0",
    "@playwright/test": "1.65.1",
    "@types/node": "^20.19.43",
    "@types/react": "^19.3.0",
    "@types/react-dom": "^19.3.0",
    "@types/sql.js": "^1.4.11",
    esbuild: "^0.28.2",
    eslint: "^10.15.0",
    "eslint-import-resolver-typescript": "^4.4.5",
    "eslint-plugin-boundaries": "^7.2.0",
    "eslint-plugin-import-x": "^4.18.1",
    "playwright-core": "^1.65.1",
    typescript: "^5.9.3",
    "typescript-eslint": "^8.73.0",
    vitest: "^4.1.12"
  }
};

// lib/access/roles.ts
function grantedRoles(catalog, user, roleRestriction) {
  return roleRestriction ? catalog.rolesUnder(roleRestriction) : catalog.rolesOf(user);
}

// lib/sql/compile/virtual-tables.ts
import { Dialect as Dialect4, parse as parse3 } from "@polyglot-sql/sdk";

// lib/catalog/names.ts
var lastId = new BigInt64Array(new SharedArrayBuffer(8));

// lib/sql/compile/virtual-tables.ts
var QUERY_HISTORY_TYPES = {
  SESSION_ID: types.number(38, 0),
  CLUSTER_NUMBER: types.number(38, 0),
  START_TIME: types.timestampLtz(3),
  END_TIME: types.timestampLtz(3),
  TOTAL_ELAPSED_TIME: types.number(38, 0),
  BYTES_SCANNED: types.number(38, 0),
  ROWS_PRODUCED: types.number(38, 0),
  COMPILATION_TIME: types.number(38, 0),
  EXECUTION_TIME: types.number(38, 0)
};
function lastQueryId(session, n = -1) {
  const ids = session.queryIds ?? (session.lastQueryId ? [session.lastQueryId] : []);
  return (n < 0 ? ids[ids.length + n] : ids[n - 1]) ?? null;
}
function integerArg(node) {
  const o = node;
  if (o?.neg) {
    const v = integerArg(o.neg.this);
    return v === void 0 ? void 0 : -v;
  }
  return o?.literal?.literal_type === "number" ? Number(o.literal.value) : void 0;
}

// lib/sql/functions/session.ts
var constant = (names, value, maxArgs = 0) => ({
  names,
  sqlite: (c) => {
    arity(c, 0, maxArgs);
    return lit(value(c));
  },
  returns: () => types.varchar(),
  nullable: (_a, c) => value(c) === null
});
var account = () => process.env.FLOE_ACCOUNT?.toUpperCase() || "FLOE";
function sessionRoles(c) {
  return /* @__PURE__ */ new Set([...c.session.role ? c.catalog.unfiltered.rolesUnder(c.session.role) : [], "PUBLIC"]);
}
function roleNameOf(text) {
  const t = tokenize(text);
  if (t.length !== 1) return null;
  return t[0].kind === "word" ? t[0].text.toUpperCase() : t[0].kind === "quoted" ? t[0].text : null;
}
var stringLiteral = (n) => {
  const l = n?.literal;
  return l?.literal_type === "string" ? l.value : null;
};
function roleInSession(c) {
  arity(c, 1);
  const roles = sessionRoles(c);
  const text = stringLiteral(c.args[0]);
  if (text !== null) {
    const r = roleNameOf(text);
    return lit(r !== null && roles.has(r) ? 1 : 0);
  }
  const name = fn("UPPER", [c.args[0]]);
  return [...roles].map((r) => binary("eq", name, lit(r))).reduce((a, b) => binary("or", a, b));
}
var sessionFunctions = [
  constant(["CURRENT_DATABASE"], (c) => c.session.database),
  constant(["CURRENT_SCHEMA"], (c) => c.session.schema),
  constant(["CURRENT_ROLE"], (c) => c.session.role),
  constant(["CURRENT_WAREHOUSE"], (c) => c.session.warehouse),
  constant(["CURRENT_USER"], (c) => c.session.user),
  // One server is one account: its locator and its name are the same.
  constant(["CURRENT_ACCOUNT", "CURRENT_ACCOUNT_NAME"], account),
  // One local server: no cloud region, no organization. Clients that read these only check they answer.
  constant(["CURRENT_REGION"], () => "LOCAL"),
  constant(["CURRENT_ORGANIZATION_NAME"], () => "FLOE"),
  // Every statement arrives through the SQL API; the compiler does not see the request's client or address.
  constant(["CURRENT_CLIENT"], () => "SQL API 2.0"),
  constant(["CURRENT_IP_ADDRESS"], () => "127.0.0.1"),
  constant(["CURRENT_VERSION"], () => package_default.version),
  constant(["CURRENT_SESSION"], (c) => c.session.id),
  constant(["CURRENT_STATEMENT"], (c) => c.statementId),
  constant(["CURRENT_TRANSACTION"], (c) => c.session.transaction ?? null),
  constant(["LAST_TRANSACTION"], (c) => c.session.lastTransaction ?? null),
  // The roles the user may use (USE ROLE), as a JSON list.
  constant(["CURRENT_AVAILABLE_ROLES"], (c) => JSON.stringify([...grantedRoles(c.catalog.unfiltered, c.session.user, c.session.roleRestriction ?? null)].sort())),
  // Floe has no secondary roles: the answer for a session without any.
  constant(["CURRENT_SECONDARY_ROLES"], () => JSON.stringify({ roles: "", value: "" })),
  constant(["LAST_QUERY_ID"], (c) => {
    const n = c.args.length === 0 ? -1 : integerArg(c.args[0]);
    if (n === void 0) throw sqlErrors.invalidValue("LAST_QUERY_ID expects an integer constant");
    return lastQueryId(c.session, n);
  }, 1),
  { names: ["IS_ROLE_IN_SESSION"], sqlite: roleInSession, returns: () => types.boolean(), nullable: (a) => a[0]?.nullable ?? true }
];

// lib/access/errors.ts
var AccessError = class extends Error {
  constructor(reason, code, sqlState, message) {
    super(message);
    this.reason = reason;
    this.code = code;
    this.sqlState = sqlState;
    this.name = "AccessError";
  }
  reason;
  code;
  sqlState;
};
var accessErrors = {
  denied: (kind, name) => new AccessError("denied", "003001", "42501", `SQL access control error:
Insufficient privileges to operate on ${kind.toLowerCase()} '${name}'`),
  missing: (kind, name) => new AccessError("missing", "002003", "42S02", `SQL compilation error:
${kind} '${name}' does not exist or not authorized.`)
};

// lib/access/objects.ts
var OWNERSHIP = "OWNERSHIP";
var grantKind = (kind) => kind === "VIEW" ? "TABLE" : kind;

// lib/access/check.ts
var cache = /* @__PURE__ */ new WeakMap();
var Access = class _Access {
  constructor(catalog, role) {
    this.role = role;
    this.roles = /* @__PURE__ */ new Set([...catalog.rolesUnder(role), "PUBLIC"]);
    this.admin = this.roles.has("ACCOUNTADMIN");
    for (const g2 of catalog.grants) {
      if (!this.roles.has(g2.grantee)) continue;
      const key = `${g2.objectKind}\0${g2.objectId}`;
      let set2 = this.granted.get(key);
      if (!set2) this.granted.set(key, set2 = /* @__PURE__ */ new Set());
      set2.add(g2.privilege);
    }
  }
  role;
  /** The active role and every role it inherits, PUBLIC included. */
  roles;
  admin;
  /** Privileges by `kind\0id`: the privileges the roles were granted on that object. */
  granted = /* @__PURE__ */ new Map();
  /** The access of a role over a catalog (cached per catalog copy: a reload makes a new one). */
  static of(catalog, role) {
    const whole = catalog.unfiltered;
    let byRole = cache.get(whole);
    if (!byRole) cache.set(whole, byRole = /* @__PURE__ */ new Map());
    const r = role ?? "PUBLIC";
    let a = byRole.get(r);
    if (!a) byRole.set(r, a = new _Access(whole, r));
    return a;
  }
  privilegesOn(o) {
    return this.granted.get(`${grantKind(o.kind)}\0${o.id}`);
  }
  owns(o) {
    return this.admin || o.owner !== null && this.roles.has(o.owner) || !!this.privilegesOn(o)?.has(OWNERSHIP);
  }
  has(privilege, o) {
    return this.owns(o) || !!this.privilegesOn(o)?.has(privilege);
  }
  /** The role holds some privilege on the object: it may see that it exists. */
  sees(o) {
    return this.owns(o) || (this.privilegesOn(o)?.size ?? 0) > 0;
  }
  /** Throws 003001 when the role sees the object without the privilege, 002003 when it cannot see it. */
  require(privilege, o) {
    if (this.has(privilege, o)) return;
    if (o.kind === "ACCOUNT" || this.sees(o)) throw accessErrors.denied(o.kind, o.name);
    throw accessErrors.missing(o.kind === "TABLE" || o.kind === "VIEW" ? "Object" : titleCase(o.kind), o.kind === "TABLE" || o.kind === "VIEW" ? o.qualified : o.name);
  }
};
var titleCase = (k) => k[0] + k.slice(1).toLowerCase();

// lib/auth/oauth-clients.ts
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// lib/auth/server-key.ts
var g = globalThis;
function oauthServerKey() {
  if (!g.__floeOAuthKey) throw new Error("the OAuth server key is not loaded");
  return g.__floeOAuthKey;
}

// lib/auth/oauth-clients.ts
var CONSOLE_INTEGRATION = "FLOE_CONSOLE";
var isBuiltIn = (i) => i.name === CONSOLE_INTEGRATION;
function derive(label, ...parts) {
  return createHmac("sha256", oauthServerKey()).update([label, ...parts].join("\0")).digest();
}
function clientSecrets(i) {
  const one2 = (slot) => derive("oauth-client-secret", i.clientId, String(slot), String(i.secretGenerations[slot - 1])).toString("base64");
  return [one2(1), one2(2)];
}
function clientSecretsJson(i) {
  const [secret, secret2] = clientSecrets(i);
  return JSON.stringify({ OAUTH_CLIENT_SECRET_2: secret2, OAUTH_CLIENT_SECRET: secret, OAUTH_CLIENT_ID: i.clientId });
}

// lib/sql/functions/system.ts
function integerBytes(n) {
  const abs = n < 0n ? -n : n;
  return [1, 2, 4, 8].find((b) => abs < 2n ** BigInt(8 * b - 1)) ?? 16;
}
function physicalForm(t, literal) {
  switch (t.wire) {
    case "fixed": {
      const unscaled = literal !== null && Number.isSafeInteger(literal * 10 ** (t.scale ?? 0)) ? BigInt(literal * 10 ** (t.scale ?? 0)) : 10n ** BigInt(t.precision ?? 38) - 1n;
      return `SB${integerBytes(unscaled)}`;
    }
    case "real":
      return "DOUBLE";
    case "boolean":
      return "SB1";
    case "date":
      return "SB4";
    case "time":
      return "SB8";
    case "timestamp_ntz":
    case "timestamp_ltz":
    case "timestamp_tz":
      return "SB16";
    default:
      return "LOB";
  }
}
var constantString = (n) => {
  const l = n?.literal;
  return l?.literal_type === "string" ? l.value : null;
};
function showOAuthClientSecrets(c) {
  arity(c, 1);
  const name = constantString(c.args[0]);
  if (name === null) throw sqlErrors.unsupported("SYSTEM$SHOW_OAUTH_CLIENT_SECRETS of anything but a constant integration name");
  const catalog = c.catalog.unfiltered;
  if (!Access.of(catalog, c.session.role).admin) throw sqlErrors.insufficientPrivileges(`operate on integration '${name}'`);
  const i = catalog.integrations.get(name);
  if (!i) throw sqlErrors.objectMissing("Integration", name);
  if (isBuiltIn(i)) throw sqlErrors.builtInIntegration(name, "read the client secrets of");
  return lit(clientSecretsJson(i));
}
var systemFunctions = [
  { names: ["SYSTEM$SHOW_OAUTH_CLIENT_SECRETS"], sqlite: showOAuthClientSecrets, returns: () => types.varchar(), nullable: () => false, answerOnce: true },
  // The deterministic long statement (also reached by CALL SYSTEM$WAIT(n)).
  { names: ["SYSTEM$WAIT"], returns: () => types.varchar(), nullable: () => false },
  {
    // The SQL type of the argument as compiled, e.g. NUMBER(1,0)[SB1], VARCHAR(9)[LOB], NULL[LOB].
    names: ["SYSTEM$TYPEOF"],
    sqlite: (c) => {
      arity(c, 1);
      const t = c.types[0].type;
      return lit(isNullLiteral(c.args[0]) || !t ? "NULL[LOB]" : `${t.text}[${physicalForm(t, literalNumber(c.args[0]))}]`);
    },
    returns: () => types.varchar(),
    nullable: () => false
  }
];

// lib/sql/functions/index.ts
var FAMILIES = [
  sessionFunctions,
  conversionFunctions,
  datetimeFunctions,
  numericFunctions,
  semiStructuredFunctions,
  systemFunctions,
  aggregateFunctions,
  conditionalFunctions,
  stringFunctions,
  stringEncodingFunctions,
  regexpFunctions
];
var byName2 = /* @__PURE__ */ new Map();
var byKind = /* @__PURE__ */ new Map();
for (const def of FAMILIES.flat()) {
  for (const n of def.names ?? []) {
    if (byName2.has(n)) throw new Error(`function ${n} is defined twice`);
    byName2.set(n, def);
  }
  for (const k of def.kinds ?? []) {
    if (byKind.has(k)) throw new Error(`function node ${k} is defined twice`);
    byKind.set(k, def);
  }
}
function sqlNamesOf(def) {
  const kindNames = def.sqlNames ?? (def.names?.length ? [] : (def.kinds ?? []).map((k) => k.toUpperCase()));
  return [.../* @__PURE__ */ new Set([...def.names ?? [], ...kindNames])];
}
var aggregateDefs = new Set(aggregateFunctions.filter((d) => !d.window));
var textDefs = /* @__PURE__ */ new Set([...stringFunctions, ...stringEncodingFunctions, ...regexpFunctions]);
var numberDefs = new Set(numericFunctions);
var aggregateCallNames = new Set([...aggregateDefs].flatMap((d) => d.names ?? []));

// ../../../tmp/values/scratch/names.ts
for (const [n, f] of [["string", stringFunctions], ["enc", stringEncodingFunctions], ["re", regexpFunctions], ["num", numericFunctions]]) console.log(n, f.flatMap(sqlNamesOf).join(" "));
