// Types of scripts/floe-cluster.mjs (tests and benches import it).
export interface FloeClusterNode {
  /** The node's own URL (not through HAProxy). */
  readonly url: string;
  readonly port: number;
  /** start.mjs's pid (its process group). */
  readonly pid: number;
  log(): string;
  /** kill -9 of the whole node (a crash). */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop). */
  stop(): Promise<void>;
  /** Stops it if it runs, then starts it again on the same port and data dir. */
  restart(): Promise<void>;
}
export interface FloeCluster {
  /** HAProxy's URL: the one clients use. */
  url: string;
  /** FLOE_ADMIN_TOKEN / FLOE_ADMIN_PASSWORD of every node (user ADMIN). */
  token: string;
  password: string;
  /** NEXTAUTH_SECRET shared by the nodes. */
  secret: string;
  nodes: FloeClusterNode[];
  /** stop(): the server stops, its data stays (an outage); start() ends it; restart() both. */
  pg: { url: string; adminUrl: string; logFile: string; stop(): Promise<void>; start(): Promise<void>; restart(): Promise<void> };
  haproxy: { pid: number; cfgFile: string; logFile: string };
  /** Stops HAProxy, the nodes and PostgreSQL and removes every temp dir. */
  stop(): Promise<void>;
}
export function haproxyBin(): string;
export function renderHaproxyCfg(text: string, opts: { port: number; nodes: number[] }): string;
export function startFloeCluster(opts?: {
  nodes?: number;
  /** More environment for every node. */
  env?: Record<string, string | undefined>;
  /** FLOE_NODE_LEASE_S (default 5). */
  leaseS?: number;
  /** FLOE_PG_POOL_SIZE (default: Floe's). */
  poolSize?: number;
  /** false: progress on stdout. */
  quiet?: boolean;
}): Promise<FloeCluster>;
