import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import type { AppContext } from '../../platform/context.js';
import { createDevMailboxRepository } from './dev-mailbox.repository.js';
import { devMailboxRoutes } from './dev-mailbox.routes.js';

/** The outbox is readable only where it is the mail transport and the data is not real customers'. */
export function isMailboxServed(config: Pick<AppConfig, 'smtpUrl' | 'env'>): boolean {
  return !config.smtpUrl && config.env !== 'production';
}

/** The offline default for mail: what would have been sent, viewable in the app (routes null when not served). */
export function createDevMailboxModule(ctx: AppContext): { routes: FastifyPluginAsyncZod | null } {
  if (!isMailboxServed(ctx.config)) return { routes: null };
  return { routes: devMailboxRoutes({ repo: createDevMailboxRepository(ctx.db) }) };
}
