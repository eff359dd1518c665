import type { CommunityLink, CommunityRule } from '@tradedesk/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { communityAudit } from '../communities.table.js';
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
import { createCommunityContent } from './content.plugin.js';

let t: Awaited<ReturnType<typeof communitiesTestApp>>;
let call: ReturnType<typeof caller>;
let owner: SignedInUser;
let mod: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  t = await communitiesTestApp();
  const content = createCommunityContent(t.app.ctx, t.deps);
  await t.app.register(content.routes, { prefix: '/api' });
  call = caller(t.app);
  [owner, mod, member, outsider] = await people(t.app, 4);
});

const db = () => t.app.ctx.db;
async function community(visibility: 'public' | 'private' | 'hidden' = 'public') {
  const c = await makeCommunity(db(), owner.userId, { visibility });
  await joinDirect(db(), c.id, mod.userId);
  await joinDirect(db(), c.id, member.userId);
  await giveRole(db(), c.id, mod.userId, (await builtInRole(db(), c.id, 'moderator')).id);
  return c;
}
const auditOf = async (communityId: string, action: string) =>
  db()
    .select()
    .from(communityAudit)
    .where(and(eq(communityAudit.communityId, communityId), eq(communityAudit.action, action)));

describe('community rules', () => {
  it('lets a manager add, edit, reorder and delete rules, positions 1..n, each write audited', async () => {
    const c = await community();
    const made: CommunityRule[] = [];
    for (const title of ['No spam', 'Be kind', 'Cite sources']) {
      const res = await call(owner, 'POST', `/community/${c.id}/rules`, { title, description: `${title}.` });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    expect(made.map((r) => r.position)).toEqual([1, 2, 3]);
    const [a, b, d] = made as [CommunityRule, CommunityRule, CommunityRule];

    const edited = await call(owner, 'PUT', `/community/${c.id}/rules/${b.id}`, { title: 'Be very kind' });
    expect(edited.json()).toMatchObject({ id: b.id, title: 'Be very kind', description: 'Be kind.', position: 2 });

    const reordered = await call(owner, 'PUT', `/community/${c.id}/rules/reorder`, { ids: [d.id, a.id, b.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().items.map((r: CommunityRule) => [r.id, r.position])).toEqual([
      [d.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);

    expect((await call(owner, 'DELETE', `/community/${c.id}/rules/${a.id}`)).statusCode).toBe(200);
    const list = await call(outsider, 'GET', `/community/${c.id}/rules`);
    expect(list.json().items.map((r: CommunityRule) => [r.title, r.position])).toEqual([
      ['Cite sources', 1],
      ['Be very kind', 2],
    ]);
    for (const action of ['rule.created', 'rule.updated', 'rules.reordered', 'rule.deleted']) {
      expect((await auditOf(c.id, action)).length, action).toBeGreaterThan(0);
    }
  });

  it('refuses a reorder that does not list every rule exactly once (400 on ids)', async () => {
    const c = await community();
    const ids: string[] = [];
    for (const title of ['One', 'Two'])
      ids.push((await call(owner, 'POST', `/community/${c.id}/rules`, { title })).json().id);
    for (const bad of [[ids[0]], [ids[0], ids[0]], [ids[0], ids[1], crypto.randomUUID()]]) {
      const res = await call(owner, 'PUT', `/community/${c.id}/rules/reorder`, { ids: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'COMMUNITY_REORDER_MISMATCH' });
      expect(res.json().details.fields[0].field).toBe('ids');
    }
  });

  it('refuses writes without manage_rules_links, and hides a hidden community from outsiders', async () => {
    const c = await community('hidden');
    const rule = (await call(owner, 'POST', `/community/${c.id}/rules`, { title: 'Rule' })).json() as CommunityRule;
    // the moderator role does not hold manage_rules_links by default
    for (const who of [mod, member]) {
      expect((await call(who, 'POST', `/community/${c.id}/rules`, { title: 'x' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/community/${c.id}/rules/${rule.id}`, { title: 'x' })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/community/${c.id}/rules/${rule.id}`)).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/community/${c.id}/rules/reorder`, { ids: [rule.id] })).statusCode).toBe(403);
    }
    expect((await call(member, 'GET', `/community/${c.id}/rules`)).statusCode).toBe(200);
    for (const [m, u, body] of [
      ['GET', `/community/${c.id}/rules`, undefined],
      ['POST', `/community/${c.id}/rules`, { title: 'x' }],
      ['DELETE', `/community/${c.id}/rules/${rule.id}`, undefined],
      ['POST', `/community/${c.id}/rules/accept`, undefined],
      ['GET', `/community/${c.id}/links`, undefined],
    ] as const) {
      expect((await call(outsider, m, u, body)).statusCode, `${m} ${u}`).toBe(404);
    }
  });

  it('answers 404 for a rule of another community (IDOR)', async () => {
    const a = await community();
    const b = await makeCommunity(db(), mod.userId);
    const rule = (await call(owner, 'POST', `/community/${a.id}/rules`, { title: 'A rule' })).json() as CommunityRule;
    // mod owns b and manages its rules, but the rule is a's
    const res = await call(mod, 'PUT', `/community/${b.id}/rules/${rule.id}`, { title: 'hijack' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('COMMUNITY_ITEM_NOT_FOUND');
    expect((await call(mod, 'DELETE', `/community/${b.id}/rules/${rule.id}`)).statusCode).toBe(404);
  });

  it('caps rules at 30 (409 COMMUNITY_LIMIT)', async () => {
    const c = await community();
    for (let i = 0; i < 30; i++) {
      expect((await call(owner, 'POST', `/community/${c.id}/rules`, { title: `Rule ${i}` })).statusCode).toBe(201);
    }
    const res = await call(owner, 'POST', `/community/${c.id}/rules`, { title: 'One too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COMMUNITY_LIMIT');
  });

  it('asks members to accept the rules before writing once there are rules; later rules do not ask again', async () => {
    const c = await community();
    const gate = async (who: SignedInUser) => {
      try {
        await t.deps.access.requireWrite(await t.deps.access.viewer(who.userId, c.id), 'post');
        return 'ok';
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(await gate(member)).toBe('ok'); // no rules yet
    await call(owner, 'POST', `/community/${c.id}/rules`, { title: 'No spam' });
    expect(await gate(member)).toBe('COMMUNITY_RULES_NOT_ACCEPTED');
    expect(await gate(owner)).toBe('ok');
    const accepted = await call(member, 'POST', `/community/${c.id}/rules/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().rulesAcceptedAt).toBe(new Date(accepted.json().rulesAcceptedAt).toISOString());
    expect(await gate(member)).toBe('ok');
    await call(owner, 'POST', `/community/${c.id}/rules`, { title: 'Be kind' });
    expect(await gate(member)).toBe('ok');
    expect((await call(outsider, 'POST', `/community/${c.id}/rules/accept`)).json().code).toBe('COMMUNITY_NOT_MEMBER');
    await banDirect(db(), c.id, member.userId);
    expect((await call(member, 'POST', `/community/${c.id}/rules/accept`)).json().code).toBe('COMMUNITY_BANNED');
  });
});

describe('community links', () => {
  it('keeps links in order through create, edit, reorder and delete, and validates the url', async () => {
    const c = await community();
    const links: CommunityLink[] = [];
    for (const [title, url] of [
      ['Site', 'https://example.com'],
      ['Discord', 'https://discord.gg/x'],
    ] as const) {
      const res = await call(owner, 'POST', `/community/${c.id}/links`, { title, url });
      expect(res.statusCode, res.body).toBe(201);
      links.push(res.json());
    }
    const bad = await call(owner, 'POST', `/community/${c.id}/links`, { title: 'x', url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('url');
    const [site, discord] = links as [CommunityLink, CommunityLink];
    const edited = await call(owner, 'PUT', `/community/${c.id}/links/${site.id}`, { url: 'https://example.org' });
    expect(edited.json()).toMatchObject({ title: 'Site', url: 'https://example.org', position: 1 });
    const reordered = await call(owner, 'PUT', `/community/${c.id}/links/reorder`, { ids: [discord.id, site.id] });
    expect(reordered.json().items.map((l: CommunityLink) => l.title)).toEqual(['Discord', 'Site']);
    const mismatch = await call(owner, 'PUT', `/community/${c.id}/links/reorder`, { ids: [discord.id] });
    expect(mismatch.json().code).toBe('COMMUNITY_REORDER_MISMATCH');
    expect((await call(member, 'DELETE', `/community/${c.id}/links/${site.id}`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/community/${c.id}/links/${discord.id}`)).statusCode).toBe(200);
    const list = await call(member, 'GET', `/community/${c.id}/links`);
    expect(list.json().items).toEqual([{ id: site.id, title: 'Site', url: 'https://example.org', position: 1 }]);
    expect((await auditOf(c.id, 'links.reordered')).length).toBe(1);
  });
});
