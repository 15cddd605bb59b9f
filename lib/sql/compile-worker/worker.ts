/**
 * Entry point of a compile worker thread (bundled to build/compile-worker.mjs): splits large
 * requests and compiles large statements, so that their parsing and compiling never holds the
 * request thread. Compiles exactly as the request thread does (compileStatement), against a
 * catalog rebuilt from the rows it was sent and a copy of the session; the compile services
 * (QUERY_HISTORY, RESULT_SCAN, warehouse load) are asked of the request thread synchronously.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { init as initParser } from '@polyglot-sql/sdk';
import { visibleCatalog } from '@/lib/access/visible';
import { Catalog } from '@/lib/catalog/catalog';
import { lowerThreadPriority } from '@/lib/limits/thread-priority';
import { useObjectIdCounter } from '@/lib/catalog/names';
import { compileStatement, PrequeryAnswers, type CompileServices } from '@/lib/sql/compile';
import { placeIdentifierError } from '@/lib/sql/error-position';
import { placeStatements, splitStatements, SUMMARY_HEAD_TOKENS, type SplitStatement, type StatementPlace } from '@/lib/sql/lexer';
import type { Session } from '@/lib/sql/session';
import { parseParameters, sessionFields } from '@/lib/sql/session-parameters';
import { isDeterministic } from '@/lib/sql/determinism';
import { dialectNamed, sqliteDialect } from '@/lib/sql/dialect';
import { CATALOGS_KEPT, fromWorkerError, sessionChangeOf, toWorkerError, type CompileJob, type CompileOutcome, type CompileWorkerInit, type FromCompileWorker, type ServiceAnswer, type ServiceCall, type ToCompileWorker, type WorkerError } from './protocol';

/** A service call that gets no answer in this long fails (the request thread is gone or stuck). */
const SERVICE_WAIT_MS = 60_000;

const init = workerData as CompileWorkerInit;
useObjectIdCounter(init.objectIds);
const signal = new Int32Array(init.signal);
const catalogs = new Map<number, Catalog>();
/** The statements of the last request split here: compiling one of them reuses its tokens. */
let lastSplit = new Map<string, SplitStatement>();

const statementOf = (text: string): SplitStatement => lastSplit.get(text) ?? splitStatements(text)[0];

function split(text: string): StatementPlace[] {
  const statements = splitStatements(text);
  lastSplit = new Map(statements.map((s) => [s.text, s]));
  return placeStatements(statements, (s) => ({ head: s.tokens.slice(0, SUMMARY_HEAD_TOKENS), deterministic: isDeterministic(s) }));
}

function askRequestThread(name: ServiceCall['name'], args: unknown[]): unknown {
  Atomics.store(signal, 0, 0);
  init.servicePort.postMessage({ name, args } satisfies ServiceCall);
  if (Atomics.wait(signal, 0, 0, SERVICE_WAIT_MS) === 'timed-out') throw new Error(`no answer to ${name} from the request thread`);
  const answer = receiveMessageOnPort(init.servicePort)?.message as ServiceAnswer | undefined;
  if (!answer) throw new Error(`no answer to ${name} from the request thread`);
  if (!answer.ok) throw fromWorkerError(answer.error);
  return answer.value;
}

const services = (answers: PrequeryAnswers): CompileServices => ({
  queryHistory: (...a) => askRequestThread('queryHistory', a) as ReturnType<CompileServices['queryHistory']>,
  resultScan: (...a) => askRequestThread('resultScan', a) as ReturnType<CompileServices['resultScan']>,
  warehouseLoad: (...a) => askRequestThread('warehouseLoad', a) as ReturnType<CompileServices['warehouseLoad']>,
  prequery: (q) => answers.ask(q),
});

function compile(job: CompileJob): CompileOutcome {
  if (job.catalogRows) {
    catalogs.set(job.catalogId, new Catalog(job.catalogRows));
    if (catalogs.size > CATALOGS_KEPT) catalogs.delete(catalogs.keys().next().value!);
  }
  const whole = catalogs.get(job.catalogId);
  if (!whole) throw new Error(`compile worker: catalog ${job.catalogId} was never sent`);
  const answers = new PrequeryAnswers();
  for (const [q, rows] of job.answers) answers.set(q, rows);
  const stmt = statementOf(job.text);
  try {
    const catalog = visibleCatalog(whole, job.session.role, job.session.id);
    const compiled = compileStatement(stmt, { session: job.session, catalog, statementId: job.statementId, paramTypes: job.paramTypes, services: services(answers), dialect: dialectNamed(job.dialect) });
    if (compiled.kind === 'session') return { session: sessionChangeOf(compiled, job.session, catalog) };
    return compiled.kind === 'action' ? { requestThread: compiled.kind } : { compiled };
  } catch (e) {
    if (e instanceof Error && e.name === 'PrequeryNeeded') return { prequery: (e as Error & { query: CompileJob['answers'][number][0] }).query };
    throw e;
  }
}

/**
 * The parser's wasm and the compile passes start cold (several times slower on a first large
 * input): a few statements of the common shapes, against a catalog of one table, warm them
 * before any real one arrives.
 */
function warmUp(): void {
  const catalog = new Catalog({
    databases: [[1, 'W', null, null, 0, null]], schemas: [[2, 1, 'PUBLIC', null, null, 0, null]], tables: [[3, 2, 'T', 'TABLE', null, null, 0, null, 'PERMANENT', null]],
    columns: [[3, 0, 'A', 'NUMBER(38,0)', 1, null, null, null], [3, 1, 'B', 'VARCHAR(16777216)', 1, null, null, null], [3, 2, 'C', 'FLOAT', 1, null, null, null], [3, 3, 'D', 'DATE', 1, null, null, null]],
    users: [], tokens: [], warehouses: [], roles: [], agents: [], roleGrants: [], grants: [], meta: [], sequences: [], integrations: [],
  });
  const session: Session = { id: 'warm-up', user: 'ADMIN', role: 'ACCOUNTADMIN', warehouse: null, database: 'W', schema: 'PUBLIC', ...sessionFields(parseParameters({})), lastQueryId: null, otherParameters: {}, variables: {} };
  const values = Array.from({ length: 400 }, (_, k) => `(${k}, 'v''${k}', ${k}.5, '2024-01-02')`).join(', ');
  for (let i = 0; i < 3; i++) {
    for (const text of [`INSERT INTO T VALUES ${values}, (-${i}, NULL, 1e3, NULL)`, `SELECT A, B FROM T WHERE A IN (SELECT A FROM T UNION ALL SELECT 2) AND B = 'w${i}' ORDER BY A`]) {
      try {
        compileStatement(splitStatements(text)[0], { session, catalog, statementId: 'warm-up', services: services(new PrequeryAnswers()), dialect: sqliteDialect });
      } catch { /* warming only */ }
    }
  }
}

function handle(m: ToCompileWorker): FromCompileWorker {
  try {
    switch (m.type) {
      case 'split':
        return { type: 'reply', id: m.id, ok: true, value: split(m.text) };
      case 'compile':
        return { type: 'reply', id: m.id, ok: true, value: compile(m.job) };
      case 'place':
        return { type: 'reply', id: m.id, ok: true, value: placeIdentifierError(m.error, statementOf(m.text)) };
    }
  } catch (e) {
    return { type: 'reply', id: m.id, ok: false, error: toWorkerError(e) };
  }
}

// Large statements' parsing yields the CPU to the request thread and the readers.
lowerThreadPriority();
await initParser();
warmUp();
parentPort!.on('message', (m: ToCompileWorker) => parentPort!.postMessage(handle(m)));
parentPort!.postMessage({ type: 'ready' } satisfies FromCompileWorker);
