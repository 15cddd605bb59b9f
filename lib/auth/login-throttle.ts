/**
 * Password guessing is slowed per address and stopped per user, as Snowflake does: after
 * `lockAfter` consecutive failures a user is locked for `lockMinutes` (even the right password is
 * refused meanwhile), and an address that keeps failing waits longer before each further try
 * (doubling from 250 ms up to 10 s). A lock or delay is decided before any password is hashed,
 * so guessing costs the server nothing. In memory: a restart clears it.
 */

interface UserState { failures: number; lockedUntil: number; last: number }
interface AddressState { failures: number; last: number }

/** Failures older than this are forgotten (per address and per user). */
const FORGET_MS = 15 * 60_000;
const FREE_TRIES = 3;
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;
/** Entries kept at most (a flood of made-up names must not grow memory). */
const MAX_ENTRIES = 10_000;

export type LoginGate = { locked: true; retryAfterSec: number } | { locked: false; delayMs: number };

export class LoginThrottle {
  private readonly users = new Map<string, UserState>();
  private readonly addresses = new Map<string, AddressState>();

  constructor(private readonly lockAfter: number, private readonly lockMinutes: number) {}

  /** Before a password is checked: whether the user is locked, else how long to wait first. */
  gate(user: string, address: string, now = Date.now()): LoginGate {
    const u = this.users.get(user);
    if (u && u.lockedUntil > now) return { locked: true, retryAfterSec: Math.ceil((u.lockedUntil - now) / 1000) };
    const a = this.addresses.get(address);
    const failures = a && now - a.last < FORGET_MS ? a.failures : 0;
    const delayMs = failures < FREE_TRIES ? 0 : Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failures - FREE_TRIES));
    return { locked: false, delayMs };
  }

  /**
   * A success clears the user's count; an address only earns back its free tries (an attacker
   * holding one valid account must not reset his guessing rate by signing in with it).
   */
  succeeded(user: string, address: string): void {
    this.users.delete(user);
    const a = this.addresses.get(address);
    if (a) a.failures = Math.max(0, a.failures - FREE_TRIES);
  }

  failed(user: string, address: string, now = Date.now()): void {
    const a = this.addresses.get(address);
    bump(this.addresses, address, { failures: (a && now - a.last < FORGET_MS ? a.failures : 0) + 1, last: now });
    const u = this.users.get(user);
    const failures = (u && now - u.last < FORGET_MS ? u.failures : 0) + 1;
    const locked = this.lockAfter > 0 && failures >= this.lockAfter;
    bump(this.users, user, { failures: locked ? 0 : failures, lockedUntil: locked ? now + this.lockMinutes * 60_000 : 0, last: now });
  }

  /** ALTER USER … SET MINS_TO_UNLOCK = 0, or a password reset: the user may try again at once. */
  unlock(user: string): void {
    this.users.delete(user);
  }
}

/** Re-inserts at the end (Map order = recency) and drops the oldest entries beyond the cap. */
function bump<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}
