/**
 * A query whose rows go into a ResultWriter as they arrive, a batch at a time (a portal executed
 * `BATCH_ROWS` rows per round trip, as pg's `rows` option does): nothing holds the result, and a
 * full result or a cancel stops the portal at the end of the batch instead of reading the rest.
 *
 * A read outside any transaction (`cut`) goes in one round trip instead: all its rows are asked
 * for, with the Sync, at once (a batched portal needs a second round trip for the Sync at its
 * end, which for SELECT 1 costs as much as the query). A full result there stops the query by
 * `cut` (a cancel of its backend), whose error then ends the rows quietly.
 */
import type { Readable } from 'node:stream';
import { DatabaseError, type FieldDef, type PoolClient } from 'pg';
import { pgQuery } from '@/lib/storage/pg-query';
import { storedValues } from './values';
import type { StepParam } from '../types';

/** Rows per round trip: bounds what is read past a full result or a cancel. */
const BATCH_ROWS = 5000;
/**
 * Request-thread time a result's rows may take before the connection's socket is paused until
 * the event loop's next turn. Rows are parsed and encoded on the request thread, and libuv reads
 * a readable socket up to 32 times (64 KB each) per turn: a large result read at once held the
 * thread for up to ~80 ms at a time (GET /healthz beside a 1M-row SELECT *: p99 57 ms). Paused,
 * other requests are served between two of its reads.
 */
const YIELD_AFTER_MS = 2;
/** Rows between two looks at the clock. */
const ROWS_PER_LOOK = 64;
const QUERY_CANCELED = '57014';

/** pg's Query internals this class hooks (pg 8: lib/query.js). */
interface PortalHooks {
  handlePortalSuspended(connection: { sync(): void }): void;
  handleCommandComplete(msg: unknown, connection: { sync(): void }): void;
  handleError(err: Error, connection: { sync(): void }): void;
}

export interface RowSink {
  /** The columns, once PostgreSQL has described them (before any row; also for none). */
  start(fields: FieldDef[]): void;
  /** Returns false when no more rows are wanted. */
  row(values: unknown[]): boolean;
  /** Asked between batches: stop now (a cancel). */
  stopRequested(): boolean;
}

/**
 * Runs `sql` on `client`, streaming rows into `sink`. Rejects with what the server or the sink
 * threw; resolves whether the rows ran out or the sink stopped them.
 */
export function streamRows(client: PoolClient, sql: string, params: StepParam[], sink: RowSink, cut?: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    let done = false;
    let started = false;
    // `rows` (pg 8, untyped in @types/pg): execute the portal that many rows at a time.
    const query = pgQuery({ text: sql, values: params as unknown[], rows: cut ? undefined : BATCH_ROWS, rowMode: 'array', types: storedValues });
    const hooks = query as unknown as PortalHooks;
    /** The Sync that ends the query was sent (by pg at CommandComplete, or here, or with the query when `cut`): exactly one may be. */
    let synced = !!cut;
    const next = hooks.handlePortalSuspended.bind(query);
    // Between batches: the next one only when rows are still wanted; else Sync ends the portal.
    hooks.handlePortalSuspended = (connection) => {
      if (done || failed !== null || sink.stopRequested()) {
        synced = true;
        connection.sync();
      } else next(connection);
    };
    const complete = hooks.handleCommandComplete.bind(query);
    hooks.handleCommandComplete = (msg, connection) => {
      synced = true;
      complete(msg, connection);
    };
    // A server error ends the portal, and the server then skips everything up to a Sync, which a
    // query reading in batches has not sent yet: send it, or the connection never becomes ready
    // again (pg-cursor does the same). Not twice: a second Sync's ReadyForQuery would be taken
    // for the next query's; nor for pg's own errors (a row it could not parse, a value it could
    // not bind), after which pg has synced itself.
    const fail = hooks.handleError.bind(query);
    hooks.handleError = (err, connection) => {
      if (err instanceof DatabaseError && !synced) {
        synced = true;
        try { connection.sync(); } catch { /* a dead connection: its client reports that */ }
      }
      fail(err, connection);
    };
    // (pg 8's Client keeps its socket at connection.stream; untyped in @types/pg.)
    const socket = (client as unknown as { connection?: { stream?: Pick<Readable, 'pause' | 'resume' | 'isPaused'> } }).connection?.stream;
    let sliceStart = performance.now();
    let rowsInSlice = 0;
    const yieldIfLong = () => {
      if (++rowsInSlice < ROWS_PER_LOOK || !socket) return;
      rowsInSlice = 0;
      if (performance.now() - sliceStart < YIELD_AFTER_MS || socket.isPaused()) return;
      // (The chunk being parsed goes on; the next one is read after the other callbacks of this turn.)
      socket.pause();
      setImmediate(() => {
        sliceStart = performance.now();
        socket.resume();
      });
    };
    const start = (fields: FieldDef[]) => {
      if (started) return;
      started = true;
      sink.start(fields);
    };
    query.on('row', (row: unknown[], result?: { fields: FieldDef[] }) => {
      if (done || failed !== null) return;
      // The sink runs inside pg's socket handler: what it throws is kept, not thrown there.
      try {
        start(result?.fields ?? []);
        if (!sink.row(row)) {
          done = true;
          cut?.();
        }
        yieldIfLong();
      } catch (e) {
        failed = e;
        cut?.();
      }
    });
    query.on('error', (err: Error & { code?: string }) => {
      // The cut of a full result (or a cancel or timeout after it): the rows wanted are all in.
      if (cut && done && failed === null && err instanceof DatabaseError && err.code === QUERY_CANCELED) resolve();
      else reject(failed ?? err);
    });
    query.on('end', (result: { fields: FieldDef[] }) => {
      if (failed !== null) { reject(failed); return; }
      try {
        start(result?.fields ?? []);
        resolve();
      } catch (e) {
        reject(e);
      }
    });
    client.query(query);
  });
}
