import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token (session cookie, invitation link). */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
/** SHA-256 of a token: what the database keeps. */
export function sha256(value: string): string {
  // One call, no Hash object (crypto.hash, Node 21.7): computed at every authenticated request.
  return hash('sha256', value, 'hex');
}
/** A 6-digit one-time code. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
