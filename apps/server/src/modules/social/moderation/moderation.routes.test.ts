import { randomUUID } from 'node:crypto';
import type { ModerationItem, ModerationQueue } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import { staffAudit } from '../../staff/staff.table.js';
import { createSocialModeration } from './moderation.plugin.js';
import { fakeTargets, recordingNotifier } from './moderation.test-kit.js';

let app: FastifyInstance;
let staff: SignedInUser;
let owner: SignedInUser;
let r1: SignedInUser;
let r2: SignedInUser;
let r3: SignedInUser;
let moderation: ReturnType<typeof createSocialModeration>;
const clock = createManualClock('2026-03-04T09:30:00Z');
const notifier = recordingNotifier();
const posts = fakeTargets('post');
const comments = fakeTargets('comment');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  moderation = createSocialModeration(app.ctx, { notifier, hideThreshold: 3 });
  moderation.registry.register('post', posts.handler);
  moderation.registry.register('comment', comments.handler);
  await app.register(moderation.routes, { prefix: '/api' });
  [staff, owner, r1, r2, r3] = await Promise.all([
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
  ]);
  expect(await moderation.staff.grant(staff.email.toUpperCase())).toMatchObject({ id: staff.userId });
});

function call(user: SignedInUser, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
}

async function queue(query = ''): Promise<ModerationQueue> {
  const res = await call(staff, 'GET', `/moderation/reports${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ModerationQueue;
}

const itemOf = (q: ModerationQueue, id: string) => q.items.find((i) => i.targetId === id);

async function rejects(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('reports (ModerationRegistry)', () => {
  it('records one report per reporter and item; a second one updates the reason', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    const first = await moderation.registry.report(r1.userId, 'post', id, { reason: 'spam' });
    expect(first).toMatchObject({ status: 'open' });
    clock.advance(60_000);
    const again = await moderation.registry.report(r1.userId, 'post', id, {
      reason: 'scam',
      details: 'Asks for money.',
    });
    expect(again.id).toBe(first.id);
    const item = itemOf(await queue(), id)!;
    expect(item).toMatchObject({ openReports: 1, totalReports: 1, reasons: { scam: 1 }, hidden: false });
    expect(item.reports[0]).toMatchObject({ reporterId: r1.userId, reason: 'scam', details: 'Asks for money.' });
    expect(item.target).toMatchObject({ ownerId: owner.userId, link: `/community/posts/${id}` });
  });

  it('answers 404 for an item the reporter cannot see (or no handler), 422 for their own', async () => {
    const id = posts.add(randomUUID(), owner.userId, { hiddenFrom: [r1.userId] });
    const hidden = await rejects(moderation.registry.report(r1.userId, 'post', id, { reason: 'spam' }));
    expect(hidden).toMatchObject({ code: 'MODERATION_TARGET_NOT_FOUND', message: 'No post you can see has this id.' });
    const unknown = await rejects(moderation.registry.report(r1.userId, 'comment', randomUUID(), { reason: 'spam' }));
    expect(unknown.code).toBe('MODERATION_TARGET_NOT_FOUND');
    const noHandler = await rejects(moderation.registry.report(r1.userId, 'article', randomUUID(), { reason: 'spam' }));
    expect(noHandler.message).toBe('No article you can see has this id.');
    const own = await rejects(moderation.registry.report(owner.userId, 'post', id, { reason: 'spam' }));
    expect(own).toMatchObject({ code: 'MODERATION_OWN_TARGET', message: 'You cannot report your own post.' });
  });

  it('hides an item automatically after 3 distinct reporters, pending review, once', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    await moderation.registry.report(r1.userId, 'post', id, { reason: 'spam' });
    await moderation.registry.report(r1.userId, 'post', id, { reason: 'hate' }); // same reporter: still one
    await moderation.registry.report(r2.userId, 'post', id, { reason: 'spam' });
    expect(posts.isHidden(id)).toBe(false);
    await moderation.registry.report(r3.userId, 'post', id, { reason: 'spam' });
    expect(posts.isHidden(id)).toBe(true);
    expect(posts.calls.filter((c) => c.id === id)).toEqual([{ id, hidden: true }]);
    const item = itemOf(await queue(), id)!;
    expect(item).toMatchObject({ hidden: true, pendingReview: true, openReports: 3 });
    expect(item.history.map((h) => [h.action, h.actorId])).toEqual([['auto_hide', null]]);
    // the hidden item is no longer visible to others, so it cannot be reported again by them
    const fourth = await signUpAndLogin(app);
    expect((await rejects(moderation.registry.report(fourth.userId, 'post', id, { reason: 'spam' }))).code).toBe(
      'MODERATION_TARGET_NOT_FOUND',
    );
  });
});

describe('staff queue routes', () => {
  it('answers 403 "Only staff can moderate." to everyone else, on every route', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    await moderation.registry.report(r1.userId, 'post', id, { reason: 'spam' });
    const routes: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/moderation/reports'],
      ['POST', `/moderation/reports/post/${id}/hide`],
      ['POST', `/moderation/reports/post/${id}/restore`],
      ['POST', `/moderation/reports/post/${id}/warn`, { reason: 'Mind the rules.' }],
      ['POST', `/moderation/reports/post/${id}/dismiss`],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(r1, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'MODERATION_STAFF_ONLY', message: 'Only staff can moderate.' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/moderation/reports' })).statusCode).toBe(401);
    expect(posts.isHidden(id)).toBe(false);
  });

  it('lists items grouped per item, filtered by status and kind, most reported first, paged', async () => {
    const a = comments.add(randomUUID(), owner.userId);
    const b = comments.add(randomUUID(), owner.userId);
    await moderation.registry.report(r1.userId, 'comment', a, { reason: 'harassment' });
    await moderation.registry.report(r1.userId, 'comment', b, { reason: 'spam' });
    await moderation.registry.report(r2.userId, 'comment', b, { reason: 'spam' });
    const q = await queue('?kind=comment');
    expect(q.items.map((i) => [i.targetId, i.openReports])).toEqual([
      [b, 2],
      [a, 1],
    ]);
    expect(q).toMatchObject({ page: 1, limit: 10, total: 2 });
    const page2 = await queue('?kind=comment&limit=1&page=2');
    expect(page2.items.map((i) => i.targetId)).toEqual([a]);
    expect(page2.total).toBe(2);
    expect((await queue('?kind=comment&page=9')).total).toBe(2);
    expect((await queue('?kind=comment&status=resolved')).items).toEqual([]);
  });

  it('answers 400 naming the field for a bad kind, id, status or warn reason', async () => {
    const id = randomUUID();
    expect((await call(staff, 'GET', '/moderation/reports?status=closed')).json().message).toContain('status');
    expect((await call(staff, 'GET', '/moderation/reports?kind=tweet')).json().message).toContain('kind');
    const badKind = await call(staff, 'POST', `/moderation/reports/tweet/${id}/hide`);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toContain('kind');
    expect((await call(staff, 'POST', '/moderation/reports/post/nope/hide')).json().message).toContain('targetId');
    const noReason = await call(staff, 'POST', `/moderation/reports/post/${id}/warn`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('reason');
  });

  it('answers 404 for an item nobody reported', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    for (const action of ['hide', 'restore', 'dismiss']) {
      const res = await call(staff, 'POST', `/moderation/reports/post/${id}/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'MODERATION_NOT_REPORTED', message: 'No reported post has this id.' });
    }
    expect((await call(staff, 'POST', `/moderation/reports/post/${id}/warn`, { reason: 'x' })).statusCode).toBe(404);
  });

  it('hides a reported item, closes its reports and tells the owner; restore shows it again', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    await moderation.registry.report(r1.userId, 'post', id, { reason: 'misinformation' });
    const sentBefore = notifier.sent.length;
    const hidden = await call(staff, 'POST', `/moderation/reports/post/${id}/hide`, { note: 'Fake signals.' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, pendingReview: false, openReports: 0, totalReports: 1 });
    expect((hidden.json() as ModerationItem).reports[0]).toMatchObject({ status: 'resolved', resolution: 'hidden' });
    expect(posts.isHidden(id)).toBe(true);
    expect(notifier.sent.slice(sentBefore)).toEqual([
      expect.objectContaining({ type: 'moderation', recipientId: owner.userId, actorId: null }),
    ]);
    expect(itemOf(await queue(), id)).toBeUndefined();
    expect(itemOf(await queue('?status=resolved'), id)).toMatchObject({ hidden: true });

    const restored = await call(staff, 'POST', `/moderation/reports/post/${id}/restore`);
    expect(restored.json()).toMatchObject({ hidden: false });
    expect((restored.json() as ModerationItem).history.map((h) => [h.action, h.actorId, h.note])).toEqual([
      ['hide', staff.userId, 'Fake signals.'],
      ['restore', staff.userId, null],
    ]);
    expect(posts.isHidden(id)).toBe(false);
    // both written to the staff audit log
    const audit = await app.ctx.db.select().from(staffAudit).where(eq(staffAudit.targetId, id));
    expect(audit.map((a) => [a.action, a.actorId, a.targetKind, a.summary]).sort()).toEqual([
      ['moderation.hide', staff.userId, 'post', `Hid the post ${id}. Note: Fake signals.`],
      ['moderation.restore', staff.userId, 'post', `Showed the post ${id} again.`],
    ]);
  });

  it('tells the owner when staff restore their hidden item, as it told them of the hide', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    await moderation.registry.report(r1.userId, 'post', id, { reason: 'spam' });
    await call(staff, 'POST', `/moderation/reports/post/${id}/hide`);
    const before = notifier.sent.length;
    const res = await call(staff, 'POST', `/moderation/reports/post/${id}/restore`, { note: 'Not spam after all.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(notifier.sent.slice(before)).toEqual([
      {
        type: 'moderation',
        recipientId: owner.userId,
        actorId: null,
        title: 'Your post is visible again',
        body: 'Moderators reviewed it and restored it: everyone who could see it before sees it again.',
        link: `/community/posts/${id}`,
        data: { kind: 'post', targetId: id, action: 'restore' },
      },
    ]);
  });

  it('tells the owner when dismissing the reports ends an automatic hide, and says nothing of a visible item', async () => {
    const id = comments.add(randomUUID(), owner.userId);
    for (const r of [r1, r2, r3]) await moderation.registry.report(r.userId, 'comment', id, { reason: 'spam' });
    expect(comments.isHidden(id)).toBe(true);
    const before = notifier.sent.length;
    expect((await call(staff, 'POST', `/moderation/reports/comment/${id}/dismiss`)).statusCode).toBe(200);
    expect(notifier.sent.slice(before)).toEqual([
      expect.objectContaining({
        type: 'moderation',
        recipientId: owner.userId,
        title: 'Your comment is visible again',
        data: { kind: 'comment', targetId: id, action: 'dismiss' },
      }),
    ]);
    // reports on an item that was never hidden: dismissing or restoring it tells its owner nothing
    const visible = posts.add(randomUUID(), owner.userId);
    await moderation.registry.report(r1.userId, 'post', visible, { reason: 'spam' });
    const quiet = notifier.sent.length;
    expect((await call(staff, 'POST', `/moderation/reports/post/${visible}/dismiss`)).statusCode).toBe(200);
    expect((await call(staff, 'POST', `/moderation/reports/post/${visible}/restore`)).statusCode).toBe(200);
    expect(notifier.sent.length).toBe(quiet);
  });

  it('warns the owner with the reason, leaving the item as it is', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    await moderation.registry.report(r2.userId, 'post', id, { reason: 'harassment' });
    const res = await call(staff, 'POST', `/moderation/reports/post/${id}/warn`, {
      reason: 'Please keep replies civil.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hidden: false, openReports: 0 });
    expect(notifier.sent.at(-1)).toMatchObject({
      type: 'moderation',
      recipientId: owner.userId,
      body: 'Please keep replies civil.',
      link: `/community/posts/${id}`,
      data: { kind: 'post', targetId: id, action: 'warn' },
    });
    expect(posts.isHidden(id)).toBe(false);
  });

  it('dismiss restores an automatically hidden item; new reports may hide it again', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    for (const r of [r1, r2, r3]) await moderation.registry.report(r.userId, 'post', id, { reason: 'spam' });
    expect(posts.isHidden(id)).toBe(true);
    const res = await call(staff, 'POST', `/moderation/reports/post/${id}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hidden: false, pendingReview: false, openReports: 0 });
    expect(posts.isHidden(id)).toBe(false);
    // the same three reporting again update their closed reports: nothing re-opens
    await moderation.registry.report(r1.userId, 'post', id, { reason: 'scam' });
    expect(posts.isHidden(id)).toBe(false);
    // three new people do hide it again
    const others = await Promise.all([signUpAndLogin(app), signUpAndLogin(app), signUpAndLogin(app)]);
    for (const r of others) await moderation.registry.report(r.userId, 'post', id, { reason: 'spam' });
    expect(posts.isHidden(id)).toBe(true);
  });

  it('dismiss leaves a staff hide in place', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    await moderation.registry.report(r1.userId, 'post', id, { reason: 'spam' });
    await call(staff, 'POST', `/moderation/reports/post/${id}/hide`);
    // hidden now: others cannot see it, so cannot report it
    expect((await rejects(moderation.registry.report(r2.userId, 'post', id, { reason: 'spam' }))).code).toBe(
      'MODERATION_TARGET_NOT_FOUND',
    );
    expect(posts.isHidden(id)).toBe(true);
    const res = await call(staff, 'POST', `/moderation/reports/post/${id}/dismiss`);
    expect(res.json()).toMatchObject({ hidden: true });
    expect(posts.isHidden(id)).toBe(true);
  });

  it('shows an item its owner deleted with a null target', async () => {
    const id = posts.add(randomUUID(), owner.userId);
    await moderation.registry.report(r1.userId, 'post', id, { reason: 'spam' });
    posts.remove(id);
    expect(itemOf(await queue(), id)).toMatchObject({ target: null, openReports: 1 });
  });
});

describe('staff role', () => {
  it('STAFF_EMAILS makes an active account staff, and start() stores the role', async () => {
    const named = await signUpAndLogin(app);
    const configured = createSocialModeration(app.ctx, {
      notifier,
      staffEmails: [named.email.toLowerCase(), 'nobody-yet@example.com'],
    });
    expect(await configured.service.isStaff(named.userId)).toBe(true);
    expect(await moderation.service.isStaff(named.userId)).toBe(false);
    expect(await configured.start()).toEqual(['nobody-yet@example.com']);
    expect(await moderation.service.isStaff(named.userId)).toBe(true);
    expect(await moderation.staff.list()).toEqual(expect.arrayContaining([named.email, staff.email]));
    expect(await moderation.staff.revoke(named.email)).toMatchObject({ id: named.userId });
    expect(await moderation.service.isStaff(named.userId)).toBe(false);
    expect(await moderation.staff.grant('nobody-at-all@example.com')).toBeNull();
  });
});
