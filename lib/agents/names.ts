/**
 * Identifiers as REST callers write them, in URL path segments and in the `name` body field:
 * "quoted" keeps its case ("" stands for "), anything else is upper-cased.
 */
export function parseIdentifier(raw: string): string | null {
  const text = raw.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    const inner = text.slice(1, -1);
    if (inner.length === 0 || inner.replace(/""/g, '').includes('"')) return null;
    return inner.replace(/""/g, '"');
  }
  if (text.length === 0 || text.includes('"')) return null;
  return text.toUpperCase();
}

/** A URL path segment: percent-decoded, then read as an identifier; null when it is neither. */
export function identifierFromPath(segment: string): string | null {
  try {
    return parseIdentifier(decodeURIComponent(segment));
  } catch {
    return null;
  }
}
