import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { hashToken, newId, newToken } from '../../platform/ids.js';
import { createAuthCleanup } from './auth.cleanup.js';
import { createAuthCleanupRepository } from './auth.repository.js';
import { emailTokens, loginChallenges, refreshTokens, sessions } from './auth.table.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const clock = createManualClock('2026-04-20T12:00:00Z');
let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({ build: { clock } });
  ({ userId } = await signUp(t.app));
});

const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs);

async function emailToken(expiresIn: number, used = false) {
  const id = newId();
  await t.app.ctx.db.insert(emailTokens).values({
    id,
    userId,
    purpose: 'reset',
    tokenHash: hashToken(newToken()),
    expiresAt: at(expiresIn),
    usedAt: used ? at(-2 * DAY) : null,
    createdAt: at(-10 * DAY),
  });
  return id;
}

async function challenge(expiresIn: number) {
  const id = newId();
  await t.app.ctx.db.insert(loginChallenges).values({
    id,
    userId,
    tokenHash: hashToken(newToken()),
    expiresAt: at(expiresIn),
    createdAt: at(expiresIn - 5 * MINUTE),
  });
  return id;
}

async function session(options: { createdAgo: number; revokedAgo?: number }) {
  const id = newId();
  await t.app.ctx.db.insert(sessions).values({
    id,
    userId,
    createdAt: at(-options.createdAgo),
    lastUsedAt: at(-options.createdAgo),
    revokedAt: options.revokedAgo === undefined ? null : at(-options.revokedAgo),
  });
  return id;
}

async function refresh(sessionId: string, kind: 'main' | 'trading', expiresIn: number, rotated = false) {
  const id = newId();
  const token = newToken();
  await t.app.ctx.db.insert(refreshTokens).values({
    id,
    sessionId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: at(expiresIn),
    rotatedAt: rotated ? at(-DAY) : null,
    createdAt: at(expiresIn - 4 * DAY),
  });
  return { id, token };
}

async function remaining<T extends { id: string }>(
  table: typeof emailTokens | typeof loginChallenges | typeof refreshTokens | typeof sessions,
  ids: string[],
): Promise<string[]> {
  const rows = (await t.app.ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))) as T[];
  return rows.map((r) => r.id).sort();
}

describe('the auth cleanup job', () => {
  it('is registered on the job runner of the app', () => {
    expect(t.app.ctx.jobs.jobs).toContain('auth-cleanup');
  });

  it('deletes only expired links, challenges, dead refresh families and spent sessions, in bounded batches', async () => {
    const links = {
      longExpired: await emailToken(-8 * DAY),
      usedLongExpired: await emailToken(-8 * DAY, true),
      recentlyExpired: await emailToken(-DAY),
      live: await emailToken(HOUR),
      usedLive: await emailToken(HOUR, true),
      aThird: await emailToken(-9 * DAY),
    };
    const challenges = {
      expired: await challenge(-2 * HOUR),
      justExpired: await challenge(-10 * MINUTE),
      live: await challenge(3 * MINUTE),
    };
    // A live session: its main family is alive (a spent token, expired, and the current one); its trading
    // family is dead (every token expired).
    const live = await session({ createdAgo: 10 * DAY });
    const spentMain = await refresh(live, 'main', -2 * DAY, true);
    const currentMain = await refresh(live, 'main', 2 * DAY);
    const deadTrading = [await refresh(live, 'trading', -3 * DAY, true), await refresh(live, 'trading', -MINUTE)];
    // A session whose every token expired, and one revoked more than a week ago (its tokens not yet expired).
    const expired = await session({ createdAgo: 20 * DAY });
    const expiredTokens = [await refresh(expired, 'main', -5 * DAY, true), await refresh(expired, 'main', -DAY)];
    const revokedLongAgo = await session({ createdAgo: 9 * DAY, revokedAgo: 8 * DAY });
    const revokedToken = await refresh(revokedLongAgo, 'main', 6 * DAY);
    // Kept: revoked yesterday; and one being created right now, whose tokens are not inserted yet.
    const revokedRecently = await session({ createdAgo: 2 * DAY, revokedAgo: DAY });
    const recentRevokedToken = await refresh(revokedRecently, 'main', 2 * DAY);
    const brandNew = await session({ createdAgo: MINUTE });

    const cleanup = createAuthCleanup({ repo: createAuthCleanupRepository(t.app.ctx.db), clock, batchSize: 2 });
    const result = await cleanup.run();

    expect(await remaining(emailTokens, Object.values(links))).toEqual(
      [links.recentlyExpired, links.live, links.usedLive].sort(),
    );
    expect(await remaining(loginChallenges, Object.values(challenges))).toEqual(
      [challenges.justExpired, challenges.live].sort(),
    );
    expect(
      await remaining(refreshTokens, [
        spentMain.id,
        currentMain.id,
        ...deadTrading.map((r) => r.id),
        ...expiredTokens.map((r) => r.id),
        revokedToken.id,
        recentRevokedToken.id,
      ]),
    ).toEqual([spentMain.id, currentMain.id, recentRevokedToken.id].sort());
    expect(await remaining(sessions, [live, expired, revokedLongAgo, revokedRecently, brandNew])).toEqual(
      [live, revokedRecently, brandNew].sort(),
    );
    expect(result).toMatchObject({ emailTokens: 3, challenges: 1, refreshTokens: 4, sessions: 2 });

    // Nothing else is due: a second run deletes nothing.
    expect(await cleanup.run()).toEqual({ emailTokens: 0, challenges: 0, refreshTokens: 0, sessions: 0 });

    // The spent token kept for its live family still gives away a thief: presenting it signs the session out.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': spentMain.token },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('AUTH_REFRESH_REUSED');
    const [row] = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(inArray(sessions.id, [live]));
    expect(row?.revokedAt).not.toBeNull();
  });

  it('stops between batches when the run is aborted', async () => {
    for (let i = 0; i < 5; i++) await emailToken(-30 * DAY);
    const cleanup = createAuthCleanup({ repo: createAuthCleanupRepository(t.app.ctx.db), clock, batchSize: 2 });
    const controller = new AbortController();
    controller.abort();
    expect(await cleanup.run(controller.signal)).toEqual({
      emailTokens: 0,
      challenges: 0,
      refreshTokens: 0,
      sessions: 0,
    });
    expect((await cleanup.run()).emailTokens).toBe(5);
  });
});
