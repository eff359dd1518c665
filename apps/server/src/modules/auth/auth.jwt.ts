import { webcrypto } from 'node:crypto';
import { type TokenKind, tokenTtl } from '@tradedesk/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../../config.js';

export type AccessClaims = { userId: string; sessionId: string; expiresAt: Date };
export type AccessCheck =
  | ({ ok: true } & AccessClaims)
  | { ok: false; reason: 'invalid' | 'expired'; sessionId?: string | undefined };

/** Seconds an `iat` may lie ahead of this process's clock (another process's clock may run a little fast). */
const CLOCK_TOLERANCE_S = 5;

/** Tokens whose signature and claims this process has checked, kept until they expire (at most this many). */
const VERIFIED_TOKENS = 4096;

type Verified = { claims: AccessClaims; iat: number; exp: number };

/** Signs and checks the short-lived JWT access tokens of both pairs (HS256, one secret per pair). */
export function createAccessTokens(secrets: AppConfig['secrets']) {
  const keys: Record<TokenKind, Uint8Array> = {
    main: new TextEncoder().encode(secrets.jwt),
    trading: new TextEncoder().encode(secrets.tradingJwt),
  };
  const ttl: Record<TokenKind, number> = { main: tokenTtl.access, trading: tokenTtl.tradingAccess };
  // The HMAC keys imported once (jose imports a raw secret again on every call otherwise).
  const cryptoKeys: Record<TokenKind, Promise<webcrypto.CryptoKey> | undefined> = {
    main: undefined,
    trading: undefined,
  };
  const cryptoKeyOf = (kind: TokenKind) => {
    cryptoKeys[kind] ??= webcrypto.subtle.importKey('raw', keys[kind], { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    return cryptoKeys[kind];
  };
  /**
   * Access tokens already checked, by their exact text (signature included) and kind: a caller sends the same
   * token for minutes, and the signature of the same bytes under the same secret stays good, so a repeat only
   * checks the times again (which a moving clock changes). Whether the session is live is not kept here: the
   * caller asks the database every time.
   */
  const verified: Record<TokenKind, Map<string, Verified>> = { main: new Map(), trading: new Map() };
  const remember = (kind: TokenKind, token: string, entry: Verified, nowSec: number) => {
    const map = verified[kind];
    if (map.size >= VERIFIED_TOKENS) {
      for (const [t, e] of map) if (e.exp <= nowSec) map.delete(t);
      if (map.size >= VERIFIED_TOKENS) map.clear();
    }
    map.set(token, entry);
  };

  return {
    async sign(kind: TokenKind, userId: string, sessionId: string, now: Date) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttl[kind];
      const token = await new SignJWT({ sid: sessionId, typ: kind })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(keys[kind]);
      return { token, expiresAt: new Date(exp * 1000) };
    },

    async verify(kind: TokenKind, token: string, now: Date): Promise<AccessCheck> {
      const nowSec = now.getTime() / 1000;
      const known = verified[kind].get(token);
      // as jose checks them: expired once `exp` is reached; never dated more than the tolerance ahead
      if (known && known.exp > Math.floor(nowSec) && known.iat <= nowSec + CLOCK_TOLERANCE_S) {
        return { ok: true, ...known.claims };
      }
      try {
        const { payload } = await jwtVerify(token, await cryptoKeyOf(kind), {
          algorithms: ['HS256'],
          currentDate: now,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (payload.typ !== kind || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') {
          return { ok: false, reason: 'invalid' };
        }
        // A correctly signed token that was issued to live longer than this server issues them (a leaked
        // secret, an old build with other lifetimes) is refused, not honoured until its far-off `exp`.
        // Dated in the future, a token of a fair lifetime would live longer too; a few seconds are allowed for
        // the clocks of several processes.
        const issuedAt = payload.iat!;
        if (payload.exp! - issuedAt > ttl[kind] || issuedAt > now.getTime() / 1000 + CLOCK_TOLERANCE_S) {
          return { ok: false, reason: 'invalid' };
        }
        const claims = { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp! * 1000) };
        // a token with a not-before time is checked in full every time (the server issues none)
        if (payload.nbf === undefined) remember(kind, token, { claims, iat: issuedAt, exp: payload.exp! }, nowSec);
        return { ok: true, ...claims };
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          // The signature was good: logout may still use the session id of an expired token.
          const sid = error.payload.sid;
          const typ = error.payload.typ;
          return { ok: false, reason: 'expired', sessionId: typ === kind && typeof sid === 'string' ? sid : undefined };
        }
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
