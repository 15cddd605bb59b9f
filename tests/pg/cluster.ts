// What the pg tests share: a database of their own in the run's cluster (global-setup.ts), an
// engine on it, and plans with the defaults a test does not care about.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase } from '../../scripts/pg-cluster.mjs';
import { PostgresEngine } from '@/lib/engine/postgres/postgres-engine';
import type { ExecPlan, ExecResult } from '@/lib/engine/types';

/** A new, empty database in the run's cluster; its URL. */
export function freshDatabase(): Promise<string> {
  return createDatabase(inject('PG_ADMIN_URL'));
}

/** An engine as the server makes one: single reads outside transactions on its read threads (`readThreads` 0: on the calling thread). */
export function engineOn(url: string, poolSize = 4, readThreads = 2): PostgresEngine {
  return new PostgresEngine({ url, poolSize, readThreads });
}

let plans = 0;
/** This file's results, in the run's results dir (removed at the end of the run). */
export const resultRoot = fs.mkdtempSync(path.join(inject('PG_RESULTS_DIR'), 'file-'));

/** A plan with the defaults: a read of rows, session `s`, results under resultRoot. */
export function plan(over: Partial<ExecPlan> & Pick<ExecPlan, 'steps'>): ExecPlan {
  const statementId = over.statementId ?? `st${plans++}`;
  return {
    statementId,
    sessionId: 's',
    output: 'rows',
    access: 'read',
    pins: { nowMs: Date.now(), seed: 1, timezone: 'UTC' },
    limits: { maxRows: 0, maxBytes: 1e12, firstPartitionBytes: 64 * 1024, partitionBytes: 1024 * 1024 },
    resultDir: path.join(resultRoot, statementId),
    ...over,
  };
}

/** The rows of a small result (inline partition 0). */
export function rowsOf(r: ExecResult): unknown[][] {
  if (r.kind !== 'rows' || r.inlineFirstPartition === null) throw new Error(`not a small row result: ${JSON.stringify(r)}`);
  return JSON.parse(r.inlineFirstPartition) as unknown[][];
}

/** A direct connection (not the engine's) to look at the database from outside. */
export async function outside(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}
