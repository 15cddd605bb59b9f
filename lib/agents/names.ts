/** Snowflake's identifier rules, as messages about a name that breaks them state them. */
export const IDENTIFIER_RULE = 'an identifier is unquoted ([A-Za-z_][A-Za-z0-9_$]*) or double-quoted ("" for a quote inside), at most 255 characters';
export const MAX_IDENTIFIER_CHARS = 255;

const UNQUOTED = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** Why a name (resolved: without its quotes) cannot be an identifier, or null when it can. */
export function identifierProblem(name: string, quoted: boolean): string | null {
  if (name.length === 0) return 'it is empty';
  if ([...name].length > MAX_IDENTIFIER_CHARS) return `it is longer than ${MAX_IDENTIFIER_CHARS} characters`;
  if (!quoted && !UNQUOTED.test(name)) return 'unquoted, it may hold only letters, digits, _ and $ and must start with a letter or _';
  return null;
}

/**
 * Identifiers as REST callers write them, in URL path segments and in the `name` body field:
 * "quoted" keeps its case ("" stands for "), anything else is upper-cased; null when the text
 * is no identifier (IDENTIFIER_RULE).
 */
export function parseIdentifier(raw: string): string | null {
  const text = raw.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    const inner = text.slice(1, -1);
    if (inner.replace(/""/g, '').includes('"')) return null;
    const name = inner.replace(/""/g, '"');
    return identifierProblem(name, true) ? null : name;
  }
  return identifierProblem(text, false) ? null : text.toUpperCase();
}

/** A URL path segment: percent-decoded, then read as an identifier; null when it is neither. */
export function identifierFromPath(segment: string): string | null {
  try {
    return parseIdentifier(decodeURIComponent(segment));
  } catch {
    return null;
  }
}
