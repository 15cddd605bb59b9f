/**
 * Fault injection for the storage seam (tests only). When FLOE_FAULTS_FILE names a JSON file,
 * every write, fsync, open and rename made through lib/storage consults it, so a test can make
 * the Nth journal write short, the checkpoint's fsync fail with EIO, or the disk look full,
 * against the real server, deterministically:
 *
 *   { "rules": [{ "site": "journal", "op": "write", "fault": "short", "nth": 3, "times": 1 }],
 *     "freeBytes": 1000000 }
 *
 * - site: which path writes (see StorageSite); op: write | fsync | open | rename (default write).
 * - fault: "short" (half the bytes reach the file, the call reports that count), or an errno
 *   name such as "ENOSPC" / "EIO" (nothing is written, the call throws).
 * - nth: the first faulty call, counted per thread and per (site, op) since the file last
 *   changed (default 1); times: how many calls in a row fail (default: all that follow).
 * - freeBytes: what free-space checks see instead of the real figure.
 *
 * The file is re-read when its modification time or size changes, so a test can turn faults on
 * and off while the server runs. Without FLOE_FAULTS_FILE all of this costs one branch.
 */
import fs from 'node:fs';

/** The paths that write state; each counts its calls separately. */
export type StorageSite = 'journal' | 'image' | 'registry' | 'result' | 'worksheet' | 'object';
export type StorageOp = 'write' | 'fsync' | 'open' | 'rename';

export interface FaultRule {
  site: StorageSite;
  op?: StorageOp;
  fault: string;
  nth?: number;
  times?: number;
}

export interface FaultPlan {
  rules: FaultRule[];
  freeBytes?: number;
  /** Engine faults: the replica running a statement whose SQL contains `match` traps (a real WebAssembly trap). */
  engine?: { fault: 'trap'; match: string }[];
  /**
   * Shared state: "ignore" makes the node deaf to other nodes' catalog notices (NOTIFY and the
   * lease renewal's check), as if they were late: a change reaches it only by what a request reads.
   */
  catalogNotices?: 'ignore';
}

const FILE = process.env.FLOE_FAULTS_FILE || '';

let plan: FaultPlan = { rules: [] };
let planStamp = '';
const calls = new Map<string, number>();

function currentPlan(): FaultPlan {
  let stamp: string;
  try {
    const st = fs.statSync(/*turbopackIgnore: true*/ FILE);
    stamp = `${st.mtimeMs}:${st.size}`;
  } catch {
    stamp = 'none';
  }
  if (stamp !== planStamp) {
    planStamp = stamp;
    calls.clear();
    try {
      plan = stamp === 'none' ? { rules: [] } : (JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ FILE, 'utf8')) as FaultPlan);
    } catch {
      plan = { rules: [] }; // half-written by the test: read again at the next change
      planStamp = '';
    }
  }
  return plan;
}

export type Fault = { kind: 'short' } | { kind: 'error'; error: NodeJS.ErrnoException };

function errnoError(code: string, op: StorageOp, site: StorageSite): NodeJS.ErrnoException {
  const e = new Error(`${code}: injected fault, ${op} (${site})`) as NodeJS.ErrnoException;
  e.code = code;
  e.syscall = op;
  return e;
}

/** The fault for this call, if a rule covers it. Counts the call. */
export function faultFor(site: StorageSite, op: StorageOp): Fault | null {
  if (!FILE) return null;
  const p = currentPlan();
  if (p.rules.length === 0) return null;
  const key = `${site}:${op}`;
  const n = (calls.get(key) ?? 0) + 1;
  calls.set(key, n);
  for (const r of p.rules) {
    if (r.site !== site || (r.op ?? 'write') !== op) continue;
    const first = r.nth ?? 1;
    if (n < first || n >= first + (r.times ?? Infinity)) continue;
    return r.fault === 'short' ? { kind: 'short' } : { kind: 'error', error: errnoError(r.fault, op, site) };
  }
  return null;
}

/** Injected free space, if the plan sets one. */
export function injectedFreeBytes(): number | undefined {
  if (!FILE) return undefined;
  return currentPlan().freeBytes;
}

/** Other nodes' catalog notices are to be ignored (the plan's catalogNotices). */
export function catalogNoticesIgnored(): boolean {
  return FILE !== '' && currentPlan().catalogNotices === 'ignore';
}

/** The engine fault for a statement (its SQL steps), if the plan has one. */
export function engineFaultFor(sql: readonly string[]): 'trap' | null {
  if (!FILE) return null;
  const rule = currentPlan().engine?.find((r) => sql.some((s) => s.includes(r.match)));
  return rule ? rule.fault : null;
}
