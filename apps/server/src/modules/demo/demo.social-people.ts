import type { FastifyBaseLogger } from 'fastify';
import type { ProfilesService } from '../social/profiles/profiles.service.js';
import type { UsersService } from '../users/users.service.js';
import { DEMO_USER } from './demo.seed.js';

/** The demo traders of the community (no password: they are there to be followed, not to sign in). */
export const DEMO_SOCIAL_PEOPLE = [
  {
    username: 'maria_fx',
    firstName: 'Maria',
    lastName: 'Lopez',
    biography: 'EUR/USD and GBP/USD swing trader. One per cent a trade, always with a stop.',
    location: 'Madrid',
    private: false,
  },
  {
    username: 'kenji_gold',
    firstName: 'Kenji',
    lastName: 'Sato',
    biography: 'Gold and indices in the London and New York sessions. Verified ideas only.',
    location: 'Tokyo',
    private: false,
  },
  {
    username: 'olivia_quant',
    firstName: 'Olivia',
    lastName: 'Brown',
    biography: 'Systematic: backtest first, trade second. Mean reversion on the majors.',
    location: 'London',
    private: false,
  },
  {
    username: 'sam_scalps',
    firstName: 'Sam',
    lastName: 'Okafor',
    biography: 'Scalper on the 1-minute chart. Journal every trade.',
    location: 'Lagos',
    private: false,
  },
  {
    username: 'lena_prop',
    firstName: 'Lena',
    lastName: 'Fischer',
    biography: 'Prop challenges, phase 2. Private profile: ask to follow.',
    location: 'Berlin',
    private: true,
  },
] as const;
export type DemoSocialUsername = (typeof DEMO_SOCIAL_PEOPLE)[number]['username'];

/**
 * The demo traders and their follows with the demo user: the demo user follows Maria, Kenji, Olivia and (an
 * accepted request) Lena, who is private; Maria, Kenji and Sam follow the demo user (friends: Maria, Kenji).
 * Idempotent: people already there are reused, follows already made are kept. Answers their ids by username
 * (empty without the demo user).
 */
export async function seedSocialPeople(deps: {
  users: Pick<UsersService, 'findByUsername' | 'create'>;
  profiles: Pick<ProfilesService, 'follow' | 'accept'>;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'info'>;
}): Promise<{ demoUserId: string | null; people: Partial<Record<DemoSocialUsername, string>> }> {
  const demo = await deps.users.findByUsername(DEMO_USER.username);
  if (!demo) return { demoUserId: null, people: {} };
  const people: Partial<Record<DemoSocialUsername, string>> = {};
  let created = 0;
  for (const p of DEMO_SOCIAL_PEOPLE) {
    const found = await deps.users.findByUsername(p.username);
    const row =
      found ??
      (await deps.users.create({
        email: `${p.username}@demo.tradedesk.local`,
        username: p.username,
        firstName: p.firstName,
        lastName: p.lastName,
        biography: p.biography,
        location: p.location,
        isPublic: !p.private,
        status: 'active',
        activatedAt: deps.now(),
      }));
    if (!found) created++;
    people[p.username] = row.id;
  }
  const follow = async (from: string | undefined, to: string | undefined) => {
    if (from && to) await deps.profiles.follow(from, to);
  };
  for (const name of ['maria_fx', 'kenji_gold', 'olivia_quant', 'lena_prop'] as const)
    await follow(demo.id, people[name]);
  if (people.lena_prop) {
    // Lena is private: the demo user's follow was a request, which she accepts (a no-op once accepted)
    await deps.profiles.accept(people.lena_prop, demo.id).catch(() => {});
  }
  for (const name of ['maria_fx', 'kenji_gold', 'sam_scalps'] as const) await follow(people[name], demo.id);
  if (created > 0) deps.log?.info(`demo community people created: ${created}`);
  return { demoUserId: demo.id, people };
}
