// Social feed benchmark (issue 15 item 8): 1,000,000 posts by 10,000 people with 100,000 follow edges (and 5 %
// private profiles, 1,000 blocks) seeded on PostgreSQL with generate_series, then the feed's and the profile
// page's queries as the server runs them (the feed slice's repository), p50 and p99 over RUNS runs for random
// viewers, with a baseline measured in the same run: a primary-key lookup of one post. Targets: feed p99 at most
// 50 ms, each profile query p99 at most 20 ms; printed, never failed on time. Uses TEST_DATABASE_URL or
// DATABASE_URL (a database of its own, dropped at the end); skipped without PostgreSQL.
//   npm run bench -- social-feed
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createFeedRepository } from '../apps/server/src/modules/social/feed/feed.repository.js';
import { createIdeasService } from '../apps/server/src/modules/social/feed/ideas.service.js';
import { socialPosts } from '../apps/server/src/modules/social/social.table.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db.js';
import { createSimulatedMarket } from '../packages/core/src/index.js';

const USERS = 10_000;
const POSTS = 1_000_000;
const FOLLOWS_EACH = 10; // 100,000 edges
const RUNS = 300;
const WARM_UP = 30;
const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(q: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

const name = `bench_social_${Date.now().toString(36)}`;
try {
  await admin(`create database ${name}`);
} catch (error) {
  console.log(`skipped: no PostgreSQL at TEST_DATABASE_URL / DATABASE_URL (${(error as Error).message})`);
  process.exit(0);
}
const url = new URL(base);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 2 });

try {
  await migrateDatabase(database);
  const { db } = database;
  const t0 = performance.now();
  // ids from the row number: md5 gives a uuid-shaped, evenly spread id
  await db.execute(sql`insert into users (id, email, username, status, visibility, is_public)
    select md5('u' || g)::uuid, 'u' || g || '@bench.test', 'user' || g, 'active',
      case when g % 20 = 0 then 'followers' else 'everyone' end, g % 20 <> 0
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`insert into social_follows (follower_id, followee_id, created_at)
    select md5('u' || f)::uuid, md5('u' || (1 + (f * 7919 + k * 104729) % ${USERS}))::uuid, now()
    from generate_series(1, ${USERS}) f, generate_series(1, ${FOLLOWS_EACH}) k
    where (1 + (f * 7919 + k * 104729) % ${USERS}) <> f
    on conflict do nothing`);
  await db.execute(sql`insert into social_blocks (blocker_id, blocked_id, created_at)
    select md5('u' || g)::uuid, md5('u' || (1 + (g * 31) % ${USERS}))::uuid, now()
    from generate_series(1, 1000) g where (1 + (g * 31) % ${USERS}) <> g on conflict do nothing`);
  // a year of posts, one every ~31 s, each author's spread over the year; counters for sort top
  await db.execute(sql`insert into social_posts (id, author_id, content, content_text, like_count, comment_count,
      repost_count, hashtags, created_at)
    select md5('p' || g)::uuid, md5('u' || (1 + (g::bigint * 48271) % ${USERS}))::uuid, '<p>post ' || g || '</p>',
      'post ' || g, (g * 13) % 50, (g * 7) % 9, (g * 3) % 4,
      case when g % 10 = 0 then array['tag' || (g % 40)] else '{}'::text[] end,
      timestamptz '2026-03-04 09:30:00+00' - (${POSTS} - g) * interval '31.5 seconds'
    from generate_series(1, ${POSTS}) g`);
  await db.execute(sql`analyze`);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(socialPosts);
  const edges = await db.execute(sql`select count(*)::int as n from social_follows`);
  console.log(
    `seeded ${counted?.n} posts, ${(edges as unknown as { rows: { n: number }[] }).rows[0]?.n} follow edges, ${USERS} people in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const repo = createFeedRepository(db);
  const clock = { now: () => new Date('2026-03-04T09:30:00Z') };
  const ideas = createIdeasService({ db, market: createSimulatedMarket(), clock });
  let seed = 7;
  const user = () => {
    seed = (seed * 16807) % 2147483647;
    return `u${1 + (seed % USERS)}`;
  };
  const idOf = async (u: string) =>
    ((await db.execute(sql`select md5(${u})::uuid::text as id`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const viewers = await Promise.all(Array.from({ length: 50 }, () => idOf(user())));
  const owners = await Promise.all(Array.from({ length: 50 }, () => idOf(user())));
  const postIds = await Promise.all(Array.from({ length: 50 }, (_, i) => idOf(`p${1 + i * 19997}`)));

  async function measure(label: string, run: (i: number) => Promise<unknown>) {
    for (let i = 0; i < WARM_UP; i++) await run(i);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await run(i);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { label, p50: at(0.5), p99: at(0.99) };
  }

  const baseline = await measure('baseline: post by primary key', (i) =>
    db
      .select()
      .from(socialPosts)
      .where(eq(socialPosts.id, postIds[i % postIds.length]!)),
  );
  const page2 = async (viewer: string, following: boolean) => {
    const first = await repo.recent(viewer, { following, limit: 10 });
    const last = first[9];
    return last ? repo.recent(viewer, { following, after: { at: last.keyAt, id: last.id }, limit: 10 }) : first;
  };
  const rows = [
    await measure('feed from_anyone, recent, first page', (i) =>
      repo.recent(viewers[i % 50]!, { following: false, limit: 10 }),
    ),
    await measure('feed people_you_follow, recent, first page', (i) =>
      repo.recent(viewers[i % 50]!, { following: true, limit: 10 }),
    ),
    await measure('feed people_you_follow, recent, two pages', (i) => page2(viewers[i % 50]!, true)),
    await measure('feed people_you_follow, top (7 days)', (i) =>
      repo.top(viewers[i % 50]!, { following: true, until: '2026-03-04T09:30:00Z', limit: 10 }),
    ),
    await measure('feed from_anyone, top (7 days)', (i) =>
      repo.top(viewers[i % 50]!, { following: false, until: '2026-03-04T09:30:00Z', limit: 10 }),
    ),
    await measure('feed new-post count', (i) =>
      repo.countNewer(viewers[i % 50]!, {
        following: true,
        since: { at: '2026-03-04 08:00:00+00', id: randomUUID() },
        cap: 100,
      }),
    ),
    await measure('profile: audience', (i) => repo.audience(viewers[i % 50]!, owners[i % 50]!)),
    await measure('profile: posts page (rows + total)', (i) =>
      repo.ofAuthor(viewers[i % 50]!, owners[i % 50]!, { offset: 0, limit: 10 }),
    ),
    await measure('profile: post count', (i) => repo.countOfAuthor(viewers[i % 50]!, owners[i % 50]!)),
    await measure('profile: verified ideas stats', (i) => ideas.stats(owners[i % 50]!)),
  ];
  const fmt = (n: number) => n.toFixed(2).padStart(8);
  console.log(`\n${'query'.padEnd(46)}   p50 ms   p99 ms  p99 / baseline p99`);
  for (const r of [baseline, ...rows]) {
    const target = r.label.startsWith('feed') ? 50 : r.label.startsWith('profile') ? 20 : null;
    const verdict = target === null ? '' : r.p99 <= target ? `  ok (≤ ${target} ms)` : `  OVER ${target} ms`;
    console.log(`${r.label.padEnd(46)} ${fmt(r.p50)} ${fmt(r.p99)} ${fmt(r.p99 / baseline.p99)}x${verdict}`);
  }
} finally {
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
