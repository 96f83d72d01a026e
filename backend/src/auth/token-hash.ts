import { createHash, randomBytes } from 'node:crypto';

/** A new random token for a link or a cookie (256 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, so a copy of the database holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The day key of a moment (YYYY-MM-DD, UTC): clean-up jobs delete by equality on it. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
