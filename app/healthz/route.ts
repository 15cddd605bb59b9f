import { getFloe } from '@/lib/floe';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** 200 once the engine is ready (the first call boots it). */
export async function GET() {
  try {
    const floe = await getFloe();
    return Response.json({ status: 'ok', lsn: floe.engine.lsn });
  } catch (e) {
    return Response.json({ status: 'starting', message: e instanceof Error ? e.message : String(e) }, { status: 503 });
  }
}

export const { POST, PUT, DELETE, PATCH } = otherMethods('GET');
