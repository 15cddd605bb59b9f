/**
 * Entry point of an engine worker thread (bundled to build/engine-worker.cjs). Owns one replica;
 * runs one message at a time, so a long statement blocks only its own worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '@/lib/limits/thread-priority';
import { engineFaultFor } from '@/lib/storage/faults';
import type { FromWorker, ToWorker, WorkerInit } from '../protocol';
import { CancelSignal } from './cancel';
import { releaseMemory } from './gc';
import { ReplicaHealth } from './health';
import { Replica } from './replica';
import { setStatementMemoryLimit } from './statement-memory';

const init = workerData as WorkerInit;
const port = parentPort!;
const send = (m: FromWorker) => port.postMessage(m);

let planNo = 0;
/** Work this long has usually dropped big buffers (sql.js file growth, result text): collect them. */
const COLLECT_AFTER_MS = 200;

async function main(): Promise<void> {
  // Writes and checkpoints yield the CPU to the request thread and the readers (reads stay at normal priority).
  if (init.role === 'writer') lowerThreadPriority();
  const cancel = new CancelSignal(init.cancelFlag);
  const replica = await Replica.open(init.imagePath, init.imageLsn, cancel, init.wasm);
  replica.minFreeBytes = init.minFreeBytes;
  replica.apply(init.replay);
  init.replay = [];
  // After the replay: those writes were committed within the same bounds.
  replica.bound(init.limits, init.role === 'writer');
  setStatementMemoryLimit(init.limits);
  if (init.journalPath) replica.openJournal(init.journalPath);
  replica.warmUp();
  const health = new ReplicaHealth(await Replica.wasm(), init.limits);
  /** Set once a statement broke this replica: the supervisor is replacing it. */
  let retired: ReturnType<ReplicaHealth['verdict']> | null = null;
  send({ type: 'ready', lsn: replica.lsn });
  // The image buffer read by Replica.open is garbage now. A reader collects it at once (another
  // reader answers meanwhile); a writer, often rebuilt after a cancel with clients waiting for
  // it, leaves it to its next checkpoint or long statement.
  if (init.role === 'reader') releaseMemory();

  port.on('message', (msg: ToWorker) => {
    if (retired) {
      send({ type: 'reply', id: msg.id, ok: false, error: retired.error, lsn: replica.lsn, retire: true });
      return;
    }
    const started = performance.now();
    try {
      switch (msg.type) {
        case 'exec': {
          replica.apply(msg.catchUp);
          if (engineFaultFor(msg.plan.steps.flatMap((st) => [st.sql, ...(st.params ?? []).filter((p) => typeof p === 'string')])) === 'trap') replica.trapForFault();
          cancel.begin(++planNo);
          const { result, committed } = replica.execute(msg.plan);
          send({ type: 'reply', id: msg.id, ok: true, result, committed, lsn: replica.lsn });
          break;
        }
        case 'checkpoint': {
          if (replica.inTransaction) {
            send({ type: 'reply', id: msg.id, ok: true, result: null, committed: null, lsn: replica.lsn });
            break;
          }
          replica.writeImage(msg.imagePath);
          replica.openJournal(msg.nextJournalPath);
          send({ type: 'reply', id: msg.id, ok: true, result: { lsn: replica.lsn }, committed: null, lsn: replica.lsn });
          break;
        }
        case 'endSession':
          replica.endSession(msg.sessionId);
          send({ type: 'reply', id: msg.id, ok: true, result: null, committed: null, lsn: replica.lsn });
          break;
        case 'query':
          send({ type: 'reply', id: msg.id, ok: true, result: replica.query(msg.sql, msg.params), committed: null, lsn: replica.lsn });
          break;
      }
    } catch (e) {
      const verdict = health.verdict(e);
      if (verdict.retire) retired = verdict;
      send({ type: 'reply', id: msg.id, ok: false, error: verdict.error, lsn: replica.lsn, ...(verdict.retire ? { retire: true } : {}) });
    } finally {
      cancel.begin(0);
      if (msg.type === 'checkpoint' || performance.now() - started > COLLECT_AFTER_MS) releaseMemory();
    }
  });
}

main().catch((e: unknown) => send({ type: 'fatal', message: e instanceof Error ? e.stack ?? e.message : String(e) }));
