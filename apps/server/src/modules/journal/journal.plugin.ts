import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { ChartsService } from '../charts/charts.service.js';
import { createMetricsRepository } from '../metrics/metrics.repository.js';
import type { UsersService } from '../users/users.service.js';
import { createJournalRepository } from './journal.repository.js';
import { journalRoutes } from './journal.routes.js';
import { createJournalService } from './journal.service.js';
import { createTradeReader, type NewsOf } from './journal.trades.js';
import { createJournalAnnotationsService } from './journal-annotations.service.js';
import { journalImagesRoutes } from './journal-images.routes.js';
import { createJournalImagesService } from './journal-images.service.js';
import { createStrategyLinks } from './journal-links.repository.js';
import { createJournalMistakesService } from './journal-mistakes.service.js';

/**
 * The trading journal: days (plan, review, mood, discipline, tags, snapshots) over the closed trades of the user's
 * trading accounts (read through the metrics' reads of the trading tables, so nothing is imported), trade
 * annotations linked to the playbook (strategies), mistakes and journal images. Mount the routes under /api.
 */
export function createJournalModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage'>,
  deps: {
    users: Pick<UsersService, 'getById'>;
    charts: Pick<ChartsService, 'get' | 'list'>;
    /** High-impact economic events of a range (the calendar's), for the trades' news tags. */
    news?: NewsOf;
  },
) {
  const repo = createJournalRepository(ctx.db);
  const links = createStrategyLinks(ctx.db);
  const reader = createTradeReader({
    repo,
    trading: createMetricsRepository(ctx.db),
    links,
    storage: ctx.storage,
    news: deps.news,
  });
  const { clock, storage } = ctx;
  const journal = createJournalService({ repo, reader, users: deps.users, charts: deps.charts, storage, clock });
  const mistakes = createJournalMistakesService({ repo, clock });
  const annotations = createJournalAnnotationsService({
    repo,
    reader,
    mistakes,
    users: deps.users,
    links,
    clock,
  });
  const images = createJournalImagesService({ repo, storage, clock });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(journalRoutes({ journal, annotations, mistakes }));
    await app.register(journalImagesRoutes({ images }));
  };
  return { journal, annotations, mistakes, images, routes };
}
export type JournalModule = ReturnType<typeof createJournalModule>;
