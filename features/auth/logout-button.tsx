'use client';
import { signOut } from 'next-auth/react';

export function LogoutButton() {
  return <button type="button" onClick={() => void signOut({ redirect: false }).then(() => { window.location.href = '/login'; })}>Log out</button>;
}
