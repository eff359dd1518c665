import { googleCallbackPath } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import type { UsersService } from '../../users/users.service.js';
import type { AuthService } from '../auth.service.js';
import { createFlowSealer } from './google.cookies.js';
import { googleRoutes } from './google.routes.js';
import { createGoogleSignInService } from './google.service.js';
import { createGoogleOidc } from './google-oidc.service.js';
import { createGoogleUsersService } from './google-users.service.js';

/**
 * Google sign-in (GET /api/customer/login/google and its callback). The routes always exist so the
 * API document shows them; without `config.google` they answer 404 AUTH_GOOGLE_DISABLED.
 */
export function googleSignInPlugin(
  ctx: AppContext,
  deps: { users: UsersService; auth: Pick<AuthService, 'completeSignIn'> },
): FastifyPluginAsyncZod {
  const redirectUri = `${ctx.config.publicUrl}/api${googleCallbackPath}`;
  const google = ctx.config.google;
  const service = google
    ? createGoogleSignInService({
        oidc: createGoogleOidc({ ...google, redirectUri }),
        sealer: createFlowSealer(ctx.config.secrets.jwt),
        users: createGoogleUsersService({ users: deps.users, clock: ctx.clock }),
        completeSignIn: deps.auth.completeSignIn,
        clock: ctx.clock,
      })
    : null;
  return googleRoutes({ config: ctx.config, service, redirectUri });
}
