import {
  errorBodySchema,
  platformLoginBodySchema,
  platformTokenParamsSchema,
  tradingAccountSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { AccountsService } from './accounts.service.js';

const tags = ['trading'];
const notFound = {
  404: errorBodySchema.describe('No trading account of the caller has this platform token (TRADING_ACCOUNT_NOT_FOUND)'),
};

/** The account calls of a platform token (spec section 7, "Trading (middleware)"). */
export function middlewareAccountRoutes(deps: { accounts: AccountsService }): FastifyPluginAsyncZod {
  const { accounts } = deps;
  return async (app) => {
    const onRequest = app.authenticateTrading;

    app.post(
      '/middleware/:platformToken/accounts/login',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Logs the account in on its platform (the virtual broker always answers)',
          description:
            'A connected account logs in through its broker connector with the stored password, or with the ' +
            'password sent (kept, encrypted, when it works). A refusal leaves the account disconnected.',
          params: platformTokenParamsSchema,
          body: platformLoginBodySchema,
          response: { 200: tradingAccountSchema, ...notFound },
        },
      },
      async (request) => {
        const { userId } = authOf(request);
        const row = await accounts.platformLogin(userId, request.params.platformToken, request.body?.password);
        return (await accounts.present(userId, [row]))[0]!;
      },
    );
  };
}
