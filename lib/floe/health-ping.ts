/** How old a health ping's answer may be when /healthz is asked again. */
export const HEALTH_PING_FRESH_MS = 250;

/**
 * Whether PostgreSQL answers, for /healthz: one ping at a time, its answer reused for
 * HEALTH_PING_FRESH_MS, so that health checks however frequent (the endpoint needs no sign-in)
 * cost PostgreSQL at most a few queries a second and never queue behind each other.
 */
export function healthPing(shared: { ping(): Promise<string | null> }): () => Promise<string | null> {
  /** The last ping; `answeredAt` null while it is on its way (it is fresh from its answer on). */
  let last: { answeredAt: number | null; why: Promise<string | null> } | null = null;
  return () => {
    if (!last || (last.answeredAt !== null && Date.now() - last.answeredAt > HEALTH_PING_FRESH_MS)) {
      const ping: typeof last = { answeredAt: null, why: shared.ping().then((w) => w && `PostgreSQL is unreachable (${w})`) };
      void ping.why.then(() => { ping.answeredAt = Date.now(); });
      last = ping;
    }
    return last.why;
  };
}
