import type { SubscriptionChangeResult } from '@tradedesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { createSubscriptions } from './subscriptions.plugin.js';
import { caller, fakeCatalogue, payingUser, subscriptionsTestApp } from './subscriptions.test-kit.js';

const DAY = 86_400_000;
let t: Awaited<ReturnType<typeof subscriptionsTestApp>>;

beforeAll(async () => {
  t = await subscriptionsTestApp('2026-01-31T09:00:00Z');
});

async function subscribe(user: SignedInUser, body: object): Promise<SubscriptionChangeResult> {
  const res = await caller(t.app)(user, 'POST', '/subscriptions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SubscriptionChangeResult;
}
const sub = async (user: SignedInUser) => (await t.slice.service.list(user.userId))[0]!;
const chargesOf = (user: SignedInUser) => t.provider.charges.filter((c) => c.customerRef === `cus_${user.userId}`);
const mailsOf = (user: SignedInUser) => t.mails.filter((m) => m.userId === user.userId).map((m) => m.input.title);

/**
 * One timeline for the file (the clock only moves forward): subscriptions made on Jan 31 renew on Feb 28, Mar 31...
 * Each user's outcomes are chosen apart, so the scenarios run side by side.
 */
describe('the renewal and dunning job', () => {
  let renews: SignedInUser;
  let fails: SignedInUser;
  let recovers: SignedInUser;
  let cancels: SignedInUser;
  let trials: SignedInUser;
  let downgrades: SignedInUser;

  it('renews at the period end once, however often it runs, with the coupon while it lasts and a scheduled change', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => payingUser(t.app, t.provider)));
    [renews, fails, recovers, cancels, trials, downgrades] = people as [
      SignedInUser,
      SignedInUser,
      SignedInUser,
      SignedInUser,
      SignedInUser,
      SignedInUser,
    ];
    await subscribe(renews, { subscription: 'pro', coupon: 'TRADER5' }); // 5.00 off for 3 months
    await subscribe(fails, { subscription: 'pro' });
    await subscribe(recovers, { subscription: 'pro' });
    const c = await subscribe(cancels, { subscription: 'pro' });
    await subscribe(trials, { subscription: 'plus' }); // 14-day trial: ends Feb 14
    const d = await subscribe(downgrades, { subscription: 'premium' });
    await t.slice.service.modify(downgrades.userId, d.subscription.id, { plan: 'pro' });
    await t.slice.service.cancel(cancels.userId, c.subscription.id);
    t.provider.state.byUser.set(fails.userId, 'declined');
    t.provider.state.byUser.set(recovers.userId, 'declined');

    // the trial ends: its first paid period, 9.99 + 21 % (2.0979 -> 2.10) = 12.09, anchored at the trial's end
    t.clock.set('2026-02-14T09:00:00Z');
    await t.slice.job.runOnce();
    expect(chargesOf(trials).map((x) => x.amountMinor)).toEqual([1209]);
    expect(await sub(trials)).toMatchObject({
      status: 'active',
      currentPeriodStart: '2026-02-14T09:00:00.000Z',
      currentPeriodEnd: '2026-03-14T09:00:00.000Z',
    });

    t.clock.set('2026-02-28T09:00:01Z');
    await t.slice.job.runOnce();
    await t.slice.job.runOnce();
    // a second process's slice over the same tables (a restart, another leader) finds nothing left to do
    await createSubscriptions(t.app.ctx, {
      users: { getById: async () => ({}) as never },
      notifications: { notify: async () => undefined },
      catalogue: fakeCatalogue(),
      provider: t.provider.provider,
      invoices: t.invoices.issuer,
    }).job.runOnce();

    // 19.00 - 5.00 = 14.00 + 2.94 tax = 16.94, each month of the three
    expect(chargesOf(renews).map((x) => x.amountMinor)).toEqual([1694, 1694]);
    expect(await sub(renews)).toMatchObject({
      status: 'active',
      currentPeriodStart: '2026-02-28T09:00:00.000Z',
      currentPeriodEnd: '2026-03-31T09:00:00.000Z',
    });
    // the downgrade chosen in January starts with the renewal: Pro at 19.00 + 3.99 = 22.99
    expect(chargesOf(downgrades).map((x) => x.amountMinor)).toEqual([5929, 2299]);
    expect(await sub(downgrades)).toMatchObject({ planId: 'pro', scheduledChange: null });
    // the canceled one ends, the plan is free again, nothing charged
    expect(chargesOf(cancels)).toHaveLength(1);
    expect((await sub(cancels)).status).toBe('canceled');
    expect(await t.slice.lookup.current(cancels.userId)).toEqual({ planId: 'free', addons: {} });
    expect(mailsOf(cancels)).toEqual(['Your subscription has ended']);
  });

  it('a failed renewal goes past due, keeps the plan, retries after 1, 3 and 5 days with a mail each time', async () => {
    expect(await sub(fails)).toMatchObject({
      status: 'past_due',
      retryCount: 0,
      nextRetryAt: '2026-03-01T09:00:01.000Z',
      endsAt: '2026-03-07T09:00:01.000Z',
    });
    expect(await t.slice.lookup.current(fails.userId)).toEqual({ planId: 'pro', addons: {} });
    expect(mailsOf(fails)).toEqual(['Your subscription payment failed']);

    const steps: Array<[string, number, string | null]> = [
      ['2026-03-01T09:00:01Z', 1, '2026-03-03T09:00:01.000Z'],
      ['2026-03-03T09:00:01Z', 2, '2026-03-05T09:00:01.000Z'],
      ['2026-03-05T09:00:01Z', 3, null],
    ];
    for (const [at, retryCount, nextRetryAt] of steps) {
      t.clock.set(at);
      if (at === '2026-03-03T09:00:01Z') t.provider.state.byUser.set(recovers.userId, 'succeeded');
      await t.slice.job.runOnce();
      await t.slice.job.runOnce();
      expect(await sub(fails), at).toMatchObject({ status: 'past_due', retryCount, nextRetryAt });
    }
    expect(chargesOf(fails)).toHaveLength(5); // the first payment, the renewal, three retries
    expect(mailsOf(fails)).toHaveLength(4);
    const renewalInvoice = t.invoices.issued.filter((i) => i.userId === fails.userId).at(-1)!;
    expect(renewalInvoice.status).toBe('open');

    // the grace ends 7 days after the first failure: canceled, the invoice voided, the plan free, a last mail
    t.clock.set(new Date(Date.parse('2026-02-28T09:00:01Z') + 7 * DAY));
    await t.slice.job.runOnce();
    expect((await sub(fails)).status).toBe('canceled');
    expect(renewalInvoice.status).toBe('void');
    expect(await t.slice.lookup.current(fails.userId)).toEqual({ planId: 'free', addons: {} });
    expect(mailsOf(fails).at(-1)).toBe('Your plan is now Free');
  });

  it('a retry that succeeds makes the subscription active with the period it paid for', async () => {
    expect(await sub(recovers)).toMatchObject({
      status: 'active',
      retryCount: 0,
      nextRetryAt: null,
      currentPeriodStart: '2026-02-28T09:00:00.000Z',
      currentPeriodEnd: '2026-03-31T09:00:00.000Z',
    });
    expect(chargesOf(recovers).map((c) => c.result.status)).toEqual(['succeeded', 'declined', 'declined', 'succeeded']);
    expect(t.invoices.issued.filter((i) => i.userId === recovers.userId).map((i) => i.status)).toEqual([
      'paid',
      'paid',
    ]);
    expect(mailsOf(recovers)).toEqual(['Your subscription payment failed', 'Your subscription payment failed']);
  });

  it('applies a repeating coupon for its months only', async () => {
    for (const at of ['2026-03-31T09:00:01Z', '2026-04-30T09:00:01Z']) {
      t.clock.set(at);
      await t.slice.job.runOnce();
    }
    // Jan 31, Feb 28, Mar 31 (within 3 months of Jan 31) discounted; Apr 30 is not
    expect(chargesOf(renews).map((x) => x.amountMinor)).toEqual([1694, 1694, 1694, 2299]);
    expect((await sub(renews)).currentPeriodEnd).toBe('2026-05-31T09:00:00.000Z');
  });
});
