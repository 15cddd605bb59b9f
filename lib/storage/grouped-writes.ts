/**
 * Group commit for writes to PostgreSQL that many requests make at once (their admission, their
 * end): a write that arrives while `inFlight` others are on their way goes with the next one, so
 * that under load one round trip carries several (each costs the request thread a socket write
 * and read, and the database a transaction), while a lone write is sent at once. `send` gets at
 * most `max` writes, never two with one key, and answers each in its order; a group succeeds or
 * fails as a whole.
 */
export class GroupedWrites<T, R = void> {
  private readonly waiting: { item: T; key: string; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private sending = 0;

  constructor(
    private readonly send: (items: T[]) => Promise<R[]>,
    private readonly keyOf: (item: T) => string,
    private readonly inFlight = 2,
    private readonly max = 32,
  ) {}

  write(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, key: this.keyOf(item), resolve, reject });
      if (this.sending < this.inFlight) void this.sendNext();
    });
  }

  private async sendNext(): Promise<void> {
    this.sending++;
    try {
      while (this.waiting.length > 0) {
        const group: typeof this.waiting = [];
        const keys = new Set<string>();
        for (let i = 0; i < this.waiting.length && group.length < this.max;) {
          const w = this.waiting[i];
          // (A second write of one key waits for the next group: one statement cannot write a row twice.)
          if (keys.has(w.key)) { i++; continue; }
          keys.add(w.key);
          group.push(w);
          this.waiting.splice(i, 1);
        }
        try {
          const results = await this.send(group.map((w) => w.item));
          group.forEach((w, n) => w.resolve(results[n]));
        } catch (e) {
          for (const w of group) w.reject(e);
        }
      }
    } finally {
      this.sending--;
    }
  }
}
