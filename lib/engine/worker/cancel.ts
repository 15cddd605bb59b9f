import { udfError } from '../sqlite-errors';

/**
 * Cooperative cancellation between the supervisor and a worker: slot 0 holds the plan number the
 * supervisor wants stopped, slot 1 the plan number now running. A plan stops itself when they
 * match: between result rows and inside SYSTEM$WAIT.
 */
export class CancelSignal {
  private readonly flag: Int32Array;

  constructor(buffer: SharedArrayBuffer) {
    this.flag = new Int32Array(buffer);
  }

  begin(planNo: number): void {
    Atomics.store(this.flag, 1, planNo);
  }

  get requested(): boolean {
    const running = Atomics.load(this.flag, 1);
    return running !== 0 && Atomics.load(this.flag, 0) === running;
  }

  throwIfRequested(): void {
    if (this.requested) throw udfError('000604', '57014', 'SQL execution canceled');
  }

  /** Sleeps up to ms, waking early (and throwing) when this plan is cancelled. */
  sleep(ms: number): void {
    const until = Date.now() + ms;
    for (;;) {
      this.throwIfRequested();
      const left = until - Date.now();
      if (left <= 0) return;
      Atomics.wait(this.flag, 0, Atomics.load(this.flag, 0), Math.min(left, 100));
    }
  }
}
