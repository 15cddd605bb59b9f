/** A PostgreSQL connection ended from this side without a word to the server. */
import type { Client, PoolClient } from 'pg';

/**
 * Closes a connection's socket: its statement under way fails at once (a connection error), a
 * pool discards it on release. Unlike `end()`, it waits for nothing: on a network gone silent the
 * Terminate message would never be answered.
 */
export function dropConnection(client: Client | PoolClient): void {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}
