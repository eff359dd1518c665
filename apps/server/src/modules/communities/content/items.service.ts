import { COMMUNITY_LINKS_MAX, COMMUNITY_RULES_MAX, type CommunityLink, type CommunityRule } from '@tradedesk/contracts';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import type { CommunityAccess } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import type { ContentRepository, ItemKind, ItemRow } from './content.repository.js';
import type { CommunityLinkRow, CommunityRuleRow } from './content.table.js';

type RuleBody = { title: string; description: string };
type LinkBody = { title: string; url: string };
type ItemPatch = { title?: string | undefined; description?: string | undefined; url?: string | undefined };

const words = {
  rules: { one: 'rule', max: COMMUNITY_RULES_MAX, created: 'rule.created', updated: 'rule.updated' },
  links: { one: 'link', max: COMMUNITY_LINKS_MAX, created: 'link.created', updated: 'link.updated' },
} as const;

const toRule = (r: CommunityRuleRow): CommunityRule => ({
  id: r.id,
  title: r.title,
  description: r.description,
  position: r.position,
});
const toLink = (r: CommunityLinkRow): CommunityLink => ({
  id: r.id,
  title: r.title,
  url: r.url,
  position: r.position,
});

/**
 * Rules and links of a community (the same shape: CRUD and reorder, positions 1..n kept by every write). Anyone who
 * can see the community reads them; `manage_rules_links` writes them, each write audited in its transaction. A
 * member accepts the rules once (before their first post, comment or channel message); rules added later do not
 * ask again.
 */
export function createItemsService(deps: { db: Db; repo: ContentRepository; access: CommunityAccess; clock: Clock }) {
  const { db, repo, access, clock } = deps;

  const itemNotFound = (kind: ItemKind) =>
    communityError('COMMUNITY_ITEM_NOT_FOUND', `No ${words[kind].one} of this community has this id.`);

  /** The manager's viewer, the community row locked so concurrent writes keep positions 1..n. */
  async function manager(userId: string, communityId: string, tx: Db) {
    const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_rules_links');
    await tx.execute(sql`select 1 from communities where id = ${communityId} for update`);
    return v;
  }

  async function list(userId: string, kind: ItemKind, communityId: string) {
    await access.viewer(userId, communityId);
    return repo.items(kind, communityId);
  }

  async function create(userId: string, kind: ItemKind, communityId: string, body: RuleBody | LinkBody) {
    return inTransaction(db, async (tx) => {
      await manager(userId, communityId, tx);
      const n = await repo.countItems(kind, communityId, tx);
      if (n >= words[kind].max) {
        throw communityError(
          'COMMUNITY_LIMIT',
          `A community holds at most ${words[kind].max} ${kind}: delete one before adding another.`,
        );
      }
      const now = clock.now();
      const base = { id: newId(), communityId, title: body.title, position: n + 1, createdAt: now, updatedAt: now };
      const row: ItemRow =
        kind === 'rules'
          ? await repo.insertRule({ ...base, description: 'description' in body ? body.description : '' }, tx)
          : await repo.insertLink({ ...base, url: 'url' in body ? body.url : '' }, tx);
      await access.record(
        {
          communityId,
          actorId: userId,
          action: words[kind].created,
          summary: `Added the ${words[kind].one} "${row.title}".`,
          details: { id: row.id },
        },
        tx,
      );
      return row;
    });
  }

  async function update(userId: string, kind: ItemKind, communityId: string, id: string, patch: ItemPatch) {
    return inTransaction(db, async (tx) => {
      await manager(userId, communityId, tx);
      const found = await repo.item(kind, communityId, id, tx);
      if (!found) throw itemNotFound(kind);
      const set = {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(kind === 'rules' && patch.description !== undefined ? { description: patch.description } : {}),
        ...(kind === 'links' && patch.url !== undefined ? { url: patch.url } : {}),
      };
      const row = await repo.updateItem(kind, id, { ...set, updatedAt: clock.now() }, tx);
      await access.record(
        {
          communityId,
          actorId: userId,
          action: words[kind].updated,
          summary: `Edited the ${words[kind].one} "${row.title}" (${Object.keys(set).join(', ') || 'no changes'}).`,
          details: { id, fields: Object.keys(set) },
        },
        tx,
      );
      return row;
    });
  }

  async function remove(userId: string, kind: ItemKind, communityId: string, id: string) {
    await inTransaction(db, async (tx) => {
      await manager(userId, communityId, tx);
      const found = await repo.item(kind, communityId, id, tx);
      if (!found) throw itemNotFound(kind);
      await repo.deleteItem(kind, communityId, id, tx);
      await access.record(
        {
          communityId,
          actorId: userId,
          action: kind === 'rules' ? 'rule.deleted' : 'link.deleted',
          summary: `Deleted the ${words[kind].one} "${found.title}".`,
          details: { id },
        },
        tx,
      );
    });
  }

  /** New positions 1..n in the order of `ids`, which must name every item of the community once. */
  async function reorder(userId: string, kind: ItemKind, communityId: string, ids: string[]) {
    return inTransaction(db, async (tx) => {
      await manager(userId, communityId, tx);
      const current = await repo.items(kind, communityId, tx);
      const known = new Set(current.map((r) => r.id));
      const given = new Set(ids);
      if (given.size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
        throw communityError.onField(
          'ids',
          'COMMUNITY_REORDER_MISMATCH',
          `ids must list every ${words[kind].one} of this community exactly once (${known.size} in all).`,
        );
      }
      await repo.reorder(kind, communityId, ids, clock.now(), tx);
      await access.record(
        {
          communityId,
          actorId: userId,
          action: kind === 'rules' ? 'rules.reordered' : 'links.reordered',
          summary: `Reordered the ${kind}.`,
          details: { ids },
        },
        tx,
      );
      return repo.items(kind, communityId, tx);
    });
  }

  /** One kind's operations, answering the wire shape. */
  function kindOf<R extends ItemRow, T, B extends RuleBody | LinkBody>(kind: ItemKind, to: (row: R) => T) {
    return {
      list: async (userId: string, communityId: string) =>
        (await list(userId, kind, communityId)).map((r) => to(r as R)),
      create: async (userId: string, communityId: string, body: B) =>
        to((await create(userId, kind, communityId, body)) as R),
      update: async (userId: string, communityId: string, id: string, patch: ItemPatch) =>
        to((await update(userId, kind, communityId, id, patch)) as R),
      remove: (userId: string, communityId: string, id: string) => remove(userId, kind, communityId, id),
      reorder: async (userId: string, communityId: string, ids: string[]) =>
        (await reorder(userId, kind, communityId, ids)).map((r) => to(r as R)),
    };
  }

  return {
    rules: kindOf<CommunityRuleRow, CommunityRule, RuleBody>('rules', toRule),
    links: kindOf<CommunityLinkRow, CommunityLink, LinkBody>('links', toLink),

    /** The member accepts the rules (asked before their first post, comment or channel message). */
    async acceptRules(userId: string, communityId: string): Promise<{ rulesAcceptedAt: string }> {
      access.requireMember(await access.viewer(userId, communityId));
      const at = await repo.acceptRules(communityId, userId, clock.now());
      return { rulesAcceptedAt: at.toISOString() };
    },

    /** The access service's rules lookup: `requireWrite` asks for acceptance only when there are rules. */
    hasRules: (communityId: string, tx: Db) => repo.hasRules(communityId, tx),
  };
}
export type ItemsService = ReturnType<typeof createItemsService>;
