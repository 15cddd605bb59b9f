/**
 * A full garbage collection of this worker's heap, for the moments a replica has just dropped a
 * database-sized buffer (the image it loaded, an export, the file growth of a bulk write). An
 * idle worker allocates nothing, so V8 would otherwise keep that memory until its next query.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = () => void;
let collect: Collect | null | undefined;

/** A few ms when idle, more under load: called where nobody waits for the worker. */
export function releaseMemory(): void {
  if (collect === undefined) {
    const existing = (globalThis as { gc?: Collect }).gc;
    if (existing) collect = existing;
    else {
      try {
        // The flag is read when a context is created: a fresh context exposes gc().
        v8.setFlagsFromString('--expose-gc');
        collect = vm.runInNewContext('gc') as Collect;
      } catch {
        collect = null;
      }
    }
  }
  collect?.();
}
