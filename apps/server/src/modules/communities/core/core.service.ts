import {
  COMMUNITY_CATEGORIES,
  COMMUNITY_DELETE_GRACE_DAYS,
  COMMUNITY_RESERVED_HANDLES,
  COMMUNITY_SPOTLIGHT_DAYS,
  COMMUNITY_SPOTLIGHT_SIZE,
  type Community,
  type CommunityListQuery,
  type CreateCommunityBody,
  communityHandleSchema,
  type UpdateCommunitySettingsBody,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import { isUniqueViolation } from '../../../platform/db-errors.js';
import type { PlanGate } from '../../billing/entitlements/entitlements.js';
import type { CommunityAccess } from '../communities.access.js';
import { communityError, communityNotFound } from '../communities.errors.js';
import { insertCommunity } from '../communities.store.js';
import type { CommunityRow } from '../communities.table.js';
import type { CoreRepository } from './core.repository.js';
import type { CoreView } from './core.view.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const reserved = new Set<string>(COMMUNITY_RESERVED_HANDLES);

const handleTaken = (handle: string) =>
  communityError.onField('handle', 'COMMUNITY_HANDLE_TAKEN', `The handle "${handle}" is taken: choose another.`);
const handleReserved = (handle: string) =>
  communityError.onField('handle', 'COMMUNITY_HANDLE_TAKEN', `The handle "${handle}" is reserved: choose another.`);

type Page = { page: number; limit: number };
type Settings = CommunityRow['settings'];

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const joinWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * Communities themselves (spec section 7 "/community"): the directory and the caller's lists, creation from the
 * wizard, the page by id or handle, settings, and deletion with a grace period the owner can undo. Every check is
 * the access service's; this service only says what happens once it allowed it.
 */
export function createCommunitiesService(deps: {
  db: Db;
  clock: Clock;
  access: CommunityAccess;
  repo: CoreRepository;
  view: CoreView;
  /** The plan's communities owned (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
  /** After a change of visibility: who may read its channels changed (the channels slice rechecks them). */
  onVisibilityChanged?: (communityId: string) => Promise<void>;
}) {
  const { db, clock, access, repo, view } = deps;

  const pageOf = <T>(items: T[], total: number, page: Page) => ({ items, page: page.page, limit: page.limit, total });

  async function communityFor(userId: string, id: string): Promise<Community> {
    return view.community(await access.viewer(userId, id));
  }

  return {
    async directory(userId: string, query: CommunityListQuery) {
      const found = await repo.directory(userId, clock.now(), query);
      return pageOf(found.items.map(view.summary), found.total, query);
    },

    async joined(userId: string, page: Page) {
      const found = await repo.joined(userId, clock.now(), page);
      return pageOf(found.items.map(view.summary), found.total, page);
    },

    async owned(userId: string, page: Page) {
      const found = await repo.owned(userId, clock.now(), page);
      return pageOf(found.items.map(view.summary), found.total, page);
    },

    async spotlight(userId: string) {
      const now = clock.now();
      const since = new Date(now.getTime() - COMMUNITY_SPOTLIGHT_DAYS * DAY_MS);
      const rows = await repo.spotlight(userId, now, since, COMMUNITY_SPOTLIGHT_SIZE);
      return { items: rows.map(view.summary) };
    },

    async categories() {
      const counts = await repo.categoryCounts();
      return {
        items: COMMUNITY_CATEGORIES.map((c) => ({ id: c.id, name: c.name, communities: counts.get(c.id) ?? 0 })),
      };
    },

    /** Checked as the person types in the wizard: malformed, reserved and taken handles each say why. */
    async handleAvailability(raw: string) {
      const parsed = communityHandleSchema.safeParse(raw);
      if (!parsed.success) {
        const reason = parsed.error.issues[0]?.message ?? 'handle is not valid.';
        return { handle: raw.trim().toLowerCase(), available: false, reason };
      }
      const handle = parsed.data;
      if (reserved.has(handle)) return { handle, available: false, reason: handleReserved(handle).message };
      if (await repo.handleTaken(handle)) return { handle, available: false, reason: handleTaken(handle).message };
      return { handle, available: true, reason: null };
    },

    /** The wizard's last step: the community, its built-in roles and the owner's membership, in one transaction. */
    async create(userId: string, body: CreateCommunityBody): Promise<Community> {
      const handle = body.handle;
      if (reserved.has(handle)) throw handleReserved(handle);
      const gate = await deps.entitlements?.gate(userId, 'communities_owned');
      let row: CommunityRow;
      try {
        row = await inTransaction(db, async (tx) => {
          await gate?.hold(tx, () => repo.countOwned(userId, tx));
          if (await repo.handleTaken(handle, tx)) throw handleTaken(handle);
          const created = await insertCommunity(tx, { ownerId: userId, now: clock.now(), body });
          await access.record(
            {
              communityId: created.id,
              actorId: userId,
              action: 'community.created',
              summary: `Created the ${created.visibility} community ${created.name} (@${created.handle}).`,
              details: { handle: created.handle, visibility: created.visibility },
            },
            tx,
          );
          return created;
        });
      } catch (error) {
        // Two people racing for one handle: the unique index decides, the loser hears the same 409.
        if (isUniqueViolation(error) === 'communities_handle_key') throw handleTaken(handle);
        throw error;
      }
      return communityFor(userId, row.id);
    },

    community: communityFor,

    async communityByHandle(userId: string, handle: string): Promise<Community> {
      const id = await repo.idByHandle(handle.trim().toLowerCase());
      if (!id) throw communityNotFound();
      return communityFor(userId, id);
    },

    /** Tabs Overall and Display: only the fields sent; the audit entry names those that changed. */
    async updateSettings(userId: string, id: string, body: UpdateCommunitySettingsBody): Promise<Community> {
      const v = access.requirePermission(await access.viewer(userId, id), 'manage_community');
      const c = v.community;
      // past the owner's communities_owned limit (after the owner's downgrade) a community is read-only, for
      // whoever manages it
      await deps.entitlements?.assertEditable(c.ownerId, 'communities_owned', id, () => repo.countedOwned(c.ownerId));
      const patch: Partial<CommunityRow> = {};
      const changed: string[] = [];
      if (body.name !== undefined && body.name !== c.name) {
        patch.name = body.name;
        changed.push('name');
      }
      if (body.description !== undefined && body.description !== c.description) {
        patch.description = body.description;
        changed.push('description');
      }
      if (body.categories !== undefined && !sameList(body.categories, c.categories)) {
        patch.categories = body.categories;
        changed.push('categories');
      }
      if (body.visibility !== undefined && body.visibility !== c.visibility) {
        patch.visibility = body.visibility;
        changed.push('visibility');
      }
      const settings: Settings = { ...c.settings };
      const display: Array<[keyof Settings, string, string | boolean | undefined]> = [
        ['showMemberCount', 'show_member_count', body.show_member_count],
        ['showOnlineMembers', 'show_online_members', body.show_online_members],
        ['accentColor', 'accent_color', body.accent_color],
        ['welcomeMessage', 'welcome_message', body.welcome_message],
      ];
      for (const [key, field, value] of display) {
        if (value === undefined || value === c.settings[key]) continue;
        (settings as Record<string, unknown>)[key] = value;
        patch.settings = settings;
        changed.push(field);
      }
      if (changed.length === 0) return view.community(v);
      await inTransaction(db, async (tx) => {
        await repo.update(tx, id, { ...patch, updatedAt: clock.now() });
        await access.record(
          {
            communityId: id,
            actorId: userId,
            action: 'community.updated',
            summary: `Changed the ${joinWords(changed.map((f) => f.replaceAll('_', ' ')))}.`,
            details: {
              fields: changed,
              ...(patch.visibility ? { visibility: { from: c.visibility, to: patch.visibility } } : {}),
            },
          },
          tx,
        );
      });
      if (patch.visibility) await deps.onVisibilityChanged?.(id);
      return communityFor(userId, id);
    },

    /**
     * DELETE /community/{id}: the owner types the handle; the community disappears for everyone else at once and
     * is purged after the grace period unless restored. Asking again keeps the first date.
     */
    async scheduleDeletion(userId: string, id: string, confirm: string): Promise<Community> {
      const v = access.requireOwner(await access.viewer(userId, id));
      const c = v.community;
      if (confirm.trim().toLowerCase() !== c.handle) {
        throw communityError.onField(
          'confirm',
          'COMMUNITY_CONFIRM_MISMATCH',
          `confirm must be the community handle "${c.handle}" to delete it.`,
        );
      }
      if (c.deletionScheduledFor) return view.community(v);
      const now = clock.now();
      const at = new Date(now.getTime() + COMMUNITY_DELETE_GRACE_DAYS * DAY_MS);
      const members = await inTransaction(db, async (tx) => {
        await repo.update(tx, id, { deletionScheduledFor: at, updatedAt: now });
        await access.record(
          {
            communityId: id,
            actorId: userId,
            action: 'community.deletion_scheduled',
            summary: `Scheduled the community for deletion on ${at.toISOString().slice(0, 10)}.`,
            details: { deletionScheduledFor: at.toISOString() },
          },
          tx,
        );
        return repo.memberIds(id, tx);
      });
      for (const memberId of members) {
        if (memberId === userId) continue;
        await access.notifyAccess(memberId, {
          communityId: id,
          change: 'deleted',
          message: `The community ${c.name} was deleted by its owner.`,
        });
      }
      return communityFor(userId, id);
    },

    /** POST /community/{id}/restore: the owner undoes the deletion while the grace period runs. */
    async restore(userId: string, id: string): Promise<Community> {
      const v = access.requireOwner(await access.viewer(userId, id));
      const at = v.community.deletionScheduledFor;
      if (!at) return view.community(v);
      // Past the grace period the purge owns it: it is as good as gone.
      if (at.getTime() <= clock.now().getTime()) throw communityNotFound();
      await inTransaction(db, async (tx) => {
        await repo.update(tx, id, { deletionScheduledFor: null, updatedAt: clock.now() });
        await access.record(
          {
            communityId: id,
            actorId: userId,
            action: 'community.deletion_cancelled',
            summary: 'Restored the community: it will not be deleted.',
          },
          tx,
        );
      });
      return communityFor(userId, id);
    },
  };
}
export type CommunitiesService = ReturnType<typeof createCommunitiesService>;
