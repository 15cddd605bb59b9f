// Setup file of the `http-pg` project: the http cases that do not pass on PostgreSQL yet (issue 20
// is open for them). Each is skipped there with its reason, so `npm test` counts it as skipped and
// says so, and still runs everywhere else (sql.js). FLOE_RUN_PG_GAPS=1 runs them anyway: a case that
// passes then must leave this list. Keys: `<file> > <test name>` (describe blocks left out).
import path from 'node:path';
import { beforeEach } from 'vitest';

export const PG_KNOWN_GAPS: Record<string, string> = {
  "table-lifetimes.test.ts > temporary tables left by a crash are dropped at the next start":
    "a dead node's temporary tables are dropped after its lease ends, not at once on restart",
};

beforeEach((ctx) => {
  if (process.env.FLOE_RUN_PG_GAPS === '1') return;
  const why = PG_KNOWN_GAPS[`${path.basename(ctx.task.file.filepath)} > ${ctx.task.name}`];
  if (why) ctx.skip(`not yet on PostgreSQL: ${why}`);
});
