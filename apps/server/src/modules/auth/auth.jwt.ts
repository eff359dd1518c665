import { type TokenKind, tokenTtl } from '@tradedesk/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../../config.js';

export type AccessClaims = { userId: string; sessionId: string; expiresAt: Date };
export type AccessCheck =
  | ({ ok: true } & AccessClaims)
  | { ok: false; reason: 'invalid' | 'expired'; sessionId?: string | undefined };

/** Seconds an `iat` may lie ahead of this process's clock (another process's clock may run a little fast). */
const CLOCK_TOLERANCE_S = 5;

/** Signs and checks the short-lived JWT access tokens of both pairs (HS256, one secret per pair). */
export function createAccessTokens(secrets: AppConfig['secrets']) {
  const keys: Record<TokenKind, Uint8Array> = {
    main: new TextEncoder().encode(secrets.jwt),
    trading: new TextEncoder().encode(secrets.tradingJwt),
  };
  const ttl: Record<TokenKind, number> = { main: tokenTtl.access, trading: tokenTtl.tradingAccess };

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
      try {
        const { payload } = await jwtVerify(token, keys[kind], {
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
        return { ok: true, userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp! * 1000) };
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
