/**
 * LIKE / ILIKE, RLIKE and the REGEXP_ functions (lib/engine/worker/functions/regexp.ts). LIKE is
 * PostgreSQL's own, its pattern rewritten so that only the ESCAPE clause escapes (PostgreSQL's
 * LIKE escapes with a backslash by default); ILIKE folds case with the ICU root collation.
 *
 * RLIKE / REGEXP_LIKE ask whether the whole subject matches: which match is found does not
 * matter, so floe._re's whole-match mode also keeps alternations, quantified groups and
 * non-greedy quantifiers (anchored as ^(?:…)$); backreferences, lookarounds and named groups
 * still fail closed, and the character classes are translated as below.
 *
 * The searching functions (REGEXP_SUBSTR …) run on PostgreSQL's regexp_* over the pattern
 * translated by floe._re, which keeps to the patterns whose matches are the same in both engines:
 * ARE takes the leftmost-LONGEST match where the sql.js implementation (JavaScript) takes the
 * first one its backtracking finds. They agree on a pattern built from single-character atoms
 * (a character, an escape, a bracket expression, '.') with greedy quantifiers, unquantified
 * groups and anchors; an alternation is kept when its branches are literal text none of which is
 * a prefix of another and either they have one length or nothing of variable length comes before
 * it (at most one branch can match where it starts). Everything else fails closed (002140, naming
 * the construct): quantified groups, other alternations, non-greedy quantifiers (which Snowflake
 * does not support either), backreferences, lookarounds. Character classes are spelled out as
 * JavaScript reads them (\s with Unicode spaces, '.' without line terminators, ASCII \d \w) and
 * matched under the "C" collation, so that no locale widens them.
 */
import { plpgsql, sql, type PgForm, type PgLibrarySlice } from './define';
import type { PgType } from './types';

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

/** The parameter types of a REGEXP_ function's arguments, in order. */
const REGEXP_PARAMS: Record<string, PgType[]> = {
  FLOE_REGEXP_SUBSTR: ['text', 'text', 'double precision', 'double precision', 'text', 'double precision'],
  FLOE_REGEXP_SUBSTR_ALL: ['text', 'text', 'double precision', 'double precision', 'text', 'double precision'],
  FLOE_REGEXP_REPLACE: ['text', 'text', 'text', 'double precision', 'double precision', 'text'],
  FLOE_REGEXP_COUNT: ['text', 'text', 'double precision', 'text'],
  FLOE_REGEXP_INSTR: ['text', 'text', 'double precision', 'double precision', 'double precision', 'text', 'double precision'],
};

/**
 * One inlinable form per argument count (min … max): `body(a)` with a[k] = `$k` for the arguments
 * given, undefined for the others. STRICT: NULL when any given argument is (sql.js: anyNull).
 */
const arities = (name: keyof typeof REGEXP_PARAMS, min: number, max: number, body: (a: (string | undefined)[]) => string, returns: PgType): PgForm[] =>
  Array.from({ length: max - min + 1 }, (_, i) => {
    const n = min + i;
    const a = Array.from({ length: n + 1 }, (_x, k) => (k === 0 ? undefined : `$${k}`));
    return sql(REGEXP_PARAMS[name].slice(0, n), returns, `SELECT ${body(a)}`);
  });

/** The translated pattern of argument 2 with the parameters of argument k (default 'c'). */
const re = (a: (string | undefined)[], k: number, fn: string) => `floe._re($2, ${a[k] ?? "'c'"}, '${fn}')`;

/** JavaScript's \s (WhiteSpace and LineTerminator), as characters for a bracket expression. */
const JS_SPACES = "chr(9) || chr(10) || chr(11) || chr(12) || chr(13) || ' ' || chr(160) || chr(5760) || chr(8192) || '-' || chr(8202) || chr(8232) || chr(8233) || chr(8239) || chr(8287) || chr(12288) || chr(65279)";
/** JavaScript's line terminators ('.' without 's' matches none; '^' and '$' with 'm' meet them). */
const JS_LINE_ENDS = 'chr(10) || chr(13) || chr(8232) || chr(8233)';

/**
 * floe._re(pattern, parameters, function): {options, body, capture groups, 'e' given, case-insensitive}
 * (body NULL: the empty pattern, which finds nothing). Mistakes a row would meet (an unknown
 * parameter letter, an invalid pattern) come back as {'!', message} for the function to raise
 * when it runs, as on sql.js; a construct whose matches could differ fails closed here.
 */
const RE_BODY = String.raw`
DECLARE
  ci boolean := false; ml boolean := false; dotall boolean := false; ext boolean := false;
  n integer := char_length(p); i integer := 1; c text; d text; res text := ''; ngroups integer := 0;
  spaces text := ${JS_SPACES}; ends text := ${JS_LINE_ENDS};
  -- Per group depth (1 = the whole pattern): whether something of variable length came before it,
  -- the literal text of its current branch (NULL: not literal), its branches so far (NULL: no '|').
  depth integer := 1; var_before boolean[] := ARRAY[false]; lit text[] := ARRAY['']; alts text[] := ARRAY[NULL::text];
  -- Per depth, its items while each is one single-character atom (2: anything else); a group of exactly one is quantifiable.
  atoms integer[] := ARRAY[0];
  variable boolean := false; quantifiable boolean := false; closed boolean := false;
  b text; at_start boolean; m text[];
BEGIN
  FOREACH c IN ARRAY string_to_array(params, NULL) LOOP
    CASE c
      WHEN 'c' THEN ci := false;
      WHEN 'i' THEN ci := true;
      WHEN 'm' THEN ml := true;
      WHEN 's' THEN dotall := true;
      WHEN 'e' THEN ext := true;
      ELSE RETURN ARRAY['!', 'Invalid regular expression option: ''' || c || ''' in function ' || fn];
    END CASE;
  END LOOP;
  IF p = '' THEN RETURN ARRAY['', NULL, '0', ext::text, ci::text]; END IF;
  IF ci AND p ~ '[^\x01-\x7f]' THEN
    RETURN floe._unsupported('a regular expression construct: case-insensitive matching of non-ASCII characters (' || fn || ')')::text[];
  END IF;
  WHILE i <= n LOOP
    c := substr(p, i, 1);
    d := substr(p, i + 1, 1);
    IF c IN ('*', '+', '?', '{') AND (c <> '{' OR substr(p, i) ~ '^\{\d+(,\d*)?\}') THEN
      IF NOT quantifiable AND NOT (closed AND whole) THEN
        IF closed THEN RETURN floe._unsupported('a regular expression construct: a quantified group (' || fn || ')')::text[]; END IF;
        RETURN ARRAY['!', 'Invalid regular expression: ''' || p || ''', Nothing to repeat'];
      END IF;
      IF c = '{' THEN
        m := regexp_match(substr(p, i), '^\{(\d+)(,(\d*))?\}');
        IF length(m[1]) > 3 OR length(m[3]) > 3 OR m[1]::integer > 255 OR coalesce(nullif(m[3], '')::integer, 0) > 255 THEN
          RETURN floe._unsupported('a regular expression construct: a repetition count above 255 (' || fn || ')')::text[];
        END IF;
        IF m[3] <> '' AND m[3]::integer < m[1]::integer THEN
          RETURN ARRAY['!', 'Invalid regular expression: ''' || p || ''', numbers res of order in {} quantifier'];
        END IF;
        res := res || '{' || m[1] || coalesce(m[2], '') || '}';
        i := i + length(m[1]) + coalesce(length(m[2]), 0) + 2;
        IF m[2] IS NOT NULL AND m[3] IS DISTINCT FROM m[1] THEN variable := true; END IF;
      ELSE
        res := res || c;
        i := i + 1;
        variable := true;
      END IF;
      c := substr(p, i, 1);
      IF c = '?' AND NOT whole THEN RETURN floe._unsupported('a regular expression construct: a non-greedy quantifier (' || fn || ')')::text[]; END IF;
      IF c = '?' THEN res := res || '?'; i := i + 1; c := substr(p, i, 1); END IF;
      IF c IN ('*', '+') OR (c = '{' AND substr(p, i) ~ '^\{\d+(,\d*)?\}') THEN
        RETURN ARRAY['!', 'Invalid regular expression: ''' || p || ''', Nothing to repeat'];
      END IF;
      lit[depth] := NULL; atoms[depth] := 2;
      quantifiable := false; closed := false;
      CONTINUE;
    END IF;
    closed := false;
    quantifiable := true;
    IF c = '\' THEN
      i := i + 2; atoms[depth] := atoms[depth] + 1;
      IF d = '' THEN res := res || '\\'; lit[depth] := lit[depth] || '\';
      ELSIF d = 'd' THEN res := res || '[0-9]'; lit[depth] := NULL;
      ELSIF d = 'D' THEN res := res || '[^0-9]'; lit[depth] := NULL;
      ELSIF d = 'w' THEN res := res || '[A-Za-z0-9_]'; lit[depth] := NULL;
      ELSIF d = 'W' THEN res := res || '[^A-Za-z0-9_]'; lit[depth] := NULL;
      ELSIF d = 's' THEN res := res || '[' || spaces || ']'; lit[depth] := NULL;
      ELSIF d = 'S' THEN res := res || '[^' || spaces || ']'; lit[depth] := NULL;
      ELSIF d IN ('b', 'B') THEN res := res || CASE d WHEN 'b' THEN '\y' ELSE '\Y' END; lit[depth] := NULL; quantifiable := false; atoms[depth] := 2;
      ELSIF d IN ('n', 'r', 't', 'f', 'v') THEN
        c := CASE d WHEN 'n' THEN chr(10) WHEN 'r' THEN chr(13) WHEN 't' THEN chr(9) WHEN 'f' THEN chr(12) ELSE chr(11) END;
        res := res || c; lit[depth] := lit[depth] || c;
      ELSIF d ~ '[1-9]' THEN RETURN floe._unsupported('a regular expression construct: a backreference (' || fn || ')')::text[];
      ELSIF d ~ '[A-Za-z0-9]' THEN RETURN floe._unsupported('a regular expression construct: the escape \' || d || ' (' || fn || ')')::text[];
      ELSE res := res || CASE WHEN d ~ '[][\\^$.*+?(){}|]' THEN '\' ELSE '' END || d; lit[depth] := lit[depth] || d;
      END IF;
    ELSIF c = '[' THEN
      -- A bracket expression as posixToJs reads it: a leading ']' is literal, POSIX classes are spelled res.
      b := '['; i := i + 1; at_start := true; atoms[depth] := atoms[depth] + 1;
      IF substr(p, i, 1) = '^' THEN b := b || '^'; i := i + 1; END IF;
      IF substr(p, i, 1) = ']' THEN b := b || '\]'; i := i + 1; at_start := false; END IF;
      WHILE i <= n AND substr(p, i, 1) <> ']' LOOP
        c := substr(p, i, 1); d := substr(p, i + 1, 1);
        m := regexp_match(substr(p, i), '^\[:(alpha|digit|alnum|upper|lower|space|blank|punct|xdigit|cntrl|print|graph|word):\]');
        IF m IS NOT NULL OR (c = '\' AND d IN ('d', 'w', 's')) THEN
          -- A class next to a '-' is a range JavaScript reads otherwise (or rejects).
          IF (NOT at_start AND substr(p, i - 1, 1) = '-') OR (substr(p, i + CASE WHEN m IS NULL THEN 2 ELSE length(m[1]) + 4 END, 2) ~ '^-[^]]') THEN
            RETURN floe._unsupported('a regular expression construct: a range next to a character class (' || fn || ')')::text[];
          END IF;
          b := b || CASE coalesce(m[1], d)
            WHEN 'alpha' THEN 'a-zA-Z' WHEN 'digit' THEN '0-9' WHEN 'd' THEN '0-9' WHEN 'alnum' THEN 'a-zA-Z0-9' WHEN 'upper' THEN 'A-Z'
            WHEN 'lower' THEN 'a-z' WHEN 'space' THEN spaces WHEN 's' THEN spaces WHEN 'blank' THEN ' ' || chr(9)
            WHEN 'punct' THEN '!-/:-@[-' || chr(96) || '{-~' WHEN 'xdigit' THEN '0-9A-Fa-f' WHEN 'cntrl' THEN chr(1) || '-' || chr(31) || chr(127)
            WHEN 'print' THEN ' -~' WHEN 'graph' THEN '!-~' ELSE 'A-Za-z0-9_' END;
          i := i + CASE WHEN m IS NULL THEN 2 ELSE length(m[1]) + 4 END;
        ELSIF c = '\' THEN
          IF d IN ('n', 'r', 't', 'f', 'v', 'b') THEN
            b := b || CASE d WHEN 'n' THEN chr(10) WHEN 'r' THEN chr(13) WHEN 't' THEN chr(9) WHEN 'f' THEN chr(12) WHEN 'b' THEN chr(8) ELSE chr(11) END;
          ELSIF d ~ '[A-Za-z0-9]' OR d = '' THEN
            RETURN floe._unsupported('a regular expression construct: the escape \' || d || ' in a bracket expression (' || fn || ')')::text[];
          ELSE b := b || CASE WHEN d ~ '[][\\^-]' THEN '\' ELSE '' END || d;
          END IF;
          i := i + 2;
        ELSE
          -- ARE rejects a '-' right after a range (a-c-e), which JavaScript reads as a literal '-'.
          IF c = '-' AND NOT at_start AND substr(p, i - 2, 1) = '-' AND substr(p, i + 1, 1) <> ']' THEN
            RETURN floe._unsupported('a regular expression construct: a ''-'' after a range in a bracket expression (' || fn || ')')::text[];
          END IF;
          b := b || CASE WHEN c = '[' THEN '\[' ELSE c END;
          i := i + 1;
        END IF;
        at_start := false;
      END LOOP;
      IF i > n THEN RETURN ARRAY['!', 'Invalid regular expression: ''' || p || ''', Unterminated character class']; END IF;
      i := i + 1;
      res := res || b || ']';
      lit[depth] := NULL;
    ELSIF c = '(' THEN
      IF d = '?' THEN
        IF substr(p, i + 2, 1) <> ':' THEN
          RETURN floe._unsupported('a regular expression construct: ' || CASE WHEN substr(p, i + 2, 1) IN ('=', '!') OR substr(p, i + 2, 2) IN ('<=', '<!') THEN 'a lookaround' ELSE 'a named group' END || ' (' || fn || ')')::text[];
        END IF;
        res := res || '(?:'; i := i + 3;
      ELSE
        res := res || '('; i := i + 1; ngroups := ngroups + 1;
      END IF;
      lit[depth] := NULL; atoms[depth] := 2;
      depth := depth + 1; var_before[depth] := variable; lit[depth] := ''; alts[depth] := NULL; atoms[depth] := 0;
      quantifiable := false;
    ELSIF c = '|' OR c = ')' THEN
      IF c = ')' AND depth = 1 THEN RETURN ARRAY['!', 'Invalid regular expression: ''' || p || ''', Unmatched '')''']; END IF;
      IF NOT whole AND (c = '|' OR alts[depth] IS NOT NULL) THEN
        IF lit[depth] IS NULL OR lit[depth] = '' THEN
          RETURN floe._unsupported('a regular expression construct: an alternation of other than literal text (' || fn || ')')::text[];
        END IF;
        alts[depth] := coalesce(alts[depth] || chr(1), '') || CASE WHEN ci THEN lower(lit[depth]) ELSE lit[depth] END;
      END IF;
      IF c = '|' THEN
        res := res || '|'; i := i + 1; lit[depth] := ''; quantifiable := false; atoms[depth] := 2;
        CONTINUE;
      END IF;
      IF NOT whole THEN PERFORM floe._re_branches(alts[depth], var_before[depth], fn); END IF;
      IF alts[depth] IS NOT NULL AND (SELECT count(DISTINCT char_length(x)) FROM unnest(string_to_array(alts[depth], chr(1))) x) > 1 THEN variable := true; END IF;
      -- A group of one single-character atom, (a) or (?:[ab]), is quantified as that atom would be.
      quantifiable := atoms[depth] = 1; closed := NOT quantifiable;
      depth := depth - 1;
      lit[depth] := NULL; atoms[depth] := CASE WHEN quantifiable THEN atoms[depth] + 1 ELSE 2 END;
      res := res || ')'; i := i + 1;
    ELSIF c IN ('^', '$') THEN
      res := res || CASE WHEN NOT ml THEN c WHEN c = '^' THEN '(?:^|(?<=[' || ends || ']))' ELSE '(?:$|(?=[' || ends || ']))' END;
      i := i + 1; lit[depth] := NULL; quantifiable := false; atoms[depth] := 2;
    ELSIF c = '.' THEN
      res := res || CASE WHEN dotall THEN '.' ELSE '[^' || ends || ']' END;
      i := i + 1; lit[depth] := NULL; atoms[depth] := atoms[depth] + 1;
    ELSE
      -- A '{' that bounds nothing, a lone '}' or ']': literal, as POSIX reads them.
      res := res || CASE WHEN c IN ('{', '}', ']') THEN '\' ELSE '' END || c;
      lit[depth] := lit[depth] || c; atoms[depth] := atoms[depth] + 1;
      i := i + 1;
    END IF;
  END LOOP;
  IF depth > 1 THEN RETURN ARRAY['!', 'Invalid regular expression: ''' || p || ''', Unterminated group']; END IF;
  IF alts[1] IS NOT NULL AND NOT whole THEN
    IF lit[1] IS NULL OR lit[1] = '' THEN
      RETURN floe._unsupported('a regular expression construct: an alternation of other than literal text (' || fn || ')')::text[];
    END IF;
    PERFORM floe._re_branches(alts[1] || chr(1) || CASE WHEN ci THEN lower(lit[1]) ELSE lit[1] END, false, fn);
  END IF;
  RETURN ARRAY['(?' || CASE WHEN ci THEN 'i' ELSE 'c' END || 's)', res, ngroups::text, ext::text, ci::text];
END`;

/**
 * An alternation's literal branches (separated by chr(1)) are safe when none is a prefix of
 * another and, unless they have one length, nothing of variable length came before them.
 */
const RE_BRANCHES_BODY = String.raw`
DECLARE xs text[] := string_to_array(alts, chr(1));
BEGIN
  IF alts IS NULL THEN RETURN true; END IF;
  IF EXISTS (SELECT 1 FROM unnest(xs) WITH ORDINALITY a(x, i), unnest(xs) WITH ORDINALITY b(y, j) WHERE i <> j AND starts_with(y, x)) THEN
    RETURN floe._unsupported('a regular expression construct: an alternation where one branch is a prefix of another (' || fn || ')')::boolean;
  END IF;
  IF variable_before AND (SELECT count(DISTINCT char_length(x)) FROM unnest(xs) x) > 1 THEN
    RETURN floe._unsupported('a regular expression construct: an alternation of different lengths after a quantifier (' || fn || ')')::boolean;
  END IF;
  RETURN true;
END`;

/** The subject from a 1-based character position (sql.js offsetOf: positions must be positive). */
const TAIL = (fn: string) => String.raw`
  IF r[1] = '!' THEN RETURN floe._fail('100048', '2201B', r[2], NULL::text); END IF;
  IF trunc(pos) < 1 THEN
    RETURN floe._fail('100048', '22023', 'Invalid value [' || floe._js_number(trunc(pos)) || '] for function ''${fn}'', parameter 3: must be a positive integer', NULL::text);
  END IF;
  -- JavaScript's case-insensitive matching folds KELVIN SIGN to 'k' and LONG S to 's'; the "C" collation does not.
  IF r[5] = 'true' AND (strpos(s, chr(8490)) > 0 OR strpos(s, chr(383)) > 0) THEN
    RETURN floe._unsupported('a regular expression construct: case-insensitive matching of U+212A or U+017F (${fn})');
  END IF;
  off := least(trunc(pos) - 1, char_length(s))::integer;
  tail := substr(s, off + 1);`;

/** The group to report: explicit group_num (checked once a match is found), else 1 with 'e' when there is one, else 0. */
const GROUP = String.raw`
  IF has_grp THEN
    IF trunc(grp) < 0 OR trunc(grp) > r[3]::integer THEN
      RETURN floe._fail('100048', '2201B', 'Invalid group number ' || floe._js_number(trunc(grp)), NULL::text);
    END IF;
    g := trunc(grp)::integer;
  ELSE
    g := CASE WHEN r[4] = 'true' AND r[3]::integer > 0 THEN 1 ELSE 0 END;
  END IF;`;

/** Occurrence k (1-based, at least 1) as an integer. */
const OCCURRENCE = 'o := greatest(1, least(trunc(occ), 2147483647))::integer;';

const DECLARE = 'DECLARE off integer; tail text; o integer; g integer; whole text; k bigint; v text;';

export const REGEXP_HELPERS: string[] = [
  `CREATE OR REPLACE FUNCTION floe._re_branches(alts text, variable_before boolean, fn text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$${RE_BRANCHES_BODY} $f$`,
  `CREATE OR REPLACE FUNCTION floe._re(p text, params text, fn text, whole boolean DEFAULT false) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$${RE_BODY} $f$`,
  // The whole pattern is group 1 of the expression searched (r[1] || '(' || r[2] || ')'): group g is g + 1.
  `CREATE OR REPLACE FUNCTION floe._regexp_substr(s text, r text[], pos double precision, occ double precision, grp double precision, has_grp boolean) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
${DECLARE}
BEGIN${TAIL('REGEXP_SUBSTR')}
  IF r[2] IS NULL THEN RETURN NULL; END IF;
  ${OCCURRENCE}
  whole := regexp_substr(tail COLLATE "C", r[1] || '(' || r[2] || ')', 1, o, '', 1);
  IF whole IS NULL THEN RETURN NULL; END IF;${GROUP}
  RETURN CASE WHEN g = 0 THEN whole ELSE regexp_substr(tail COLLATE "C", r[1] || '(' || r[2] || ')', 1, o, '', g + 1) END;
END $f$`,
  `CREATE OR REPLACE FUNCTION floe._regexp_substr_all(s text, r text[], pos double precision, occ double precision, grp double precision, has_grp boolean) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
${DECLARE}
BEGIN${TAIL('REGEXP_SUBSTR_ALL')}
  IF r[2] IS NULL THEN RETURN '[]'; END IF;
  ${OCCURRENCE}
  IF regexp_count(tail COLLATE "C", r[1] || r[2]) < o THEN RETURN '[]'; END IF;${GROUP}
  SELECT '[' || string_agg(coalesce(to_json(x[g + 1])::text, 'null'), ',' ORDER BY n) || ']' INTO v
  FROM regexp_matches(tail COLLATE "C", r[1] || '(' || r[2] || ')', 'g') WITH ORDINALITY AS t(x, n) WHERE n >= o;
  RETURN v;
END $f$`,
  // Snowflake's replacement (\\0 … \\9 groups, \\\\ a backslash, any other backslash itself) in regexp_replace's terms.
  `CREATE OR REPLACE FUNCTION floe._regexp_replace(s text, r text[], rep text, pos double precision, occ double precision) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
${DECLARE} j integer := 1; c text; d text;
BEGIN${TAIL('REGEXP_REPLACE')}
  IF r[2] IS NULL THEN RETURN s; END IF;
  v := '';
  WHILE j <= char_length(rep) LOOP
    c := substr(rep, j, 1); d := substr(rep, j + 1, 1);
    IF c = '\\' AND d ~ '^[0-9]$' THEN
      v := v || CASE WHEN d = '0' THEN '\\&' WHEN d::integer <= r[3]::integer THEN '\\' || d ELSE '' END; j := j + 2;
    ELSIF c = '\\' AND d = '\\' THEN v := v || '\\\\'; j := j + 2;
    ELSE v := v || CASE WHEN c = '\\' THEN '\\\\' ELSE c END; j := j + 1;
    END IF;
  END LOOP;
  -- Occurrence 0: every match; a negative one: the first (sql.js).
  o := CASE WHEN trunc(occ) = 0 THEN 0 WHEN trunc(occ) < 0 THEN 1 ELSE least(trunc(occ), 2147483647) END;
  RETURN left(s, off) || regexp_replace(tail COLLATE "C", r[1] || r[2], v, 1, o, '');
END $f$`,
  // RLIKE: the empty pattern matches the empty subject; any other must match all of it.
  `CREATE OR REPLACE FUNCTION floe._rlike(s text, r text[]) RETURNS boolean LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
BEGIN
  IF r[1] = '!' THEN RETURN floe._fail('100048', '2201B', r[2], NULL::boolean); END IF;
  IF r[5] = 'true' AND (strpos(s, chr(8490)) > 0 OR strpos(s, chr(383)) > 0) THEN
    RETURN floe._unsupported('a regular expression construct: case-insensitive matching of U+212A or U+017F (REGEXP_LIKE)')::boolean;
  END IF;
  IF r[2] IS NULL THEN RETURN s = ''; END IF;
  RETURN s COLLATE "C" ~ (r[1] || '^(?:' || r[2] || ')$');
END $f$`,
  `CREATE OR REPLACE FUNCTION floe._regexp_count(s text, r text[], pos double precision) RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
${DECLARE}
BEGIN${TAIL('REGEXP_COUNT')}
  IF r[2] IS NULL THEN RETURN 0; END IF;
  RETURN regexp_count(tail COLLATE "C", r[1] || r[2]);
END $f$`,
  `CREATE OR REPLACE FUNCTION floe._regexp_instr(s text, r text[], pos double precision, occ double precision, opt double precision, grp double precision, has_grp boolean) RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
${DECLARE}
BEGIN${TAIL('REGEXP_INSTR')}
  IF r[2] IS NULL THEN RETURN 0; END IF;
  ${OCCURRENCE}
  IF regexp_instr(tail COLLATE "C", r[1] || '(' || r[2] || ')', 1, o, 0, '', 1) = 0 THEN RETURN 0; END IF;${GROUP}
  k := regexp_instr(tail COLLATE "C", r[1] || '(' || r[2] || ')', 1, o, CASE WHEN trunc(opt) = 0 THEN 0 ELSE 1 END, '', g + 1);
  RETURN CASE WHEN k = 0 THEN 0 ELSE off + k END;
END $f$`,
];

export const REGEXP_FUNCTIONS = {
  FLOE_LIKE: [plpgsql(['text', 'text', 'text', 'bigint'], 'boolean', LIKE_BODY, { strict: false })],
  FLOE_RLIKE: [
    sql(['text', 'text', 'text'], 'boolean', "SELECT floe._rlike($1, floe._re($2, $3, 'REGEXP_LIKE', true))"),
    sql(['text', 'text'], 'boolean', "SELECT floe._rlike($1, floe._re($2, 'c', 'REGEXP_LIKE', true))"),
  ],
  // Each form: the pattern translated (floe._re: a constant pattern is translated once, while the
  // query is planned, so an unsafe one fails before any row is read), defaults for what is not given.
  FLOE_REGEXP_SUBSTR: arities('FLOE_REGEXP_SUBSTR', 2, 6, (a) => `floe._regexp_substr($1, ${re(a, 5, 'REGEXP_SUBSTR')}, ${a[3] ?? '1'}, ${a[4] ?? '1'}, ${a[6] ?? '0'}, ${a.length > 6})`, 'text'),
  FLOE_REGEXP_SUBSTR_ALL: arities('FLOE_REGEXP_SUBSTR_ALL', 2, 6, (a) => `floe._regexp_substr_all($1, ${re(a, 5, 'REGEXP_SUBSTR_ALL')}, ${a[3] ?? '1'}, ${a[4] ?? '1'}, ${a[6] ?? '0'}, ${a.length > 6})`, 'text'),
  FLOE_REGEXP_REPLACE: arities('FLOE_REGEXP_REPLACE', 2, 6, (a) => `floe._regexp_replace($1, ${re(a, 6, 'REGEXP_REPLACE')}, ${a[3] ?? "''"}, ${a[4] ?? '1'}, ${a[5] ?? '0'})`, 'text'),
  FLOE_REGEXP_COUNT: arities('FLOE_REGEXP_COUNT', 2, 4, (a) => `floe._regexp_count($1, ${re(a, 4, 'REGEXP_COUNT')}, ${a[3] ?? '1'})`, 'bigint'),
  FLOE_REGEXP_INSTR: arities('FLOE_REGEXP_INSTR', 2, 7, (a) => `floe._regexp_instr($1, ${re(a, 6, 'REGEXP_INSTR')}, ${a[3] ?? '1'}, ${a[4] ?? '1'}, ${a[5] ?? '0'}, ${a[7] ?? '0'}, ${a.length > 7})`, 'bigint'),
} satisfies PgLibrarySlice;
