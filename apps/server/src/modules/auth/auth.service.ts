import { type TokenKind, tokenTtl } from '@tradedesk/contracts';
import type { AppConfig } from '../../config.js';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import { hashToken, newId, newToken } from '../../platform/ids.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { authError } from './auth.errors.js';
import { type AccessClaims, createAccessTokens } from './auth.jwt.js';
import { assertPasswordPolicy, burnPasswordCheck, hashPassword, verifyPasswordHash } from './auth.passwords.js';
import type { AuthRepository } from './auth.repository.js';
import { type SignInThrottle, throttleEmail } from './sign-in-throttle.js';
import type { TwoFactorService } from './two-factor.service.js';

export { hashPassword };

export type IssuedPair = { accessToken: string; accessExpiresAt: Date; refreshToken: string; refreshExpiresAt: Date };
/** Both token pairs of a new session; hand it to `setAuthCookies` and/or answer it to API clients. */
export type IssuedSession = { sessionId: string; userId: string; main: IssuedPair; trading: IssuedPair };
export type SessionMeta = { device: string; ip: string };
export type LoginResult =
  | { status: 'signed_in'; user: UserRow; issued: IssuedSession }
  | { status: 'two_factor_required'; challengeToken: string; expiresAt: Date };
export type RefreshResult = { kind: TokenKind; sessionId: string; userId: string; pair: IssuedPair };

const refreshTtl: Record<TokenKind, number> = { main: tokenTtl.refresh, trading: tokenTtl.tradingRefresh };
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const CHALLENGE_MAX_ATTEMPTS = 5;

/** Sessions, tokens and passwords: what login, refresh, logout and the guards are made of. */
export function createAuthService(deps: {
  repo: AuthRepository;
  users: UsersService;
  twoFactor: TwoFactorService;
  throttle: SignInThrottle;
  clock: Clock;
  bus: EventBus;
  config: Pick<AppConfig, 'secrets'>;
}) {
  const { repo, users, twoFactor, throttle, clock, bus } = deps;
  const jwt = createAccessTokens(deps.config.secrets);

  async function publishRevoked(userId: string, sessionIds: string[]): Promise<void> {
    for (const sessionId of sessionIds) {
      try {
        await bus.publish({ channel: `user:${userId}`, event: 'session.revoked', data: { sessionId } });
      } catch {
        // The row is already revoked, so the guards refuse its tokens; the push is only a courtesy.
      }
    }
  }

  async function revoke(
    userId: string,
    reason: string,
    filter?: { ids?: string[]; exceptId?: string },
  ): Promise<string[]> {
    const revoked = await repo.revokeSessions(userId, clock.now(), reason, filter);
    await publishRevoked(userId, revoked);
    return revoked;
  }

  async function issuePair(kind: TokenKind, userId: string, sessionId: string, now: Date): Promise<IssuedPair> {
    const access = await jwt.sign(kind, userId, sessionId, now);
    const refreshToken = newToken();
    const refreshExpiresAt = new Date(now.getTime() + refreshTtl[kind] * 1000);
    await repo.insertRefreshToken({
      id: newId(),
      sessionId,
      kind,
      tokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiresAt,
      createdAt: now,
    });
    return { accessToken: access.token, accessExpiresAt: access.expiresAt, refreshToken, refreshExpiresAt };
  }

  async function issueSession(userId: string, meta: SessionMeta): Promise<IssuedSession> {
    const now = clock.now();
    const sessionId = newId();
    await repo.insertSession({
      id: sessionId,
      userId,
      device: meta.device.slice(0, 200),
      ip: meta.ip.slice(0, 64),
      createdAt: now,
      lastUsedAt: now,
    });
    const main = await issuePair('main', userId, sessionId, now);
    const trading = await issuePair('trading', userId, sessionId, now);
    return { sessionId, userId, main, trading };
  }

  /** The caller of an access token whose session is live; throws the 401 to answer otherwise. */
  async function authenticateAccess(token: string | undefined, kind: TokenKind = 'main'): Promise<AccessClaims> {
    if (!token) throw authError('AUTH_REQUIRED', 'Sign in first: no access token was sent.');
    const checked = await jwt.verify(kind, token, clock.now());
    if (!checked.ok) {
      if (checked.reason === 'expired')
        throw authError('AUTH_TOKEN_EXPIRED', 'The access token has expired. Refresh it.');
      throw authError('AUTH_TOKEN_INVALID', 'The access token is not valid.');
    }
    const session = await repo.sessionLiveness(checked.sessionId);
    if (!session || session.revokedAt || session.userId !== checked.userId) {
      throw authError('AUTH_SESSION_REVOKED', 'This session was signed out.');
    }
    return { userId: checked.userId, sessionId: checked.sessionId, expiresAt: checked.expiresAt };
  }

  async function verifyPassword(userId: string, password: string): Promise<boolean> {
    const user = await users.findById(userId);
    if (!user?.passwordHash) {
      await burnPasswordCheck(password);
      return false;
    }
    return verifyPasswordHash(user.passwordHash, password);
  }

  async function revokeAllSessions(userId: string, reason = 'revoked_all'): Promise<string[]> {
    return revoke(userId, reason);
  }

  /**
   * The last step of every sign-in (password or Google): a session, or a two-factor challenge when the
   * user has a second factor, so no sign-in path skips it.
   */
  async function completeSignIn(user: UserRow, meta: SessionMeta): Promise<LoginResult> {
    if (await twoFactor.isEnabled(user.id)) {
      const now = clock.now();
      await repo.deleteExpiredChallenges(now);
      const challengeToken = newToken();
      const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
      await repo.insertChallenge({
        id: newId(),
        userId: user.id,
        tokenHash: hashToken(challengeToken),
        expiresAt,
        createdAt: now,
      });
      return { status: 'two_factor_required', challengeToken, expiresAt };
    }
    return { status: 'signed_in', user, issued: await issueSession(user.id, meta) };
  }

  return {
    issueSession,
    authenticateAccess,
    verifyPassword,
    hashPassword,
    revokeAllSessions,

    /** For handshakes that must not throw (WebSocket connect): null unless valid and live. */
    async verifyAccessToken(token: string, kind: TokenKind = 'main') {
      try {
        const { userId, sessionId } = await authenticateAccess(token, kind);
        return { userId, sessionId };
      } catch {
        return null;
      }
    },

    /**
     * Checks the password (under the account's guessing limit, whatever the address) and then the second
     * factor; only then a session exists.
     */
    async login(input: { email: string; password: string }, meta: SessionMeta): Promise<LoginResult> {
      const email = throttleEmail(input.email);
      const user = await users.findByEmail(email);
      const ok = await throttle.attemptPassword(
        email,
        meta.ip,
        async () => {
          if (user?.passwordHash) return verifyPasswordHash(user.passwordHash, input.password);
          await burnPasswordCheck(input.password);
          return false;
        },
        async () => user,
      );
      if (!ok || !user) throw authError('AUTH_BAD_CREDENTIALS', 'The email or password is incorrect.');
      if (user.status !== 'active') {
        throw authError('AUTH_NOT_ACTIVATED', 'Confirm your email address with the link we sent before signing in.');
      }
      return completeSignIn(user, meta);
    },

    completeSignIn,

    async loginTwoFactor(input: { challengeToken: string; code: string }, meta: SessionMeta): Promise<LoginResult> {
      const challenge = await repo.findChallenge(hashToken(input.challengeToken));
      if (!challenge) {
        throw authError('AUTH_CHALLENGE_INVALID', 'This sign-in step is unknown or was already used. Sign in again.');
      }
      if (challenge.expiresAt.getTime() <= clock.now().getTime()) {
        await repo.deleteChallenge(challenge.id);
        throw authError('AUTH_CHALLENGE_EXPIRED', 'This sign-in step expired after 5 minutes. Sign in again.');
      }
      const ok = await throttle.attemptCode(challenge.userId, () => twoFactor.checkCode(challenge.userId, input.code), {
        notify: true,
        recipient: () => users.findById(challenge.userId),
      });
      if (!ok) {
        const attempts = await repo.failChallenge(challenge.id);
        if (attempts >= CHALLENGE_MAX_ATTEMPTS) {
          await repo.deleteChallenge(challenge.id);
          throw authError('AUTH_CHALLENGE_EXHAUSTED', 'Too many wrong codes were entered. Sign in again.');
        }
        const left = CHALLENGE_MAX_ATTEMPTS - attempts;
        throw authError.onField(
          'code',
          'AUTH_2FA_CODE_INVALID',
          `The authentication code is wrong or was already used (${left} ${left === 1 ? 'attempt' : 'attempts'} left).`,
        );
      }
      await repo.deleteChallenge(challenge.id);
      const user = await users.getById(challenge.userId);
      return { status: 'signed_in', user, issued: await issueSession(user.id, meta) };
    },

    /** Rotates one pair. A refresh token presented twice means it leaked: the whole session dies. */
    async refresh(token: string, kind: TokenKind): Promise<RefreshResult> {
      const row = await repo.findRefreshToken(hashToken(token));
      if (!row || row.kind !== kind)
        throw authError('AUTH_REFRESH_INVALID', 'The refresh token is not valid. Sign in again.');
      const session = await repo.findSession(row.sessionId);
      if (!session || session.revokedAt) throw authError('AUTH_SESSION_REVOKED', 'This session was signed out.');
      const now = clock.now();
      const reuse = async () => {
        await revoke(session.userId, 'refresh_reused', { ids: [session.id] });
        return authError(
          'AUTH_REFRESH_REUSED',
          'The refresh token was already used, so the session was signed out for safety.',
        );
      };
      if (row.rotatedAt) throw await reuse();
      if (row.expiresAt.getTime() <= now.getTime()) {
        throw authError('AUTH_REFRESH_EXPIRED', 'The refresh token has expired. Sign in again.');
      }
      if (!(await repo.markRotated(row.id, now))) throw await reuse();
      await repo.touchSession(session.id, now);
      const pair = await issuePair(kind, session.userId, session.id, now);
      return { kind, sessionId: session.id, userId: session.userId, pair };
    },

    /** Revokes the session of the access token, or of the refresh token when the access one expired. */
    async logout(input: { accessToken?: string | undefined; refreshToken?: string | undefined }): Promise<void> {
      let sessionId: string | undefined;
      if (input.accessToken) {
        const checked = await jwt.verify('main', input.accessToken, clock.now());
        sessionId = checked.ok ? checked.sessionId : undefined;
      }
      if (!sessionId && input.refreshToken) {
        sessionId = (await repo.findRefreshToken(hashToken(input.refreshToken)))?.sessionId;
      }
      if (!sessionId) return;
      const session = await repo.findSession(sessionId);
      if (session) await revoke(session.userId, 'logout', { ids: [session.id] });
    },

    async listSessions(userId: string) {
      return repo.listLiveSessions(userId, clock.now());
    },

    /** One session of the caller (another user's id is not found) or all of them. */
    async revokeSessions(userId: string, id: string | undefined) {
      if (id === undefined) return revoke(userId, 'revoked_all');
      const session = await repo.findOwnedSession(userId, id);
      if (!session || session.revokedAt) throw authError('AUTH_SESSION_NOT_FOUND', 'The session was not found.');
      return revoke(userId, 'revoked', { ids: [id] });
    },

    /** Sets a new password after checking the current one; every other session is signed out. */
    async changePassword(userId: string, currentPassword: string, newPassword: string, keepSessionId?: string) {
      if (!(await verifyPassword(userId, currentPassword))) {
        throw authError.onField('current_password', 'AUTH_PASSWORD_INVALID', 'The current password is incorrect.');
      }
      const user = await users.getById(userId);
      const context = {
        email: user.email,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
      };
      assertPasswordPolicy(newPassword, context, 'new_password');
      await users.update(userId, { passwordHash: await hashPassword(newPassword) });
      await revoke(userId, 'password_changed', keepSessionId ? { exceptId: keepSessionId } : {});
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
