/**
 * The one way a catalog change is applied (the steps of lib/catalog's operations and of DDL):
 * it runs through the engine's writer (journaled), then the request thread's catalog copy is
 * reloaded, the result cache forgets results over the tables the steps name, and the warehouse
 * queues follow their warehouses' new limits. Statements, the end of a session (its temporary
 * tables), AUTO_RESUME and the REST endpoints (Floe.write) all write through here.
 */
import { randomUUID } from 'node:crypto';
import type { Catalog } from '@/lib/catalog/catalog';
import type { Engine, SqlStep } from '@/lib/engine/types';
import { checkCatalogWrite } from '@/lib/limits/object-size';
import { tableBump } from '@/lib/storage/state-schema';
import { tablesNamedIn, type ResultCache } from './result-cache';

/** The request thread's copy of the catalog and how it is read again from the engine. */
export interface CatalogSource {
  current(): Catalog;
  reload(): Promise<void>;
  /** Shared state: the copy was read at an older catalog version than `version` (so it must follow). */
  behind?(version: number): boolean;
}

export interface CatalogWriteOptions {
  /** The session writing (its open transaction, if any, holds the writer); absent: a session of its own. */
  sessionId?: string;
  /** Runs the steps as a statement (its pins, its cancel); absent: straight on the engine. */
  execute?: (steps: SqlStep[]) => Promise<unknown>;
}

export class CatalogWrites {
  constructor(
    private readonly engine: Engine,
    private readonly catalog: CatalogSource,
    private readonly resultCache: ResultCache,
    /** After the catalog copy changed: the warehouse queues take their new limits. */
    private readonly refreshWarehouses: () => void,
    /** FLOE_MAX_OBJECT_BYTES: one catalog row's size. */
    private readonly maxObjectBytes: number,
    /** Shared state (PostgreSQL): the step, in the same transaction, that tells the other nodes (CATALOG_BUMP). */
    private readonly announce: SqlStep | null = null,
    /** Shared state: the step naming this node as a session's (its temporary objects are dropped by another node if this one dies). */
    private readonly sessionOwner: ((sessionId: string) => SqlStep) | null = null,
  ) {}

  async apply(steps: SqlStep[], opts: CatalogWriteOptions = {}): Promise<void> {
    if (steps.length === 0) return;
    checkCatalogWrite(steps, this.maxObjectBytes);
    // Several nodes: the catalog version first, then the tables' versions (every writer locks them in that order).
    const bump = this.announce ? tableBump(tablesNamedIn(steps)) : null;
    // (Only a temporary object's row holds its session's id.)
    const owner = this.sessionOwner && opts.sessionId && steps.some((s) => s.params?.includes(opts.sessionId!)) ? this.sessionOwner(opts.sessionId) : null;
    const plain = [...steps, ...(this.announce ? [this.announce] : []), ...(bump ? [bump] : []), ...(owner ? [owner] : [])].map((s) => ({ ...s, params: s.params ?? [] }));
    const sessionId = opts.sessionId ?? randomUUID();
    try {
      await (opts.execute ? opts.execute(plain) : this.engine.execute({
        statementId: randomUUID(), sessionId, steps: plain, output: 'none', access: 'write', pins: { nowMs: Date.now(), seed: 1, timezone: 'UTC' },
      }));
    } finally {
      // Done or attempted: a failed write may have changed tables before it failed.
      this.resultCache.wrote(sessionId, tablesNamedIn(steps));
    }
    await this.followed();
  }

  /** The catalog changed (here, or on another node): the copy is read again and the queues follow. */
  async followed(): Promise<void> {
    await this.catalog.reload();
    this.refreshWarehouses();
  }
}
