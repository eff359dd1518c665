import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type SignedInUser, signUpAndLogin, uniqueSuffix } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import type { ManualClock } from '../../../platform/clock.js';
import type { JobDefinition, JobRunner } from '../../../platform/jobs/job-runner.js';
import { createUsersModule } from '../../users/users.plugin.js';
import { users } from '../../users/users.table.js';
import { createBillingHooks } from '../billing.types.js';
import { createPartners } from './partners.plugin.js';
import type { PartnerNotifier } from './partners.service.js';

type Notice = Parameters<PartnerNotifier['notify']>[1] & { userId: string };

/**
 * A test app (without billing) with the partner program mounted under /api, its BillingHooks (tests announce
 * invoices with `hooks.invoicePaid` / `invoiceRefunded` as the invoices slice would), a notifier that records,
 * a staff member, and the leader's job held here: `runJob()` runs it once.
 */
export async function partnersTestApp(clock: ManualClock) {
  const { app } = await createTestApp({ build: { clock, withoutBilling: true } });
  const hooks = createBillingHooks();
  const sent: Notice[] = [];
  const notifications: PartnerNotifier = {
    async notify(userId, input) {
      sent.push({ userId, ...input });
    },
  };
  let job: JobDefinition | undefined;
  const jobs = {
    register(definition: JobDefinition) {
      job = definition;
      return () => {};
    },
  } as unknown as JobRunner;
  const partners = createPartners(
    { ...app.ctx, jobs },
    { users: createUsersModule(app.ctx).service, notifications, hooks },
  );
  await app.register(partners.routes, { prefix: '/api' });
  const staff = await signUpAndLogin(app);
  await app.ctx.db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
  const runJob = async () => {
    if (!job) throw new Error('the partners job was not registered');
    await job.run({ signal: new AbortController().signal });
  };
  return { app, hooks, sent, staff, runJob };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export function caller(app: FastifyInstance) {
  return (user: SignedInUser | null, method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: user ? user.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export const someAnswers = { promotion: 'A weekly trading newsletter.', audience: '5,000 readers' };

/** A signed-in user who applied and was approved by `staff`; answers the partner's id and code. */
export async function approvedPartner(app: FastifyInstance, staff: SignedInUser) {
  const call = caller(app);
  // the clock may have moved since staff signed in (and a retried test starts later still)
  await relogin(app, staff);
  const user = await signUpAndLogin(app);
  const applied = await call(user, 'POST', '/affiliates/request', { answers: someAnswers });
  expect(applied.statusCode, applied.body).toBe(201);
  const id = (applied.json() as { id: string }).id;
  const approved = await call(staff, 'POST', `/staff/affiliates/${id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const details = await call(user, 'GET', '/affiliates/details');
  return { user, id, code: (details.json() as { code: string }).code };
}

let signUps = 0;
/** Signs up through POST /api/customer carrying the `referral_code` cookie (as the browser would); answers the id. */
export async function signUpReferred(app: FastifyInstance, code: string | null): Promise<string> {
  const suffix = uniqueSuffix();
  const email = `ref-${suffix}@example.test`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/customer',
    headers: code ? { cookie: `referral_code=${code}` } : {},
    payload: { email, password: `Passw0rd-${suffix}`, username: `ref_${suffix}`, first_name: 'R', last_name: 'U' },
    remoteAddress: `203.0.113.${(++signUps % 250) + 1}`,
  });
  expect(res.statusCode, res.body).toBe(202);
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (!row) throw new Error('no account made');
  return row.id;
}

/** Signs `user` in again (moving the clock expires access tokens); updates its `auth` in place. */
export async function relogin(app: FastifyInstance, user: SignedInUser): Promise<SignedInUser> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: user.email, password: user.password, return_tokens: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const tokens = (res.json() as { tokens: { accessToken: string } }).tokens;
  user.auth = { authorization: `Bearer ${tokens.accessToken}` };
  return user;
}
