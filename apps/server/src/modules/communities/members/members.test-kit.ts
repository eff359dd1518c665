import type { FastifyInstance } from 'fastify';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import type { BusMessage } from '../../../platform/bus/event-bus.js';
import { createManualClock } from '../../../platform/clock.js';
import { communitiesTestApp } from '../communities.test-kit.js';
import { createCommunityMembers } from './members.plugin.js';

/** A test app with the members slice mounted under /api, a manual clock and the bus messages it published. */
export async function membersTestApp() {
  const clock = createManualClock('2026-03-04T09:30:00Z');
  const t = await communitiesTestApp(clock);
  const slice = createCommunityMembers(t.app.ctx, t.deps);
  await t.app.register(slice.routes, { prefix: '/api' });
  const published: BusMessage[] = [];
  t.app.ctx.bus.subscribe((m) => published.push(m));
  /** Moves the clock on and signs the people in again (their access tokens expired with the jump). */
  async function advance(ms: number, ...who: SignedInUser[]) {
    clock.advance(ms);
    for (const user of who) await relogin(t.app, user);
  }
  return { ...t, slice, published, advance };
}

/** Signs a person in again and updates their headers in place. */
async function relogin(app: FastifyInstance, user: SignedInUser) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: user.email, password: user.password, return_tokens: true },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const tokens = (login.json() as { tokens: { accessToken: string } }).tokens;
  user.accessToken = tokens.accessToken;
  user.auth = { authorization: `Bearer ${tokens.accessToken}` };
}
