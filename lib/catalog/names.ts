/** Naming helpers every layer above the catalog shares. */

/** How Snowflake prints a name in messages: quoted only when it would not survive unquoted. */
export const displayName = (name: string) => (/^[A-Z_][A-Z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

let lastId = 0;
/** Object ids are made on the request thread and written into the journal, so replay agrees. */
export function newObjectId(): number {
  lastId = Math.max(lastId + 1, Date.now() * 100);
  return lastId;
}
