/**
 * Rows of storage values as one JSON array: how computed tables (INFORMATION_SCHEMA, QUERY_HISTORY,
 * RESULT_SCAN) are bound to a statement and read back with json_each. 64-bit integers stay exact
 * (beyond them, decimal text); bytes travel as hex and are unhex'ed on read.
 */
export function jsonRows(rows: unknown[][]): string {
  const cell = (x: unknown): string => {
    if (x === null || x === undefined) return 'null';
    if (typeof x === 'bigint') return x >= -(2n ** 63n) && x < 2n ** 63n ? String(x) : JSON.stringify(String(x));
    if (x instanceof Uint8Array) return JSON.stringify(Buffer.from(x).toString('hex'));
    return JSON.stringify(x);
  };
  return `[${rows.map((r) => `[${r.map(cell).join(',')}]`).join(',')}]`;
}
