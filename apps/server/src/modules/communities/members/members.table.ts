import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';
import { communities } from '../communities.table.js';

/**
 * Legacy moderators (`/communities/{id}/moderators`): an offer of the Moderator role to a member, who approves or
 * denies it. Approving gives the role and keeps the row (status `approved`, so the list can say who added them);
 * revoking takes the role and deletes the row. Removing or banning the member deletes it too.
 */
export const communityModeratorOffers = pgTable(
  'community_moderator_offers',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offeredBy: uuid('offered_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'approved'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId], name: 'community_moderator_offers_pkey' }),
    index('community_moderator_offers_user_idx').on(t.userId),
  ],
);
export type CommunityModeratorOfferRow = typeof communityModeratorOffers.$inferSelect;
