/**
 * What a connection needs before a plan runs on it, and a query's rows read into a ResultWriter:
 * shared by the engine (reads inside a transaction, plans of several steps) and its read threads
 * (lib/engine/postgres/read-thread.ts: single reads outside any transaction).
 */
import type { FieldDef, PoolClient } from 'pg';
import type { ColumnEncoding, ExecPlan, ExecResult, StatementPins, StepParam } from '../types';
import { ResultWriter } from '../worker/result-writer';
import { pinSettingsQuery, readsLibrarySettings } from './functions';
import { streamRows } from './row-stream';
import { columnOf } from './values';

/** statement_timeout and the pins as last set on each connection outside a transaction (so they stuck). */
export class ConnectionSettings {
  private readonly timeouts = new WeakMap<PoolClient, number>();
  private readonly zones = new WeakMap<PoolClient, string>();

  async timeout(client: PoolClient, timeoutMs: number): Promise<void> {
    if (this.timeouts.get(client) === timeoutMs) return;
    await client.query(`SET statement_timeout = ${Math.floor(timeoutMs)}`);
    this.timeouts.set(client, timeoutMs);
  }

  /**
   * The function library reads the statement's pins (time zone, now, seed, week settings) from
   * the session, PostgreSQL's own casts and output the time zone: a plan that calls no library
   * function on a connection already in its zone needs no round trip for them (SELECT 1).
   * `autocommit`: no transaction is open, so what is set sticks.
   */
  async pins(client: PoolClient, pins: StatementPins, sqls: string[], autocommit: boolean): Promise<void> {
    if (this.zones.get(client) === pins.timezone && !sqls.some((s) => readsLibrarySettings(s))) return;
    this.zones.delete(client); // a rollback would undo what is set next
    await client.query(pinSettingsQuery(pins));
    if (autocommit) this.zones.set(client, pins.timezone);
  }
}

/** What a read needs to encode its rows (plain data: it crosses to a read thread). */
export type RowsSpec = Pick<ExecPlan, 'columns' | 'formats' | 'limits' | 'resultDir' | 'nullAsString'> & { timezone: string };

export const rowsSpecOf = (plan: ExecPlan): RowsSpec => ({
  columns: plan.columns, formats: plan.formats, limits: plan.limits, resultDir: plan.resultDir, nullAsString: plan.nullAsString, timezone: plan.pins.timezone,
});

/**
 * Runs a query, its rows into a ResultWriter (partition files in `spec.resultDir`). `cut`: a read
 * outside any transaction, whose full result is stopped by cancelling its backend (streamRows).
 */
export async function readRows(client: PoolClient, text: string, values: StepParam[], spec: RowsSpec, stopRequested: () => boolean, cut?: () => void): Promise<Extract<ExecResult, { kind: 'rows' }>> {
  let writer: ResultWriter | null = null;
  let names: string[] = [];
  await streamRows(client, text, values, {
    start: (fields: FieldDef[]) => {
      names = fields.map((f) => f.name);
      // What the plan leaves `auto` is typed by PostgreSQL's column type, not by the first value.
      const types: ColumnEncoding[] = fields.map((f, i) => {
        const given = spec.columns?.[i];
        return given && given.type !== 'auto' ? given : { ...columnOf(f), scale: given?.scale ?? columnOf(f).scale };
      });
      writer = new ResultWriter(types, spec.formats ?? { timezone: spec.timezone }, spec.limits!, spec.resultDir, spec.nullAsString === true);
    },
    row: (values) => writer!.add(values),
    stopRequested,
  }, cut);
  const w = writer as ResultWriter | null;
  if (!w) throw new Error('no row description');
  const { partitions, inlineFirstPartition } = w.finish();
  return { kind: 'rows', columnNames: names, numRows: w.numRows, partitions, inlineFirstPartition, columnTypes: w.columnTypes(), truncated: w.truncated };
}
