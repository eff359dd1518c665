import {
  accountListQuerySchema,
  createTradingAccountBodySchema,
  errorBodySchema,
  idParamsSchema,
  knownServersQuerySchema,
  knownServersSchema,
  okSchema,
  platformTokenSchema,
  resetTradingAccountBodySchema,
  tradingAccountListSchema,
  tradingAccountSchema,
  tradingBrokerListSchema,
  tradingPlatformListSchema,
  updateTradingAccountBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { AccountsService } from './accounts.service.js';

const tags = ['trading accounts'];
const notFound = {
  404: errorBodySchema.describe('No trading account of the caller has this id (TRADING_ACCOUNT_NOT_FOUND)'),
};

/** Trading accounts (spec section 7, "Trading accounts"): every call carries the trading bearer token. */
export function accountsRoutes(deps: { accounts: AccountsService }): FastifyPluginAsyncZod {
  const { accounts } = deps;
  return async (app) => {
    const onRequest = app.authenticateTrading;

    app.get(
      '/accounts',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The caller’s trading accounts, oldest first (status all by default)',
          querystring: accountListQuerySchema,
          response: { 200: tradingAccountListSchema },
        },
      },
      async (request) => ({ accounts: await accounts.list(authOf(request).userId, request.query.status) }),
    );

    app.post(
      '/accounts',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Opens a virtual account (kind virtual), connects an existing one (kind existing), starts a prop-firm challenge (kind prop) or adds an imported account (kind imported)',
          description:
            'Virtual: currency, starting_balance (one of the offered amounts unless custom_balance), leverage, ' +
            'margin_mode; on the built-in virtual broker. Existing: logs in through the broker connector of the ' +
            'platform; without one the answer is 400 TRADING_NO_CONNECTOR. Passwords are kept encrypted. Imported: ' +
            'currency, starting_balance (0 by default), platform and broker as labels; no orders, its trades come ' +
            'from POST /trading/accounts/{id}/imports.',
          body: createTradingAccountBodySchema,
          response: {
            201: tradingAccountSchema,
            400: errorBodySchema.describe('A field is not valid, or no connector serves the platform'),
            409: errorBodySchema.describe('TRADING_ACCOUNT_LIMIT_REACHED'),
            503: errorBodySchema.describe('The platform’s server could not be reached'),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await accounts.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/accounts/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A trading account of the caller',
          params: idParamsSchema,
          response: { 200: tradingAccountSchema, ...notFound },
        },
      },
      async (request) => accounts.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/accounts/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Updates the account form: name, color (or theme), broker, type, passwords',
          body: updateTradingAccountBodySchema,
          params: idParamsSchema,
          response: { 200: tradingAccountSchema, ...notFound },
        },
      },
      async (request) => accounts.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/accounts/:id/archive',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Archives the account: kept read-only with its history, no longer active',
          params: idParamsSchema,
          response: {
            200: tradingAccountSchema,
            ...notFound,
            409: errorBodySchema.describe('TRADING_ACCOUNT_HAS_OPEN_ITEMS: positions or pending orders are open'),
          },
        },
      },
      async (request) => accounts.archive(authOf(request).userId, request.params.id),
    );

    app.delete(
      '/accounts/:id/delete',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes the account with all its orders, positions and deals',
          params: idParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await accounts.remove(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.put(
      '/accounts/:id/connect',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Makes the account the caller’s active one (logging in again through its connector)',
          params: idParamsSchema,
          response: { 200: tradingAccountSchema, ...notFound },
        },
      },
      async (request) => accounts.connect(authOf(request).userId, request.params.id),
    );

    app.put(
      '/trading/accounts/:id/refresh',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Issues a new platform token for the account; the old one stops working',
          params: idParamsSchema,
          response: { 200: platformTokenSchema, ...notFound },
        },
      },
      async (request) => accounts.refreshToken(authOf(request).userId, request.params.id),
    );

    app.post(
      '/trading/accounts/:id/reset',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Resets a virtual account: deletes every order, position and deal (needs confirm: true)',
          description: 'The balance starts again at the starting balance, or at starting_balance when given.',
          params: idParamsSchema,
          body: resetTradingAccountBodySchema,
          response: {
            200: tradingAccountSchema,
            ...notFound,
            409: errorBodySchema.describe(
              'TRADING_ACCOUNT_NOT_VIRTUAL, or PROP_CHALLENGE_ACCOUNT for a challenge account',
            ),
          },
        },
      },
      async (request) => accounts.reset(authOf(request).userId, request.params.id, request.body),
    );

    app.get(
      '/trading/platforms',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Trading platforms, each saying whether this server has a connector for it',
          response: { 200: tradingPlatformListSchema },
        },
      },
      async () => ({ platforms: accounts.platforms() }),
    );

    app.get(
      '/trading/brokers',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Brokers accounts can be opened or connected with (the built-in virtual broker first)',
          response: { 200: tradingBrokerListSchema },
        },
      },
      async () => ({ brokers: accounts.brokers() }),
    );

    app.get(
      '/middleware/accounts/known-servers',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Known trade servers, grouped by description (the broker) to server names',
          querystring: knownServersQuerySchema,
          response: { 200: knownServersSchema },
        },
      },
      async (request) => ({ data: accounts.knownServers(request.query.query, request.query.platform) }),
    );
  };
}
