/**
 * Where to go after signing in: only a path on this site. `next` comes from the address bar, so
 * anything that a browser could read as another origin (`//host`, `/\host`, a scheme, the same
 * spelled with escapes, control characters) falls back to the worksheet.
 */
const BASE = 'http://floe.invalid';

export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2048) return '/';
  let s = next;
  // Escapes may hide '//' or '\': every decoding of it must be a plain local path too.
  for (let i = 0; i < 3; i++) {
    if (!s.startsWith('/') || s.startsWith('//') || s.includes('\\') || /[\u0000-\u001f\u007f\s]/.test(s)) return '/';
    let decoded: string;
    try { decoded = decodeURIComponent(s); } catch { return '/'; }
    if (decoded === s) break;
    s = decoded;
  }
  const url = new URL(next, BASE);
  if (url.origin !== BASE || url.pathname.startsWith('//')) return '/';
  return url.pathname + url.search + url.hash;
}
