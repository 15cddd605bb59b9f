/**
 * Access failures, reported the way Snowflake reports them: 003001 when the role sees the object
 * but lacks the privilege, 002003 when the role cannot see it (indistinguishable from a missing
 * object). SQL answers them as statement failures, REST as 403 / 404.
 */
export class AccessError extends Error {
  constructor(readonly reason: 'denied' | 'missing', readonly code: string, readonly sqlState: string, message: string) {
    super(message);
    this.name = 'AccessError';
  }
}

/** `kind` as Snowflake prints it in the message: table, schema, database, warehouse, agent, account. */
export const accessErrors = {
  denied: (kind: string, name: string) =>
    new AccessError('denied', '003001', '42501', `SQL access control error:\nInsufficient privileges to operate on ${kind.toLowerCase()} '${name}'`),
  missing: (kind: string, name: string) =>
    new AccessError('missing', '002003', '42S02', `SQL compilation error:\n${kind} '${name}' does not exist or not authorized.`),
};

/** Recognised by name: Next bundles each route with its own copy of this module. */
export const isAccessError = (e: unknown): e is AccessError => e instanceof Error && e.name === 'AccessError';
