import { Suspense } from 'react';
import { LoginForm } from '@/features/auth/login-form';

export const dynamic = 'force-dynamic';

export default function LoginPage() {
  return <main className="login-page"><Suspense><LoginForm /></Suspense></main>;
}
