/**
 * What the browser remembers of each worksheet (localStorage, so a reload or a visit to another
 * page finds it again): its last run (the text sent, where it started in the editor, its
 * handle: the result itself stays on the server for 24 h) and its kept session's id.
 * Pure over a Storage-like object; bounded to the most recent MAX_SHEETS worksheets.
 */
export interface RememberedRun { sent: string; start: number; startedAt: number; handle: string; multi: boolean }

interface Memory { runs: Record<string, RememberedRun>; sessions: Record<string, string> }

const KEY = 'floe.worksheetRuns';
const MAX_SHEETS = 50;
/** Results live FLOE_RESULT_RETENTION_HOURS (24 h by default); an older handle is only noise. */
const MAX_AGE_MS = 24 * 3600_000;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read(store: Store): Memory {
  try {
    const m = JSON.parse(store.getItem(KEY) ?? '{}') as Partial<Memory>;
    return { runs: m.runs ?? {}, sessions: m.sessions ?? {} };
  } catch {
    return { runs: {}, sessions: {} };
  }
}

function write(store: Store, m: Memory, now: number): void {
  const runs = Object.entries(m.runs).filter(([, r]) => now - r.startedAt < MAX_AGE_MS).sort(([, a], [, b]) => b.startedAt - a.startedAt).slice(0, MAX_SHEETS);
  // (Most recently set last: see rememberSession.)
  const sessions = Object.entries(m.sessions).slice(-MAX_SHEETS);
  try {
    store.setItem(KEY, JSON.stringify({ runs: Object.fromEntries(runs), sessions: Object.fromEntries(sessions) }));
  } catch {
    // Storage full or disabled: the worksheet simply does not remember.
  }
}

export const rememberedRuns = (store: Store, now = Date.now()): Record<string, RememberedRun> =>
  Object.fromEntries(Object.entries(read(store).runs).filter(([, r]) => now - r.startedAt < MAX_AGE_MS));

export function rememberRun(store: Store, sheetId: string, run: RememberedRun, now = Date.now()): void {
  const m = read(store);
  m.runs[sheetId] = run;
  write(store, m, now);
}

export const sessionOf = (store: Store, sheetId: string): string | undefined => read(store).sessions[sheetId];

export function rememberSession(store: Store, sheetId: string, session: string | null, now = Date.now()): void {
  const m = read(store);
  delete m.sessions[sheetId];
  if (session) m.sessions[sheetId] = session;
  write(store, m, now);
}
