import { getFloe } from '@/lib/floe';
import { otherMethods } from '@/lib/http/methods';
import { SECURITY_HEADERS } from '@/lib/http/request-policy';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** 200 once the engine is ready (the first call boots it); 503 while it cannot serve (PostgreSQL down). */
export async function GET() {
  try {
    const floe = await getFloe();
    const down = await floe.unavailable();
    if (down) return Response.json({ status: 'unavailable', message: down }, { status: 503, headers: SECURITY_HEADERS });
    // The embedded engine's journal position (a server engine has none of its own).
    const lsn = 'lsn' in floe.engine ? { lsn: floe.engine.lsn } : {};
    return Response.json({ status: 'ok', ...lsn }, { headers: SECURITY_HEADERS });
  } catch (e) {
    return Response.json({ status: 'starting', message: e instanceof Error ? e.message : String(e) }, { status: 503, headers: SECURITY_HEADERS });
  }
}

export const { POST, PUT, DELETE, PATCH } = otherMethods('GET');
