/**
 * Sessions that outlive a request (the console's worksheets, X-Floe-Session): a request normally
 * is its own session (lib/sql/session.ts); one naming a kept session runs in it instead, so USE,
 * SET, ALTER SESSION and temporary tables persist from run to run. Kept in memory (a restart ends
 * them all, as it drops every temporary table), owned by one user, bounded by an idle expiry and
 * a per-user count. One run at a time per session: its statements share its state.
 */
import { randomUUID } from 'node:crypto';
import type { Session } from '@/lib/sql/session';

export interface KeptSession {
  id: string;
  user: string;
  /** The role restriction of the token that started it (a restricted token keeps its own sessions). */
  roleRestriction: string | null;
  session: Session;
  lastUsed: number;
  /** Handle of the run in progress (null: idle). */
  running: string | null;
  /** What the last run left to say (an open transaction rolled back at its end), by its handle. */
  notice: { handle: string; message: string } | null;
}

export interface KeptSessionLimits {
  /** A session unused this long ends (its temporary tables dropped). */
  idleMs: number;
  /** Sessions one user may hold; starting one more ends his least recently used idle one. */
  maxPerUser: number;
}

/** Why a session could not be started or used (answered as JSON by lib/http). */
export class KeptSessionError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
    this.name = 'KeptSessionError';
  }
}

export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class KeptSessions {
  private readonly sessions = new Map<string, KeptSession>();
  private sweeper: NodeJS.Timeout | null = null;
  /** Ends under way (temporary tables being dropped). */
  private readonly closing = new Set<Promise<void>>();

  constructor(
    private readonly limits: KeptSessionLimits,
    /** Ends a session's engine state: rolls back its transaction, drops its temporary tables. */
    private readonly end: (session: Session) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Starts a session for `user` around `session` (built from the request as any other). */
  start(user: string, roleRestriction: string | null, session: Session): KeptSession {
    this.sweep();
    const mine = [...this.sessions.values()].filter((k) => k.user === user);
    if (mine.length >= this.limits.maxPerUser) {
      const idle = mine.filter((k) => k.running === null).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!idle) throw new KeptSessionError(429, '390505', `Too many sessions: user ${user} has ${mine.length} running (FLOE_MAX_SESSIONS_PER_USER).`);
      this.close(idle);
    }
    // Its id is the engine's session id too (temporary tables carry it).
    const id = randomUUID();
    const kept: KeptSession = { id, user, roleRestriction, session: { ...session, id }, lastUsed: this.now(), running: null, notice: null };
    this.sessions.set(kept.id, kept);
    this.armSweeper();
    return kept;
  }

  /** The caller's live session `id`; another user's answers exactly like one that does not exist. */
  get(id: string, user: string, roleRestriction: string | null): KeptSession {
    this.sweep();
    const kept = this.sessions.get(id);
    if (!kept || kept.user !== user || kept.roleRestriction !== roleRestriction) {
      throw new KeptSessionError(404, '390111', `Session ${id} does not exist or has ended (idle longer than FLOE_SESSION_IDLE_S, or over FLOE_MAX_SESSIONS_PER_USER). Send X-Floe-Session: new to start another.`);
    }
    return kept;
  }

  /** Marks a run started in the session; one at a time. */
  begin(kept: KeptSession, handle: string): void {
    if (kept.running !== null) throw new KeptSessionError(409, '390112', `Session ${kept.id} is running statement ${kept.running}; wait for it or cancel it first.`);
    kept.running = handle;
    kept.notice = null;
    kept.lastUsed = this.now();
  }

  /** The run ended (its transaction, if it left one open, rolled back: `notice` says so). */
  finish(kept: KeptSession, handle: string, notice: string | null): void {
    if (kept.running === handle) kept.running = null;
    kept.notice = notice ? { handle, message: notice } : null;
    kept.lastUsed = this.now();
  }

  /** Ends sessions idle past the expiry. */
  sweep(): void {
    const cutoff = this.now() - this.limits.idleMs;
    for (const k of this.sessions.values()) if (k.running === null && k.lastUsed < cutoff) this.close(k);
  }

  /** Ends every session (server shutdown). */
  closeAll(): void {
    for (const k of this.sessions.values()) this.close(k);
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** Settles when the sessions ending now have dropped their state; null when none is ending. */
  ending(): Promise<unknown> | null {
    return this.closing.size > 0 ? Promise.allSettled([...this.closing]) : null;
  }

  private close(k: KeptSession): void {
    this.sessions.delete(k.id);
    const done: Promise<void> = this.end(k.session).catch(() => {}).finally(() => this.closing.delete(done));
    this.closing.add(done);
  }

  /** Expired sessions end within a minute even when no request comes (their temporary tables go). */
  private armSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      this.sweep();
      if (this.sessions.size === 0 && this.sweeper) {
        clearInterval(this.sweeper);
        this.sweeper = null;
      }
    }, Math.max(1000, Math.min(60_000, this.limits.idleMs / 4)));
    this.sweeper.unref();
  }
}
