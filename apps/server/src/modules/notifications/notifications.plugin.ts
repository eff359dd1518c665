import type { AppContext } from '../../platform/context.js';
import type { UsersService } from '../users/users.service.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

/**
 * The bell's notifications. Mount the routes under /api; hand `service.notify` to the modules that notify users
 * (alerts, calendar, news).
 */
export function createNotificationsModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'bus' | 'mailer' | 'config'>,
  deps: { users: UsersService; log?: { warn(obj: object, msg: string): void } },
) {
  const service = createNotificationsService({
    db: ctx.db,
    clock: ctx.clock,
    bus: ctx.bus,
    mailer: ctx.mailer,
    users: deps.users,
    publicUrl: ctx.config.publicUrl,
    log: deps.log,
  });
  return { service, routes: notificationsRoutes({ notifications: service }) };
}
export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
