/**
 * Sequence values (s.NEXTVAL, IDENTITY columns). A statement reads each sequence's next value
 * from _floe_sequences once (the compiler passes it in), hands out values from memory, and its
 * last step writes the new next value back with FLOE_SEQ_SAVE. The state is per statement (the
 * replica clears it when it pins the next one), so a journal replay hands out the same values.
 */
import type { FunctionContext, ImplementationSlice } from './util';

export function sequenceFunctions(ctx: FunctionContext) {
  return {
    // FLOE_NEXTVAL(id, next value stored, increment): this statement's next value of the sequence.
    FLOE_NEXTVAL: (id: unknown, stored: unknown, increment: unknown) => {
      const key = Number(id);
      const value = ctx.sequences.get(key) ?? Number(stored);
      ctx.sequences.set(key, value + Number(increment));
      return value;
    },
    // FLOE_SEQ_SAVE(id, next value stored): the next value after this statement.
    FLOE_SEQ_SAVE: (id: unknown, stored: unknown) => ctx.sequences.get(Number(id)) ?? stored,
  } satisfies ImplementationSlice;
}
