import type { HelpSearchHit } from '@tradedesk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { StaffModule } from '../staff/staff.plugin.js';
import type { UsersService } from '../users/users.service.js';

/** One part of the help center that the search covers: its best hits for `q` that `viewerId` may see. */
export type HelpSearchSource = {
  search(q: string, viewerId: string, limit: number): Promise<HelpSearchHit[]>;
};

/** What every help-center slice is built from. */
export type HelpCenterDeps = {
  users: UsersService;
  notifications: NotificationsService;
  /** Who is staff, and the audit log every staff action writes to. */
  staff: Pick<StaffModule, 'access' | 'audit'>;
};

/** What every help-center slice hands back to the plugin. */
export type HelpCenterSlice = {
  routes: FastifyPluginAsync;
  search?: HelpSearchSource;
  /** Stops what the slice started (an inbound mail listener). */
  close?: () => Promise<void>;
};
