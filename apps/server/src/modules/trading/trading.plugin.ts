import type { SimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { createAccountsRepository } from './accounts.repository.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService } from './accounts.service.js';
import { createBrokerEngine, TRIGGER_BOOK_CHANNEL } from './broker.engine.js';
import { createBrokerRepository } from './broker.repository.js';
import { type BrokerConnector, createConnectorRegistry } from './broker-connectors.js';
import { createCredentialsCipher } from './credentials.cipher.js';
import { middlewareAccountRoutes } from './middleware-accounts.routes.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';
import { tradeSharesRoutes } from './trade-shares.routes.js';
import { createTradeSharesService } from './trade-shares.service.js';
import { createTradesService } from './trades.service.js';
import { createTriggerJob } from './triggers.job.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Pause between two runs of the trigger evaluation on the leader. */
export const TRIGGER_INTERVAL_MS = 250;

/**
 * Trading: accounts (virtual on the built-in broker, or existing ones through a broker connector), and the
 * virtual broker's orders, positions and deals on the one simulated market. Opens the `account:<id>` channel
 * family (owner only) and registers the leader's trigger job. Mount the routes under /api.
 */
export function createTradingModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'bus' | 'gateway' | 'jobs'>,
  deps: {
    market: SimulatedMarket;
    log: FastifyBaseLogger;
    connectors?: readonly BrokerConnector[];
    entitlements?: PlanGate;
  },
) {
  const accountsDeps = {
    entitlements: deps.entitlements,
    repo: createAccountsRepository(ctx.db),
    cipher: createCredentialsCipher(ctx.config.secrets.brokerKey),
    connectors: createConnectorRegistry(deps.connectors),
    onHistoryGone: (accountId: string) =>
      ctx.bus.publish({ channel: TRIGGER_BOOK_CHANNEL, event: 'changed', data: { accountId } }),
    propHooks: {},
  };
  const accounts = createAccountsService({ ...accountsDeps, clock: ctx.clock });
  const repo = createBrokerRepository(ctx.db);
  const engine = createBrokerEngine({ bus: ctx.bus });
  const shared = { repo, accounts, engine, market: deps.market, clock: ctx.clock };
  const orders = createOrdersService(shared);
  /** The account and order services on another clock, over the same database and bus (the demo's replay). */
  const servicesOn = (clock: Clock) => {
    const onClock = createAccountsService({ ...accountsDeps, clock });
    return { accounts: onClock, orders: createOrdersService({ ...shared, accounts: onClock, clock }) };
  };
  const trades = createTradesService(shared);
  const shares = createTradeSharesService({ db: ctx.db, repo, accounts, clock: ctx.clock });
  const triggers = createTriggerJob({
    repo,
    engine,
    market: deps.market,
    clock: ctx.clock,
    bus: ctx.bus,
    log: deps.log,
    intervalMs: TRIGGER_INTERVAL_MS,
  });
  ctx.jobs.register(triggers.job);
  ctx.gateway.registerChannel('account', async ({ userId, rest }) => UUID.test(rest) && repo.ownsAccount(userId, rest));

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(accountsRoutes({ accounts }));
    await app.register(middlewareAccountRoutes({ accounts }));
    await app.register(ordersRoutes({ orders, trades }));
    await app.register(tradeSharesRoutes({ shares }));
  };
  return { accounts, orders, trades, triggers, routes, servicesOn };
}
export type TradingModule = ReturnType<typeof createTradingModule>;
