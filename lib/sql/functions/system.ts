/** SYSTEM$ functions. */
import { Access } from '@/lib/access/check';
import { clientSecretsJson, isBuiltIn } from '@/lib/auth/oauth-clients';
import { lit } from '../tree/ast';
import { sqlErrors } from '../errors';
import { asKind } from '../parse';
import { types, type SfType } from '../types';
import { arity } from './arity';
import { isNullLiteral, literalNumber } from './typing';
import type { Call, FunctionDef } from './types';

/** Bytes of the smallest signed integer holding |n| (Snowflake stores fixed-point values as SB1 … SB16). */
function integerBytes(n: bigint): number {
  const abs = n < 0n ? -n : n;
  return [1, 2, 4, 8].find((b) => abs < 2n ** BigInt(8 * b - 1)) ?? 16;
}

/**
 * The physical form SYSTEM$TYPEOF shows after the type. A number constant is stored in the
 * fewest bytes its value needs (10000 is SB2); other NUMBER values in those their precision
 * needs (Snowflake decides that per micro-partition, by the data).
 */
function physicalForm(t: SfType, literal: number | null): string {
  switch (t.wire) {
    case 'fixed': {
      const unscaled = literal !== null && Number.isSafeInteger(literal * 10 ** (t.scale ?? 0)) ? BigInt(literal * 10 ** (t.scale ?? 0)) : 10n ** BigInt(t.precision ?? 38) - 1n;
      return `SB${integerBytes(unscaled)}`;
    }
    case 'real': return 'DOUBLE';
    case 'boolean': return 'SB1';
    case 'date': return 'SB4';
    case 'time': return 'SB8';
    case 'timestamp_ntz': case 'timestamp_ltz': case 'timestamp_tz': return 'SB16';
    default: return 'LOB';
  }
}

/** A constant string argument's value, or null. */
const constantString = (n: unknown): string | null => {
  const l = asKind(n, 'literal');
  return l?.literal_type === 'string' ? l.value : null;
};

/**
 * SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('<integration>'): the client id and both secrets as JSON,
 * computed here (nothing secret is stored, lib/auth/oauth-clients.ts). ACCOUNTADMIN only; the
 * name is case-sensitive, as in Snowflake. answerOnce: the statement's result is never kept.
 */
function showOAuthClientSecrets(c: Call) {
  arity(c, 1);
  const name = constantString(c.args[0]);
  if (name === null) throw sqlErrors.unsupported('SYSTEM$SHOW_OAUTH_CLIENT_SECRETS of anything but a constant integration name');
  const catalog = c.catalog.unfiltered;
  if (!Access.of(catalog, c.session.role).admin) throw sqlErrors.insufficientPrivileges(`operate on integration '${name}'`);
  const i = catalog.integrations.get(name);
  if (!i) throw sqlErrors.objectMissing('Integration', name);
  if (isBuiltIn(i)) throw sqlErrors.builtInIntegration(name, 'read the client secrets of');
  return lit(clientSecretsJson(i));
}

export const systemFunctions: FunctionDef[] = [
  { names: ['SYSTEM$SHOW_OAUTH_CLIENT_SECRETS'], sqlite: showOAuthClientSecrets, returns: () => types.varchar(), nullable: () => false, answerOnce: true },
  // The deterministic long statement (also reached by CALL SYSTEM$WAIT(n)).
  { names: ['SYSTEM$WAIT'], returns: () => types.varchar(), nullable: () => false },
  {
    // The SQL type of the argument as compiled, e.g. NUMBER(1,0)[SB1], VARCHAR(9)[LOB], NULL[LOB].
    names: ['SYSTEM$TYPEOF'],
    sqlite: (c) => {
      arity(c, 1);
      const t = c.types[0].type;
      return lit(isNullLiteral(c.args[0]) || !t ? 'NULL[LOB]' : `${t.text}[${physicalForm(t, literalNumber(c.args[0]))}]`);
    },
    returns: () => types.varchar(),
    nullable: () => false,
  },
];
