/**
 * A read thread of the PostgreSQL engine (built to build/pg-read-worker.cjs): single reads outside
 * any transaction run here, on this thread's own connections, so that parsing their rows and
 * encoding them into result partitions never holds the request thread (a 1M-row SELECT * is
 * seconds of it). The engine keeps the rest: cancels (by the backend pid reported here), the
 * statement's lifecycle, and when each connection may serve again.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseError, Pool, type PoolClient } from 'pg';
import { isStorageError } from '@/lib/storage/durable-file';
import { dropConnection } from '@/lib/storage/pg-connection';
import { EngineFailure } from '../types';
import type { FromReadThread, ReadFailure, ReadThreadSetup, ToReadThread } from './read-protocol';
import { ConnectionSettings, readRows } from './read-rows';
import { storedValues } from './values';

const setup = workerData as ReadThreadSetup;
const pool = new Pool({ connectionString: setup.url, types: storedValues, application_name: setup.application_name, options: setup.options, max: setup.max, idleTimeoutMillis: 30_000,
  keepAlive: true, keepAliveInitialDelayMillis: setup.keepAliveIdleMs });
pool.on('error', () => { /* an idle connection the server dropped: the pool discards it */ });
const settings = new ConnectionSettings();
/** Connections whose read is over, until the engine says its cancels are too. */
const held = new Map<number, PoolClient>();
const port = parentPort!;
const send = (m: FromReadThread) => port.postMessage(m);
function ignore(): void {}

function failureOf(e: unknown): ReadFailure {
  if (e instanceof DatabaseError) return { kind: 'database', message: e.message, fields: { ...e } };
  if (e instanceof EngineFailure) return { kind: 'engine', error: e.error };
  if (isStorageError(e)) return { kind: 'engine', error: e.resource };
  return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
}

async function read(id: number, job: Extract<ToReadThread, { type: 'read' }>['job']): Promise<void> {
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    send({ type: 'failed', id, error: failureOf(e) });
    return;
  }
  client.on('error', ignore);
  held.set(id, client);
  try {
    send({ type: 'pid', id, pid: (client as unknown as { processID: number }).processID });
    await settings.timeout(client, job.timeoutMs);
    await settings.pins(client, job.pins, [job.text], true);
    const result = await readRows(client, job.text, job.values, job.spec, () => false, () => send({ type: 'cut', id }));
    send({ type: 'done', id, result });
  } catch (e) {
    send({ type: 'failed', id, error: failureOf(e) });
  }
}

port.on('message', (m: ToReadThread) => {
  if (m.type === 'read') {
    void read(m.id, m.job);
    return;
  }
  const client = held.get(m.id);
  if (!client) return;
  if (m.type === 'drop') {
    // (Still held: the engine's release follows, as after any failure outside SQL.)
    dropConnection(client);
    return;
  }
  held.delete(m.id);
  client.removeListener('error', ignore);
  client.release(m.failed ? new Error('closed after a failure outside SQL') : undefined);
});
