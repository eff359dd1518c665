import { randomBytes } from 'node:crypto';
import type { Community, CommunitySummary, CreateCommunityBody } from '@tradedesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import type { BusMessage } from '../../../platform/bus/event-bus.js';
import { createManualClock } from '../../../platform/clock.js';
import { userBusChannel } from '../../../platform/ws/ws-gateway.js';
import { communities, communityAudit, communityMembers } from '../communities.table.js';
import {
  banDirect,
  builtInRole,
  caller,
  communitiesTestApp,
  giveRole,
  joinDirect,
  makeCommunity,
  people,
} from '../communities.test-kit.js';
import { type CommunityCore, createCommunityCore } from './core.plugin.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = createManualClock('2026-03-04T09:30:00Z');
let app: FastifyInstance;
let core: CommunityCore;
let call: ReturnType<typeof caller>;
let owner: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;
let mod: SignedInUser;

beforeAll(async () => {
  const t = await communitiesTestApp(clock);
  app = t.app;
  core = createCommunityCore(t.app.ctx, t.deps);
  await t.app.register(core.routes, { prefix: '/api' });
  call = caller(app);
  [owner, member, outsider, mod] = await people(app, 4);
});

let seq = 0;
const handle = (prefix = 'h') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;
const wizard = (over: Partial<CreateCommunityBody> = {}) => ({
  type: 'trading_group',
  community_size: '1_50',
  platforms: ['discord'],
  visibility: 'public',
  name: 'Pip Hunters',
  handle: handle(),
  description: 'We hunt pips.',
  categories: ['forex'],
  existing_community_url: 'https://discord.gg/piphunters',
  ...over,
});
/** Access tokens expire as the manual clock moves days ahead: sign in again. */
async function relogin(...users: SignedInUser[]): Promise<void> {
  for (const user of users) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: user.email, password: user.password, return_tokens: true },
    });
    const tokens = (res.json() as { tokens: { accessToken: string } }).tokens;
    user.auth = { authorization: `Bearer ${tokens.accessToken}` };
  }
}
const make = (visibility: 'public' | 'private' | 'hidden', name?: string) =>
  makeCommunity(app.ctx.db, owner.userId, { visibility, now: clock.now(), handle: handle('c'), name });

function upload(user: SignedInUser, url: string, data: Buffer | string) {
  const boundary = `----td${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'PUT',
    url: `/api${url}`,
    headers: { ...member.auth, ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('creating a community (the wizard)', () => {
  it('creates it with the built-in roles, the owner as member and an audit entry', async () => {
    const body = wizard({ handle: `Mixed${seq++}Case` });
    const res = await call(owner, 'POST', '/community', body);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json() as Community;
    expect(c).toMatchObject({
      handle: body.handle.toLowerCase(),
      name: 'Pip Hunters',
      visibility: 'public',
      memberCount: 1,
      membership: 'member',
      limited: false,
      type: 'trading_group',
      communitySize: '1_50',
      platforms: ['discord'],
      existingCommunityUrl: 'https://discord.gg/piphunters',
      owner: { id: owner.userId },
      deletionScheduledFor: null,
      rating: { average: null, count: 0 },
      mustAcceptRules: false,
    });
    expect(c.myRoles.map((r) => r.name)).toEqual(['Owner']);
    expect(c.myPermissions).toContain('manage_community');
    const audit = await app.ctx.db.select().from(communityAudit).where(eq(communityAudit.communityId, c.id));
    expect(audit.map((a) => a.action)).toEqual(['community.created']);
  });

  it('names the field of every wizard error', async () => {
    const cases: Array<[object, string]> = [
      [{ type: 'casino' }, 'type'],
      [{ community_size: 'huge' }, 'community_size'],
      [{ platforms: ['myspace'] }, 'platforms.0'],
      [{ visibility: 'secret' }, 'visibility'],
      [{ name: 'ab' }, 'name'],
      [{ handle: '1abc' }, 'handle'],
      [{ categories: [] }, 'categories'],
      [{ categories: ['forex', 'stocks', 'crypto', 'options'] }, 'categories'],
      [{ existing_community_url: 'ftp://x.y' }, 'existing_community_url'],
    ];
    for (const [over, field] of cases) {
      const res = await call(owner, 'POST', '/community', wizard(over as Partial<CreateCommunityBody>));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const fields = (res.json() as { details?: { fields?: Array<{ field: string }> } }).details?.fields ?? [];
      expect(
        fields.map((f) => f.field),
        res.body,
      ).toContain(field);
    }
  });

  it('refuses a taken or reserved handle with 409 on the field handle, and says so as the person types', async () => {
    const body = wizard();
    expect((await call(owner, 'POST', '/community', body)).statusCode).toBe(201);
    expectFieldError(await call(member, 'POST', '/community', { ...body, handle: body.handle.toUpperCase() }), {
      status: 409,
      code: 'COMMUNITY_HANDLE_TAKEN',
      field: 'handle',
    });
    expectFieldError(await call(member, 'POST', '/community', { ...body, handle: 'settings' }), {
      status: 409,
      code: 'COMMUNITY_HANDLE_TAKEN',
      field: 'handle',
      message: /reserved/,
    });
    const check = async (h: string) =>
      (await call(member, 'GET', `/community/handle-available?handle=${encodeURIComponent(h)}`)).json();
    expect(await check(body.handle)).toMatchObject({ available: false, reason: expect.stringMatching(/taken/) });
    expect(await check('discover')).toMatchObject({ available: false, reason: expect.stringMatching(/reserved/) });
    expect(await check('x!')).toMatchObject({ available: false, reason: expect.stringMatching(/^handle must be/) });
    expect(await check(' Free-Handle-42 ')).toEqual({ handle: 'free-handle-42', available: true, reason: null });
  });
});

describe('reading communities', () => {
  it('shows a private community limited to outsiders, whole to members; hides a hidden one (404)', async () => {
    const priv = await make('private');
    await core.communities.updateSettings(owner.userId, priv.id, { welcome_message: 'Welcome aboard.' });
    await joinDirect(app.ctx.db, priv.id, member.userId, clock.now());
    const outside = (await call(outsider, 'GET', `/community/${priv.id}`)).json() as Community;
    expect(outside).toMatchObject({ limited: true, membership: 'none', myRoles: [], myPermissions: [] });
    expect(outside.settings.welcomeMessage).toBe('');
    const inside = (await call(member, 'GET', `/community/by-handle/${priv.handle.toUpperCase()}`)).json() as Community;
    expect(inside).toMatchObject({ id: priv.id, limited: false, membership: 'member' });
    expect(inside.settings.welcomeMessage).toBe('Welcome aboard.');

    const hidden = await make('hidden');
    expect((await call(outsider, 'GET', `/community/${hidden.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/community/by-handle/${hidden.handle}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/community/${hidden.id}`)).statusCode).toBe(200);
    expect((await call(outsider, 'GET', '/community/by-handle/nobody-has-this')).statusCode).toBe(404);
  });

  it('marks a banned person limited and banned', async () => {
    const pub = await make('public');
    await banDirect(app.ctx.db, pub.id, outsider.userId);
    const seen = (await call(outsider, 'GET', `/community/${pub.id}`)).json() as Community;
    expect(seen).toMatchObject({ limited: true, membership: 'banned' });
  });

  it('lists the directory: search, category, hidden only to members, most members first', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const big = await make('public', `${tag} Big`);
    const small = await make('private', `${tag} Small`);
    const hidden = await make('hidden', `${tag} Hidden`);
    await joinDirect(app.ctx.db, big.id, member.userId, clock.now());
    await core.communities.updateSettings(owner.userId, small.id, { categories: ['crypto'] });
    const names = async (user: SignedInUser, query: string) =>
      (
        (await call(user, 'GET', `/community?${query}`)).json() as { items: CommunitySummary[]; total: number }
      ).items.map((c) => c.name);
    expect(await names(outsider, `search=${tag}`)).toEqual([`${tag} Big`, `${tag} Small`]);
    expect(await names(owner, `search=${tag.toUpperCase()}`)).toEqual([`${tag} Big`, `${tag} Hidden`, `${tag} Small`]);
    expect(await names(outsider, `search=${tag}&category=crypto`)).toEqual([`${tag} Small`]);
    const page = (await call(member, 'GET', `/community?search=${tag}&limit=1&page=2`)).json();
    expect(page).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(page.items[0]).toMatchObject({ id: small.id, membership: 'none' });
    const mine = (await call(member, 'GET', `/community?search=${tag}`)).json().items[0];
    expect(mine).toMatchObject({ id: big.id, membership: 'member', memberCount: 2 });
    expect((await call(member, 'GET', '/community?search=%25%25')).statusCode).toBe(200);
    expect(hidden.id).toBeDefined();
    expectFieldError(await call(member, 'GET', '/community?category=gambling'), { field: 'category' });
  });

  it('counts categories over listed communities and picks the spotlight by recent joins', async () => {
    const before = (await call(outsider, 'GET', '/community/categories/list')).json() as {
      items: Array<{ id: string; name: string; communities: number }>;
    };
    expect(before.items.map((c) => c.id)).toContain('prop_firms');
    const counted = before.items.find((c) => c.id === 'psychology')?.communities ?? 0;
    const quiet = await make('public');
    await core.communities.updateSettings(owner.userId, quiet.id, { categories: ['psychology'] });
    const hidden = await make('hidden');
    await core.communities.updateSettings(owner.userId, hidden.id, { categories: ['psychology'] });
    const after = (await call(outsider, 'GET', '/community/categories/list')).json() as typeof before;
    expect(after.items.find((c) => c.id === 'psychology')?.communities).toBe(counted + 1);

    const rising = await make('public');
    const [a, b] = await people(app, 2);
    await joinDirect(app.ctx.db, rising.id, a.userId, clock.now());
    await joinDirect(app.ctx.db, rising.id, b.userId, clock.now());
    const spot = (await call(outsider, 'GET', '/community/spotlight')).json() as { items: CommunitySummary[] };
    expect(spot.items.length).toBeLessThanOrEqual(6);
    expect(spot.items[0]?.id).toBe(rising.id);
    expect(spot.items.every((c) => c.visibility === 'public')).toBe(true);
  });

  it('lists the joined communities pinned first, then by name, and the owned ones', async () => {
    const [joiner] = await people(app, 1);
    const x = await make('public', 'Alpha joined');
    const y = await make('public', 'Beta joined');
    const z = await make('private', 'Gamma joined');
    for (const c of [x, y, z]) await joinDirect(app.ctx.db, c.id, joiner.userId, clock.now());
    expect((await call(joiner, 'POST', `/community/${z.id}/pin`)).statusCode).toBe(200);
    const joined = (await call(joiner, 'GET', '/community/joined/list')).json();
    expect(joined.items.map((c: CommunitySummary) => [c.name, c.pinned])).toEqual([
      ['Gamma joined', true],
      ['Alpha joined', false],
      ['Beta joined', false],
    ]);
    expect(joined.total).toBe(3);
    const owned = (await call(owner, 'GET', '/community/community-owner-list?limit=50')).json();
    expect(owned.items.map((c: CommunitySummary) => c.id)).toEqual(expect.arrayContaining([x.id, y.id, z.id]));
    expect((await call(joiner, 'GET', '/community/community-owner-list')).json().total).toBe(0);
  });
});

describe('settings and images', () => {
  it('lets manage_community change settings and audits the changed fields; others get 403, outsiders of hidden 404', async () => {
    const c = await make('public');
    await joinDirect(app.ctx.db, c.id, member.userId, clock.now());
    const res = await call(owner, 'PUT', `/community/${c.id}/settings`, {
      name: 'Renamed',
      visibility: 'private',
      accent_color: '#00aa55',
      show_member_count: false,
      description: c.description,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      visibility: 'private',
      settings: { accentColor: '#00AA55', showMemberCount: false },
    });
    const [entry] = await app.ctx.db
      .select()
      .from(communityAudit)
      .where(and(eq(communityAudit.communityId, c.id), eq(communityAudit.action, 'community.updated')));
    expect(entry?.details).toMatchObject({
      fields: ['name', 'visibility', 'show_member_count', 'accent_color'],
      visibility: { from: 'public', to: 'private' },
    });
    const denied = await call(member, 'PUT', `/community/${c.id}/settings`, { name: 'Mine now' });
    expect(denied.json()).toMatchObject({ statusCode: 403, code: 'COMMUNITY_FORBIDDEN' });
    expectFieldError(await call(owner, 'PUT', `/community/${c.id}/settings`, { accent_color: 'blue' }), {
      field: 'accent_color',
    });
    const hidden = await make('hidden');
    expect((await call(outsider, 'PUT', `/community/${hidden.id}/settings`, { name: 'Hello' })).statusCode).toBe(404);
  });

  it('uploads the image resized and without EXIF, replaces and removes it; refuses others and non-images', async () => {
    const c = await make('public');
    await joinDirect(app.ctx.db, c.id, mod.userId, clock.now());
    await giveRole(app.ctx.db, c.id, mod.userId, (await builtInRole(app.ctx.db, c.id, 'moderator')).id);
    const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .toBuffer();
    const res = await upload(owner, `/community/${c.id}/image`, photo);
    expect(res.statusCode, res.body).toBe(200);
    const key = (res.json() as { url: string }).url.replace(/^.*\/files\//, '');
    const stored = await app.ctx.storage.get(key);
    const meta = await sharp(stored?.data).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([512, 256, undefined]);
    const page = (await call(owner, 'GET', `/community/${c.id}`)).json() as Community;
    expect(page.imageUrl).toBe((res.json() as { url: string }).url);

    const again = await upload(owner, `/community/${c.id}/image`, photo);
    expect(again.statusCode).toBe(200);
    expect(await app.ctx.storage.get(key)).toBeUndefined();

    const banner = await upload(owner, `/community/${c.id}/banner`, photo);
    expect(banner.statusCode).toBe(200);
    expect((await upload(owner, `/community/${c.id}/banner`, 'not an image')).json()).toMatchObject({
      statusCode: 415,
      code: 'COMMUNITY_UPLOAD_TYPE',
    });
    // the moderator role has no manage_community
    expect((await upload(mod, `/community/${c.id}/image`, photo)).statusCode).toBe(403);
    const hidden = await make('hidden');
    expect((await upload(outsider, `/community/${hidden.id}/banner`, photo)).statusCode).toBe(404);

    expect((await call(owner, 'DELETE', `/community/${c.id}/image`)).statusCode).toBe(200);
    expect(((await call(owner, 'GET', `/community/${c.id}`)).json() as Community).imageUrl).toBeNull();
    expect((await call(mod, 'DELETE', `/community/${c.id}/banner`)).statusCode).toBe(403);
  });
});

describe('deleting a community', () => {
  it('needs the owner and the handle; hides it at once; the owner restores it during the grace period', async () => {
    const c = await make('public');
    await joinDirect(app.ctx.db, c.id, member.userId, clock.now());
    const events: BusMessage[] = [];
    const stop = app.ctx.bus.subscribe((m) => {
      if (m.channel === userBusChannel(member.userId)) events.push(m);
    });

    const notOwner = await call(member, 'DELETE', `/community/${c.id}`, { confirm: c.handle });
    expect(notOwner.json()).toMatchObject({ statusCode: 403, code: 'COMMUNITY_FORBIDDEN' });
    expectFieldError(await call(owner, 'DELETE', `/community/${c.id}`, { confirm: 'wrong' }), {
      code: 'COMMUNITY_CONFIRM_MISMATCH',
      field: 'confirm',
    });
    const res = await call(owner, 'DELETE', `/community/${c.id}`, { confirm: c.handle });
    expect(res.statusCode, res.body).toBe(200);
    const due = new Date(clock.now().getTime() + 7 * DAY).toISOString();
    expect(res.json()).toMatchObject({ deletionScheduledFor: due });

    expect((await call(member, 'GET', `/community/${c.id}`)).statusCode).toBe(404);
    expect((await call(member, 'POST', `/community/${c.id}/restore`)).statusCode).toBe(404);
    const listed = (await call(outsider, 'GET', `/community?search=${c.handle}`)).json();
    expect(listed.total).toBe(0);
    const owned = (await call(owner, 'GET', '/community/community-owner-list?limit=50')).json();
    expect(owned.items.map((i: CommunitySummary) => i.id)).toContain(c.id);
    stop();
    expect(events.map((e) => e.data)).toContainEqual(expect.objectContaining({ communityId: c.id, change: 'deleted' }));

    clock.advance(6 * DAY);
    await relogin(owner, member);
    const restored = await call(owner, 'POST', `/community/${c.id}/restore`);
    expect(restored.json()).toMatchObject({ deletionScheduledFor: null });
    expect((await call(member, 'GET', `/community/${c.id}`)).statusCode).toBe(200);
    const actions = await app.ctx.db
      .select({ action: communityAudit.action })
      .from(communityAudit)
      .where(eq(communityAudit.communityId, c.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['community.deletion_scheduled', 'community.deletion_cancelled']),
    );
  });

  it('purges past-due communities in the leader job and nothing else', async () => {
    const doomed = await make('public');
    const kept = await make('public');
    await joinDirect(app.ctx.db, doomed.id, member.userId, clock.now());
    expect((await call(owner, 'DELETE', `/community/${doomed.id}`, { confirm: doomed.handle })).statusCode).toBe(200);
    expect(core.job.name).toBe('community-purge');
    clock.advance(7 * DAY - 1000);
    await core.purge.run();
    expect(await app.ctx.db.select().from(communities).where(eq(communities.id, doomed.id))).toHaveLength(1);
    clock.advance(2000);
    await relogin(owner);
    expect((await call(owner, 'POST', `/community/${doomed.id}/restore`)).statusCode).toBe(404);
    await core.job.run({ signal: new AbortController().signal });
    expect(await app.ctx.db.select().from(communities).where(eq(communities.id, doomed.id))).toHaveLength(0);
    expect(
      await app.ctx.db.select().from(communityMembers).where(eq(communityMembers.communityId, doomed.id)),
    ).toHaveLength(0);
    expect(await app.ctx.db.select().from(communities).where(eq(communities.id, kept.id))).toHaveLength(1);
  });
});
