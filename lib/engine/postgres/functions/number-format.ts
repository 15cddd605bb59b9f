/**
 * Snowflake's numeric format models on PostgreSQL (TO_CHAR(n, fmt), TO_NUMBER(s, fmt) and their
 * TO_DOUBLE / TRY_ forms). The format is not parsed here: the dialect compiles a constant format
 * once in TypeScript (lib/values/number-format.ts, the parser sql.js uses) and passes the compiled
 * form as JSON (numberFormatSpec) to floe._convert_number; these helpers only apply it, statement
 * for statement the sql.js code (formatNumber, fixed, hexText, scientific, parseNumberWithFormat).
 * Every step is linear in the text's length (hexadecimal digits: bounded by the format's width).
 */
import { compileNumberFormat } from '@/lib/values';
import { NUMBER_TEXT } from './conversion';

/** A constant format model as the JSON the PostgreSQL helpers read. */
export function numberFormatSpec(fmt: string): string {
  const f = compileNumberFormat(fmt);
  return JSON.stringify({
    fm: f.fm, blank: f.blankZero, dollar: f.dollar, sign: f.sign, int: f.int.join(''), frac: f.frac.join(''), point: f.point,
    hex: f.hex, tm: f.tm, before: f.before, after: f.after,
  });
}

/** The source kinds whose value TO_CHAR formats by a number format model. */
export const isNumberSource = (kind: string): boolean => kind === 'REAL' || kind.startsWith('FIXED:');

export const NUMBER_FORMAT_HELPERS: string[] = [
  // fixed(): digit slots right to left; a 0 slot keeps zeros from there on to the left; '#'s when too wide.
  String.raw`CREATE OR REPLACE FUNCTION floe._number_fixed(x numeric, f jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE intf text := f->>'int'; nf integer := length(f->>'frac'); point boolean := (f->>'point')::boolean; sign text := f->>'sign';
      n integer := length(f->>'int'); slots integer := length(replace(f->>'int', ',', ''));
      d numeric := round(x, nf); neg boolean := d < 0; a text := abs(round(x, nf))::text;
      digits text := split_part(a, '.', 1); frac text := split_part(a, '.', 2);
      chars text[]; k integer; first_zero integer := strpos(intf, '0'); printed boolean := false; seen boolean := false;
      c text; s integer; out text; lead integer; prefix text := CASE WHEN (f->>'dollar')::boolean THEN '$' ELSE '' END; r text;
    BEGIN
      IF digits = '0' THEN digits := ''; END IF;
      IF length(digits) > slots THEN
        out := translate(intf, '90', '##') || CASE WHEN point THEN '.' ELSE '' END || repeat('#', nf);
      ELSE
        chars := array_fill(' '::text, ARRAY[greatest(n, 0)]);
        k := length(digits);
        FOR s IN REVERSE n..1 LOOP
          c := substr(intf, s, 1);
          CONTINUE WHEN c = ',';
          IF k >= 1 THEN chars[s] := substr(digits, k, 1); k := k - 1; printed := true;
          ELSIF first_zero > 0 AND s >= first_zero THEN chars[s] := '0'; printed := true; END IF;
        END LOOP;
        IF NOT printed AND NOT (f->>'blank')::boolean AND slots > 0 AND strpos(intf, '9') > 0 THEN
          chars[n - strpos(reverse(intf), '9') + 1] := '0';
        END IF;
        -- A group separator shows only after a printed digit.
        FOR s IN 1..n LOOP
          IF substr(intf, s, 1) = ',' THEN chars[s] := CASE WHEN seen THEN ',' ELSE ' ' END;
          ELSIF chars[s] <> ' ' THEN seen := true; END IF;
        END LOOP;
        out := coalesce(array_to_string(chars, ''), '') || CASE WHEN point THEN '.' || frac ELSE '' END;
      END IF;
      lead := length(out) - length(ltrim(out, ' '));
      IF sign IS NULL THEN prefix := CASE WHEN neg THEN '-' ELSE ' ' END || prefix;
      ELSIF sign = 'lead' THEN prefix := CASE WHEN neg THEN '-' ELSE '+' END || prefix; END IF;
      r := repeat(' ', lead) || prefix || substr(out, lead + 1);
      IF sign = 'trail' THEN r := r || CASE WHEN neg THEN '-' ELSE '+' END;
      ELSIF sign = 'mi' THEN r := r || CASE WHEN neg THEN '-' ELSE ' ' END; END IF;
      RETURN r;
    END $f$`,
  // hexText(): the integer in hexadecimal in the format's width (two's complement without a sign element).
  String.raw`CREATE OR REPLACE FUNCTION floe._number_hex(x numeric, f jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE intf text := f->>'int'; width integer := length(f->>'int'); signed boolean := f->>'sign' IS NOT NULL;
      n numeric := round(x, 0); m numeric; h text := ''; neg boolean;
    BEGIN
      IF n < 0 AND NOT signed THEN n := n + 16::numeric ^ width; END IF;
      neg := n < 0;
      m := abs(n);
      IF (n < 0 AND NOT signed) OR m >= 16::numeric ^ width THEN RETURN repeat('#', width + CASE WHEN signed THEN 1 ELSE 0 END); END IF;
      WHILE m > 0 LOOP
        h := substr('0123456789abcdef', (m % 16)::integer + 1, 1) || h;
        m := div(m, 16);
      END LOOP;
      IF h = '' THEN h := '0'; END IF;
      IF f->>'hex' = 'upper' THEN h := upper(h); END IF;
      h := lpad(h, width, CASE WHEN strpos(intf, '0') > 0 THEN '0' ELSE ' ' END);
      RETURN CASE WHEN signed THEN CASE WHEN neg THEN '-' ELSE '+' END || h ELSE h END;
    END $f$`,
  // scientific(): minimal mantissa digits, 3987 → 3.987E3, 0.1 → 1E-1, 0 → 0E0.
  String.raw`CREATE OR REPLACE FUNCTION floe._number_scientific(x numeric) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE a text := abs(x)::text; ip text := split_part(a, '.', 1); fp text := split_part(a, '.', 2);
      digits text := ltrim(ip || fp, '0'); mant text; e integer;
    BEGIN
      IF digits = '' THEN RETURN '0E0'; END IF;
      e := CASE WHEN ip <> '0' THEN length(ip) - 1 ELSE -(length(fp) - length(ltrim(fp, '0'))) - 1 END;
      mant := rtrim(digits, '0');
      RETURN CASE WHEN x < 0 THEN '-' ELSE '' END || left(mant, 1) || CASE WHEN length(mant) > 1 THEN '.' || substr(mant, 2) ELSE '' END || 'E' || e;
    END $f$`,
  // formatNumber(): a number's text (a NUMBER's or a FLOAT's) by a compiled format; scale: the NUMBER's (TM9 keeps it).
  // quiet (TRY_): NULL for text that is not a number (no exception handler: see install.ts).
  String.raw`CREATE OR REPLACE FUNCTION floe._number_format(v text, f jsonb, scale integer, quiet boolean DEFAULT false) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE m text[] := regexp_match(v, '^\s*[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$'); x numeric; body text;
    BEGIN
      IF m IS NULL OR (m[1] = '' AND coalesce(m[2], '') = '') THEN
        IF quiet THEN RETURN NULL; END IF;
        RETURN floe._fail('100038', '22018', 'Numeric value ''' || v || ''' is not recognized', NULL::text);
      END IF;
      x := btrim(v)::numeric;
      body := CASE WHEN f->>'tm' = 'sci' THEN floe._number_scientific(x)
        WHEN f->>'tm' = 'plain' THEN round(x, greatest(scale, 0))::text
        WHEN f->>'hex' IS NOT NULL THEN floe._number_hex(x, f)
        ELSE floe._number_fixed(x, f) END;
      IF (f->>'fm')::boolean THEN body := btrim(body); END IF;
      RETURN (f->>'before') || body || (f->>'after');
    END $f$`,
  // parseNumberWithFormat(): the decimal text a format describes, or NULL when the text does not match it.
  String.raw`CREATE OR REPLACE FUNCTION floe._number_parse(v text, f jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE ws text := E' \t\n\r\f\v'; s text := btrim(v, E' \t\n\r\f\v'); before text := f->>'before'; after text := f->>'after';
      neg boolean := false; m text[]; r numeric := 0; i integer; ip text; fp text;
    BEGIN
      IF before <> '' AND left(s, length(before)) = before THEN s := substr(s, length(before) + 1); END IF;
      IF after <> '' AND right(s, length(after)) = after THEN s := left(s, length(s) - length(after)); END IF;
      s := btrim(s, ws);
      IF f->>'hex' IS NOT NULL THEN
        IF s !~ '^[0-9a-fA-F]+$' OR length(s) > length(f->>'int') THEN RETURN NULL; END IF;
        FOR i IN 1..length(s) LOOP r := r * 16 + (strpos('0123456789abcdef', lower(substr(s, i, 1))) - 1); END LOOP;
        RETURN r::text;
      END IF;
      IF right(s, 1) = '-' THEN neg := true; s := left(s, -1); ELSIF right(s, 1) = '+' THEN s := left(s, -1); END IF;
      IF left(s, 1) = '-' THEN neg := true; s := substr(s, 2); ELSIF left(s, 1) = '+' THEN s := substr(s, 2); END IF;
      s := btrim(s, ws);
      IF (left(s, 1) = '$') <> (f->>'dollar')::boolean THEN RETURN NULL; END IF;
      IF (f->>'dollar')::boolean THEN s := substr(s, 2); END IF;
      s := replace(s, ',', '');
      m := regexp_match(s, '^\s*[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$');
      IF m IS NULL OR (m[1] = '' AND coalesce(m[2], '') = '') OR (m[3] IS NOT NULL AND f->>'tm' IS DISTINCT FROM 'sci') THEN RETURN NULL; END IF;
      ip := coalesce(nullif(ltrim(m[1], '0'), ''), '0');
      fp := coalesce(m[2], '');
      IF f->>'tm' IS NULL AND (length(ltrim(m[1], '0')) > length(replace(f->>'int', ',', '')) OR length(fp) > length(f->>'frac')) THEN RETURN NULL; END IF;
      IF m[3] IS NOT NULL THEN
        -- An exponent beyond ±400 is clamped (lib/values/decimal.ts): any NUMBER's range check fails long before.
        RETURN CASE WHEN neg THEN '-' ELSE '' END || (ip || '.' || fp || 'e' || greatest(least(m[3]::numeric, 400), -400)::text)::numeric::text;
      END IF;
      RETURN CASE WHEN neg THEN '-' ELSE '' END || ip || CASE WHEN fp <> '' THEN '.' || fp ELSE '' END;
    END $f$`,
  // FLOE_CONVERT of a number format model (the dialect calls floe._convert_number when the format is a
  // constant): a number as text (src FIXED:<scale> or REAL), or text read into a number (dst FIXED:<p>:<s> or REAL).
  // quiet (TRY_): NULL where the conversion would fail, asked of each step rather than caught (an
  // exception handler's subtransaction is refused in a parallel plan: install.ts).
  String.raw`CREATE OR REPLACE FUNCTION floe._number_convert(v text, src text, dst text, f jsonb, quiet boolean DEFAULT false) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE r text; pn text[];
    BEGIN
      IF dst = 'TEXT' THEN RETURN floe._number_format(v, f, CASE WHEN src LIKE 'FIXED:%' THEN substr(src, 7)::integer ELSE 0 END, quiet); END IF;
      r := floe._number_parse(v, f);
      IF r IS NULL THEN
        IF quiet THEN RETURN NULL; END IF;
        RETURN floe._fail('100038', '22018', 'Numeric value ''' || v || ''' is not recognized', NULL::text);
      END IF;
      -- JavaScript's Number(): beyond a double's range ±Infinity, below it 0 (floe._float_of).
      IF dst = 'REAL' THEN RETURN floe._js_number(floe._float_of(r::numeric)); END IF;
      pn := string_to_array(dst, ':');
      IF quiet THEN RETURN CASE WHEN r ~ ${NUMBER_TEXT} THEN floe._text_number(r, pn[2]::bigint, pn[3]::bigint, true)::text END; END IF;
      RETURN floe."floe_to_number"(r, pn[2]::bigint, pn[3]::bigint)::text;
    END $f$`,
  String.raw`CREATE OR REPLACE FUNCTION floe._convert_number(v text, src text, dst text, f jsonb, try bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    BEGIN
      IF v IS NULL THEN RETURN NULL; END IF;
      RETURN floe._number_convert(v, src, dst, f, coalesce(try = 1, false));
    END $f$`,
];
