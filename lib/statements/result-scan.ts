/**
 * RESULT_SCAN: a finished statement's stored result named for the engine, which reads its
 * partitions back as rows (lib/engine/worker/stored-rows.ts), with its original column names and
 * types. Only the statement's owner may read it (a role-restricted token: only what ran under its
 * roles); any other handle is "not found", as in Snowflake. An evicted result answers its eviction error.
 */
import type { Catalog } from '@/lib/catalog/catalog';
import { SqlError } from '@/lib/sql/errors';
import type { Session } from '@/lib/sql/session';
import { typeOfRowType } from '@/lib/sql/types';
import type { ScannedResult } from '@/lib/sql/compile';
import type { WireType } from '@/lib/values';
import type { StatementRecord } from './record';

const notFound = (handle: string) => new SqlError('000709', '02000', `Statement ${handle} not found`);

/** `rec`: the statement by that handle (this node's, or another node's fetched with its partitions into `dir`). */
export function scanResult(rec: StatementRecord | undefined, dir: string, handle: string, session: Session, catalog: Catalog): ScannedResult {
  if (!rec || rec.user !== session.user || rec.status !== 'succeeded' || !rec.result) throw notFound(handle);
  // A role-restricted token reads only what ran under a role it may use.
  if (session.roleRestriction && !(rec.role && catalog.rolesUnder(session.roleRestriction).has(rec.role))) throw notFound(handle);
  // Evicted under FLOE_MAX_RESULTS_BYTES: the statement exists, its result does not any more.
  if (rec.evicted) throw new SqlError(rec.evicted.code, rec.evicted.sqlState, rec.evicted.message);
  const result = rec.result;
  return {
    columns: result.rowType.map((e) => ({ name: e.name, type: typeOfRowType(e) })),
    rows: {
      storedRows: {
        dir,
        partitions: result.partitions.length,
        inline: result.inline,
        wires: result.rowType.map((e) => e.type as WireType),
        nullAsString: rec.nullAsString === true,
      },
    },
  };
}
