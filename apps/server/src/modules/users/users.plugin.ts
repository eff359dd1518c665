import type { AppContext } from '../../platform/context.js';
import { createUsersRepository } from './users.repository.js';
import { createUsersService } from './users.service.js';

/** Users has no routes of its own: auth and settings serve them. */
export function createUsersModule(ctx: AppContext) {
  const service = createUsersService({ repo: createUsersRepository(ctx.db), clock: ctx.clock });
  return { service };
}
