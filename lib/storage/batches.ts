/**
 * Group commit for the shared state's per-request writes: an item whose key has a write under
 * way waits for it and then goes with every other item that came meanwhile, in one statement.
 * Idle, an item is sent at once (no timer, no added wait); under load a node makes one round
 * trip, and PostgreSQL one transaction, for several requests.
 */
export class Batches<T> {
  /** Per key with a write under way: the items waiting for it to end. */
  private readonly waiting = new Map<string, T[]>();

  /**
   * `send` writes one batch and settles each of its items itself (it is never asked to reject):
   * whatever it does, the next batch of the key follows.
   */
  constructor(private readonly send: (key: string, batch: T[]) => Promise<void>, private readonly maxBatch: number) {}

  add(key: string, item: T): void {
    const queue = this.waiting.get(key);
    if (queue) {
      queue.push(item);
      return;
    }
    this.waiting.set(key, []);
    void this.run(key, [item]);
  }

  private async run(key: string, batch: T[]): Promise<void> {
    await this.send(key, batch).catch(() => {});
    const queue = this.waiting.get(key)!;
    const next = queue.splice(0, this.maxBatch);
    if (next.length === 0) this.waiting.delete(key);
    else void this.run(key, next);
  }
}
