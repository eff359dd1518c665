import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import type { CommunitySliceDeps } from '../communities.types.js';
import { createInvitesRepository } from './invites.repository.js';
import { invitesRoutes } from './invites.routes.js';
import { createInvitesService } from './invites.service.js';
import { createMembersRepository } from './members.repository.js';
import { membersRoutes } from './members.routes.js';
import { createMembersService } from './members.service.js';
import { moderatorsRoutes } from './moderators.routes.js';
import { createModeratorsService } from './moderators.service.js';

/**
 * The members slice of communities (issue 16, S3): members, removal, bans, invites (to a person and links, preview
 * and accept), the audit log and the legacy moderators offers. Mount `routes` under /api.
 */
export function createCommunityMembers(ctx: Pick<AppContext, 'db' | 'clock' | 'storage'>, deps: CommunitySliceDeps) {
  const { db, clock } = ctx;
  const repo = createMembersRepository(db);
  const urlOf = (key: string | null) => (key ? ctx.storage.url(key) : null);
  const common = { db, clock, access: deps.access, graph: deps.graph };
  const members = createMembersService({ ...common, repo });
  const invites = createInvitesService({
    ...common,
    repo: createInvitesRepository(db),
    members: repo,
    notifier: deps.notifier,
    urlOf,
  });
  const moderators = createModeratorsService({ ...common, repo, notifier: deps.notifier });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(membersRoutes({ members }));
    await app.register(invitesRoutes({ invites }));
    await app.register(moderatorsRoutes({ moderators }));
  };
  return { members, invites, moderators, routes };
}
export type CommunityMembers = ReturnType<typeof createCommunityMembers>;
