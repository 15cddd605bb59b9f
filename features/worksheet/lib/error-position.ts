/**
 * Where in the editor a statement's error points. Snowflake messages say "line L at position P"
 * (1-based line, 0-based column) of the text that was sent; `start` is where that text begins
 * in the editor. Pure, unit-tested.
 */
export function errorOffset(message: string, sent: string, start: number): number | null {
  const m = /line (\d+) at position (\d+)/.exec(message);
  if (!m) return null;
  const line = Number(m[1]);
  const col = Number(m[2]);
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = sent.indexOf('\n', at);
    if (nl < 0) return null;
    at = nl + 1;
  }
  const lineEnd = sent.indexOf('\n', at);
  return start + Math.min(at + col, lineEnd < 0 ? sent.length : lineEnd);
}
