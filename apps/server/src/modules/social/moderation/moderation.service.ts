import type {
  ModerationAction,
  ModerationItem,
  ModerationQueue,
  ModerationQueueQuery,
  ModerationResolution,
  ReportBody,
  ReportReason,
  ReportResult,
  ReportTargetKind,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { StaffAccess } from '../../staff/staff.access.js';
import type { StaffAudit } from '../../staff/staff.audit.js';
import type { ModerationRegistry, ModerationTargetHandler, SocialNotifier } from '../social.types.js';
import { notReported, ownTarget, staffOnly, targetNotFound } from './moderation.errors.js';
import type { ModerationRepository, ReportGroup, TargetKey } from './moderation.repository.js';

/** Reports shown per item in the queue. */
const REPORTS_SHOWN = 20;

const nounOf: Record<ReportTargetKind, string> = {
  post: 'post',
  comment: 'comment',
  article: 'article',
  article_comment: 'comment',
  message: 'message',
  profile: 'profile',
};

/**
 * Reports and the staff queue. Content slices register a ModerationTargetHandler per kind; `report()` records one
 * report per reporter and item and, once `hideThreshold` distinct people have open reports on it, hides it
 * (pending review) through the handler. Staff hide, restore, warn (the owner is notified with the reason) or
 * dismiss; each closes the item's open reports and is kept in its history. The owner is told when their item is
 * hidden by staff, warned about, and shown again (a restore, or a dismiss that ends an automatic hide).
 */
export function createModerationService(deps: {
  repo: ModerationRepository;
  clock: Clock;
  notifier: SocialNotifier;
  /** Distinct open reporters that hide an item automatically (SOCIAL_REPORT_HIDE_THRESHOLD). */
  hideThreshold: number;
  /** Who is staff (modules/staff): the one answer every module asks. */
  access: Pick<StaffAccess, 'isStaff'>;
  /** The staff audit log: every hide, restore, warning and dismissal is written to it. */
  audit: Pick<StaffAudit, 'record'>;
}) {
  const { repo, clock, notifier } = deps;
  const handlers = new Map<ReportTargetKind, ModerationTargetHandler>();

  function handlerOf(kind: ReportTargetKind): ModerationTargetHandler | undefined {
    return handlers.get(kind);
  }

  const isStaff = (userId: string) => deps.access.isStaff(userId);

  async function assertStaff(userId: string): Promise<void> {
    if (!(await isStaff(userId))) throw staffOnly();
  }

  async function hidden(key: TargetKey): Promise<boolean> {
    const last = await repo.lastVisibilityAction(key);
    return last === 'auto_hide' || last === 'hide';
  }

  async function items(groups: ReportGroup[]): Promise<ModerationItem[]> {
    const [reports, actions] = await Promise.all([repo.reportsOf(groups), repo.actionsOf(groups)]);
    return Promise.all(
      groups.map(async (g) => {
        const same = (r: { kind: string; targetId: string }) => r.kind === g.kind && r.targetId === g.targetId;
        const mine = reports.filter(same);
        const history = actions.filter(same);
        const lastVisibility = history.filter((a) => a.action !== 'warn' && a.action !== 'dismiss').at(-1);
        const isHidden = lastVisibility?.action === 'auto_hide' || lastVisibility?.action === 'hide';
        const target = (await handlerOf(g.kind)?.findAny(g.targetId)) ?? null;
        const reasons: Record<string, number> = {};
        for (const r of mine) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
        return {
          kind: g.kind,
          targetId: g.targetId,
          target,
          hidden: isHidden,
          pendingReview: lastVisibility?.action === 'auto_hide' && g.openReports > 0,
          openReports: g.openReports,
          totalReports: g.totalReports,
          reasons,
          firstReportedAt: g.firstReportedAt.toISOString(),
          lastReportedAt: g.lastReportedAt.toISOString(),
          reports: mine.slice(0, REPORTS_SHOWN).map((r) => ({
            id: r.id,
            reporterId: r.reporterId,
            reason: r.reason as ReportReason,
            details: r.details,
            status: r.status,
            resolution: r.resolution,
            createdAt: r.createdAt.toISOString(),
          })),
          history: history.map((a) => ({
            action: a.action,
            actorId: a.actorId,
            note: a.note,
            createdAt: a.createdAt.toISOString(),
          })),
        };
      }),
    );
  }

  async function item(key: TargetKey): Promise<ModerationItem> {
    const all = await repo.reportsOf([key]);
    const open = all.filter((r) => r.status === 'open').length;
    const times = all.map((r) => r.createdAt.getTime());
    const [one] = await items([
      {
        ...key,
        openReports: open,
        totalReports: all.length,
        firstReportedAt: new Date(Math.min(...times)),
        lastReportedAt: new Date(Math.max(...times)),
      },
    ]);
    return one!;
  }

  /** The reported item for a staff action: 404 when nobody reported it, or its kind has no handler. */
  async function reported(kind: ReportTargetKind, targetId: string) {
    const handler = handlerOf(kind);
    if (!handler || (await repo.reportCount({ kind, targetId })) === 0) throw notReported(kind);
    return handler;
  }

  async function act(
    staffId: string,
    key: TargetKey,
    action: Exclude<ModerationAction, 'auto_hide'>,
    resolution: ModerationResolution,
    note: string | null,
  ) {
    const now = clock.now();
    await repo.addAction({ id: newId(), ...key, actorId: staffId, action, note, createdAt: now });
    await repo.resolveOpen(key, resolution, staffId, now);
    const what = `the ${nounOf[key.kind]} ${key.targetId}`;
    const done = {
      hide: `Hid ${what}.`,
      restore: `Showed ${what} again.`,
      warn: `Warned the owner of ${what}.`,
      dismiss: `Dismissed the reports on ${what}.`,
    }[action];
    await deps.audit.record({
      actorId: staffId,
      action: `moderation.${action}`,
      targetKind: key.kind,
      targetId: key.targetId,
      summary: note ? `${done} ${action === 'warn' ? 'Reason' : 'Note'}: ${note}` : done,
    });
  }

  /**
   * Tells the owner that their hidden item is shown again (staff restored it, or dismissed the reports that hid it
   * automatically), the counterpart of the hide notice. An owner whose item was never hidden hears nothing: the
   * reports were never theirs to know about.
   */
  async function tellShownAgain(handler: ModerationTargetHandler, key: TargetKey, action: 'restore' | 'dismiss') {
    const target = await handler.findAny(key.targetId);
    if (!target) return;
    await notifier.notify({
      type: 'moderation',
      recipientId: target.ownerId,
      actorId: null,
      title: `Your ${nounOf[key.kind]} is visible again`,
      body:
        action === 'restore'
          ? 'Moderators reviewed it and restored it: everyone who could see it before sees it again.'
          : 'Moderators reviewed the reports and dismissed them: everyone who could see it before sees it again.',
      link: target.link,
      data: { kind: key.kind, targetId: key.targetId, action },
    });
  }

  const registry: ModerationRegistry = {
    register(kind, handler) {
      handlers.set(kind, handler);
    },

    async report(reporterId: string, kind: ReportTargetKind, id: string, body: ReportBody): Promise<ReportResult> {
      const handler = handlerOf(kind);
      const target = handler ? await handler.findVisible(reporterId, id) : null;
      if (!handler || !target) throw targetNotFound(kind);
      if (target.ownerId === reporterId) throw ownTarget(kind);
      const key = { kind, targetId: id };
      const row = await repo.upsertReport({
        id: newId(),
        reporterId,
        kind,
        targetId: id,
        reason: body.reason,
        details: body.details?.trim() ? body.details : null,
        now: clock.now(),
      });
      if (row.status === 'open' && (await repo.openReporters(key)) >= deps.hideThreshold && !(await hidden(key))) {
        await handler.setModerated(id, true);
        await repo.addAction({
          id: newId(),
          ...key,
          actorId: null,
          action: 'auto_hide',
          note: `Hidden after ${deps.hideThreshold} reports, pending review.`,
          createdAt: clock.now(),
        });
      }
      return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
    },
  };

  return {
    registry,
    isStaff,

    async queue(staffId: string, query: ModerationQueueQuery): Promise<ModerationQueue> {
      await assertStaff(staffId);
      const { groups, total } = await repo.groups({
        status: query.status,
        ...(query.kind ? { kind: query.kind } : {}),
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { items: await items(groups), page: query.page, limit: query.limit, total };
    },

    /** Hides the item from everyone but its owner and tells the owner. */
    async hide(staffId: string, kind: ReportTargetKind, targetId: string, note?: string): Promise<ModerationItem> {
      await assertStaff(staffId);
      const handler = await reported(kind, targetId);
      const target = await handler.findAny(targetId);
      await handler.setModerated(targetId, true);
      await act(staffId, { kind, targetId }, 'hide', 'hidden', note ?? null);
      if (target) {
        await notifier.notify({
          type: 'moderation',
          recipientId: target.ownerId,
          actorId: null,
          title: `Your ${nounOf[kind]} was hidden by moderators`,
          body: `It broke the community rules and is now visible only to you.`,
          link: target.link,
          data: { kind, targetId, action: 'hide' },
        });
      }
      return item({ kind, targetId });
    },

    /** Shows the item again (after an automatic or a staff hide); the owner of a hidden item is told. */
    async restore(staffId: string, kind: ReportTargetKind, targetId: string, note?: string): Promise<ModerationItem> {
      await assertStaff(staffId);
      const handler = await reported(kind, targetId);
      const key = { kind, targetId };
      const wasHidden = await hidden(key);
      await handler.setModerated(targetId, false);
      await act(staffId, key, 'restore', 'restored', note ?? null);
      if (wasHidden) await tellShownAgain(handler, key, 'restore');
      return item(key);
    },

    /** Warns the owner (a moderation notification with the reason); the item stays as it is. */
    async warn(staffId: string, kind: ReportTargetKind, targetId: string, reason: string): Promise<ModerationItem> {
      await assertStaff(staffId);
      const handler = await reported(kind, targetId);
      const target = await handler.findAny(targetId);
      if (!target) throw notReported(kind);
      await act(staffId, { kind, targetId }, 'warn', 'warned', reason);
      await notifier.notify({
        type: 'moderation',
        recipientId: target.ownerId,
        actorId: null,
        title: `A warning about your ${nounOf[kind]}`,
        body: reason,
        link: target.link,
        data: { kind, targetId, action: 'warn' },
      });
      return item({ kind, targetId });
    },

    /** Closes the reports as unfounded; an item hidden automatically is shown again (a staff hide stays). */
    async dismiss(staffId: string, kind: ReportTargetKind, targetId: string, note?: string): Promise<ModerationItem> {
      await assertStaff(staffId);
      const handler = await reported(kind, targetId);
      const key = { kind, targetId };
      if ((await repo.lastVisibilityAction(key)) === 'auto_hide') {
        await handler.setModerated(targetId, false);
        const note = 'Shown again: the reports were dismissed.';
        await repo.addAction({
          id: newId(),
          ...key,
          actorId: staffId,
          action: 'restore',
          note,
          createdAt: clock.now(),
        });
        await act(staffId, key, 'dismiss', 'dismissed', note ?? null);
        await tellShownAgain(handler, key, 'dismiss');
        return item(key);
      }
      await act(staffId, key, 'dismiss', 'dismissed', note ?? null);
      return item(key);
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
