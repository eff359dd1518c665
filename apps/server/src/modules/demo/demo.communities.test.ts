import type {
  ChannelMessage,
  Community,
  CommunityChannel,
  CommunityLink,
  CommunityMember,
  CommunityRole,
  CommunityRule,
  CommunitySummary,
  Post,
} from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { communityMembers } from '../communities/communities.table.js';
import { DEMO_COMMUNITY, DEMO_PRIVATE_COMMUNITY } from './demo.communities.js';
import { DEMO_USER } from './demo.seed.js';

type Page<T> = { items: T[]; total: number };

describe('demo communities', () => {
  it('seeds London Session Traders and Prop Challenge Circle once, through the slices, as the demo user sees them', async () => {
    const clock = createManualClock('2026-03-04T07:45:00Z');
    const first = await createTestApp({ config: { seedDemo: true }, build: { clock, withoutAi: true } });
    // a second start on the same database adds nothing
    const { app } = await createTestApp({
      config: { seedDemo: true },
      build: { clock, withoutAi: true },
      database: first.database,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
    });
    const asDemo = { authorization: `Bearer ${login.json().tokens.accessToken}` };
    const get = async <T>(url: string, headers = asDemo) => {
      const res = await app.inject({ method: 'GET', url: `/api${url}`, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json() as T;
    };

    // the directory: the public one with its five members (Maria, the demo user, Kenji, Olivia, Sam)
    const directory = await get<Page<CommunitySummary>>('/community?limit=50');
    expect(directory.items.map((c) => c.handle).sort()).toEqual([DEMO_COMMUNITY.handle, DEMO_PRIVATE_COMMUNITY.handle]);
    expect(directory.items.find((c) => c.handle === DEMO_COMMUNITY.handle)).toMatchObject({
      name: DEMO_COMMUNITY.name,
      visibility: 'public',
      categories: ['forex', 'day_trading'],
      memberCount: 5,
      membership: 'member',
    });
    expect(directory.items.find((c) => c.handle === DEMO_PRIVATE_COMMUNITY.handle)).toMatchObject({
      visibility: 'private',
      memberCount: 2,
    });

    // the demo user's joined list holds both
    const joined = await get<Page<CommunitySummary>>('/community/joined/list');
    expect(joined.items.map((c) => c.name).sort()).toEqual([DEMO_COMMUNITY.name, DEMO_PRIVATE_COMMUNITY.name]);

    const london = await get<Community>(`/community/by-handle/${DEMO_COMMUNITY.handle}`);
    expect(london).toMatchObject({
      owner: { username: 'maria_fx' },
      type: 'trading_group',
      limited: false,
      mustAcceptRules: false,
      rating: { average: 5, count: 1 },
    });
    expect(london.settings.welcomeMessage).toContain('Welcome!');
    const base = `/community/${london.id}`;
    const rules = await get<{ items: CommunityRule[] }>(`${base}/rules`);
    expect(rules.items.map((r) => r.position)).toEqual([1, 2, 3]);
    const links = await get<{ items: CommunityLink[] }>(`${base}/links`);
    expect(links.items).toHaveLength(2);
    expect(links.items.every((l) => l.url.startsWith('https://'))).toBe(true);

    // every member accepted the rules
    const accepted = await app.ctx.db
      .select({ at: communityMembers.rulesAcceptedAt })
      .from(communityMembers)
      .where(eq(communityMembers.communityId, london.id));
    expect(accepted).toHaveLength(5);
    expect(accepted.every((m) => m.at !== null)).toBe(true);
    const members = await get<Page<CommunityMember>>(`${base}/members?limit=50`);
    const rolesOf = new Map(members.items.map((m) => [m.user.username, m.roles.map((r) => r.name).sort()]));
    expect(rolesOf.get('kenji_gold')).toContain('Moderator');
    expect(rolesOf.get('olivia_quant')).toContain('Mentor');
    expect([...rolesOf.keys()].sort()).toEqual(['demo', 'kenji_gold', 'maria_fx', 'olivia_quant', 'sam_scalps']);
    const { items: roles } = await get<{ items: CommunityRole[] }>(`${base}/roles`);
    expect(roles.find((r) => r.name === 'Mentor')).toMatchObject({
      color: '#12B76A',
      display: true,
      kind: 'custom',
      members: 1,
      permissions: expect.arrayContaining(['post', 'comment', 'use_channels', 'pin_posts']),
    });

    const channels = await get<{ items: CommunityChannel[] }>(`${base}/channels`);
    const messagesOf = async (name: string) => {
      const channel = channels.items.find((c) => c.name === name);
      return (await get<{ items: ChannelMessage[] }>(`${base}/channels/${channel?.id}/messages?limit=50`)).items;
    };
    const general = await messagesOf('general');
    expect(general).toHaveLength(4);
    expect(general.some((m) => m.content.includes('@demo'))).toBe(true);
    const announcements = await messagesOf('announcements');
    expect(announcements.map((m) => m.author.username)).toEqual(['maria_fx']);

    const feed = await get<Page<Post>>(`${base}/feed`);
    expect(feed.total).toBe(2);
    expect(feed.items[0]).toMatchObject({ author: { username: 'maria_fx' }, pinned: true, communityId: london.id });
    expect(feed.items[1]).toMatchObject({ author: { username: 'olivia_quant' }, pinned: false });

    // the private circle: whole for the demo user, limited for someone outside it
    const circle = await get<Community>(`/community/by-handle/${DEMO_PRIVATE_COMMUNITY.handle}`);
    expect(circle).toMatchObject({ owner: { username: 'lena_prop' }, limited: false, membership: 'member' });
    const outsider = await signUpAndLogin(app);
    const seenOutside = await get<Community>(`/community/by-handle/${DEMO_PRIVATE_COMMUNITY.handle}`, outsider.auth);
    expect(seenOutside).toMatchObject({ limited: true, membership: 'none', memberCount: 2 });
    const feedOutside = await app.inject({
      method: 'GET',
      url: `/api/community/${circle.id}/feed`,
      headers: outsider.auth,
    });
    expect(feedOutside.statusCode).toBe(403);
    // every demo seed runs at the first start (trading replay, challenge, journal): slow on a loaded machine
  }, 120_000);
});
