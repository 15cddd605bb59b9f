/**
 * The console sign-in's own error messages, which the login form shows as they are (any other
 * failure reads "Incorrect user name or password."). Pure: the login form imports it.
 */
export const LOCKED_PREFIX = 'User temporarily locked after too many failed sign-ins.';
export const CONSOLE_DISABLED = 'Console sign-in is disabled: security integration FLOE_CONSOLE has ENABLED = FALSE. An administrator can turn it back on with ALTER SECURITY INTEGRATION FLOE_CONSOLE SET ENABLED = TRUE.';

/** What the login form says for next-auth's error code or thrown message. */
export function signInErrorText(error: string | null | undefined): string {
  if (error && (error.startsWith(LOCKED_PREFIX) || error === CONSOLE_DISABLED)) return error;
  return 'Incorrect user name or password.';
}
