import type { HelpComment, HelpPost, HelpPostPage } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { NotifyInput } from '../../notifications/notifications.service.js';
import { createStaffModule } from '../../staff/staff.plugin.js';
import { createUsersModule } from '../../users/users.plugin.js';
import { users } from '../../users/users.table.js';
import type { HelpCenterDeps, HelpSearchSource } from '../helpcenter.types.js';
import { createHelpPosts } from './posts.plugin.js';

const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
const clock = createManualClock('2026-05-04T09:30:00Z');
const sent: Array<NotifyInput & { userId: string }> = [];
let app: FastifyInstance;
let search: HelpSearchSource;
let staffModule: ReturnType<typeof createStaffModule>;
let staff: SignedInUser;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutHelpCenter: true } }));
  staffModule = createStaffModule(app.ctx);
  const notifications = {
    async notify(userId: string, input: NotifyInput) {
      sent.push({ userId, ...input });
    },
  } as unknown as HelpCenterDeps['notifications'];
  const slice = createHelpPosts(app.ctx, {
    users: createUsersModule(app.ctx).service,
    notifications,
    staff: staffModule,
  });
  search = slice.search!;
  await app.register(slice.routes, { prefix: '/api' });
  [staff, alice, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app), signUpAndLogin(app)]);
  await app.ctx.db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function ok<T>(user: SignedInUser, method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

function multipart(fields: Record<string, string>, file?: { data: Buffer; name: string }) {
  const boundary = 'posts-test-boundary';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
function postMultipart(user: SignedInUser, url: string, body: ReturnType<typeof multipart>) {
  return app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

const bug = { title: 'Chart freezes', description: 'The chart stops updating after an hour.', page: '/charts' };
const feature = (title: string) => ({ title, description: 'It would help me trade faster every day.' });

describe('bugs', () => {
  it('files a bug (JSON); its context is shown to the author and staff only', async () => {
    const created = await ok<HelpPost>(alice, 'POST', '/helpcenter/bugs/create', { ...bug, browser: 'Firefox' }, 201);
    expect(created).toMatchObject({ kind: 'bug', status: 'open', canDelete: true, body: bug.description });
    expect(created.context).toEqual({ appVersion: null, page: '/charts', browser: 'Firefox' });
    const other = await ok<HelpPost>(bob, 'GET', `/helpcenter/bugs/${created.id}`);
    expect(other).toMatchObject({ context: null, screenshotUrl: null, canDelete: false });
    expect((await ok<HelpPost>(staff, 'GET', `/helpcenter/bugs/${created.id}`)).context?.browser).toBe('Firefox');
    const list = await ok<HelpPostPage>(bob, 'GET', '/helpcenter/bugs?search=freezes');
    expect(list.items.map((b) => b.id)).toContain(created.id);
    const mine = await ok<HelpPostPage>(bob, 'GET', '/helpcenter/bugs?mine=true');
    expect(mine.total).toBe(0);
    const activity = await ok<{ items: { kind: string }[] }>(bob, 'GET', `/helpcenter/bugs/${created.id}/activity`);
    expect(activity.items.map((a) => a.kind)).toEqual(['created']);
  });

  it('files a bug from the app with a screenshot (multipart); refuses what is not an image', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/bug',
      headers: {
        ...alice.auth,
        ...multipart({ ...bug, appVersion: '1.2.3' }, { data: tinyPng, name: 'x.png' }).headers,
      },
      payload: multipart({ ...bug, appVersion: '1.2.3' }, { data: tinyPng, name: 'x.png' }).payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as HelpPost;
    expect(created.screenshotUrl).toMatch(/^\/api\/files\/helpcenter\/[0-9a-f]{32}\.png$/);
    expect(created.context?.appVersion).toBe('1.2.3');
    const text = multipart(bug, { data: Buffer.from('not an image'), name: 'x.png' });
    const refused = await postMultipart(alice, '/v1/bug', text);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('The screenshot must be a PNG, JPEG or WebP image.');
  });

  it('answers bad input with sentences naming the field', async () => {
    const res = await call(alice, 'POST', '/helpcenter/bugs/create', { title: 'x', description: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Title/);
    const missing = await postMultipart(alice, '/helpcenter/bugs/create', multipart({ title: 'Chart freezes' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Description/);
  });

  it('lets only its author or staff delete a bug (404 for anyone else)', async () => {
    const a = await ok<HelpPost>(alice, 'POST', '/helpcenter/bugs/create', bug, 201);
    const b = await ok<HelpPost>(alice, 'POST', '/helpcenter/bugs/create', bug, 201);
    expect((await call(bob, 'DELETE', `/helpcenter/bugs/${a.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/helpcenter/bugs/${a.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/helpcenter/bugs/${a.id}`)).statusCode).toBe(404);
    expect((await call(staff, 'DELETE', `/helpcenter/bugs/${b.id}`)).statusCode).toBe(204);
  });

  it('lets staff set a status with a note: activity, a notification to the author, an audit entry', async () => {
    const b = await ok<HelpPost>(alice, 'POST', '/helpcenter/bugs/create', bug, 201);
    const body = { status: 'confirmed', note: 'Seen on Firefox too.' };
    const denied = await call(bob, 'PUT', `/staff/helpcenter/bugs/${b.id}/status`, body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('STAFF_ONLY');
    const bad = await call(staff, 'PUT', `/staff/helpcenter/bugs/${b.id}/status`, { status: 'planned' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/^status must be one of open, confirmed/);
    // a second later than the filing: the activity is in time order, and the clock is pinned
    clock.advance(1_000);
    const done = await ok<HelpPost>(staff, 'PUT', `/staff/helpcenter/bugs/${b.id}/status`, body);
    expect(done.status).toBe('confirmed');
    const activity = await ok<{ items: Array<{ kind: string; from: string; to: string; note: string }> }>(
      alice,
      'GET',
      `/helpcenter/bugs/${b.id}/activity`,
    );
    expect(activity.items.at(-1)).toMatchObject({ kind: 'status', from: 'open', to: 'confirmed', note: body.note });
    expect(sent.at(-1)).toMatchObject({ userId: alice.userId, link: `/help/bugs_report/${b.id}` });
    const log = await staffModule.audit.list({ page: 1, limit: 5, target_id: b.id });
    expect(log.items[0]).toMatchObject({ action: 'bug.status', actorId: staff.userId });
  });
});

describe('comments', () => {
  it('adds, edits own, refuses another user’s, lets staff delete any; a staff reply notifies the author', async () => {
    const b = await ok<HelpPost>(alice, 'POST', '/helpcenter/bugs/create', bug, 201);
    const c = await ok<HelpComment>(bob, 'POST', `/helpcenter/bugs/${b.id}/comment`, { content: 'Me too.' }, 201);
    expect(c).toMatchObject({ mine: true, content: 'Me too.' });
    const edited = await ok<HelpComment>(bob, 'POST', `/helpcenter/bugs/${b.id}/comment/${c.id}`, {
      content: 'Me too, daily.',
    });
    expect(edited.content).toBe('Me too, daily.');
    const url = `/helpcenter/bugs/${b.id}/comment/${c.id}`;
    expect((await call(alice, 'POST', url, { content: 'Hacked' })).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', url)).statusCode).toBe(404);
    const before = sent.length;
    await ok(staff, 'POST', `/helpcenter/bugs/${b.id}/comment`, { comment: 'Fixed in the next release.' }, 201);
    expect(sent.slice(before)).toMatchObject([{ userId: alice.userId }]);
    const activity = await ok<{ items: { kind: string }[] }>(alice, 'GET', `/helpcenter/bugs/${b.id}/activity`);
    expect(activity.items.map((a) => a.kind)).toContain('staff_reply');
    expect((await call(staff, 'DELETE', url)).statusCode).toBe(204);
    const page = await ok<{ items: HelpComment[]; total: number }>(alice, 'GET', `/helpcenter/bugs/${b.id}/comments`);
    expect(page.total).toBe(1);
    expect(page.items[0]?.author.isStaff).toBe(true);
  });

  it('creates a comment with the client’s id on a feature, then updates it with the same call', async () => {
    const f = await ok<HelpPost>(alice, 'POST', '/helpcenter/features/create', feature('Dark PDF export'), 201);
    const id = '7c1e4a52-2b1f-4f0e-8b7e-3d2a5c6b7e80';
    const first = await ok<HelpComment>(
      bob,
      'POST',
      `/helpcenter/features/${f.id}/comment/${id}`,
      { content: 'A' },
      201,
    );
    expect(first.id).toBe(id);
    await ok(bob, 'POST', `/helpcenter/features/${f.id}/comment/${id}`, { content: 'B' });
    const page = await ok<{ items: HelpComment[] }>(bob, 'GET', `/helpcenter/features/${f.id}/comments`);
    expect(page.items.map((c) => c.content)).toEqual(['B']);
  });

  it('updates an announcement comment from the form POST (urlencoded `comment`)', async () => {
    const a = await ok<HelpPost>(
      staff,
      'POST',
      '/staff/helpcenter/announcements',
      { title: 'Hello', body: 'News.' },
      201,
    );
    const c = await ok<HelpComment>(bob, 'POST', `/helpcenter/announcements/${a.id}/comment`, { content: 'Hi' }, 201);
    const res = await app.inject({
      method: 'POST',
      url: `/api/helpcenter/announcements/${a.id}/comment/${c.id}/update`,
      headers: { ...bob.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'comment=Hello%20there%20%26%20thanks',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toBe('Hello there & thanks');
  });
});

describe('feature requests', () => {
  it('counts one vote per user, changeable, and DELETE withdraws it', async () => {
    const f = await ok<HelpPost>(alice, 'POST', '/helpcenter/features/create', feature('Price ladder'), 201);
    expect(f).toMatchObject({ status: 'under_review', votes: { up: 0, down: 0, score: 0, mine: null } });
    await ok(alice, 'POST', `/helpcenter/features/${f.id}/vote`, { vote_type: 'up' });
    const twice = await ok<HelpPost>(alice, 'POST', `/helpcenter/features/${f.id}/vote`, { vote_type: 'up' });
    expect(twice.votes).toMatchObject({ up: 1, down: 0, mine: 'up' });
    const changed = await ok<HelpPost>(alice, 'POST', `/helpcenter/features/${f.id}/vote`, { vote_type: 'down' });
    expect(changed.votes).toMatchObject({ up: 0, down: 1, score: -1, mine: 'down' });
    const withdrawn = await ok<HelpPost>(alice, 'DELETE', `/helpcenter/features/${f.id}/vote`);
    expect(withdrawn.votes).toMatchObject({ up: 0, down: 0, mine: null });
    const bad = await call(alice, 'POST', `/helpcenter/features/${f.id}/vote`, { vote_type: 'sideways' });
    expect(bad.json().message).toBe('vote_type must be up or down.');
  });

  it('merges a duplicate: votes move without counting anyone twice, the duplicate leaves the list', async () => {
    const keep = await ok<HelpPost>(alice, 'POST', '/helpcenter/features/create', feature('Keyboard trading'), 201);
    const dup = await ok<HelpPost>(bob, 'POST', '/helpcenter/features/create', feature('Hotkeys for orders'), 201);
    await ok(alice, 'POST', `/helpcenter/features/${keep.id}/vote`, { vote_type: 'up' });
    await ok(alice, 'POST', `/helpcenter/features/${dup.id}/vote`, { vote_type: 'up' });
    await ok(bob, 'POST', `/helpcenter/features/${dup.id}/vote`, { vote_type: 'up' });
    const denied = await call(bob, 'POST', `/staff/helpcenter/features/${dup.id}/merge`, { intoId: keep.id });
    expect(denied.statusCode).toBe(403);
    const self = await call(staff, 'POST', `/staff/helpcenter/features/${dup.id}/merge`, { intoId: dup.id });
    expect(self.statusCode).toBe(422);
    const merged = await ok<HelpPost>(staff, 'POST', `/staff/helpcenter/features/${dup.id}/merge`, { intoId: keep.id });
    expect(merged).toMatchObject({ status: 'merged', mergedIntoId: keep.id });
    const survivor = await ok<HelpPost>(bob, 'GET', `/helpcenter/features/${keep.id}`);
    expect(survivor.votes).toMatchObject({ up: 2, mine: 'up' });
    const list = await ok<HelpPostPage>(bob, 'GET', '/helpcenter/features?limit=50');
    expect(list.items.map((i) => i.id)).toContain(keep.id);
    expect(list.items.map((i) => i.id)).not.toContain(dup.id);
    expect(list.items[0]?.votes?.score).toBeGreaterThanOrEqual(list.items.at(-1)?.votes?.score ?? 0);
  });

  it('publishing an update with featureIds sets them done and links them to it', async () => {
    const f = await ok<HelpPost>(alice, 'POST', '/helpcenter/features/create', feature('Trailing stops'), 201);
    const body = { title: 'Version 1.5', body: 'Trailing stops.', version: '1.5.0', featureIds: [f.id] };
    expect((await call(alice, 'POST', '/staff/helpcenter/updates', body)).statusCode).toBe(403);
    const update = await ok<HelpPost>(staff, 'POST', '/staff/helpcenter/updates', body, 201);
    expect(update).toMatchObject({ kind: 'update', version: '1.5.0', featureIds: [f.id] });
    const shipped = await ok<HelpPost>(alice, 'GET', `/helpcenter/features/${f.id}`);
    expect(shipped).toMatchObject({ status: 'done', changelogId: update.id });
    const done = await ok<HelpPostPage>(alice, 'GET', '/helpcenter/features?status=done');
    expect(done.items.map((i) => i.id)).toContain(f.id);
    // "All requests" lists it too: every request but the merged ones
    const all = await ok<HelpPostPage>(alice, 'GET', '/helpcenter/features?limit=50');
    expect(all.items.map((i) => i.id)).toContain(f.id);
    const edited = await ok<HelpPost>(staff, 'PUT', `/staff/helpcenter/posts/${update.id}`, {
      title: 'Version 1.5.0',
      body: 'Trailing stops and more.',
    });
    expect(edited.title).toBe('Version 1.5.0');
    expect((await call(alice, 'DELETE', `/staff/helpcenter/posts/${update.id}`)).statusCode).toBe(403);
    expect((await call(staff, 'DELETE', `/staff/helpcenter/posts/${update.id}`)).statusCode).toBe(204);
  });
});

describe('announcements, updates, tutorials, likes, feedback, search', () => {
  it('seeds the team’s first announcement and updates', async () => {
    const updates = await ok<HelpPostPage>(bob, 'GET', '/helpcenter/updates');
    expect(updates.items.some((u) => u.author.name === 'TradeDesk team' && u.version)).toBe(true);
    const news = await ok<HelpPostPage>(bob, 'GET', '/helpcenter/announcements?search=help%20center');
    expect(news.total).toBeGreaterThan(0);
  });

  it('counts a like once however often the like URL is fetched', async () => {
    const [a] = (await ok<HelpPostPage>(bob, 'GET', '/helpcenter/announcements')).items;
    const like = a!.likeUrl.replace(/^\/api/, '');
    await ok(bob, 'GET', like);
    expect(await ok(bob, 'GET', like)).toEqual({ liked: true, likeCount: 1 });
    expect((await ok<HelpPost>(bob, 'GET', `/helpcenter/announcements/${a!.id}`)).liked).toBe(true);
    expect(await ok(bob, 'GET', a!.unlikeUrl.replace(/^\/api/, ''))).toEqual({ liked: false, likeCount: 0 });
  });

  it('lets only staff create tutorials; everyone reads them', async () => {
    const body = { title: 'Your first order', body: 'Open the ticket.', videoUrl: 'https://video.example/1' };
    expect((await call(alice, 'POST', '/helpcenter/tutorials/create', body)).statusCode).toBe(403);
    const t = await ok<HelpPost>(staff, 'POST', '/helpcenter/tutorials/create', body, 201);
    expect(t.videoUrl).toBe(body.videoUrl);
    expect((await ok<HelpPost>(alice, 'GET', `/helpcenter/tutorials/${t.id}`)).title).toBe(body.title);
    const bad = await call(staff, 'POST', '/helpcenter/tutorials/create', { ...body, videoUrl: 'http://x.example' });
    expect(bad.json().message).toBe('videoUrl must be an https link.');
  });

  it('takes quick feedback from anyone; only staff read it', async () => {
    await ok(alice, 'POST', '/v1/feedback', { message: 'Love the charts.', rating: 5, page: '/charts' }, 201);
    expect((await call(alice, 'GET', '/staff/helpcenter/feedback')).statusCode).toBe(403);
    const list = await ok<{ items: Array<{ message: string; rating: number }> }>(
      staff,
      'GET',
      '/staff/helpcenter/feedback',
    );
    expect(list.items[0]).toMatchObject({ message: 'Love the charts.', rating: 5 });
  });

  it('answers 404 with a sentence for an unknown id', async () => {
    const res = await call(alice, 'GET', '/helpcenter/features/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No feature request you can see has this id.');
  });

  it('finds posts by title and text for the help-center search, linking to their tab', async () => {
    const f = await ok<HelpPost>(alice, 'POST', '/helpcenter/features/create', feature('Volume profile zebra'), 201);
    const hits = await search.search('zebra', bob.userId, 10);
    expect(hits).toEqual([expect.objectContaining({ kind: 'feature', id: f.id, path: `/help/all_requests/${f.id}` })]);
  });
});
