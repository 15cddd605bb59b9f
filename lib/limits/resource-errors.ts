/**
 * The errors a statement or request gets when it reaches one of Floe's resource limits. One
 * table, so that every path (engine, storage, results, objects) answers the same code for the
 * same bound. Codes are Floe's own (Snowflake has no such bounds); sqlStates are SQL's class 53/54
 * (insufficient resources / program limit exceeded) and 58 (system error).
 */

export type ResourceLimit = 'disk' | 'databaseSize' | 'statementMemory' | 'resultEvicted' | 'objectSize' | 'io';

export interface ResourceError {
  code: string;
  sqlState: string;
  message: string;
}

const TABLE: Record<ResourceLimit, { code: string; sqlState: string; prefix: string }> = {
  disk: { code: '300001', sqlState: '53100', prefix: 'Disk space limit reached' },
  databaseSize: { code: '300002', sqlState: '53400', prefix: 'Database size limit reached' },
  statementMemory: { code: '300003', sqlState: '53200', prefix: 'Statement memory limit reached' },
  resultEvicted: { code: '300004', sqlState: '53400', prefix: 'Result no longer available' },
  objectSize: { code: '300005', sqlState: '54000', prefix: 'Object size limit reached' },
  io: { code: '300006', sqlState: '58030', prefix: 'Storage I/O error' },
};

/** `detail` names the bound and its setting, e.g. "2147483648 bytes (FLOE_MAX_DATABASE_BYTES)". */
export function resourceError(limit: ResourceLimit, detail: string): ResourceError {
  const t = TABLE[limit];
  return { code: t.code, sqlState: t.sqlState, message: `${t.prefix}: ${detail}` };
}

export const resourceCode = (limit: ResourceLimit): string => TABLE[limit].code;
