/** Identifiers as SQL text: plain when they need no quotes, else "quoted" (inner quotes doubled). */
export function quoteIdent(name: string): string {
  return /^[A-Z_][A-Z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

export const qualified = (...parts: string[]) => parts.map(quoteIdent).join('.');
