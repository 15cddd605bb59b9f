/** Quoting for the SQLite text Floe writes itself (catalog steps, generated DML). */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const backquoteIdent = (name: string) => `\`${name.replace(/`/g, '``')}\``;
export const quoteString = (v: string | null) => (v === null ? 'NULL' : `'${v.replace(/'/g, "''")}'`);
