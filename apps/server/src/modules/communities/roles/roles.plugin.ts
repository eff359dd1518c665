import type { AppContext } from '../../../platform/context.js';
import type { CommunitySliceDeps } from '../communities.types.js';
import { createRolesRepository } from './roles.repository.js';
import { rolesRoutes } from './roles.routes.js';
import { createRolesService } from './roles.service.js';

/**
 * The roles slice of communities (issue 16 S2): roles CRUD with the hierarchy, assign and unassign, the
 * permission catalogue, the members of a role, default roles and ownership transfer. Mount `routes` under /api.
 */
export function createCommunityRoles(ctx: Pick<AppContext, 'db' | 'clock'>, deps: CommunitySliceDeps) {
  const repo = createRolesRepository(ctx.db);
  const service = createRolesService({ db: ctx.db, clock: ctx.clock, repo, access: deps.access, graph: deps.graph });
  return { service, routes: rolesRoutes({ roles: service }) };
}
export type CommunityRoles = ReturnType<typeof createCommunityRoles>;
