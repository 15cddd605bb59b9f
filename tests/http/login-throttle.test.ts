// Console sign-in: repeated failures lock the user (Snowflake: 5 in a row, 15 minutes), even
// against the right password; other users are not affected.
import { expect, test } from 'vitest';
import { createUser } from './auth-keys';
import { consoleSignIn, signInError } from './console-login';

test('five wrong passwords in a row lock the user for minutes; the right one is then refused too; others sign in', { timeout: 120_000 }, async () => {
  const victim = await createUser({}, ['PUBLIC'], "PASSWORD='right-pw-1'");
  const bystander = await createUser({}, ['PUBLIC'], "PASSWORD='right-pw-2'");
  for (let i = 0; i < 5; i++) expect(await signInError(victim, `wrong-${i}`)).toBe('CredentialsSignin');
  const locked = await signInError(victim, 'right-pw-1');
  expect(locked).toMatch(/^User temporarily locked after too many failed sign-ins\. Try again in 15 minute/);
  expect((await consoleSignIn(bystander, 'right-pw-2')).accessToken).toBeTruthy();
});

test('a success resets the count: four failures, a success, four more do not lock', { timeout: 120_000 }, async () => {
  const user = await createUser({}, ['PUBLIC'], "PASSWORD='pw-reset-1'");
  // Each try from its own address: this is about the user's count, not the address's delay.
  let n = 0;
  const from = () => `198.51.100.${++n}`;
  for (let i = 0; i < 4; i++) expect(await signInError(user, 'nope', from())).toBe('CredentialsSignin');
  expect(await signInError(user, 'pw-reset-1', from())).toBeNull();
  for (let i = 0; i < 4; i++) expect(await signInError(user, 'nope', from())).toBe('CredentialsSignin');
  expect(await signInError(user, 'pw-reset-1', from())).toBeNull();
});

test('an address that keeps failing waits longer before each try (the password is not even checked sooner)', { timeout: 120_000 }, async () => {
  const users = await Promise.all([0, 1, 2, 3, 4, 5].map(() => createUser({}, ['PUBLIC'], "PASSWORD='pw-addr'")));
  const timed = async (user: string) => { const t0 = Date.now(); await signInError(user, 'nope', '203.0.113.9'); return Date.now() - t0; };
  const times: number[] = [];
  // Different users, so no lock: only the address's failures count.
  for (const u of users) times.push(await timed(u));
  // Free tries first, then 250 ms, 500 ms, 1 s: the last tries wait at least those delays.
  expect(times[4]).toBeGreaterThanOrEqual(500);
  expect(times[5]).toBeGreaterThanOrEqual(1000);
});
