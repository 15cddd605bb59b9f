/**
 * PostgreSQL's `hashint8extended(k, seed)` for 0 ≤ k < 2^31, bit for bit: its
 * hash_uint32_extended (Bob Jenkins' lookup3, src/common/hashfn.c). RANDSTR draws its
 * characters from it on both engines: on PostgreSQL it is a built-in C function (0.25 µs a call,
 * where a splitmix64 step in PL/pgSQL numeric arithmetic costs 6 µs).
 */
const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

function mix(a: number, b: number, c: number): [number, number, number] {
  a = (a - c) >>> 0; a = (a ^ rotl(c, 4)) >>> 0; c = (c + b) >>> 0;
  b = (b - a) >>> 0; b = (b ^ rotl(a, 6)) >>> 0; a = (a + c) >>> 0;
  c = (c - b) >>> 0; c = (c ^ rotl(b, 8)) >>> 0; b = (b + a) >>> 0;
  a = (a - c) >>> 0; a = (a ^ rotl(c, 16)) >>> 0; c = (c + b) >>> 0;
  b = (b - a) >>> 0; b = (b ^ rotl(a, 19)) >>> 0; a = (a + c) >>> 0;
  c = (c - b) >>> 0; c = (c ^ rotl(b, 4)) >>> 0; b = (b + a) >>> 0;
  return [a, b, c];
}

function final(a: number, b: number, c: number): [number, number, number] {
  c = (c ^ b) >>> 0; c = (c - rotl(b, 14)) >>> 0;
  a = (a ^ c) >>> 0; a = (a - rotl(c, 11)) >>> 0;
  b = (b ^ a) >>> 0; b = (b - rotl(a, 25)) >>> 0;
  c = (c ^ b) >>> 0; c = (c - rotl(b, 16)) >>> 0;
  a = (a ^ c) >>> 0; a = (a - rotl(c, 4)) >>> 0;
  b = (b ^ a) >>> 0; b = (b - rotl(a, 14)) >>> 0;
  c = (c ^ b) >>> 0; c = (c - rotl(b, 24)) >>> 0;
  return [a, b, c];
}

/** hashint8extended(k, seed) as an unsigned 64-bit value (PostgreSQL returns the signed bigint of the same bits). */
export function hashUint32Extended(k: number, seed: bigint): bigint {
  let a = (0x9e3779b9 + 4 + 3923095) >>> 0;
  let b = a;
  let c = a;
  const s = BigInt.asUintN(64, seed);
  if (s !== 0n) {
    a = (a + Number(s >> 32n)) >>> 0;
    b = (b + Number(s & 0xffffffffn)) >>> 0;
    [a, b, c] = mix(a, b, c);
  }
  a = (a + k) >>> 0;
  [a, b, c] = final(a, b, c);
  return (BigInt(b) << 32n) | BigInt(c);
}
