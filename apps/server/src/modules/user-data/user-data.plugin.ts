import { USER_DATA_MAX_DOCUMENTS } from '@tradedesk/contracts';
import type { AppContext } from '../../platform/context.js';
import { createUserDataRepository } from './user-data.repository.js';
import { userDataRoutes } from './user-data.routes.js';
import { createUserDataService } from './user-data.service.js';

/** The user-data store (GET/PUT/DELETE /user-data/v1/store/workspace/{name}). Mount the routes under /api. */
export function createUserDataModule(ctx: AppContext) {
  const service = createUserDataService({
    repo: createUserDataRepository(ctx.db),
    clock: ctx.clock,
    limits: { maxDocuments: USER_DATA_MAX_DOCUMENTS },
  });
  return { service, routes: userDataRoutes({ userData: service }) };
}
export type UserDataModule = ReturnType<typeof createUserDataModule>;
