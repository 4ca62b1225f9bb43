// A synchronous SHA-256 proof-of-work solver for the bot-check worker. altcha-lib's own solver
// awaits crypto.subtle once per number, which is ten times slower on a busy machine; this one
// hashes `salt + n` in plain JS (salt bytes encoded once, digits appended in place). The
// server verifies the answer with altcha-lib, so both must agree: see pow-solver.test.ts.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INIT = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const W = new Uint32Array(64);
const H = new Uint32Array(8);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 of buf[0..length) into H; `buf` must have room for the padding (length + 72 bytes). */
function digestInto(buf: Uint8Array, length: number): void {
  const total = ((length + 9 + 63) >> 6) << 6;
  buf[length] = 0x80;
  buf.fill(0, length + 1, total - 8);
  const bits = length * 8;
  const hi = Math.floor(bits / 0x100000000);
  buf[total - 8] = hi >>> 24;
  buf[total - 7] = hi >>> 16;
  buf[total - 6] = hi >>> 8;
  buf[total - 5] = hi;
  buf[total - 4] = bits >>> 24;
  buf[total - 3] = bits >>> 16;
  buf[total - 2] = bits >>> 8;
  buf[total - 1] = bits;
  H.set(INIT);
  for (let offset = 0; offset < total; offset += 64) {
    for (let i = 0; i < 16; i += 1) {
      const j = offset + i * 4;
      W[i] = ((buf[j]! << 24) | (buf[j + 1]! << 16) | (buf[j + 2]! << 8) | buf[j + 3]!) >>> 0;
    }
    for (let i = 16; i < 64; i += 1) {
      const w15 = W[i - 15]!;
      const w2 = W[i - 2]!;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
    }
    let a = H[0]!, b = H[1]!, c = H[2]!, d = H[3]!, e = H[4]!, f = H[5]!, g = H[6]!, h = H[7]!;
    for (let i = 0; i < 64; i += 1) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    H[0] = H[0]! + a;
    H[1] = H[1]! + b;
    H[2] = H[2]! + c;
    H[3] = H[3]! + d;
    H[4] = H[4]! + e;
    H[5] = H[5]! + f;
    H[6] = H[6]! + g;
    H[7] = H[7]! + h;
  }
}

/** Hex SHA-256 of a UTF-8 string (used by the tests to compare with node:crypto). */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const buf = new Uint8Array(bytes.length + 72);
  buf.set(bytes);
  digestInto(buf, bytes.length);
  return Array.from(H, (x) => x.toString(16).padStart(8, '0')).join('');
}

/** The n in [start, max] with SHA-256(salt + n) === challenge (hex), or null. */
export function solveSha256(challenge: string, salt: string, max: number, start = 0): number | null {
  if (!/^[0-9a-f]{64}$/i.test(challenge)) return null;
  const target = new Uint32Array(8);
  for (let i = 0; i < 8; i += 1) target[i] = parseInt(challenge.slice(i * 8, i * 8 + 8), 16) >>> 0;
  const saltBytes = new TextEncoder().encode(salt);
  const buf = new Uint8Array(saltBytes.length + 20 + 72);
  buf.set(saltBytes);
  for (let n = start; n <= max; n += 1) {
    let len = saltBytes.length;
    const digits = String(n);
    for (let i = 0; i < digits.length; i += 1) buf[len++] = digits.charCodeAt(i);
    digestInto(buf, len);
    if (H[0] === target[0] && H[1] === target[1] && H[2] === target[2] && H[3] === target[3] && H[4] === target[4] && H[5] === target[5] && H[6] === target[6] && H[7] === target[7]) {
      return n;
    }
  }
  return null;
}
