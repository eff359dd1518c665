import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import { seedSocialPeople } from '../../demo/demo.social-people.js';
import { createUsersRepository } from '../../users/users.repository.js';
import { createUsersService, type UsersService } from '../../users/users.service.js';
import type { SocialGraph } from '../social.types.js';
import { createSocialGraph } from './profiles.graph.js';
import { createProfilesRepository, type ProfilesRepository } from './profiles.repository.js';

const clock = createManualClock('2026-03-04T09:30:00Z');
let db: Db;
let users: UsersService;
let repo: ProfilesRepository;
let graph: SocialGraph;
/** Statements the graph sent (every select, execute, insert, delete and transaction on the database). */
let statements = 0;

function counting(target: Db): Db {
  return new Proxy(target, {
    get(t, key, receiver) {
      const value = Reflect.get(t, key, receiver);
      if (
        typeof value === 'function' &&
        ['select', 'execute', 'insert', 'delete', 'update', 'transaction'].includes(String(key))
      ) {
        return (...args: unknown[]) => {
          statements++;
          return value.apply(t, args);
        };
      }
      return value;
    },
  });
}

async function person(
  username: string,
  profile: { isPublic?: boolean; visibility?: 'everyone' | 'followers' | 'nobody' } = {},
) {
  const row = await users.create({
    email: `${username}@example.test`,
    username,
    firstName: username[0]!.toUpperCase() + username.slice(1),
    status: 'active',
    ...profile,
  });
  return row.id;
}

beforeAll(async () => {
  const { database } = await createTestDatabase();
  db = database.db;
  users = createUsersService({ repo: createUsersRepository(db), clock });
  repo = createProfilesRepository(counting(db));
  graph = createSocialGraph({ db, storage: { url: (key) => `/api/files/${key}` } }, repo);
});

/** Runs a graph call and answers its result with the statements it sent. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; statements: number }> {
  statements = 0;
  const value = await fn();
  return { value, statements };
}

describe('SocialGraph', () => {
  it('answers relations, audiences and friendships in one statement each', async () => {
    const [ann, ben, cat, dan] = await Promise.all([
      person('ann'),
      person('ben'),
      person('cat', { isPublic: false }),
      person('dan', { visibility: 'nobody' }),
    ]);
    await repo.addFollow(ann, ben, clock.now());
    await repo.addFollow(ben, ann, clock.now());
    await repo.addRequest(ann, cat, clock.now());

    const rel = await measured(() => graph.relation(ann, ben));
    expect(rel).toEqual({
      value: {
        self: false,
        following: true,
        followedBy: true,
        requested: false,
        requestedMe: false,
        blocking: false,
        friends: true,
      },
      statements: 1,
    });
    expect((await graph.relation(ann, cat)).requested).toBe(true);
    expect((await graph.relation(cat, ann)).requestedMe).toBe(true);
    expect((await graph.relation(ann, ann)).self).toBe(true);
    expect(await measured(() => graph.areFriends(ann, ben))).toEqual({ value: true, statements: 1 });
    expect(await graph.isFollowing(ann, cat)).toBe(false);

    // audiences: public to all, private to accepted followers, nobody to its owner only
    expect(await measured(() => graph.canSeeContent(cat, ben))).toEqual({ value: true, statements: 1 });
    expect(await graph.canSeeContent(ann, cat)).toBe(false);
    await repo.acceptRequest(ann, cat, clock.now());
    expect(await graph.canSeeContent(ann, cat)).toBe(true);
    expect(await graph.canSeeContent(ann, dan)).toBe(false);
    expect(await graph.canSeeContent(dan, dan)).toBe(true);

    // a block either way hides content both ways and ends the follows
    await repo.block(cat, ann, clock.now());
    expect(await measured(() => graph.blockedEither(ann, cat))).toEqual({ value: true, statements: 1 });
    expect(await graph.blockedEither(cat, ann)).toBe(true);
    expect(await graph.canSeeContent(ann, cat)).toBe(false);
    expect(await graph.canSeeContent(cat, ann)).toBe(false);
    expect(await graph.isFollowing(ann, cat)).toBe(false);
    expect((await graph.relation(cat, ann)).blocking).toBe(true);
  });

  it('resolves mentions and summaries in one statement, in the order asked', async () => {
    const [eve, fay] = await Promise.all([person('Eve_M'), person('fay_m', { isPublic: false })]);
    await repo.addFollow(eve, fay, clock.now());
    const mentions = await measured(() => graph.usersByUsername(['eve_m', 'FAY_M', 'nobody_m', 'eve_m']));
    expect(mentions.statements).toBe(1);
    expect(mentions.value.map((u) => u.username).sort()).toEqual(['Eve_M', 'fay_m']);
    const summaries = await measured(() => graph.summaries(eve, [fay, '00000000-0000-4000-8000-000000000000', eve]));
    expect(summaries.statements).toBe(1);
    expect(summaries.value).toEqual([
      { id: fay, username: 'fay_m', displayName: 'Fay_m', avatarUrl: null, isPublic: false, following: true },
      { id: eve, username: 'Eve_M', displayName: 'Eve_M', avatarUrl: null, isPublic: true, following: false },
    ]);
  });
});

describe('demo people', () => {
  it('seeds the demo traders once, with follows to and from the demo user', async () => {
    const demo = await users.create({ email: 'demo@tradedesk.local', username: 'demo', status: 'active' });
    const followed: Array<[string, string]> = [];
    const accepted: Array<[string, string]> = [];
    const profiles = {
      follow: async (a: string, b: string) => {
        followed.push([a, b]);
        await repo.addFollow(a, b, clock.now());
        return {} as never;
      },
      accept: async (a: string, b: string) => void accepted.push([a, b]),
    };
    const first = await seedSocialPeople({ users, profiles, now: () => clock.now() });
    expect(first.demoUserId).toBe(demo.id);
    expect(Object.keys(first.people).sort()).toEqual([
      'kenji_gold',
      'lena_prop',
      'maria_fx',
      'olivia_quant',
      'sam_scalps',
    ]);
    expect(followed.filter(([a]) => a === demo.id)).toHaveLength(4);
    expect(followed.filter(([, b]) => b === demo.id)).toHaveLength(3);
    expect(accepted).toEqual([[first.people.lena_prop, demo.id]]);
    expect((await users.findByUsername('lena_prop'))?.isPublic).toBe(false);
    const again = await seedSocialPeople({ users, profiles, now: () => clock.now() });
    expect(again.people).toEqual(first.people);
  });
});
