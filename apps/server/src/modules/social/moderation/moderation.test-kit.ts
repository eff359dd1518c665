import type { ModerationTarget, ModerationTargetHandler, SocialNotice, SocialNotifier } from '../social.types.js';

/** A notifier that records what it was asked to send. */
export function recordingNotifier(): SocialNotifier & { sent: SocialNotice[] } {
  const sent: SocialNotice[] = [];
  return {
    sent,
    async notify(notice) {
      sent.push(notice);
    },
  };
}

type FakeItem = ModerationTarget & { hidden: boolean; hiddenFrom: Set<string> };

/**
 * An in-memory content slice: items visible to everyone except the people in `hiddenFrom` (standing for blocks or
 * private audiences) and, while moderated, everyone but their owner.
 */
export function fakeTargets(kind: string) {
  const items = new Map<string, FakeItem>();
  const calls: Array<{ id: string; hidden: boolean }> = [];
  const handler: ModerationTargetHandler = {
    async findVisible(viewerId, id) {
      const item = items.get(id);
      if (!item || item.hiddenFrom.has(viewerId) || (item.hidden && item.ownerId !== viewerId)) return null;
      return { ownerId: item.ownerId, excerpt: item.excerpt, link: item.link };
    },
    async findAny(id) {
      const item = items.get(id);
      return item ? { ownerId: item.ownerId, excerpt: item.excerpt, link: item.link } : null;
    },
    async setModerated(id, hidden) {
      calls.push({ id, hidden });
      const item = items.get(id);
      if (item) item.hidden = hidden;
    },
  };
  return {
    handler,
    calls,
    add(id: string, ownerId: string, options: { hiddenFrom?: string[] } = {}) {
      items.set(id, {
        ownerId,
        excerpt: `A ${kind} by ${ownerId.slice(0, 8)}`,
        link: `/community/${kind}s/${id}`,
        hidden: false,
        hiddenFrom: new Set(options.hiddenFrom ?? []),
      });
      return id;
    },
    isHidden: (id: string) => items.get(id)?.hidden ?? false,
    remove: (id: string) => items.delete(id),
  };
}
