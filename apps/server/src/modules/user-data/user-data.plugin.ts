import { CHARTING_SAVED_EVENT, USER_DATA_MAX_DOCUMENTS } from '@tradedesk/contracts';
import type { SetupQuote } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { userBusChannel } from '../../platform/ws/ws-gateway.js';
import { createManualSetupsJob } from './manual-setups.job.js';
import { createUserDataEntries } from './user-data.entries.js';
import { userDataEntriesRoutes } from './user-data.entries.routes.js';
import { createUserDataRepository } from './user-data.repository.js';
import { userDataRoutes } from './user-data.routes.js';
import { createUserDataService } from './user-data.service.js';

/** Pause between two runs of the manual setups tracker on the leader. */
export const MANUAL_SETUPS_INTERVAL_MS = 500;

/**
 * The user-data store: workspace documents (GET/PUT/DELETE /user-data/v1/store/workspace/{name}) and the fixed
 * entries (manual setups, indicator collections, recent instruments). Mount the routes under /api.
 */
export function createUserDataModule(ctx: AppContext) {
  const repo = createUserDataRepository(ctx.db);
  const service = createUserDataService({ repo, clock: ctx.clock, limits: { maxDocuments: USER_DATA_MAX_DOCUMENTS } });
  const entries = createUserDataEntries({
    repo,
    clock: ctx.clock,
    onSaved: (userId, data) => {
      // best effort: a tab that misses it still gets the 409 when it saves
      ctx.bus.publish({ channel: userBusChannel(userId), event: CHARTING_SAVED_EVENT, data }).catch(() => {});
    },
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(userDataRoutes({ userData: service }));
    await app.register(userDataEntriesRoutes({ entries }));
  };
  /** Starts the leader's tracker of manual setups on the live quotes (the market exists after this module). */
  function trackSetups(deps: {
    quote: (symbol: string, ms: number) => SetupQuote | undefined;
    log: FastifyBaseLogger;
  }) {
    const job = createManualSetupsJob({
      repo,
      clock: ctx.clock,
      bus: ctx.bus,
      quote: deps.quote,
      log: deps.log,
      intervalMs: MANUAL_SETUPS_INTERVAL_MS,
    });
    ctx.jobs.register(job.job);
    return job;
  }
  return { service, entries, routes, trackSetups };
}
export type UserDataModule = ReturnType<typeof createUserDataModule>;
