import { notificationDefaults } from '@tradedesk/contracts';
import type { SimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { type AlertBars, createAlertBars } from './alerts.bars.js';
import {
  ALERTS_BOOK_CHANNEL,
  type AlertAccountFigures,
  type AlertCalendar,
  type AlertNotifier,
  createAlertsEvaluator,
} from './alerts.evaluator.js';
import { createAlertsRepository } from './alerts.repository.js';
import { alertsRoutes } from './alerts.routes.js';
import { type AlertOwnershipDeps, createAlertsService } from './alerts.service.js';
import { createAlertWebhooks, type WebhookPost } from './alerts.webhooks.js';

/**
 * Alerts: the routes (GET/POST /alerts, GET/PUT/DELETE /alerts/{id}, GET /alerts/{id}/log) and two leader jobs,
 * `alert-evaluation` and `alert-webhooks`, every `config.alertsIntervalMs` (ALERTS_INTERVAL_MS, default 1 s).
 * In-app and e-mail delivery go through `notifier` (the notifications module's `notify`); the calendar and the
 * account figures are optional (their alerts wait until they are wired). Mount the routes under /api.
 */
export function createAlertsModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'bus' | 'jobs' | 'config'>,
  deps: AlertOwnershipDeps & {
    market: SimulatedMarket;
    log: FastifyBaseLogger;
    notifier: AlertNotifier;
    watchlists: AlertOwnershipDeps['watchlists'] & {
      get(userId: string, id: string): Promise<{ id: string; symbols: { ticker: string }[] }>;
    };
    users: {
      getById(
        id: string,
      ): Promise<{ notifications: Record<string, boolean>; timeZone: string; timeFormat: '24h' | '12h' }>;
    };
    calendar?: AlertCalendar;
    accountFigures?: AlertAccountFigures;
    /**
     * The candles module and the market history: alerts read the bars each user's chart shows (their imports in
     * place of the simulator's). Without them, the simulated market's.
     */
    candles?: Parameters<typeof createAlertBars>[0]['candles'];
    history?: Parameters<typeof createAlertBars>[0]['history'];
    /** Tests swap the HTTP client of the webhooks. */
    webhookPost?: WebhookPost;
    entitlements?: PlanGate;
  },
) {
  const repo = createAlertsRepository(ctx.db);
  const intervalMs = ctx.config.alertsIntervalMs;
  const bars: AlertBars | undefined =
    deps.candles && deps.history
      ? createAlertBars({ market: deps.market, candles: deps.candles, history: deps.history })
      : undefined;
  /** The price the user's chart shows now: what a new or re-armed alert measures its crosses from. */
  const price = async (userId: string, symbol: string, interval: string, ms: number) => {
    try {
      const feed = await bars?.feed(userId, symbol, interval);
      return feed ? await feed.price(ms) : deps.market.quote(symbol, ms).mid;
    } catch {
      return undefined;
    }
  };
  const service = createAlertsService({
    repo,
    clock: ctx.clock,
    drawings: deps.drawings,
    watchlists: deps.watchlists,
    accounts: deps.accounts,
    price,
    changed: (alertId) => ctx.bus.publish({ channel: ALERTS_BOOK_CHANNEL, event: 'changed', data: { alertId } }),
    entitlements: deps.entitlements,
  });
  const webhooks = createAlertWebhooks({
    repo,
    clock: ctx.clock,
    log: deps.log,
    intervalMs,
    allowPrivate: ctx.config.alertsWebhookPrivate,
    ...(deps.webhookPost ? { post: deps.webhookPost } : {}),
  });
  const evaluator = createAlertsEvaluator({
    repo,
    clock: ctx.clock,
    bus: ctx.bus,
    log: deps.log,
    market: deps.market,
    notifier: deps.notifier,
    webhooks,
    drawings: deps.drawings,
    watchlists: deps.watchlists,
    bars,
    calendar: deps.calendar,
    accounts: deps.accountFigures,
    async emailAllowed(userId) {
      const user = await deps.users.getById(userId);
      return user.notifications.email_alerts ?? notificationDefaults.email_alerts;
    },
    async userClock(userId) {
      const user = await deps.users.getById(userId);
      return { timeZone: user.timeZone, timeFormat: user.timeFormat };
    },
    intervalMs,
  });
  ctx.jobs.register(evaluator.job);
  ctx.jobs.register(webhooks.job);
  return { service, evaluator, webhooks, routes: alertsRoutes({ alerts: service }) };
}
export type AlertsModule = ReturnType<typeof createAlertsModule>;
