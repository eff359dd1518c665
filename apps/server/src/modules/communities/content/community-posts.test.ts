import type { Post, PostComment } from '@tradedesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createFeedRepository } from '../../social/feed/feed.repository.js';
import { follow } from '../../social/feed/feed.test-kit.js';
import { createSocialPosts } from '../../social/posts/posts.plugin.js';
import type { CommunityPostsGate } from '../../social/posts/posts.ports.js';
import { createPostsFakes } from '../../social/posts/posts.test-kit.js';
import { createSocialGraph } from '../../social/profiles/profiles.graph.js';
import { createCommunityAccess } from '../communities.access.js';
import { type CommunityRow, communityAudit } from '../communities.table.js';
import {
  banDirect,
  builtInRole,
  caller,
  giveRole,
  joinDirect,
  makeCommunity,
  people,
} from '../communities.test-kit.js';
import { createCommunityContent } from './content.plugin.js';

/**
 * Community posts end to end: the real posts slice (its ports faked as in its own tests) joined to the content
 * slice through the gate, as `registerSocial` and `registerCommunities` join them.
 */
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let fakes: ReturnType<typeof createPostsFakes>;
let posts: ReturnType<typeof createSocialPosts>;
let owner: SignedInUser;
let mod: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
let outsider: SignedInUser;
const clock = createManualClock('2026-03-04T09:30:00Z');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  fakes = createPostsFakes(app.ctx.db);
  let gate: CommunityPostsGate | undefined;
  posts = createSocialPosts(app.ctx, { ...fakes.deps, community: () => gate });
  const access = createCommunityAccess(app.ctx);
  const content = createCommunityContent(
    app.ctx,
    { access, graph: createSocialGraph(app.ctx), notifier: fakes.deps.notifier },
    {
      view: posts.service.view,
      useCommunityGate(g) {
        gate = g;
      },
    },
  );
  await app.register(posts.routes, { prefix: '/api' });
  await app.register(content.routes, { prefix: '/api' });
  call = caller(app);
  [owner, mod, member, other, outsider] = await people(app, 5);
});

const db = () => app.ctx.db;
async function community(visibility: 'public' | 'private' | 'hidden' = 'public'): Promise<CommunityRow> {
  const c = await makeCommunity(db(), owner.userId, { visibility });
  for (const who of [mod, member, other]) await joinDirect(db(), c.id, who.userId);
  await giveRole(db(), c.id, mod.userId, (await builtInRole(db(), c.id, 'moderator')).id);
  return c;
}
async function postIn(user: SignedInUser, c: CommunityRow, content = 'in the community'): Promise<Post> {
  const res = await call(user, 'POST', '/posts', { content, visibility: 'community', community_id: c.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const audit = (communityId: string, action: string) =>
  db()
    .select()
    .from(communityAudit)
    .where(and(eq(communityAudit.communityId, communityId), eq(communityAudit.action, action)));

describe('posting in a community', () => {
  it('names the field: community without community_id, community_id without community visibility', async () => {
    const c = await community();
    const noId = await call(member, 'POST', '/posts', { content: 'x', visibility: 'community' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().details.fields[0].field).toBe('community_id');
    expect(noId.json().message).toMatch(/^community_id is required/);
    const noVisibility = await call(member, 'POST', '/posts', { content: 'x', community_id: c.id });
    expect(noVisibility.statusCode).toBe(400);
    expect(noVisibility.json().details.fields[0].field).toBe('visibility');
  });

  it('lets a member post; refuses outsiders, the banned, the rules not accepted; 404 for a hidden one', async () => {
    const c = await community();
    const p = await postIn(member, c);
    expect(p).toMatchObject({ visibility: 'community', communityId: c.id, pinned: false, canDelete: true });
    const body = { content: 'x', visibility: 'community', community_id: c.id };
    expect((await call(outsider, 'POST', '/posts', body)).json().code).toBe('COMMUNITY_NOT_MEMBER');
    await call(owner, 'POST', `/community/${c.id}/rules`, { title: 'No spam' });
    const unaccepted = await call(other, 'POST', '/posts', body);
    expect(unaccepted.statusCode).toBe(409);
    expect(unaccepted.json().code).toBe('COMMUNITY_RULES_NOT_ACCEPTED');
    await call(other, 'POST', `/community/${c.id}/rules/accept`);
    expect((await call(other, 'POST', '/posts', body)).statusCode).toBe(201);
    await banDirect(db(), c.id, other.userId);
    expect((await call(other, 'POST', '/posts', body)).json().code).toBe('COMMUNITY_BANNED');
    const hidden = await community('hidden');
    const res = await call(outsider, 'POST', '/posts', { ...body, community_id: hidden.id });
    expect(res.statusCode).toBe(404);
  });

  it('refuses every write of a banned author, even on their own post', async () => {
    const c = await community();
    const p = await postIn(other, c);
    await banDirect(db(), c.id, other.userId);
    expect((await call(other, 'PUT', `/posts/${p.id}`, { content: 'edited' })).json().code).toBe('COMMUNITY_BANNED');
    expect((await call(other, 'POST', `/posts/${p.id}/comments`, { content: 'hi' })).json().code).toBe(
      'COMMUNITY_BANNED',
    );
  });
});

describe('who reads a community post', () => {
  it('hides a private community’s post from outsiders on every post route (404), shows it to members', async () => {
    const c = await community('private');
    const p = await postIn(member, c);
    const comment = (
      await call(owner, 'POST', `/posts/${p.id}/comments`, { content: 'welcome' })
    ).json() as PostComment;
    expect((await call(other, 'GET', `/posts/${p.id}`)).statusCode).toBe(200);
    for (const [m, u, body] of [
      ['GET', `/posts/${p.id}`, undefined],
      ['POST', `/posts/${p.id}/like`, undefined],
      ['POST', `/posts/${p.id}/favorite`, undefined],
      ['POST', `/posts/${p.id}/repost`, undefined],
      ['POST', `/posts/${p.id}/vote`, { option_id: 'o1' }],
      ['GET', `/posts/${p.id}/comments`, undefined],
      ['POST', `/posts/${p.id}/comments`, { content: 'hi' }],
      ['POST', `/posts/${p.id}/comments/${comment.id}/like`, undefined],
      ['POST', `/posts/${p.id}/comments/${comment.id}/report`, { reason: 'spam' }],
      ['GET', `/community/${c.id}/feed`, undefined],
    ] as const) {
      const res = await call(outsider, m, u, body);
      expect([403, 404], `${m} ${u}: ${res.body}`).toContain(res.statusCode);
      if (u.startsWith('/posts')) expect(res.statusCode, `${m} ${u}`).toBe(404);
    }
    // reports ask the moderation handler whether the reporter sees the post
    expect(await posts.moderation.post.findVisible(outsider.userId, p.id)).toBeNull();
    expect(await posts.moderation.post.findVisible(other.userId, p.id)).not.toBeNull();
  });

  it('never reposts a community post, and leaves community posts out of the main feed', async () => {
    const c = await community();
    const p = await postIn(member, c, 'community only');
    const repost = await call(other, 'POST', `/posts/${p.id}/repost`);
    expect(repost.statusCode).toBe(403);
    const feed = createFeedRepository(db());
    const main = await feed.recent(member.userId, { following: false, limit: 100 });
    expect(main.some((r) => r.id === p.id)).toBe(false);
    // a profile's posts show community posts of communities the viewer may read
    const priv = await community('private');
    const secret = await postIn(member, priv, 'members only');
    const seenByOutsider = await feed.ofAuthor(outsider.userId, member.userId, { offset: 0, limit: 100 });
    expect(seenByOutsider.rows.map((r) => r.id)).toContain(p.id);
    expect(seenByOutsider.rows.map((r) => r.id)).not.toContain(secret.id);
    const seenByMember = await feed.ofAuthor(other.userId, member.userId, { offset: 0, limit: 100 });
    expect(seenByMember.rows.map((r) => r.id)).toContain(secret.id);
    expect(await feed.visiblePost(outsider.userId, secret.id)).toBeUndefined();
  });
});

describe('the community feed', () => {
  it('answers its posts pinned first, filters people you follow, sorts top, and pins with pin_posts (audited)', async () => {
    const c = await community();
    const first = await postIn(member, c, 'first');
    clock.advance(60_000);
    const second = await postIn(other, c, 'second');
    clock.advance(60_000);
    const third = await postIn(owner, c, 'third');
    await call(mod, 'POST', `/posts/${first.id}/like`);
    await call(owner, 'POST', `/posts/${first.id}/like`);

    const recent = await call(outsider, 'GET', `/community/${c.id}/feed`);
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json()).toMatchObject({ page: 1, limit: 10, total: 3 });
    expect(recent.json().items.map((p: Post) => p.id)).toEqual([third.id, second.id, first.id]);
    const top = await call(outsider, 'GET', `/community/${c.id}/feed?sort=top`);
    expect(top.json().items[0].id).toBe(first.id);

    await follow(db(), outsider.userId, other.userId);
    const following = await call(outsider, 'GET', `/community/${c.id}/feed?filter=people_you_follow`);
    expect(following.json().items.map((p: Post) => p.id)).toEqual([second.id]);

    expect((await call(member, 'POST', `/community/${c.id}/posts/${first.id}/pin`)).statusCode).toBe(403);
    const pinned = await call(mod, 'POST', `/community/${c.id}/posts/${first.id}/pin`);
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({ id: first.id, pinned: true });
    const page = await call(outsider, 'GET', `/community/${c.id}/feed?limit=2`);
    expect(page.json().items.map((p: Post) => [p.id, p.pinned])).toEqual([
      [first.id, true],
      [third.id, false],
    ]);
    expect((await audit(c.id, 'post.pinned')).length).toBe(1);
    expect((await call(mod, 'DELETE', `/community/${c.id}/posts/${first.id}/pin`)).json().pinned).toBe(false);
    expect((await audit(c.id, 'post.unpinned')).length).toBe(1);

    // a post of another community is not this community's to pin
    const elsewhere = await postIn(member, await community());
    const idor = await call(mod, 'POST', `/community/${c.id}/posts/${elsewhere.id}/pin`);
    expect(idor.json().code).toBe('COMMUNITY_ITEM_NOT_FOUND');
  });

  it('answers 403 to outsiders of a private community and 404 for a hidden one', async () => {
    const priv = await community('private');
    expect((await call(outsider, 'GET', `/community/${priv.id}/feed`)).json().code).toBe('COMMUNITY_NOT_MEMBER');
    const hidden = await community('hidden');
    expect((await call(outsider, 'GET', `/community/${hidden.id}/feed`)).statusCode).toBe(404);
    expect((await call(member, 'GET', `/community/${hidden.id}/feed`)).statusCode).toBe(200);
  });
});

describe('moderating community posts', () => {
  it('lets a moderator who outranks the author delete a post or a comment (audited), not the owner’s', async () => {
    const c = await community();
    const p = await postIn(member, c);
    const comment = (await call(other, 'POST', `/posts/${p.id}/comments`, { content: 'rude' })).json() as PostComment;
    const asMod = await call(mod, 'GET', `/community/${c.id}/feed`);
    expect(asMod.json().items.find((x: Post) => x.id === p.id).canDelete).toBe(true);
    const comments = await call(mod, 'GET', `/posts/${p.id}/comments`);
    expect(comments.json().items[0]).toMatchObject({ id: comment.id, canDelete: true });
    expect((await call(other, 'DELETE', `/posts/${p.id}`)).statusCode).toBe(403);

    expect((await call(mod, 'DELETE', `/posts/${p.id}/comments/${comment.id}`)).statusCode).toBe(200);
    expect(await audit(c.id, 'comment.deleted')).toEqual([
      expect.objectContaining({
        actorId: mod.userId,
        targetUserId: other.userId,
        summary: 'Deleted a comment: "rude".',
      }),
    ]);
    expect((await call(mod, 'DELETE', `/posts/${p.id}`)).statusCode).toBe(200);
    expect((await call(member, 'GET', `/posts/${p.id}`)).statusCode).toBe(404);
    expect((await audit(c.id, 'post.deleted'))[0]).toMatchObject({ actorId: mod.userId, targetUserId: member.userId });

    const ownerPost = await postIn(owner, c);
    expect((await call(mod, 'DELETE', `/posts/${ownerPost.id}`)).statusCode).toBe(403);
    // a moderator of another community has no power here
    const theirs = await makeCommunity(db(), outsider.userId);
    expect(theirs.id).not.toBe(c.id);
    expect((await call(outsider, 'DELETE', `/posts/${ownerPost.id}`)).statusCode).toBe(403);
  });

  it('asks for the rules before a first comment', async () => {
    const c = await community();
    const p = await postIn(member, c);
    await call(owner, 'POST', `/community/${c.id}/rules`, { title: 'Be kind' });
    const res = await call(other, 'POST', `/posts/${p.id}/comments`, { content: 'hi' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COMMUNITY_RULES_NOT_ACCEPTED');
    await call(other, 'POST', `/community/${c.id}/rules/accept`);
    expect((await call(other, 'POST', `/posts/${p.id}/comments`, { content: 'hi' })).statusCode).toBe(201);
    // an outsider of a public community reads but may not comment
    expect((await call(outsider, 'GET', `/posts/${p.id}`)).json().canComment).toBe(false);
    expect((await call(outsider, 'POST', `/posts/${p.id}/comments`, { content: 'hi' })).json().code).toBe(
      'COMMUNITY_NOT_MEMBER',
    );
  });
});
