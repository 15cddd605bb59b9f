/**
 * FLOE_MAX_DATABASE_BYTES on PostgreSQL. The bounded size is the account's data: every relation
 * of schema `public` (the catalog's `_floe_*` tables and the user tables `t<id>`, with their
 * indexes and TOAST) and of the sessions' temporary schemas; not Floe's shared state
 * (`floe_state`: statements and results, bounded by FLOE_MAX_RESULTS_BYTES) nor its library.
 *
 * As on sql.js (SQLite's max_page_count), a write that grows the data past the bound is refused
 * whole (300002) and a write that fits in room already there (rows deleted and vacuumed, a
 * truncated table) is taken even while the data is over a lowered bound. A write plan runs in a
 * transaction; before and after its steps the engine reads the size of the tables it writes
 * (a few stat calls), and only a write that grew them past what the estimate allows reads the
 * whole size (every relation's files: about 20 µs a relation) before its COMMIT. The estimate is
 * the last whole size plus what this node's writes added since; it is read again at least every
 * FULL_EVERY_MS, so concurrent writers of other nodes may pass the bound by what they wrote in
 * that while, never by more. A refused write outside a transaction VACUUMs the tables it wrote
 * and runs once more: rows deleted before it are room only once vacuumed.
 */
import type { PoolClient } from 'pg';
import { resourceCode } from '@/lib/limits/resource-errors';
import { databaseSizeError, oversizedWarning } from '../limits';
import { EngineFailure } from '../types';

/** How old the whole size may be before a growing write reads it again. */
const FULL_EVERY_MS = 10_000;

/** The account's data: relations of `public` and of temporary schemas, each with its indexes and TOAST. */
const WHOLE_SIZE = `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'm', 'S') AND (n.nspname = 'public' OR n.nspname LIKE 'pg\\_temp\\_%')`;

const wholeSize = async (client: PoolClient): Promise<number> => Number((await client.query(WHOLE_SIZE)).rows[0].bytes);

/** The size of these tables as the statement sees them (search_path: a temporary table first); one not there yet is 0. */
const tablesSize = (tables: string[]): string =>
  `SELECT coalesce(sum(pg_total_relation_size(to_regclass(quote_ident(n)))), 0)::float8 AS bytes FROM unnest(ARRAY[${tables.map((t) => `'${t}'`).join(', ')}]::text[]) AS n`;

export class DatabaseSizeBound {
  /** The whole size as last read, plus what this node's writes grew it by since. */
  private estimate: { bytes: number; readAt: number } | null = null;

  constructor(readonly maxBytes: number) {}

  /**
   * `steps` (a write's), refused with 300002 when they grew the data past the bound, inside a
   * transaction: `begin` opens it (in the same round trip as the first size), else one is open
   * (a session's savepoint). Its COMMIT or ROLLBACK is the caller's.
   */
  async bounded<T>(client: PoolClient, tables: string[], begin: boolean, steps: () => Promise<T>): Promise<T> {
    const before = begin ? await this.begin(client, tables) : await this.sizeOf(client, tables);
    const result = await steps();
    await this.check(client, tables, before);
    return result;
  }

  private async begin(client: PoolClient, tables: string[]): Promise<number> {
    const [, size] = (await client.query(`BEGIN; ${tablesSize(tables)}`)) as unknown as [unknown, { rows: { bytes: unknown }[] }];
    return Number(size.rows[0].bytes);
  }

  private async sizeOf(client: PoolClient, tables: string[]): Promise<number> {
    return Number((await client.query(tablesSize(tables))).rows[0].bytes);
  }

  /** After the write's steps, before its COMMIT (or its savepoint's release): throws 300002 when it grew the data past the bound. */
  private async check(client: PoolClient, tables: string[], before: number): Promise<void> {
    const growth = (await this.sizeOf(client, tables)) - before;
    if (growth <= 0) return;
    const e = this.estimate;
    if (e && e.bytes + growth <= this.maxBytes && Date.now() - e.readAt < FULL_EVERY_MS) {
      // (Counted at once: a write rolled back later leaves the estimate high, which only makes the next growing write read the whole size.)
      e.bytes += growth;
      return;
    }
    // (Read inside the write's transaction: its own new tables and rows are counted.)
    const whole = await wholeSize(client);
    if (whole > this.maxBytes) {
      this.estimate = { bytes: whole - growth, readAt: Date.now() };
      throw new EngineFailure(databaseSizeError({ maxDatabaseBytes: this.maxBytes }));
    }
    this.estimate = { bytes: whole, readAt: Date.now() };
  }

  /** At start: a database grown past a lowered bound still starts (read and shrunk, not grown), with a warning. */
  async warnIfOversized(client: PoolClient): Promise<void> {
    const whole = await wholeSize(client);
    this.estimate = { bytes: whole, readAt: Date.now() };
    if (whole > this.maxBytes) console.warn(oversizedWarning(whole, this.maxBytes));
  }
}

/** A refused write's rows, and rows deleted before it, are dead space until VACUUM: it makes them room again (and gives back a free tail). */
export const vacuumSql = (tables: string[]): string => `VACUUM ${tables.map((t) => `"${t}"`).join(', ')}`;

export const isSizeRefusal = (e: unknown): boolean => e instanceof EngineFailure && e.error.code === resourceCode('databaseSize');
