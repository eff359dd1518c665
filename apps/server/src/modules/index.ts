import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { registerAiAssistant } from './ai/ai.plugin.js';
import { alertAccountFigures } from './alerts/alerts.accounts.js';
import { createAlertsModule } from './alerts/alerts.plugin.js';
import { hashPassword } from './auth/auth.passwords.js';
import { createAuthModule } from './auth/auth.plugin.js';
import { googleSignInPlugin } from './auth/google/google.plugin.js';
import { createBacktestsModule } from './backtests/backtests.plugin.js';
import { registerBilling } from './billing/billing.plugin.js';
import { createEntitlements } from './billing/entitlements/entitlements.js';
import { createBillingPlans } from './billing/plans/plans.plugin.js';
import { createCalendarModule } from './calendar/calendar.plugin.js';
import { createCandlesModule } from './candles/candles.plugin.js';
import { createChartsModule } from './charts/charts.plugin.js';
import { registerCommunities } from './communities/communities.plugin.js';
import { createComplianceModule } from './compliance/compliance.plugin.js';
import { seedBacktestDemo } from './demo/demo.backtests.js';
import { seedChartingDemo, withSeedLock } from './demo/demo.charting.js';
import { seedCommunitiesDemo } from './demo/demo.communities.js';
import { seedJournalDemo } from './demo/demo.journal.js';
import { seedPropDemo } from './demo/demo.prop.js';
import { seedDemoData } from './demo/demo.seed.js';
import { seedSocialDemo } from './demo/demo.social.js';
import { demoStrategyRefs, seedStrategiesDemo } from './demo/demo.strategies.js';
import { seedTradingDemo } from './demo/demo.trading.js';
import { createDevMailboxModule } from './dev-mailbox/dev-mailbox.plugin.js';
import { filesRoutes } from './files/files.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { registerHelpCenter } from './helpcenter/helpcenter.plugin.js';
import { createImportsModule } from './imports/imports.plugin.js';
import { createJournalModule } from './journal/journal.plugin.js';
import { createMarketModule } from './market/market.plugin.js';
import { createMarketFeedModule } from './market-feed/market-feed.plugin.js';
import { createMetricsModule } from './metrics/metrics.plugin.js';
import { createNewsModule } from './news/news.plugin.js';
import { createNotificationsModule } from './notifications/notifications.plugin.js';
import { createPropModule } from './prop/prop.plugin.js';
import { createSettingsModule } from './settings/settings.plugin.js';
import { registerSocial } from './social/social.plugin.js';
import { createStaffModule } from './staff/staff.plugin.js';
import { createStrategiesModule } from './strategies/strategies.plugin.js';
import { quotesAt } from './trading/broker.mapping.js';
import { createTradingModule } from './trading/trading.plugin.js';
import { createUserDataModule } from './user-data/user-data.plugin.js';
import { createUsersModule } from './users/users.plugin.js';
import { createWatchlistsModule } from './watchlists/watchlists.plugin.js';

/**
 * Every module of the server, wired in dependency order. A module reaches another only through
 * the service it is handed here.
 */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  options: {
    withoutAi?: boolean;
    withoutSocial?: boolean;
    withoutCommunities?: boolean;
    withoutBilling?: boolean;
    withoutHelpCenter?: boolean;
  } = {},
) {
  const users = createUsersModule(ctx);
  const auth = createAuthModule(ctx, { users: users.service });
  // who is staff and the audit log of staff actions (issue 18): handed to every module with staff actions
  const staff = createStaffModule(ctx);
  app.decorate('authenticate', auth.authenticate);
  app.decorate('authenticateOptional', auth.authenticateOptional);
  app.decorate('authenticateTrading', auth.authenticateTrading);
  app.decorate('verifyAccessToken', auth.verifyAccessToken);
  await app.register(healthRoutes(ctx), { prefix: '/api' });
  await app.register(auth.routes, { prefix: '/api' });
  await app.register(staff.routes, { prefix: '/api' });
  await app.register(googleSignInPlugin(ctx, { users: users.service, auth: auth.service }), { prefix: '/api' });
  const devMailbox = createDevMailboxModule(ctx);
  if (devMailbox.routes) await app.register(devMailbox.routes, { prefix: '/api' });
  const settings = createSettingsModule(ctx, { users: users.service, auth: auth.service });
  await app.register(settings.routes, { prefix: '/api' });
  // `notifications.service.notify(userId, input)` is how modules reach a user's bell (live, toast, e-mail).
  const notifications = createNotificationsModule(ctx, { users: users.service, log: app.log });
  await app.register(notifications.routes, { prefix: '/api' });
  await app.register(filesRoutes({ storage: ctx.storage }), { prefix: '/api' });
  // Billing plans and THE entitlement service (issue 17), before every feature module that asks it; every user
  // holds the free plan until the subscriptions slice sets its lookup (entitlements.setLookup)
  const plans = createBillingPlans(ctx);
  const entitlements = createEntitlements(ctx, { catalogue: plans.catalogue });
  app.decorate('entitlements', entitlements);
  staff.usePlans(async (userId) => {
    const { planId, planName } = await entitlements.service.effective(userId);
    return { id: planId, name: planName };
  });
  const userData = createUserDataModule(ctx);
  await app.register(userData.routes, { prefix: '/api' });
  const candles = createCandlesModule(ctx);
  app.addHook('onClose', async () => candles.service.close());
  await app.register(candles.routes, { prefix: '/api' });
  const market = createMarketModule(ctx, { candles: candles.service });
  await app.register(market.routes, { prefix: '/api' });
  // One simulated market (one set of caches) for the history routes and the live feed.
  const marketFeed = createMarketFeedModule(ctx, { log: app.log, market: market.market });
  userData.trackSetups({ quote: (symbol, ms) => quotesAt(market.market, ms).get(symbol), log: app.log });
  app.addHook('onClose', async () => marketFeed.stop());
  const charts = createChartsModule(ctx, { indicators: market.indicators, entitlements: entitlements.service });
  await app.register(charts.routes, { prefix: '/api' });
  const watchlists = createWatchlistsModule(ctx, { entitlements: entitlements.service });
  await app.register(watchlists.routes, { prefix: '/api' });
  const trading = createTradingModule(ctx, { market: market.market, log: app.log, entitlements: entitlements.service });
  await app.register(trading.routes, { prefix: '/api' });
  const calendar = createCalendarModule(ctx, { market: market.market, log: app.log });
  await app.register(calendar.routes, { prefix: '/api' });
  const prop = createPropModule(ctx, {
    trading,
    market: market.market,
    log: app.log,
    news: (ms, windowMs) => calendar.calendar.near(ms, windowMs),
  });
  await app.register(prop.routes, { prefix: '/api' });
  app.addHook('onClose', async () => prop.job.flush());
  // alerts run on the leader; in-app and e-mail delivery through the notifications
  const alerts = createAlertsModule(ctx, {
    calendar: {
      near: async (ms, windowMs) =>
        (await calendar.calendar.near(ms, windowMs)).map((e) => ({
          id: e.id,
          title: e.title,
          impact: e.impact,
          timeMs: Date.parse(e.time),
          currency: e.currency,
        })),
    },
    market: market.market,
    candles: candles.service,
    history: market.history,
    log: app.log,
    notifier: notifications.service,
    drawings: charts.drawings,
    watchlists: watchlists.service,
    accounts: trading.accounts,
    users: users.service,
    accountFigures: alertAccountFigures({
      orders: trading.orders,
      props: prop.props,
      market: market.market,
      clock: ctx.clock,
    }),
    entitlements: entitlements.service,
  });
  await app.register(alerts.routes, { prefix: '/api' });
  const imports = createImportsModule(ctx, {
    accounts: trading.accounts,
    log: app.log,
    entitlements: entitlements.service,
  });
  await app.register(imports.routes, { prefix: '/api' });
  app.addHook('onClose', async () => imports.service.flush());

  const journal = createJournalModule(ctx, {
    users: users.service,
    charts: charts.charts,
    news: (fromMs, toMs) => calendar.calendar.economic(fromMs, toMs, { impact: ['high'] }),
  });
  await app.register(journal.routes, { prefix: '/api' });
  const metrics = createMetricsModule(ctx, {
    accounts: trading.accounts,
    users: users.service,
    candles: candles.service,
    history: market.history,
    market: market.market,
    strategies: journal.annotations,
  });
  await app.register(metrics.routes, { prefix: '/api' });
  const strategies = createStrategiesModule(ctx, {
    charts: charts.charts,
    entitlements: entitlements.service,
    onCleanupError: (error, key) => app.log.warn({ err: error, key }, 'A strategy image file could not be deleted.'),
  });
  await app.register(strategies.routes, { prefix: '/api' });
  const backtests = createBacktestsModule(ctx, {
    history: market.history,
    market: market.market,
    users: users.service,
    strategies: strategies.service,
    entitlements: entitlements.service,
  });
  await app.register(backtests.routes, { prefix: '/api' });

  const compliance = createComplianceModule(ctx, { metrics: metrics.service });
  await app.register(compliance.routes, { prefix: '/api' });
  const news = createNewsModule(ctx, { log: app.log });
  await app.register(news.routes, { prefix: '/api' });

  // AI assistant (README "AI assistant"); its own tests mount its parts with fakes instead
  const ai = options.withoutAi
    ? undefined
    : await registerAiAssistant(app, ctx, {
        users: users.service,
        entitlements: entitlements.service,
        tools: {
          market: market.market,
          users: users.service,
          accounts: trading.accounts,
          trades: trading.trades,
          metrics: metrics.service,
          props: prop.props,
          history: market.history,
          indicators: market.indicators,
          calendar: calendar.calendar,
          news: news.service,
          strategies: strategies.service,
          compliance: compliance.service,
          journal: journal.journal,
          annotations: journal.annotations,
          mistakes: journal.mistakes,
          watchlists: watchlists.service,
          alerts: alerts.service,
        },
      });

  // Social community (README "Social"); its slices' tests mount their own parts
  const social = options.withoutSocial
    ? undefined
    : await registerSocial(app, ctx, {
        users: users.service,
        notifications: notifications.service,
        images: settings.images,
        accounts: trading.accounts,
        metrics: metrics.service,
        market: market.market,
        charts: charts.charts,
        staff,
      });

  // Communities (README "Communities"): built on the social graph and notifier
  const communities =
    social && !options.withoutCommunities
      ? await registerCommunities(app, ctx, {
          graph: social.graph,
          notifier: social.notifier,
          posts: social.communityPosts,
          entitlements: entitlements.service,
        })
      : undefined;

  // Billing (README "Billing"): plans, payments, subscriptions, invoices, the partner program
  const billing = options.withoutBilling
    ? undefined
    : await registerBilling(app, ctx, {
        users: users.service,
        notifications: notifications.service,
        plans,
        entitlements,
        staff,
      });

  // Help center (README "Help center and staff console"): the guide, bugs, features, announcements, tickets
  const helpCenter = options.withoutHelpCenter
    ? undefined
    : await registerHelpCenter(app, ctx, {
        users: users.service,
        notifications: notifications.service,
        staff,
      });

  if (ctx.config.seedDemo) {
    await seedDemoData({ users: users.service, hashPassword, now: () => ctx.clock.now(), log: app.log });
    await withSeedLock(ctx.database.pool, () =>
      seedChartingDemo({
        users: users.service,
        ...charts,
        watchlists: watchlists.service,
        now: () => ctx.clock.now(),
        log: app.log,
      }),
    );
    await withSeedLock(ctx.database.pool, () =>
      seedTradingDemo({
        users: users.service,
        market: market.market,
        servicesOn: trading.servicesOn,
        now: () => ctx.clock.now(),
        log: app.log,
      }),
    );
    await withSeedLock(ctx.database.pool, () =>
      seedPropDemo({
        users: users.service,
        market: market.market,
        servicesOn: trading.servicesOn,
        now: () => ctx.clock.now(),
        log: app.log,
      }),
    );
    await withSeedLock(ctx.database.pool, () =>
      seedStrategiesDemo({ users: users.service, strategies: strategies.service, log: app.log }),
    );
    await withSeedLock(ctx.database.pool, () =>
      seedBacktestDemo({
        users: users.service,
        backtests: backtests.service,
        repo: backtests.repo,
        now: () => ctx.clock.now(),
        log: app.log,
      }),
    );
    await withSeedLock(ctx.database.pool, () =>
      seedJournalDemo({
        users: users.service,
        ...journal,
        charts: charts.charts,
        market: market.market,
        demoStrategies: (userId) => demoStrategyRefs(strategies.service, userId),
        now: () => ctx.clock.now(),
        log: app.log,
      }),
    );
    if (social) {
      await withSeedLock(ctx.database.pool, () =>
        seedSocialDemo({
          users: users.service,
          social,
          market: market.market,
          servicesOn: trading.servicesOn,
          now: () => ctx.clock.now(),
          log: app.log,
        }),
      );
      if (communities) {
        await withSeedLock(ctx.database.pool, () =>
          seedCommunitiesDemo({ users: users.service, communities, posts: social.posts, log: app.log }),
        );
      }
    }
    if (ai) await ai.seedDemo();
  }
  return { billing, plans, entitlements, staff, helpCenter };
}
