/** Hashes, BASE64/HEX encodings of strings and UUID_STRING (engine: worker/functions/string-encoding.ts). */
import { engineFn, fn } from '../tree/ast';
import { integerForm } from '../tree/convert';
import { types } from '../types';
import { arity, engineCall } from './arity';
import { literalNumber, varcharOf } from './typing';
import { anyArgNullable, type FunctionDef } from './types';

/** SHA2's digest size decides the hex length: 2 characters per byte. */
const sha2Length = (bits: number | null): number => ((bits ?? 256) === 0 ? 256 : (bits ?? 256)) / 4;

export const stringEncodingFunctions: FunctionDef[] = [
  { names: ['MD5', 'MD5_HEX'], sqlite: engineCall('FLOE_MD5'), returns: () => varcharOf(32), nullable: anyArgNullable },
  // 64-bit unsigned halves of the digest: beyond int64 (and 2^53) they stay exact as decimal text.
  ...(['MD5_NUMBER_UPPER64', 'MD5_NUMBER_LOWER64'] as const).map((name): FunctionDef => ({
    names: [name],
    sqlite: (c) => { arity(c, 1); return integerForm(engineFn(`FLOE_${name}`, c.args)); },
    returns: () => types.number(38, 0),
    nullable: anyArgNullable,
  })),
  { names: ['SHA1', 'SHA1_HEX'], sqlite: engineCall('FLOE_SHA1'), returns: () => varcharOf(40), nullable: anyArgNullable },
  {
    names: ['SHA2', 'SHA2_HEX'],
    sqlite: engineCall('FLOE_SHA2'),
    returns: (_a, c) => varcharOf(c.args.length > 1 && literalNumber(c.args[1]) === null ? 128 : sha2Length(literalNumber(c.args[1]))),
    nullable: anyArgNullable,
  },
  { names: ['BASE64_ENCODE'], sqlite: engineCall('FLOE_BASE64_ENCODE'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['BASE64_DECODE_STRING'], sqlite: engineCall('FLOE_BASE64_DECODE_STRING'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['TRY_BASE64_DECODE_STRING'], sqlite: engineCall('FLOE_TRY_BASE64_DECODE_STRING'), returns: () => types.varchar() },
  { names: ['HEX_ENCODE'], sqlite: engineCall('FLOE_HEX_ENCODE'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['HEX_DECODE_STRING'], sqlite: engineCall('FLOE_HEX_DECODE_STRING'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['TRY_HEX_DECODE_STRING'], sqlite: engineCall('FLOE_TRY_HEX_DECODE_STRING'), returns: () => types.varchar() },
  {
    // Version 4 draws from the statement's seed (replayed writes get the same values); version 5
    // hashes a namespace UUID and a name.
    names: ['UUID_STRING'],
    sqlite: (c) => { arity(c, 0, 2); if (c.args.length === 1) arity(c, 2); return engineFn('FLOE_UUID_STRING', c.args); },
    returns: () => varcharOf(36),
    nullable: (a) => a.some((x) => x.nullable),
  },
];
