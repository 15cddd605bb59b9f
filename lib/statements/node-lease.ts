/**
 * A node's lease in floe_state.nodes: renewed every third of its length, so that the node's
 * running statements stay its own while it lives; when it stops (kill -9, a lost machine) the
 * lease runs out and any node reading one of them marks it lost (pg-statement-store.ts). One
 * UPDATE per renewal, however many statements the node runs. The renewal has a connection of its
 * own: on the shared pool it queued behind result copies under load, and a lease that runs out
 * while the node lives makes other nodes declare its statements lost. That connection is dropped
 * and opened again after any failure or a renewal slower than a third of the lease (a dead socket
 * is noticed by that timeout, not left hanging).
 *
 * Cancels other nodes ask for, their catalog writes, freed warehouse places and evicted results arrive on a LISTEN connection at once;
 * each renewal also polls for both, and so does each (re)connect of the listener, in case a
 * notification was missed (the listening connection dropped). The listener only ever receives, so
 * a connection gone silent (a NAT or firewall forgetting it, a host gone) would go unnoticed for
 * the node's life: each housekeeping round asks it a `SELECT 1`, and one unanswered within a third
 * of the lease drops it for a new one.
 */
import pg, { type Pool } from 'pg';
import { oneAtATime } from '@/lib/storage/one-at-a-time';
import { dropConnection } from '@/lib/storage/pg-connection';
import { ADMISSION_CHANNEL, CATALOG_CHANNEL, STATE_SCHEMA } from '@/lib/storage/state-schema';
import { CANCEL_CHANNEL, EVICTED_CHANNEL, type PostgresStatementStore } from './pg-statement-store';

/** The notification connection's application_name. */
export const LISTENER_APPLICATION_NAME = 'floe_listener';

export interface NodeLeaseOptions {
  url: string;
  nodeId: string;
  leaseMs: number;
  /** A cancel another node asked for one of this node's statements. */
  onCancel: (handle: string) => void;
  /** A catalog write committed somewhere: its version, or null when the version should be read (a notification may have been missed). */
  onCatalog: (version: number | null) => void;
  /** Results evicted by the cap on some node; null: notices may have been missed (the listener reconnected). */
  onEvicted: (handles: string[] | null) => void;
  /** A warehouse place was freed on some node (statements waiting for one look again). */
  onAdmission: () => void;
  /** After each renewal: the node's share of the housekeeping (a dead node's temporary tables and admission rows). */
  onRenewed: () => void;
}

export class NodeLease {
  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  /** The renewal's own connection (null until opened, or after a failure). */
  private renewer: pg.Client | null = null;
  private stopped = false;
  /** The renewal and the housekeeping, each skipped while its previous run goes on; apart, so that a slow sweep never delays the lease. */
  private readonly renewal = oneAtATime(() => this.renew()
    .catch((e: unknown) => console.error(`Floe: node lease renewal failed (retried): ${e instanceof Error ? e.message : String(e)}`)));
  private readonly housekeeping = oneAtATime(() => this.keepHouse());

  constructor(private readonly pool: Pool, private readonly store: PostgresStatementStore, private readonly opts: NodeLeaseOptions) {}

  /** Takes the lease (before the node runs anything) and keeps it. */
  async start(): Promise<void> {
    await this.renew();
    await this.listen().catch((e: unknown) => console.error(`Floe: cancel notifications unavailable for now (polled instead): ${String(e)}`));
    this.timer = setInterval(() => this.tick(), this.renewalTimeoutMs);
    this.timer.unref();
  }

  private get renewalTimeoutMs(): number {
    return Math.max(100, Math.floor(this.opts.leaseMs / 3));
  }

  private async renew(): Promise<void> {
    const client = this.renewer ?? await this.openRenewer();
    try {
      await client.query(
        `INSERT INTO ${STATE_SCHEMA}.nodes (node_id, lease_until) VALUES ($1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (node_id) DO UPDATE SET lease_until = excluded.lease_until`, [this.opts.nodeId, this.opts.leaseMs]);
    } catch (e) {
      this.dropRenewer(client);
      throw e;
    }
  }

  private async openRenewer(): Promise<pg.Client> {
    const client = this.boundedClient();
    client.on('error', () => { if (this.renewer === client) this.renewer = null; });
    client.on('end', () => { if (this.renewer === client) this.renewer = null; });
    try {
      await client.connect();
    } catch (e) {
      this.dropRenewer(client);
      throw e;
    }
    if (this.stopped) { this.dropRenewer(client); throw new Error('node lease stopped'); }
    this.renewer = client;
    return client;
  }

  /** A connection of the lease's own (the renewal's, the listener's): connecting and each statement bounded by a third of the lease. */
  private boundedClient(applicationName?: string): pg.Client {
    return new pg.Client({ connectionString: this.opts.url, query_timeout: this.renewalTimeoutMs,
      connectionTimeoutMillis: this.renewalTimeoutMs, keepAlive: true, application_name: applicationName });
  }

  private dropRenewer(client: pg.Client): void {
    if (this.renewer === client) this.renewer = null;
    void client.end().catch(() => {});
  }

  private tick(): void {
    this.renewal();
    this.housekeeping();
  }

  private async keepHouse(): Promise<void> {
    try {
      if (this.listener) await this.checkListener(this.listener);
      if (!this.listener) await this.listen();
      for (const handle of await this.store.cancelsFor(this.opts.nodeId)) this.opts.onCancel(handle);
      this.opts.onCatalog(null);
      this.opts.onRenewed();
    } catch (e) {
      console.error(`Floe: node housekeeping failed (retried): ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Drops the listener when it does not answer (its `query_timeout`): notifications it missed are polled for by the caller. */
  private async checkListener(client: pg.Client): Promise<void> {
    try {
      await client.query('SELECT 1');
    } catch (e) {
      if (this.listener !== client) return;
      this.listener = null;
      dropConnection(client);
      console.error(`Floe: notification connection lost, listening again: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    // (Named so that pg_stat_activity tells it apart: its last query is a liveness SELECT 1 as a rule.)
    const client = this.boundedClient(LISTENER_APPLICATION_NAME);
    client.on('error', () => { if (this.listener === client) this.listener = null; });
    client.on('end', () => { if (this.listener === client) this.listener = null; });
    client.on('notification', (m) => {
      if (m.channel === CANCEL_CHANNEL && m.payload) this.opts.onCancel(m.payload);
      if (m.channel === CATALOG_CHANNEL) this.opts.onCatalog(Number(m.payload));
      if (m.channel === ADMISSION_CHANNEL) this.opts.onAdmission();
      if (m.channel === EVICTED_CHANNEL && m.payload) this.opts.onEvicted(m.payload.split(','));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CANCEL_CHANNEL}; LISTEN ${CATALOG_CHANNEL}; LISTEN ${ADMISSION_CHANNEL}; LISTEN ${EVICTED_CHANNEL}`);
    } catch (e) {
      dropConnection(client);
      throw e;
    }
    this.listener = client;
    // Writes committed while nobody listened, and evictions.
    this.opts.onCatalog(null);
    this.opts.onEvicted(null);
  }

  /** Gives the lease up: statements still running here are lost at once for the other nodes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const listener = this.listener;
    this.listener = null;
    // (A connection gone silent never answers `end()`'s Terminate: it is closed on our side after a second.)
    if (listener) await Promise.race([listener.end().catch(() => {}), new Promise((r) => setTimeout(r, 1000).unref())]);
    if (listener) dropConnection(listener);
    if (this.renewer) this.dropRenewer(this.renewer);
    await this.pool.query(`UPDATE ${STATE_SCHEMA}.nodes SET lease_until = now() WHERE node_id = $1`, [this.opts.nodeId]).catch(() => {});
  }
}
