/** Context functions: answered at compile time from the session (CURRENT_DATABASE() …). */
import floePackage from '@/package.json';
import { lit } from '../compile/ast';
import { integerArg, lastQueryId } from '../compile/virtual-tables';
import { sqlErrors } from '../errors';
import { types } from '../types';
import type { Call, FunctionDef } from './types';

const constant = (names: string[], value: (c: Call) => string | null): FunctionDef => ({
  names,
  sqlite: (c) => lit(value(c)),
  returns: () => types.varchar(),
  nullable: (_a, c) => value(c) === null,
});

export const sessionFunctions: FunctionDef[] = [
  constant(['CURRENT_DATABASE'], (c) => c.session.database),
  constant(['CURRENT_SCHEMA'], (c) => c.session.schema),
  constant(['CURRENT_ROLE'], (c) => c.session.role),
  constant(['CURRENT_WAREHOUSE'], (c) => c.session.warehouse),
  constant(['CURRENT_USER'], (c) => c.session.user),
  constant(['CURRENT_ACCOUNT'], () => process.env.FLOE_ACCOUNT?.toUpperCase() || 'FLOE'),
  // One local server: no cloud region. Clients that read these only check they answer.
  constant(['CURRENT_REGION'], () => 'LOCAL'),
  constant(['CURRENT_VERSION'], () => floePackage.version),
  constant(['CURRENT_SESSION'], (c) => c.session.id),
  constant(['CURRENT_STATEMENT'], (c) => c.statementId),
  constant(['LAST_QUERY_ID'], (c) => {
    const n = c.args.length === 0 ? -1 : integerArg(c.args[0]);
    if (n === undefined) throw sqlErrors.invalidValue('LAST_QUERY_ID expects an integer constant');
    return lastQueryId(c.session, n);
  }),
];
