import type { AuthTokens, AuthUser } from '@tradedesk/contracts';
import type { UserRow } from '../users/users.service.js';
import type { IssuedSession } from './auth.service.js';

export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    status: user.status,
    twoFactorEnabled: user.privacy.twofa,
    theme: user.theme,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toAuthTokens(issued: IssuedSession): AuthTokens {
  return {
    sessionId: issued.sessionId,
    accessToken: issued.main.accessToken,
    accessExpiresAt: issued.main.accessExpiresAt.toISOString(),
    refreshToken: issued.main.refreshToken,
    refreshExpiresAt: issued.main.refreshExpiresAt.toISOString(),
    tradingAccessToken: issued.trading.accessToken,
    tradingAccessExpiresAt: issued.trading.accessExpiresAt.toISOString(),
    tradingRefreshToken: issued.trading.refreshToken,
    tradingRefreshExpiresAt: issued.trading.refreshExpiresAt.toISOString(),
  };
}

const TRACKING_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'];

/** Referral code and tracking parameters left in cookies by landing pages, bounded and cleaned. */
export function acquisitionOf(cookies: Record<string, string | undefined>) {
  const clean = (value: string | undefined, max: number) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    const v = value?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
    return v ? v.slice(0, max) : undefined;
  };
  const ref = clean(cookies.referral_code ?? cookies.ref, 64);
  const referralCode = ref && /^[A-Za-z0-9_-]+$/.test(ref) ? ref : undefined;
  const tracking: Record<string, string> = {};
  for (const key of TRACKING_KEYS) {
    const value = clean(cookies[key], 200);
    if (value) tracking[key] = value;
  }
  return { referralCode, tracking };
}
