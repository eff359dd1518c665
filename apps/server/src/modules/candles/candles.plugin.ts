import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { createCandlesRepository } from './candles.repository.js';
import { candlesRoutes } from './candles.routes.js';
import { createCandlesService } from './candles.service.js';
import { removeStaleUploads } from './candles.upload.js';

/** Folder of uploads being imported (under DATA_DIR, on the disk that has room for them). */
export const candleUploadDir = (dataDir: string) => join(dataDir, 'tmp', 'candle-imports');

/**
 * Imported candles: the upload, list and delete routes, and `findImportedBars` for the history feature. Mount
 * the routes under /api.
 */
export function createCandlesModule(ctx: Pick<AppContext, 'db' | 'bus' | 'clock' | 'config'>) {
  const service = createCandlesService({ repo: createCandlesRepository(ctx.db), bus: ctx.bus, clock: ctx.clock });
  const tmpDir = candleUploadDir(ctx.config.dataDir);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await removeStaleUploads(tmpDir, ctx.clock.now());
    await app.register(candlesRoutes({ candles: service, maxBytes: ctx.config.importMaxBytes, tmpDir }));
  };
  return { service, routes };
}
export type CandlesModule = ReturnType<typeof createCandlesModule>;
