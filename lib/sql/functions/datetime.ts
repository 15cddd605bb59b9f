/** Date and time functions. */
import { fn } from '../compile/ast';
import { types } from '../types';
import type { FunctionDef } from './types';

export const datetimeFunctions: FunctionDef[] = [
  {
    // Pinned per statement (the journal replays it identically), in the session's time zone.
    names: ['CURRENT_TIMESTAMP', 'SYSDATE', 'GETDATE', 'LOCALTIMESTAMP'],
    kinds: ['current_timestamp'],
    args: () => [],
    sqlite: () => fn('FLOE_NOW_LTZ', []),
    returns: () => types.timestampLtz(),
    nullable: () => false,
  },
];
