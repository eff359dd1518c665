import { timingSafeEqual } from 'node:crypto';
import type { GoogleCallbackQuery } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import type { UserRow } from '../../users/users.service.js';
import type { IssuedSession, LoginResult, SessionMeta } from '../auth.service.js';
import { type Acquisition, type FlowSealer, googleFlowTtlMs } from './google.cookies.js';
import { googleError } from './google.errors.js';
import type { GoogleOidc } from './google-oidc.service.js';
import type { GoogleUsersService } from './google-users.service.js';

export type GoogleSignInStart = { authorizationUrl: string; flowCookie: string };
export type GoogleSignInDone =
  | { status: 'signed_in'; issued: IssuedSession; userId: string; redirectPath: string }
  | { status: 'two_factor_required'; challengeToken: string; userId: string; redirectPath: string };

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Google sign-in from start to session: the start hands out the provider URL and the sealed flow
 * cookie; the callback checks that cookie against what came back, resolves the user and opens a session.
 */
export function createGoogleSignInService(deps: {
  oidc: GoogleOidc;
  sealer: FlowSealer;
  users: GoogleUsersService;
  /** The auth service's last sign-in step: a session, or a two-factor challenge. */
  completeSignIn: (user: UserRow, meta: SessionMeta) => Promise<LoginResult>;
  clock: Clock;
}) {
  const { oidc, sealer, users, clock } = deps;

  return {
    async start(input: { redirect: string | undefined; acquisition: Acquisition }): Promise<GoogleSignInStart> {
      const { url, secrets } = await oidc.authorizationUrl();
      const flowCookie = sealer.seal({
        ...secrets,
        redirect: input.redirect ?? null,
        referralCode: input.acquisition.referralCode,
        tracking: input.acquisition.tracking,
        startedAt: clock.now().getTime(),
      });
      return { authorizationUrl: url.href, flowCookie };
    },

    /**
     * `callbackUrl` is the URL the provider sent the browser to (code, state, iss…), `query` its
     * parsed parameters, `flowCookie` what the browser still holds from the start.
     */
    async complete(input: {
      callbackUrl: URL;
      query: GoogleCallbackQuery;
      flowCookie: string | undefined;
      meta: SessionMeta;
    }): Promise<GoogleSignInDone> {
      const { query } = input;
      if (query.error) {
        throw googleError(
          'AUTH_GOOGLE_DENIED',
          query.error === 'access_denied'
            ? 'Google sign-in was cancelled.'
            : `Google sign-in was not completed (${query.error.slice(0, 64)}).`,
        );
      }
      const flow = sealer.open(input.flowCookie);
      if (!flow) {
        throw googleError('AUTH_GOOGLE_STATE_INVALID', 'No Google sign-in was started in this browser. Start again.');
      }
      const age = clock.now().getTime() - flow.startedAt;
      if (age < 0 || age > googleFlowTtlMs) {
        throw googleError('AUTH_GOOGLE_STATE_INVALID', 'The Google sign-in took longer than 10 minutes. Start again.');
      }
      if (!query.state || !sameText(query.state, flow.state)) {
        throw googleError(
          'AUTH_GOOGLE_STATE_INVALID',
          'The answer from Google does not match the sign-in started in this browser. Start again.',
        );
      }
      if (!query.code)
        throw googleError('AUTH_GOOGLE_EXCHANGE_FAILED', 'The answer from Google has no authorization code.');

      const identity = await oidc.exchange(input.callbackUrl, flow);
      const user = await users.resolve(identity, { referralCode: flow.referralCode, tracking: flow.tracking });
      const result = await deps.completeSignIn(user, input.meta);
      const redirectPath = flow.redirect ?? '/';
      if (result.status === 'two_factor_required') {
        return { status: 'two_factor_required', challengeToken: result.challengeToken, userId: user.id, redirectPath };
      }
      return { status: 'signed_in', issued: result.issued, userId: user.id, redirectPath };
    },
  };
}
export type GoogleSignInService = ReturnType<typeof createGoogleSignInService>;
