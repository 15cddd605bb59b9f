'use client';
import { signIn } from 'next-auth/react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { safeNextPath } from '@/lib/auth/safe-next';
import { signInErrorText } from '@/lib/auth/sign-in-messages';

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until hydrated the form must not submit at all: the browser's own submission would carry the
  // password (POST keeps it out of the address bar, and the disabled button blocks it entirely).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const res = await signIn('credentials', { redirect: false, username: String(form.get('username')), password: String(form.get('password')) });
    setBusy(false);
    if (!res || res.error) return setError(signInErrorText(res?.error));
    router.replace(safeNextPath(params.get('next')));
    router.refresh();
  };
  return (
    <form className="login" method="post" action="/login" onSubmit={submit}>
      <h1>Floe</h1>
      <p className="muted">Sign in to the console</p>
      <label>User <input name="username" autoComplete="username" defaultValue="ADMIN" required /></label>
      <label>Password <input name="password" type="password" autoComplete="current-password" required /></label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" className="primary" disabled={busy || !ready}>{busy ? 'Signing in…' : 'Sign in'}</button>
    </form>
  );
}
