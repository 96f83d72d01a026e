import { createSecretKey, type KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Lru } from '../common/read-cache/lru';
import type { SessionOfRequest } from '../common/read-cache/response-cache';

const keys = new Map<string, KeyObject>();

/**
 * The HS256 secret as a key object. Given a string, jsonwebtoken tries it as a PEM key first on
 * every sign and verify, which costs more than the signature itself. Typed as the libraries'
 * option types say (string), which they pass to jsonwebtoken unchanged.
 */
export function jwtKey(secret: string): string {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key as unknown as string;
}

/** The audience of access tokens: other tokens signed with the same secret are not API tokens. */
export const API_TOKEN_AUDIENCE = 'api';

/** How many verified access tokens each process remembers (a client sends its token again). */
const VERIFIED_TOKENS_KEPT = 2000;

/**
 * Reads the login an access token belongs to, verified as the JWT guard verifies it (signature,
 * expiry, audience); whether the login was revoked is for the caller to check. A token verified
 * once is remembered until it expires, so a client's next request costs no signature check.
 */
export function accessTokenSessions(secret: string): SessionOfRequest {
  const tokens = new JwtService({
    secret: jwtKey(secret),
    verifyOptions: { algorithms: ['HS256'], audience: API_TOKEN_AUDIENCE },
  });
  const verified = new Lru<{ session: string; expiresAtMs: number }>(
    VERIFIED_TOKENS_KEPT,
    Number.POSITIVE_INFINITY,
  );
  return (authorization) => {
    if (!authorization.startsWith('Bearer ')) return undefined;
    const token = authorization.slice('Bearer '.length);
    const known = verified.get(token);
    if (known) return Date.now() < known.expiresAtMs ? known.session : undefined;
    try {
      const claims = tokens.verify<{ sid?: unknown; exp?: number }>(token);
      if (typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return undefined;
      verified.set(token, { session: claims.sid, expiresAtMs: claims.exp * 1000 });
      return claims.sid;
    } catch {
      return undefined;
    }
  };
}
