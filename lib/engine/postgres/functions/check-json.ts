/**
 * CHECK_JSON: NULL for text Snowflake's PARSE_JSON reads, else the parser's error with its
 * position, as lib/values/variant.ts (Parser) words it. The text is cut into tokens by one
 * regexp_matches(…, 'g') pass (linear: no character-indexed substr in a loop, which costs the
 * text's length per call on a multi-byte database), then a state machine over the tokens checks
 * the grammar the sql.js parser accepts: single-quoted strings, bare keys, trailing commas in
 * objects, an array's empty slots, NaN, Infinity and undefined. Repeated keys are found once at
 * the end (one sort): the earliest is the error, as it comes before any later syntax error.
 * PARSE_JSON's lenient reader (floe._lenient_json) walks the same tokens.
 */
import { sql, type PgLibrarySlice } from './define';

/** JavaScript's \s (the sql.js parser's whitespace), as a bracket expression's contents. */
export const JS_SPACE = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
/** The value grammar's number (variant.ts Parser.value). */
const NUMBER = String.raw`-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?`;
/**
 * One token, the longest of: whitespace, a string (unterminated: to the end, a last lone backslash
 * included), -Infinity, a number, a word, any one character ('.' matches a newline here).
 */
const TOKEN = [`[${JS_SPACE}]+`, String.raw`"(?:[^"\\]|\\.)*\\?"?`, String.raw`'(?:[^'\\]|\\.)*\\?'?`, '-Infinity', NUMBER, '[A-Za-z_$][A-Za-z0-9_$]*', '.'].join('|');
/**
 * Strict JSON's tokens as PostgreSQL's json reads them: whitespace, punctuation, a string (no raw
 * control character), a number, a literal. Where these are run together (`truefalse`, `1 2`),
 * both readers fail, save a number's leading zero (`007`: one number to the lenient reader).
 */
const STRICT_TOKEN = [
  String.raw`[]{}:, \t\n\r[]`,
  String.raw`"(?:[^"\\\x01-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"`,
  String.raw`-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?`,
  'true|false|null',
].join('|');
/**
 * What only the lenient reader reads in text of strict tokens (or may: strings are not skipped,
 * so a string holding one sends its text the slow way): an empty array slot or trailing comma, a
 * leading zero, a lone surrogate or NUL escape (no PostgreSQL text holds the character).
 */
const LENIENT_ONLY = String.raw`\[[ \t\n\r]*,|,[ \t\n\r]*[],}]|(^|[^-+.0-9eE])-?0[0-9]|\\u([dD][89a-fA-F]|0000)`;
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The string token t's error index (c: its quote; at: its index), or NULL for a whole string. */
const BAD_ESCAPE = String.raw`'^.(?:[^\\' || c || ']|\\[^u]|\\u[0-9a-fA-F]{4})*\\u(?![0-9a-fA-F]{4})'`;
const STRING_ERROR = String.raw`CASE
            -- A \u without four hex digits: the parser fails after the u.
            WHEN t ~ (${BAD_ESCAPE}) THEN at + length(substring(t FROM (${BAD_ESCAPE})))
            WHEN len >= 2 AND t ~ ('^.(?:[^\\' || c || ']|\\.)*' || c || '$') THEN NULL
            -- Unterminated: the end of the text, or one past it after a lone backslash.
            ELSE at + len + CASE WHEN t ~ '(^|[^\\])(\\\\)*\\$' THEN 1 ELSE 0 END END`;

export const CHECK_JSON_FUNCTIONS = {
  CHECK_JSON: [sql(['text'], 'text', 'SELECT floe._check_json($1)')],
} satisfies PgLibrarySlice;

export const CHECK_JSON_HELPERS: string[] = [
  // A key's text with the parser's escapes read (\n \t \r \b \f \uXXXX, any other character as
  // itself), to compare keys; a surrogate or NUL escape stays as its escape text (no PostgreSQL text has one).
  String.raw`CREATE OR REPLACE FUNCTION floe._json_key(body text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN strpos(body, '\') = 0 THEN body ELSE (
      SELECT string_agg(CASE WHEN left(t, 1) <> '\' THEN t WHEN t = '\n' THEN E'\n' WHEN t = '\t' THEN E'\t' WHEN t = '\r' THEN E'\r'
          WHEN t = '\b' THEN E'\b' WHEN t = '\f' THEN E'\f'
          WHEN t ~ '^\\u' THEN CASE WHEN ('x' || lpad(substr(t, 3), 8, '0'))::bit(32)::integer BETWEEN 55296 AND 57343
            OR substr(t, 3) = '0000' THEN lower(t) ELSE chr(('x' || lpad(substr(t, 3), 8, '0'))::bit(32)::integer) END
          ELSE substr(t, 2) END, '' ORDER BY i)
      FROM regexp_matches(body, '\\u[0-9a-fA-F]{4}|\\.|[^\\]+', 'g') WITH ORDINALITY AS m(x, i), LATERAL (SELECT x[1] AS t) y) END $f$`,
  // JavaScript's index (UTF-16 code units) of character index i: a character beyond the BMP counts two.
  String.raw`CREATE OR REPLACE FUNCTION floe._js_index(v text, i integer) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT i + length(regexp_replace(left(v, i), '[^\U00010000-\U0010FFFF]', '', 'g')) $f$`,
  // The parser's error at JavaScript index i: the text cut at 100 code units.
  String.raw`CREATE OR REPLACE FUNCTION floe._json_error(v text, i integer) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE c integer := least(length(v), 100);
    BEGIN
      WHILE floe._js_index(v, c) > 100 LOOP c := c - 1; END LOOP;
      RETURN 'Error parsing JSON: ' || left(v, c) || CASE WHEN floe._js_index(v, length(v)) > 100 THEN '…' ELSE '' END || ', pos ' || (i + 1);
    END $f$`,
  String.raw`CREATE OR REPLACE FUNCTION floe._check_json(v text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE
      t text; c text; len integer; at integer := 0; fail integer; lit text; state text := 'value';
      -- Per open container: its kind ('o' or 'a'), its object's number, the key whose value is being read.
      kind text[] := '{}'; obj integer[] := '{}'; pending text[] := '{}'; depth integer := 0; objects integer := 0;
      keys text[] := '{}'; key_objs integer[] := '{}'; key_ends integer[] := '{}'; dup record;
    BEGIN
      IF v ~ '^[${JS_SPACE}]*$' THEN RETURN NULL; END IF;
      FOR t IN SELECT x[1] FROM regexp_matches(v, ${sqlText(`(${TOKEN})`)}, 'g') AS r(x) LOOP
        len := length(t); c := left(t, 1);
        IF c ~ '[${JS_SPACE}]' THEN at := at + len; CONTINUE; END IF;
        IF state = 'after' THEN
          IF depth = 0 THEN fail := at;
          ELSIF c = ',' THEN state := CASE kind[depth] WHEN 'o' THEN 'key' ELSE 'element' END;
          ELSIF (c = '}' AND kind[depth] = 'o') OR (c = ']' AND kind[depth] = 'a') THEN depth := depth - 1;
          ELSE fail := at; END IF;
        ELSIF state = 'colon' THEN
          IF c = ':' THEN state := 'value'; ELSE fail := at; END IF;
        ELSIF state = 'key' THEN
          -- A key, or the object's end (also after a trailing comma).
          IF c = '}' THEN depth := depth - 1; state := 'after';
          ELSIF c = '"' OR c = '''' THEN
            fail := ${STRING_ERROR};
            IF fail IS NULL THEN pending[depth] := floe._json_key(substr(t, 2, len - 2)); state := 'colon'; END IF;
          ELSIF c ~ '[A-Za-z_$]' THEN pending[depth] := t; state := 'colon';
          ELSE fail := at; END IF;
        ELSIF state = 'element' AND c = ',' THEN NULL; -- an empty slot
        ELSIF state = 'element' AND c = ']' THEN depth := depth - 1; state := 'after';
        ELSIF c = '{' THEN depth := depth + 1; kind[depth] := 'o'; objects := objects + 1; obj[depth] := objects; pending[depth] := NULL; state := 'key';
        ELSIF c = '[' THEN depth := depth + 1; kind[depth] := 'a'; state := 'element';
        ELSIF c = '"' OR c = '''' THEN
          fail := ${STRING_ERROR};
          state := 'after';
        ELSIF t = '-Infinity' OR c ~ '[0-9]' OR (c ~ '[-.]' AND len > 1) THEN
          -- The parser reads a number from the next 400 characters only.
          IF len > 400 THEN fail := at + length(substring(left(t, 400) FROM '^${NUMBER}')); END IF;
          state := 'after';
        ELSE
          lit := substring(t FROM '^(true|false|null|NaN|Infinity|undefined)');
          fail := CASE WHEN lit IS NULL THEN at WHEN lit <> t THEN at + length(lit) END;
          state := 'after';
        END IF;
        EXIT WHEN fail IS NOT NULL;
        at := at + len;
        -- A key's value ends here: its key, its object and the index after the value.
        IF state = 'after' AND depth > 0 AND kind[depth] = 'o' AND pending[depth] IS NOT NULL THEN
          keys := keys || pending[depth]; key_objs := key_objs || obj[depth]; key_ends := key_ends || at; pending[depth] := NULL;
        END IF;
      END LOOP;
      IF fail IS NULL AND (depth > 0 OR state <> 'after') THEN fail := length(v); END IF;
      -- A repeated key fails when its value ends, before any later syntax error.
      SELECT k, e INTO dup FROM (SELECT k, e, row_number() OVER (PARTITION BY o, k ORDER BY e) AS n FROM unnest(key_objs, keys, key_ends) AS u(o, k, e)) d
        WHERE n = 2 ORDER BY e LIMIT 1;
      IF FOUND THEN RETURN 'Error parsing JSON: duplicate object attribute "' || dup.k || '", pos ' || floe._js_index(v, dup.e); END IF;
      IF fail IS NULL THEN RETURN NULL; END IF;
      RETURN floe._json_error(v, floe._js_index(v, fail));
    END $f$`,
  // A string token (quotes included) as a strict JSON string as JSON.stringify writes it, NULL where
  // it is unterminated or has a \u without four hex digits. A lone surrogate or NUL escape (no
  // PostgreSQL text has one) stays an escape, in lower case as JSON.stringify writes it; each other
  // piece is written by to_json. Escapes are read in pieces (a surrogate pair's two escapes as one
  // piece): linear in the token.
  String.raw`CREATE OR REPLACE FUNCTION floe._lenient_string(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN length(t) < 2 OR t !~ ('^.(?:[^\\' || left(t, 1) || ']|\\.)*' || left(t, 1) || '$') THEN NULL
      WHEN strpos(t, '\') = 0 THEN to_json(substr(t, 2, length(t) - 2))::text
      ELSE (SELECT CASE WHEN bool_or(q IS NULL) THEN NULL ELSE '"' || string_agg(q, '' ORDER BY i) || '"' END
        FROM regexp_matches(substr(t, 2, length(t) - 2), '\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\.|[^\\]+', 'g')
          WITH ORDINALITY AS m(x, i),
          LATERAL (SELECT x[1] AS e, CASE WHEN x[1] ~ '^\\u[0-9a-fA-F]{4}' THEN ('x' || lpad(substr(x[1], 3, 4), 8, '0'))::bit(32)::integer END AS hi) y,
          LATERAL (SELECT CASE WHEN left(e, 1) <> '\' THEN e WHEN e = '\n' THEN E'\n' WHEN e = '\t' THEN E'\t' WHEN e = '\r' THEN E'\r'
            WHEN e = '\b' THEN E'\b' WHEN e = '\f' THEN E'\f'
            -- \u with fewer than four hex digits: the longest piece it could be is \u.
            WHEN e = '\u' THEN NULL
            WHEN length(e) = 12 THEN chr(65536 + (hi - 55296) * 1024 + (('x' || lpad(substr(e, 9, 4), 8, '0'))::bit(32)::integer - 56320))
            WHEN hi IS NOT NULL THEN CASE WHEN hi = 0 OR hi BETWEEN 55296 AND 57343 THEN lower(e) ELSE chr(hi) END
            ELSE substr(e, 2) END AS p) z,
          LATERAL (SELECT CASE WHEN length(e) = 6 AND (hi = 0 OR hi BETWEEN 55296 AND 57343) THEN p ELSE substr(to_json(p)::text, 2, length(to_json(p)::text) - 2) END AS q) w) END $f$`,
  // Text PostgreSQL's json reads exactly as Snowflake's lenient reader does, told without reading
  // it (PostgreSQL 15 has no way to ask whether text is json but an exception handler): strict
  // tokens only, nothing only the lenient reader reads, no number of 400 characters (the lenient
  // reader stops there). If such text is still no JSON (its structure), it is no lenient JSON either.
  // (About 4 µs for 60 characters; the 400-character test only runs on texts that long.)
  `CREATE OR REPLACE FUNCTION floe._strict_json_text(v text) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT v ~ ${sqlText(`^(?:${STRICT_TOKEN})*$`)} AND v !~ ${sqlText(LENIENT_ONLY)}
      AND (length(v) < 400 OR v !~ '[-+.0-9eE]{200}[-+.0-9eE]{200}') $f$`,
  // Snowflake's lenient JSON (variant.ts Parser) as strict JSON text: single-quoted strings, bare
  // keys, a trailing comma in an object, any escaped character, raw control characters and
  // numbers such as .5, 1. or 007. NULL where the text is no JSON. NaN, Infinity, -Infinity,
  // undefined and an array's empty slot (undefined) have no JSON form: each is written as the
  // string "\u0023<word>" ('#' escaped, which to_json never writes: every string this reader
  // writes is to_json's), which floe._canonical(j, dup, true) writes back as the bare word, as
  // sql.js stores them. An object's key whose value is undefined is dropped (Snowflake's rule); if
  // a key repeats there, which of its values is kept is the parser's order: that fails closed
  // (NULL, see _parse_json).
  // The output is kept as an array of pieces (in place, one per token; a text grown by || is copied
  // each time), joined once at the end.
  String.raw`CREATE OR REPLACE FUNCTION floe._lenient_json(v text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE
      t text; c text; len integer; s text; state text := 'value';
      kind text[] := '{}'; depth integer := 0; out text[] := '{}'; k integer := 0; dropped boolean := false;
    BEGIN
      FOR t IN SELECT x[1] FROM regexp_matches(v, ${sqlText(`(${TOKEN})`)}, 'g') AS r(x) LOOP
        len := length(t); c := left(t, 1);
        IF c ~ '[${JS_SPACE}]' THEN CONTINUE; END IF;
        IF state = 'after' THEN
          IF depth = 0 THEN RETURN NULL;
          ELSIF c = ',' THEN s := ','; state := CASE kind[depth] WHEN 'o' THEN 'key' ELSE 'element' END;
            -- No comma right after an object's '{' (its first key was dropped).
            IF out[k] = '{' THEN CONTINUE; END IF;
          ELSIF (c = '}' AND kind[depth] = 'o') OR (c = ']' AND kind[depth] = 'a') THEN s := c; depth := depth - 1;
          ELSE RETURN NULL; END IF;
        ELSIF state = 'colon' THEN
          IF c <> ':' THEN RETURN NULL; END IF;
          s := ':'; state := 'value';
        ELSIF state = 'key' AND c = '}' THEN
          -- The object's end, also after a trailing comma (dropped).
          IF out[k] = ',' THEN k := k - 1; END IF;
          s := '}'; depth := depth - 1; state := 'after';
        ELSIF state = 'key' AND c ~ '[A-Za-z_$]' THEN s := to_json(t)::text; state := 'colon';
        ELSIF c = '"' OR c = '''' THEN
          s := floe._lenient_string(t);
          IF s IS NULL THEN RETURN NULL; END IF;
          state := CASE state WHEN 'key' THEN 'colon' ELSE 'after' END;
        ELSIF state = 'key' THEN RETURN NULL;
        -- 'first': an array's first element or its end; 'element': one after a comma, or its end.
        ELSIF state = 'first' AND c = ']' THEN s := ']'; depth := depth - 1; state := 'after';
        -- An empty slot ([1,,2], [,1], a trailing comma [1,]): an undefined element.
        ELSIF state IN ('first', 'element') AND c IN (',', ']') THEN
          k := k + 1; out[k] := '"\u0023undefined"'; s := c;
          IF c = ']' THEN depth := depth - 1; state := 'after'; ELSE state := 'element'; END IF;
        ELSIF c = '{' THEN depth := depth + 1; kind[depth] := 'o'; s := '{'; state := 'key';
        ELSIF c = '[' THEN depth := depth + 1; kind[depth] := 'a'; s := '['; state := 'first';
        ELSIF t IN ('true', 'false', 'null') THEN s := t; state := 'after';
        ELSIF t = 'undefined' AND state = 'value' AND depth > 0 AND kind[depth] = 'o' THEN
          -- Dropped with its key, its ':' and the comma before it.
          k := k - 2; IF out[k] = ',' THEN k := k - 1; END IF;
          dropped := true; state := 'after'; CONTINUE;
        ELSIF t IN ('NaN', 'Infinity', '-Infinity', 'undefined') THEN s := '"\u0023' || t || '"'; state := 'after';
        ELSIF c ~ '[0-9]' OR (c ~ '[-.]' AND len > 1 AND t <> '-Infinity') THEN
          -- The parser reads a number from the next 400 characters only.
          IF len > 400 THEN RETURN NULL; END IF;
          s := floe._number_text(t);
          IF s !~ '^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$' THEN RETURN NULL; END IF;
          state := 'after';
        ELSE RETURN NULL; END IF;
        k := k + 1; out[k] := s;
      END LOOP;
      IF depth <> 0 OR state <> 'after' OR (dropped AND floe._check_json(v) IS NOT NULL) THEN RETURN NULL; END IF;
      RETURN array_to_string(out[1:k], '');
    END $f$`,
];
