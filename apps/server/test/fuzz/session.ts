import type { FastifyInstance } from 'fastify';
import { cookieHeader, cookiesOf, type SignedInUser, signUpAndLogin } from '../auth-helpers.js';
import type { AuthMode } from './draft.js';

/**
 * The signed-in caller of the fuzz run. Some routes end sessions when a case happens to be valid enough
 * (sign-out, sign-out everywhere, a refresh token presented twice, a deleted account): after every
 * signed-in case the session is checked, and signed in again (or a new user made) when it ended, so one
 * destructive route never turns the rest of the run into signed-out requests.
 */
export class FuzzSession {
  /** The cases that ended the session, for the report (`route: label`). */
  readonly endedBy: string[] = [];
  private loginCount = 0;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly origin: string,
    private user: SignedInUser,
  ) {}

  static async start(app: FastifyInstance, publicUrl: string): Promise<FuzzSession> {
    return new FuzzSession(app, new URL(publicUrl).origin, await signUpAndLogin(app));
  }

  /** The headers that sign a request in: a bearer token, or the cookies with a same-site Origin as a browser sends. */
  headers(mode: AuthMode): Record<string, string> {
    if (mode === 'bearer') return { ...this.user.auth };
    if (mode === 'cookie') return { cookie: this.user.cookie, origin: this.origin, 'sec-fetch-site': 'same-origin' };
    return {};
  }

  /** Checks the session after a signed-in case; signs in again when that case ended it. */
  async keepAlive(endedBy: string): Promise<void> {
    const check = await this.app.inject({
      method: 'POST',
      url: '/api/customer/verify',
      headers: this.user.auth,
      payload: {},
    });
    if (check.statusCode === 200) return;
    this.endedBy.push(endedBy);
    await this.signInAgain();
  }

  private async signInAgain(): Promise<void> {
    this.loginCount++;
    const login = await this.app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: this.user.email, password: this.user.password, return_tokens: true },
      // a loopback address of its own, so the sign-in rate limit of one address is not spent by the run
      remoteAddress: `127.250.${Math.floor(this.loginCount / 250) % 250}.${(this.loginCount % 250) + 1}`,
    });
    const tokens = login.statusCode === 200 ? (login.json() as { tokens?: Record<string, string> }).tokens : undefined;
    if (!tokens?.accessToken) {
      // the account itself is gone or no longer accepts the password: carry on with a new one
      this.user = await signUpAndLogin(this.app);
      return;
    }
    this.user = {
      ...this.user,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? '',
      tradingAccessToken: tokens.tradingAccessToken ?? '',
      tradingRefreshToken: tokens.tradingRefreshToken ?? '',
      cookie: cookieHeader(cookiesOf(login)),
      auth: { authorization: `Bearer ${tokens.accessToken}` },
    };
  }
}
