/**
 * LIKE / ILIKE and RLIKE (lib/engine/worker/functions/regexp.ts). LIKE is PostgreSQL's own, its
 * pattern rewritten so that only the ESCAPE clause escapes (PostgreSQL's LIKE escapes with a
 * backslash by default); ILIKE folds case with the ICU root collation. RLIKE asks whether the
 * whole subject matches, which PostgreSQL's regular expressions (ARE) answer as JavaScript's do;
 * the searching functions are not ported: for alternations ARE takes the longest match (a|ab
 * finds 'ab' in 'ab') where the sql.js implementation takes the first alternative ('a').
 */
import { plpgsql, sql, unsupported, type PgLibrarySlice } from './define';

const SEARCH = 'PostgreSQL\'s regular expressions (ARE) pick the leftmost-longest match of an alternation (a|ab matches \'ab\' in \'ab\') where the sql.js implementation takes the first alternative that matches (\'a\'): positions, substrings and replacements would differ; the dialect fails closed';

const LIKE_BODY = String.raw`
DECLARE p text := ''; c text; i integer := 1; n integer := char_length($2); esc text := $3;
BEGIN
  IF $1 IS NULL OR $2 IS NULL THEN RETURN NULL; END IF;
  IF esc IS NOT NULL AND char_length(esc) > 1 THEN
    RETURN floe._fail('100048', '22025', 'Invalid escape sequence: ''' || esc || '''', NULL::boolean);
  END IF;
  IF esc = '' THEN esc := NULL; END IF;
  WHILE i <= n LOOP
    c := substr($2, i, 1);
    IF c = esc AND i < n THEN
      i := i + 1;
      p := p || '\' || substr($2, i, 1);
    ELSIF c = '\' THEN p := p || '\\';
    ELSE p := p || c;
    END IF;
    i := i + 1;
  END LOOP;
  IF $4 = 1 THEN RETURN lower($1 COLLATE "und-x-icu") LIKE lower(p COLLATE "und-x-icu") ESCAPE '\'; END IF;
  RETURN $1 LIKE p ESCAPE '\';
END`;

/** Snowflake's parameters as ARE embedded options; later letters win ('ic' is case-sensitive). */
const RLIKE_BODY = String.raw`
DECLARE ci boolean := false; ml boolean := false; dotall boolean := false; c text; src text; i integer := 1; n integer := char_length($2); ch text; opts text;
BEGIN
  FOREACH c IN ARRAY regexp_split_to_array(coalesce($3, 'c'), '') LOOP
    CASE c
      WHEN 'c' THEN ci := false;
      WHEN 'i' THEN ci := true;
      WHEN 'm' THEN ml := true;
      WHEN 's' THEN dotall := true;
      WHEN 'e' THEN NULL;
      ELSE RETURN floe._fail('100048', '2201B', 'Invalid regular expression option: ''' || c || ''' in function REGEXP_LIKE', NULL::boolean);
    END CASE;
  END LOOP;
  -- \b and \B are word boundaries in Snowflake (and JavaScript), \y and \Y in ARE.
  src := '';
  WHILE i <= n LOOP
    ch := substr($2, i, 1);
    IF ch = '\' AND i < n THEN
      ch := substr($2, i + 1, 1);
      src := src || CASE ch WHEN 'b' THEN '\y' WHEN 'B' THEN '\Y' ELSE '\' || ch END;
      i := i + 2;
    ELSE
      src := src || ch;
      i := i + 1;
    END IF;
  END LOOP;
  opts := CASE WHEN ml AND dotall THEN 'w' WHEN ml THEN 'n' WHEN dotall THEN 's' ELSE 'p' END || CASE WHEN ci THEN 'i' ELSE 'c' END;
  BEGIN
    RETURN $1 ~ ('(?' || opts || ')\A(?:' || src || ')\Z');
  EXCEPTION WHEN invalid_regular_expression THEN
    RETURN floe._fail('100048', '2201B', 'Invalid regular expression: ''' || $2 || ''', ' || SQLERRM, NULL::boolean);
  END;
END`;

export const REGEXP_FUNCTIONS = {
  FLOE_LIKE: [plpgsql(['text', 'text', 'text', 'bigint'], 'boolean', LIKE_BODY, { strict: false })],
  FLOE_RLIKE: [
    plpgsql(['text', 'text', 'text'], 'boolean', RLIKE_BODY),
    sql(['text', 'text'], 'boolean', "SELECT floe.floe_rlike($1, $2, 'c')"),
  ],
  FLOE_REGEXP_SUBSTR: unsupported(SEARCH, ['REGEXP_SUBSTR']),
  FLOE_REGEXP_SUBSTR_ALL: unsupported(SEARCH, ['REGEXP_SUBSTR_ALL', 'REGEXP_EXTRACT_ALL']),
  FLOE_REGEXP_REPLACE: unsupported(SEARCH, ['REGEXP_REPLACE']),
  FLOE_REGEXP_COUNT: unsupported(SEARCH, ['REGEXP_COUNT']),
  FLOE_REGEXP_INSTR: unsupported(SEARCH, ['REGEXP_INSTR']),
} satisfies PgLibrarySlice;
