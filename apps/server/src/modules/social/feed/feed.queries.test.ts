import type { PGlite } from '@electric-sql/pglite';
import { createSimulatedMarket } from '@tradedesk/core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import * as schema from '../../../db/schema.js';
import { createManualClock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import { createSocialFeed } from './feed.plugin.js';
import { follow, insertPost, minimalView } from './feed.test-kit.js';

let app: FastifyInstance;
let reader: SignedInUser;
let queries = 0;
let feed: ReturnType<typeof createSocialFeed>;
const clock = createManualClock('2026-03-02T09:30:00Z');

/** The same database through a Drizzle handle that counts the statements it sends. */
function countingDb(db: Db, kind: 'pglite' | 'postgres'): Db {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const logger = { logQuery: () => void queries++ };
  return (kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
}

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  const db = countingDb(app.ctx.db, app.ctx.database.kind);
  const view = minimalView(db, {
    ideas: { attach: () => Promise.reject(), figures: (ids) => feed.ideas.figures(ids), isLocked: async () => false },
    bookmarkedOf: (u, ids) => feed.bookmarks.bookmarkedOf(u, ids),
  });
  feed = createSocialFeed({ db, clock }, { view, market: createSimulatedMarket() });
  reader = await signUpAndLogin(app);
  const authors = await Promise.all(Array.from({ length: 5 }, () => signUpAndLogin(app)));
  for (const a of authors) await follow(app.ctx.db, reader.userId, a.userId);
  for (let i = 0; i < 40; i++) {
    const author = authors[i % authors.length]!;
    await insertPost(app.ctx.db, {
      authorId: author.userId,
      at: new Date(Date.parse('2026-03-02T08:00:00Z') + i * 1000),
    });
  }
});

async function countPage(limit: number, filter: 'people_you_follow' | 'from_anyone') {
  queries = 0;
  const page = await feed.service.page(reader.userId, { filter, sort: 'recent', limit });
  expect(page.items).toHaveLength(limit);
  return queries;
}

describe('one feed page', () => {
  it('takes the same number of queries for 5 posts as for 30 (no N+1)', async () => {
    for (const filter of ['people_you_follow', 'from_anyone'] as const) {
      const small = await countPage(5, filter);
      const large = await countPage(30, filter);
      expect(large).toBe(small);
      // the page's keys and rows, then the view: authors, trade ideas, bookmarks
      expect(small).toBeLessThanOrEqual(5);
    }
  });
});
