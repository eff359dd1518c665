import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { UsersService } from '../users/users.service.js';
import { profileImagesRoutes } from './profile-images.routes.js';
import { createProfileImagesService } from './profile-images.service.js';
import { settingsRoutes } from './settings.routes.js';
import { createSettingsService, type SettingsAuth } from './settings.service.js';

/**
 * Account settings (GET /customer/configuration and its PUTs, profile images, account deletion,
 * time zones). Mount the routes under /api.
 */
export function createSettingsModule(ctx: AppContext, deps: { users: UsersService; auth: SettingsAuth }) {
  let log: FastifyBaseLogger | undefined;
  const images = createProfileImagesService({
    users: deps.users,
    storage: ctx.storage,
    onCleanupError: (err, key) => log?.warn({ err, key }, 'could not delete a replaced profile image'),
  });
  const service = createSettingsService({
    users: deps.users,
    auth: deps.auth,
    images,
    forgetMail: (email) => ctx.mailer.forgetRecipient(email),
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    log = app.log;
    await app.register(settingsRoutes({ config: ctx.config, clock: ctx.clock, settings: service }));
    await app.register(profileImagesRoutes({ images, maxBytes: ctx.config.uploadMaxBytes }));
  };
  return { service, images, routes };
}
export type SettingsModule = ReturnType<typeof createSettingsModule>;
