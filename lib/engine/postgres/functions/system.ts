/**
 * SYSTEM$WAIT, sequences and the table functions (lib/engine/worker/functions/system.ts,
 * sequences.ts, table-functions.ts). The table functions return their rows as a JSON array, per
 * the manifest; their SEQ numbers each call site's inputs from 1 within a statement, a counter
 * kept in a session setting per call site (floe.site_<md5>) and reset when the statement changes
 * (floe.now_ms, else statement_timestamp()): VOLATILE and not for parallel workers.
 */
import { plpgsql, sql, type PgLibrarySlice } from './define';

const WAIT_BODY = String.raw`
DECLARE n double precision := $1; u text := upper(coalesce($2, 'SECONDS')); ms double precision; until timestamptz;
BEGIN
  IF n IS NULL THEN n := 0; END IF;
  IF n < 0 OR n IN ('NaN'::float8, 'Infinity'::float8) THEN
    RETURN floe._fail('100038', '22018', 'Numeric value ''' || floe._js_number(n) || ''' is not recognized', NULL::text);
  END IF;
  ms := CASE WHEN u LIKE 'MILLI%' THEN n WHEN u LIKE 'MINUTE%' THEN n * 60000 WHEN u LIKE 'HOUR%' THEN n * 3600000 ELSE n * 1000 END;
  until := clock_timestamp() + ms * interval '1 millisecond';
  -- Short sleeps: a cancel (pg_cancel_backend, statement_timeout) ends the wait at once.
  WHILE clock_timestamp() < until LOOP
    PERFORM pg_sleep(least(0.1, extract(epoch FROM until - clock_timestamp())));
  END LOOP;
  RETURN 'waited ' || coalesce(floe._js_number($1), 'null') || ' ' || CASE WHEN u = 'SECONDS' THEN 'seconds' ELSE lower(u) END;
END`;

/** A row function: the rows of one input as a JSON array of [SEQ, INDEX, VALUE], SEQ from the call site's counter. */
const partRows = (split: string) => [sql(['text', 'text', 'text'], 'text', `
  SELECT CASE WHEN $2 IS NULL OR $3 IS NULL THEN '[]' ELSE
    (SELECT '[' || coalesce(string_agg('[' || seq || ',' || i || ',' || to_json(p)::text || ']', ',' ORDER BY i), '') || ']'
     FROM unnest(${split}) WITH ORDINALITY AS t(p, i)) END
  FROM (SELECT floe._site_next($1) + 1 AS seq) s`, { strict: false, parallelUnsafe: true })];

/** FLATTEN (site, tag, input, path, outer, recursive, mode): the rows of one input, or OUTER's one row. */
const FLATTEN_BODY = String.raw`
DECLARE seq bigint := floe._site_next($1) + 1; m text := upper(coalesce($7, 'BOTH')); prefix text := coalesce($4, ''); v text; out text;
BEGIN
  IF m NOT IN ('BOTH', 'ARRAY', 'OBJECT') THEN
    RETURN floe._fail('001010', '22023', 'Invalid argument ''MODE'': ' || coalesce($7, 'null'), NULL::text);
  END IF;
  v := CASE WHEN $3 IS NULL THEN NULL WHEN $2 = 'j' THEN floe._json($3)::text ELSE floe._variant($2, $3) END;
  IF prefix <> '' AND v IS NOT NULL THEN v := floe.get_path(v, prefix); END IF;
  SELECT string_agg(r, ',' ORDER BY n) INTO out FROM floe._flatten_rows(seq, v::json, prefix, coalesce($6, false), m) WITH ORDINALITY AS t(r, n);
  IF out IS NULL AND coalesce($5, false) THEN
    out := '[' || seq || ',null,' || to_json(prefix)::text || ',null,null,'
      || CASE WHEN left(v, 1) IN ('[', '{') THEN to_json(v)::text ELSE 'null' END || ']';
  END IF;
  RETURN '[' || coalesce(out, '') || ']';
END`;

/**
 * FLOE_NEXTVAL: the sequence's row of _floe_sequences advanced by one step, per call. The UPDATE's
 * row lock makes concurrent statements and other Floe nodes on the same database take turns
 * (READ COMMITTED re-reads the row a waiting UPDATE finds changed), so no value repeats; the
 * value is stored when the statement commits and given back when it rolls back, as on sql.js.
 * Chosen over a native sequence per Floe sequence: the catalog steps that create, drop (with
 * its table, schema or database), rename and alter a sequence already maintain this row on both
 * engines, and SHOW / DESCRIBE SEQUENCE read next_value from it.
 */
const NEXTVAL_BODY = String.raw`
DECLARE v bigint;
BEGIN
  UPDATE _floe_sequences SET next_value = next_value + increment WHERE id = $1 RETURNING next_value - increment INTO v;
  IF v IS NULL THEN
    RETURN floe._fail('002003', '02000', 'SQL compilation error:' || chr(10) || 'Sequence ''' || $1 || ''' does not exist or not authorized.', NULL::bigint);
  END IF;
  RETURN v;
END`;

export const SYSTEM_FUNCTIONS = {
  SYSTEM$WAIT: [
    plpgsql(['double precision', 'text'], 'text', WAIT_BODY, { strict: false }),
    sql(['double precision'], 'text', 'SELECT floe."system$wait"($1, NULL)', { strict: false }),
  ],
  // Arguments as on sql.js (id, stored next value, increment); the row's own next value and
  // increment are what count here (see NEXTVAL_BODY), so the FLOE_SEQ_SAVE step keeps the row as it is.
  FLOE_NEXTVAL: [plpgsql(['bigint', 'bigint', 'bigint'], 'bigint', NEXTVAL_BODY, { strict: false, parallelUnsafe: true })],
  FLOE_SEQ_SAVE: [sql(['bigint', 'bigint'], 'bigint', 'SELECT $2', { strict: false })],
  FLOE_SEQ: [sql(['text'], 'bigint', 'SELECT floe._site_next($1)', { parallelUnsafe: true })],
  // SAMPLE's draw: without SEED any fair draw is Snowflake's (which picks other rows per run), so
  // PostgreSQL's random(); with SEED sql.js's generator (mulberry32 per call site and statement),
  // so a seeded sample of unchanged data is the same every time (the same rows as on sql.js
  // where both engines read the rows in the same order).
  FLOE_SAMPLE_DRAW: [sql(['text', 'bigint', 'text'], 'double precision', 'SELECT CASE WHEN $2 IS NULL THEN random() ELSE floe._sample_seeded($1, $2) END', { strict: false, parallelUnsafe: true })],
  FLOE_SPLIT_TO_TABLE: partRows("CASE WHEN $2 = '' THEN ARRAY[''] ELSE string_to_array($2, $3) END"),
  FLOE_STRTOK_SPLIT_TO_TABLE: partRows('floe._tokens($2, $3)'),
  FLOE_FLATTEN: [plpgsql(['text', 'text', 'text', 'text', 'boolean', 'boolean', 'text'], 'text', FLATTEN_BODY, { strict: false, parallelUnsafe: true })],
} satisfies PgLibrarySlice;

export const SYSTEM_HELPERS: string[] = [
  // FLATTEN's rows of a node, depth first (table-functions.ts flattenRows): SEQ, KEY, PATH, INDEX, VALUE, THIS as JSON.
  `CREATE OR REPLACE FUNCTION floe._flatten_rows(seq bigint, node json, path text, recursive boolean, mode text) RETURNS SETOF text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    DECLARE e json; k text; i bigint; p text; this_ text := node::text; t text := json_typeof(node);
    BEGIN
      IF node IS NULL OR NOT ((t = 'array' AND mode <> 'OBJECT') OR (t = 'object' AND mode <> 'ARRAY')) THEN RETURN; END IF;
      FOR k, e, i IN SELECT CASE WHEN t = 'object' THEN x.key END, x.value, x.n - 1
          FROM (SELECT NULL::text AS key, a.value, a.n FROM json_array_elements(CASE WHEN t = 'array' THEN node END) WITH ORDINALITY AS a(value, n)
                UNION ALL SELECT o.key, o.value, o.n FROM json_each(CASE WHEN t = 'object' THEN node END) WITH ORDINALITY AS o(key, value, n)) x ORDER BY x.n LOOP
        p := CASE WHEN k IS NULL THEN path || '[' || i || ']' WHEN k !~ '^[A-Za-z_][A-Za-z0-9_]*$' THEN path || '[''' || k || ''']'
          WHEN path <> '' THEN path || '.' || k ELSE k END;
        RETURN NEXT '[' || seq || ',' || coalesce(to_json(k)::text, 'null') || ',' || to_json(p)::text || ',' || CASE WHEN k IS NULL THEN i::text ELSE 'null' END
          || ',' || to_json(e::text)::text || ',' || to_json(this_)::text || ']';
        IF recursive THEN RETURN QUERY SELECT * FROM floe._flatten_rows(seq, e, p, recursive, mode); END IF;
      END LOOP;
    END $f$`,
  // mulberry32 (table-functions.ts FLOE_SAMPLE_DRAW) over unsigned 32-bit values in bigint; its
  // state per call site and statement in a session setting, as floe._site_next keeps its count.
  `CREATE OR REPLACE FUNCTION floe._imul32(a bigint, b bigint) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT (a * (b & 65535) + (((a * (b >> 16)) & 65535) << 16)) & 4294967295 $f$`,
  `CREATE OR REPLACE FUNCTION floe._sample_seeded(site text, seed bigint) RETURNS double precision LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $f$
    DECLARE key text := 'floe.sample_' || md5(coalesce(site, ''));
      stmt text := coalesce(nullif(current_setting('floe.now_ms', true), ''), statement_timestamp()::text);
      cur text := current_setting(key, true); s bigint; t bigint;
    BEGIN
      s := CASE WHEN cur IS NOT NULL AND split_part(cur, '/', 1) = stmt THEN split_part(cur, '/', 2)::bigint ELSE seed END;
      s := (((s + 1831565813) % 4294967296) + 4294967296) % 4294967296;
      PERFORM set_config(key, stmt || '/' || s, false);
      t := floe._imul32(s # (s >> 15), s | 1);
      t := t # ((t + floe._imul32(t # (t >> 7), t | 61)) & 4294967295);
      RETURN (t # (t >> 14))::double precision / 4294967296;
    END $f$`,
  // The next number (from 0) of a call site in this statement.
  `CREATE OR REPLACE FUNCTION floe._site_next(site text) RETURNS bigint LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $f$
    DECLARE key text := 'floe.site_' || md5(coalesce(site, ''));
      stmt text := coalesce(nullif(current_setting('floe.now_ms', true), ''), statement_timestamp()::text);
      cur text := current_setting(key, true); n bigint := 0;
    BEGIN
      IF cur IS NOT NULL AND split_part(cur, '/', 1) = stmt THEN n := split_part(cur, '/', 2)::bigint; END IF;
      PERFORM set_config(key, stmt || '/' || (n + 1), false);
      RETURN n;
    END $f$`,
];
