/**
 * What the base layer's builders need to know of the engine being compiled for, read as one
 * flag rather than passed through every rule: whether the engine's numbers are exact natively
 * (PostgreSQL's numeric) or NUMBER values may be stored as decimal text (SQLite, whose exact
 * paths go through the FLOE_DEC_* engine functions). Set for the duration of one statement's
 * compile (compileStatement; compiles are synchronous, one at a time per thread).
 */
let nativeExact = false;

/** Numbers are exact in the engine: arithmetic, comparison and ordering of NUMBER are plain SQL. */
export const exactNumbersNative = (): boolean => nativeExact;

export function withEngineTraits<T>(traits: { exactNumbers: boolean }, compile: () => T): T {
  const before = nativeExact;
  nativeExact = traits.exactNumbers;
  try {
    return compile();
  } finally {
    nativeExact = before;
  }
}
