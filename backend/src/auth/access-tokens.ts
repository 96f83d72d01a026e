import { createSecretKey, type KeyObject } from 'node:crypto';
import { JsonWebTokenError, JwtService } from '@nestjs/jwt';
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

/** What an access token's check answers: its claims, with the expiry every access token has. */
export type VerifiedClaims = Record<string, unknown> & { exp: number };

/** Per key (jwtKey's answer): its verifier, and the tokens it passed. */
const checkers = new WeakMap<object, { tokens: JwtService; verified: Lru<VerifiedClaims> }>();

function checkerOf(key: string) {
  let checker = checkers.get(key as unknown as object);
  if (!checker) {
    checker = {
      tokens: new JwtService({
        secret: key,
        verifyOptions: { algorithms: ['HS256'], audience: API_TOKEN_AUDIENCE },
      }),
      verified: new Lru<VerifiedClaims>(VERIFIED_TOKENS_KEPT, Number.POSITIVE_INFINITY),
    };
    checkers.set(key as unknown as object, checker);
  }
  return checker;
}

/**
 * The claims of an access token, checked as every access token is (HS256 signed with `key`,
 * `jwtKey`'s answer; for the API; unexpired). A token checked once is remembered until it
 * expires, so a client's next request costs no signature check. Throws jsonwebtoken's errors
 * (TokenExpiredError, JsonWebTokenError) for a token that does not pass.
 */
export function verifiedAccessToken(token: string, key: string): VerifiedClaims {
  const { tokens, verified } = checkerOf(key);
  const known = verified.get(token);
  if (known && Date.now() < known.exp * 1000) return known;
  const claims = tokens.verify<Record<string, unknown>>(token);
  if (typeof claims.exp !== 'number') throw new JsonWebTokenError('jwt has no expiry');
  verified.set(token, claims as VerifiedClaims);
  return claims as VerifiedClaims;
}

/**
 * Reads the login an access token belongs to, verified as the JWT guard verifies it
 * (`verifiedAccessToken`); whether the login was revoked is for the caller to check.
 */
export function accessTokenSessions(secret: string): SessionOfRequest {
  const key = jwtKey(secret);
  return (authorization) => {
    if (!authorization.startsWith('Bearer ')) return undefined;
    try {
      const { sid } = verifiedAccessToken(authorization.slice('Bearer '.length), key);
      return typeof sid === 'string' ? sid : undefined;
    } catch {
      return undefined;
    }
  };
}
