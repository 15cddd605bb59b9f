/**
 * CPU priority of background threads. On the 2-core machines Floe runs on, the writer's commits
 * and checkpoints and the compile workers' parsing of large statements could take both cores from
 * the request thread and the readers that every short request needs. Such a thread calls this once
 * at its start: on Linux it lowers its own priority (nice +10, this thread only: setpriority takes
 * a thread id there), so it still gets every idle cycle but yields when the request thread or a
 * reader wants a core. Elsewhere, or where the OS refuses, the thread keeps its priority.
 */
import fs from 'node:fs';
import os from 'node:os';

export const BACKGROUND_NICE = 10;

export function lowerThreadPriority(nice = BACKGROUND_NICE): void {
  if (process.platform !== 'linux') return;
  try {
    // "<pid>/task/<tid>": this thread's id, which os.setPriority applies to alone.
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) os.setPriority(tid, Math.max(os.getPriority(tid), nice));
  } catch {
    /* no /proc or not permitted: normal priority */
  }
}
