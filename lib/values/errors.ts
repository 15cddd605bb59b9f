/** Thrown by the conversion functions when input is not recognized; message mirrors Snowflake. */
export class ValueConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValueConversionError';
  }
}

/**
 * Thrown by `convertBinding` (§4.3). The API layer answers 422 with `code`, `sqlState`
 * and `message` taken verbatim from this error.
 */
export class BindingError extends Error {
  readonly code: string;
  readonly sqlState: string;
  constructor(message: string, code = '100037', sqlState = '22018') {
    super(message);
    this.name = 'BindingError';
    this.code = code;
    this.sqlState = sqlState;
  }
}
