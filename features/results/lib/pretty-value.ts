/** A cell's value for reading: JSON indented by two spaces when it parses, else the text as is. */
export function prettyValue(value: string, json: boolean): string {
  if (!json) return value;
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}
