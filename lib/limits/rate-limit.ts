/**
 * Per-user request rate: a token bucket per user (refilled at `perSecond`, holding at most
 * `burst`). A request finding the bucket empty is refused at once with the seconds until the
 * next token (429 + Retry-After), never queued.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perSecond: number, private readonly burst: number) {}

  /** Takes a token for `key`: 0 when granted, else the whole seconds to wait. */
  take(key: string, now = Date.now()): number {
    if (this.perSecond <= 0) return 0; // 0 turns the limit off
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    this.buckets.set(key, b);
    if (this.buckets.size > 10_000) this.prune(now);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
  }

  /** Full buckets carry no state worth keeping. */
  private prune(now: number): void {
    for (const [k, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(k);
  }
}
