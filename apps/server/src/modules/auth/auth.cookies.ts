import type { CookieSerializeOptions } from '@fastify/cookie';
import { authCookieNames, type TokenKind, tokenTtl } from '@tradedesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { IssuedPair, IssuedSession } from './auth.service.js';

type CookieConfig = Pick<AppConfig, 'env'>;

function baseOptions(config: CookieConfig): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'strict', secure: config.env === 'production' };
}

const names = {
  main: { access: authCookieNames.access, refresh: authCookieNames.refresh },
  trading: { access: authCookieNames.tradingAccess, refresh: authCookieNames.tradingRefresh },
} as const;
const ttls = {
  main: { access: tokenTtl.access, refresh: tokenTtl.refresh },
  trading: { access: tokenTtl.tradingAccess, refresh: tokenTtl.tradingRefresh },
} as const;

/** Sets the access and refresh cookies of one pair (after a refresh only that pair changes). */
export function setPairCookies(reply: FastifyReply, kind: TokenKind, pair: IssuedPair, config: CookieConfig): void {
  const base = baseOptions(config);
  reply.setCookie(names[kind].access, pair.accessToken, { ...base, maxAge: ttls[kind].access });
  reply.setCookie(names[kind].refresh, pair.refreshToken, { ...base, maxAge: ttls[kind].refresh });
  if (kind === 'main') {
    // Readable by the SPA: it only says a session exists, never who or with what.
    reply.setCookie(authCookieNames.signedIn, '1', { ...base, httpOnly: false, maxAge: tokenTtl.refresh });
  }
}

/** Sets every auth cookie of a freshly issued session. */
export function setAuthCookies(reply: FastifyReply, issued: IssuedSession, config: CookieConfig): void {
  setPairCookies(reply, 'main', issued.main, config);
  setPairCookies(reply, 'trading', issued.trading, config);
}

/** Expires every auth cookie (sign-out, revoked session, failed refresh). */
export function clearAuthCookies(reply: FastifyReply, config: CookieConfig): void {
  const base = baseOptions(config);
  for (const name of Object.values(authCookieNames)) {
    reply.clearCookie(name, { ...base, httpOnly: name !== authCookieNames.signedIn });
  }
}

/** The bearer token of the Authorization header, if any. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The caller's main access token: `Authorization: Bearer` first, then the cookie. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  return bearerOf(request) ?? nonEmpty(request.cookies[authCookieNames.access]);
}

/**
 * The credential of a trading call: `Authorization: Bearer` (a trading access token), else the trading access
 * cookie, else the main access cookie of the same browser session.
 */
export function tradingCredentialOf(request: FastifyRequest): { token: string; kind: TokenKind } | undefined {
  const bearer = bearerOf(request);
  if (bearer) return { token: bearer, kind: 'trading' };
  const trading = nonEmpty(request.cookies[authCookieNames.tradingAccess]);
  if (trading) return { token: trading, kind: 'trading' };
  const main = nonEmpty(request.cookies[authCookieNames.access]);
  return main ? { token: main, kind: 'main' } : undefined;
}

/** A refresh token from X-Refresh-Token or the pair's cookie; `fromHeader` tells how to answer. */
export function refreshTokenOf(
  request: FastifyRequest,
  kind: TokenKind,
): { token: string; fromHeader: boolean } | undefined {
  const header = request.headers['x-refresh-token'];
  const fromHeader = nonEmpty(Array.isArray(header) ? header[0] : header);
  if (fromHeader) return { token: fromHeader, fromHeader: true };
  const cookie = nonEmpty(request.cookies[names[kind].refresh]);
  return cookie ? { token: cookie, fromHeader: false } : undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.length > 0 ? value : undefined;
}
