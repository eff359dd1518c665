import type { SimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { TradingModule } from '../trading/trading.plugin.js';
import { createObjectivesService } from './objectives.service.js';
import type { NewsSource } from './prop.feed.js';
import { createPropJob } from './prop.job.js';
import { createPropRepository } from './prop.repository.js';
import { propRoutes } from './prop.routes.js';
import { createPropService } from './prop.service.js';

/** Pause between two runs of the challenge evaluation on the leader. */
export const PROP_EVALUATION_INTERVAL_MS = 500;

/**
 * Prop-firm challenges and the trader's objectives, on top of the trading module: the catalogue routes, challenge
 * accounts (opened through POST /accounts with kind prop, by the hooks it gives the accounts service), the order
 * gate of the rules, objectives, and the leader's live evaluation job. Mount the routes under /api.
 */
export function createPropModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'bus' | 'jobs'>,
  deps: {
    trading: TradingModule;
    market: SimulatedMarket;
    log: FastifyBaseLogger;
    /** Economic events near a time (the calendar's), for the news blackout rule; the market's events without it. */
    news?: NewsSource;
  },
) {
  const repo = createPropRepository(ctx.db);
  const { accounts, orders } = deps.trading;
  const props = createPropService({ repo, accounts, orders, market: deps.market, clock: ctx.clock, bus: ctx.bus, news: deps.news });
  accounts.usePropHooks(props.hooks);
  const objectives = createObjectivesService({ repo, accounts, clock: ctx.clock, onAccountChanged: props.changed });
  const job = createPropJob({
    repo,
    props,
    orders,
    market: deps.market,
    clock: ctx.clock,
    bus: ctx.bus,
    log: deps.log,
    news: deps.news,
    intervalMs: PROP_EVALUATION_INTERVAL_MS,
  });
  ctx.jobs.register(job.job);
  return { props, objectives, job, routes: propRoutes({ props, objectives }) };
}
export type PropModule = ReturnType<typeof createPropModule>;
