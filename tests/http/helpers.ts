// Fixtures shared by the http tests.
import { randomBytes } from 'node:crypto';
import { ok, type Target } from './client';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ROWTYPE_KEYS = ['name', 'database', 'schema', 'table', 'type', 'scale', 'precision', 'length', 'byteLength', 'nullable', 'collation'];

export function uniqueName(prefix = 'T'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`.toUpperCase();
}

/** CREATE DATABASE <unique>; returns the context fields for it. */
export async function freshDatabase(target: Target = {}): Promise<{ database: string; schema: string }> {
  const database = uniqueName('DB');
  await ok(`CREATE DATABASE ${database}`, target);
  return { database, schema: 'PUBLIC' };
}

export function parseLink(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(/,(?=\s*<)/)) {
    const m = /<([^>]*)>\s*;\s*rel="?(\w+)"?/.exec(part);
    if (m) out[m[2]] = m[1];
  }
  return out;
}

export const partitionOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('partition'));
