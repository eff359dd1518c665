import {
  communityLinkBodySchema,
  communityRatingBodySchema,
  communityRuleBodySchema,
  createCommunityBodySchema,
  createCommunityRoleBodySchema,
  createPostBodySchema,
  updateCommunitySettingsBodySchema,
} from '@tradedesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CommunitiesModule } from '../communities/communities.plugin.js';
import type { SocialModule } from '../social/social.plugin.js';
import type { UsersService } from '../users/users.service.js';
import { DEMO_USER } from './demo.seed.js';
import type { DemoSocialUsername } from './demo.social-people.js';

export const DEMO_COMMUNITY = { name: 'London Session Traders', handle: 'london-session' } as const;
export const DEMO_PRIVATE_COMMUNITY = { name: 'Prop Challenge Circle', handle: 'prop-circle' } as const;

const RULES = [
  {
    title: 'Every idea comes with its risk',
    description: 'Share a trade idea with its stop and the risk per trade. No stop, no post.',
  },
  {
    title: 'Nothing for sale',
    description: 'No paid signals, referral links or account management offers.',
  },
  {
    title: 'Critique the trade, not the trader',
    description: 'Be respectful. Losing days are part of the job; help each other learn from them.',
  },
];
const LINKS = [
  { title: 'BabyPips: learn forex', url: 'https://www.babypips.com' },
  { title: 'Investopedia: trading terms', url: 'https://www.investopedia.com' },
];

/**
 * The demo communities, made through the communities slices' services as people would make them: Maria's public
 * "London Session Traders" (rules, links, a welcome message, the demo user, Kenji (Moderator), Olivia (Mentor, a
 * custom role) and Sam as members who accepted the rules, chat in #general, an announcement, two feed posts, one
 * pinned, Kenji's rating) and Lena's private "Prop Challenge Circle" the demo user asked to join and Lena accepted.
 * Runs after the social demo (its people); made only while the handle `london-session` is free, so a restart adds
 * nothing. Every instant is the services' clock (the app's injected one).
 */
export async function seedCommunitiesDemo(deps: {
  users: Pick<UsersService, 'findByUsername'>;
  communities: Pick<CommunitiesModule, 'core' | 'roles' | 'content' | 'channels'>;
  posts: Pick<SocialModule['posts'], 'service'>;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Promise<boolean> {
  const { core, roles, content, channels } = deps.communities;
  if (!(await core.communities.handleAvailability(DEMO_COMMUNITY.handle)).available) return false;

  const demoUser = await deps.users.findByUsername(DEMO_USER.username);
  const usernames: DemoSocialUsername[] = ['maria_fx', 'kenji_gold', 'olivia_quant', 'sam_scalps', 'lena_prop'];
  const found = await Promise.all(usernames.map((u) => deps.users.findByUsername(u)));
  const [maria, kenji, olivia, sam, lena] = found.map((u) => u?.id);
  if (!demoUser || !maria || !kenji || !olivia || !sam || !lena) return false;
  const demo = demoUser.id;

  // Maria's public community: the wizard, then the settings, rules and links an owner adds before inviting people
  const london = await core.communities.create(
    maria,
    createCommunityBodySchema.parse({
      type: 'trading_group',
      community_size: '1_50',
      visibility: 'public',
      name: DEMO_COMMUNITY.name,
      handle: DEMO_COMMUNITY.handle,
      description:
        'Forex day traders who trade the London session: a plan before the open, a review after the close, risk first.',
      categories: ['forex', 'day_trading'],
    }),
  );
  const id = london.id;
  await core.communities.updateSettings(
    maria,
    id,
    updateCommunitySettingsBodySchema.parse({
      welcome_message:
        'Welcome! Read the three rules, say hello in #general, and post your plan before the session starts.',
    }),
  );
  for (const rule of RULES) await content.items.rules.create(maria, id, communityRuleBodySchema.parse(rule));
  for (const link of LINKS) await content.items.links.create(maria, id, communityLinkBodySchema.parse(link));

  // members join and accept the rules (the owner's acceptance came with the community)
  for (const member of [demo, kenji, olivia, sam]) {
    await core.membership.join(member, id, '');
    await content.items.acceptRules(member, id);
  }

  // Kenji moderates; Olivia mentors, a role of Maria's own
  const builtIn = (await roles.service.list(maria, id)).items;
  const moderator = builtIn.find((r) => r.kind === 'moderator');
  if (moderator) await roles.service.assign(maria, id, { member_id: kenji, role_id: moderator.roleId });
  const mentor = await roles.service.create(
    maria,
    id,
    createCommunityRoleBodySchema.parse({
      name: 'Mentor',
      description: 'Experienced members who answer questions and review plans.',
      color: '#12B76A',
      display: true,
      permissions: ['post', 'comment', 'use_channels', 'pin_posts'],
    }),
  );
  await roles.service.assign(maria, id, { member_id: olivia, role_id: mentor.roleId });

  // the channels every community starts with
  const list = await channels.channels.list(maria, id);
  const general = list.find((c) => c.name === 'general');
  const announcements = list.find((c) => c.name === 'announcements');
  if (announcements) {
    await channels.messages.post(
      maria,
      id,
      announcements.id,
      'Welcome to London Session Traders! Read the rules, introduce yourself in #general, and share your plan before the session and your review after it.',
    );
  }
  if (general) {
    const say = (userId: string, text: string) => channels.messages.post(userId, id, general.id, text);
    await say(maria, 'Morning all. Post your plan for the session here before you place anything.');
    await say(kenji, 'No entries in the first fifteen minutes for me today. Risk stays at half a per cent a trade.');
    await say(olivia, `@${demoUser.username} welcome! Ask anything about testing a session setup, happy to help.`);
    await say(sam, 'Two losses and I stop for the morning. Writing it here so you can hold me to it.');
  }

  // the community feed: Maria's how-to, pinned, and Olivia's habit
  const post = (userId: string, text: string) =>
    deps.posts.service.create(
      userId,
      createPostBodySchema.parse({ content: text, visibility: 'community', community_id: id }),
    );
  const howTo = await post(
    maria,
    '<p>How we use this group: before London opens, post your plan for the session (the pairs, the levels you care about, your risk per trade). After the close, post what you took and why. Plans with a stop only.</p>',
  );
  await content.feed.pin(maria, id, howTo.id, true);
  await post(
    olivia,
    '<p>A habit worth copying: note the time of each entry against the session (before the open, the first hour, the New York overlap) and compare your results after twenty trades.</p>',
  );

  await content.ratings.rate(
    kenji,
    id,
    communityRatingBodySchema.parse({ rating: 5, review: 'Plans before the open keep me honest.' }),
  );

  // Lena's private circle: the demo user asks to join, Lena accepts
  const circle = await core.communities.create(
    lena,
    createCommunityBodySchema.parse({
      type: 'prop_challenge',
      community_size: '1_50',
      visibility: 'private',
      name: DEMO_PRIVATE_COMMUNITY.name,
      handle: DEMO_PRIVATE_COMMUNITY.handle,
      description: 'A small circle working through prop firm challenges: daily loss limits, consistency and journals.',
      categories: ['prop_firms'],
    }),
  );
  await core.membership.join(demo, circle.id, 'Phase 1 of my first challenge, would love to learn from you.');
  const requests = await core.membership.requests(lena, circle.id, { page: 1, limit: 10 });
  for (const request of requests.items.filter((r) => r.user.id === demo)) {
    await core.membership.accept(lena, circle.id, request.id);
  }

  deps.log.info('demo communities created: London Session Traders and Prop Challenge Circle');
  return true;
}
