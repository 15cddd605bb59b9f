import NextAuth from 'next-auth';
import { consoleAuthOptions } from '@/lib/http/console-session';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';

/** next-auth's endpoints (sign-in, session, CSRF, sign-out) for the console. */
async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(req as never, ctx as never, await consoleAuthOptions()) as Promise<Response>;
}

export { handler as GET, handler as POST };

export const { PUT, DELETE, PATCH } = otherMethods('GET', 'POST');
