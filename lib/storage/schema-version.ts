/**
 * A database a newer Floe has migrated (a rolling upgrade, a rollback of the release): this Floe
 * does not know its tables, and installing its own function library there would break the newer
 * nodes. The start stops with this, before anything is written.
 */
export class SchemaVersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaVersionError';
  }
}

/** Throws when `have` holds a version past every one this Floe knows. `what`: the schema, as the message names it. */
export function refuseNewerSchema(what: string, have: Iterable<number>, known: readonly number[]): void {
  const latest = Math.max(0, ...known);
  const newer = [...have].filter((v) => v > latest).sort((a, b) => a - b);
  if (newer.length === 0) return;
  throw new SchemaVersionError(
    `${what} was migrated by a newer Floe (version ${newer.join(', ')}; this Floe knows versions up to ${latest}): start that release of Floe or a later one. Nothing was changed.`,
  );
}
