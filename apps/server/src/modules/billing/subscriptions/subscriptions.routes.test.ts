import type { CouponQuote, ProrationPreview, Subscription, SubscriptionChangeResult } from '@tradedesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../../test/auth-helpers.js';
import { caller, payingUser, relogin, subscriptionsTestApp } from './subscriptions.test-kit.js';

let t: Awaited<ReturnType<typeof subscriptionsTestApp>>;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await subscriptionsTestApp('2026-04-01T00:00:00Z');
  call = caller(t.app);
  const added = await Promise.all([
    t.slice.coupons.add({
      code: 'OLD10',
      percentOff: 10,
      duration: 'once',
      expiresAt: new Date('2026-03-01T00:00:00Z'),
    }),
    t.slice.coupons.add({ code: 'PREMIUMONLY', percentOff: 50, duration: 'forever', planIds: ['premium'] }),
    t.slice.coupons.add({ code: 'ONEONLY', percentOff: 10, duration: 'once', maxRedemptions: 1 }),
    t.slice.coupons.add({ code: 'HALFYEAR', percentOff: 12.5, duration: 'repeating', durationMonths: 6 }),
  ]);
  expect(added).toEqual([null, null, null, null]);
});

const subscribe = async (user: Parameters<typeof call>[0], body: object) => call(user, 'POST', '/subscriptions', body);

describe('POST /subscriptions', () => {
  it('invoices the first period with the coupon and tax, charges it, and the plan is held at once', async () => {
    const ada = await payingUser(t.app, t.provider);
    const res = await subscribe(ada, {
      subscription: 'pro',
      interval: 'monthly',
      currency: 'USD',
      coupon: 'welcome20',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as SubscriptionChangeResult;
    // 19.00 - 20 % (3.80) = 15.20; 21 % tax of 15.20 = 3.192 -> 3.19; total 18.39
    expect(body.invoice).toMatchObject({ subtotal: '19.00', discount: '3.80', tax: '3.19', total: '18.39' });
    expect(body.payment).toEqual({ status: 'succeeded', actionUrl: null });
    expect(body.subscription).toMatchObject({
      planId: 'pro',
      status: 'active',
      price: '19.00',
      currentPeriodStart: '2026-04-01T00:00:00.000Z',
      currentPeriodEnd: '2026-05-01T00:00:00.000Z',
      coupon: { code: 'WELCOME20', description: '20 % off once', duration: 'once' },
    });
    expect(t.provider.charges.at(-1)).toMatchObject({ amountMinor: 1839, currency: 'USD' });
    expect(t.invoices.issued.at(-1)?.status).toBe('paid');
    expect(await t.slice.lookup.current(ada.userId)).toEqual({ planId: 'pro', addons: {} });

    const list = (await call(ada, 'GET', '/subscriptions')).json();
    expect(list).toMatchObject({ providerLabel: 'Test mode', subscriptions: [{ id: body.subscription.id }] });
    const again = await subscribe(ada, { subscription: 'premium' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SUBSCRIPTION_EXISTS');
  });

  it('prices add-ons per quantity and refuses what the catalogue does not allow, naming the field', async () => {
    const bo = await payingUser(t.app, t.provider);
    const cases: Array<[object, number, string, string]> = [
      [{ subscription: 'gold' }, 400, 'SUBSCRIPTION_PLAN_UNKNOWN', 'subscription'],
      [{ subscription: 'free' }, 400, 'SUBSCRIPTION_PLAN_FREE', 'subscription'],
      [{ subscription: 'premium', currency: 'GBP' }, 400, 'SUBSCRIPTION_PRICE_MISSING', 'currency'],
      [{ subscription: 'pro', addons: { lasers: 1 } }, 400, 'SUBSCRIPTION_ADDON_UNKNOWN', 'addons.lasers'],
      [{ subscription: 'pro', addons: { extra_alerts: 6 } }, 400, 'SUBSCRIPTION_ADDON_QUANTITY', 'addons.extra_alerts'],
      [{ subscription: 'pro', coupon: 'NOPE' }, 400, 'COUPON_UNKNOWN', 'coupon'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await subscribe(bo, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ code, details: { fields: [{ field }] } });
    }
    const charged = t.provider.charges.length;
    const quote = await subscribe(bo, {
      subscription: 'pro',
      interval: 'yearly',
      addons: { extra_alerts: 3 },
      coupon: 'WELCOME20',
      preview: true,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    // (190.00 + 3 x 20.00) - 20 % = 200.00; tax 42.00
    expect(quote.json()).toMatchObject({
      subtotal: '250.00',
      discount: '50.00',
      tax: '42.00',
      total: '242.00',
      trialDays: 0,
    });
    expect(t.provider.charges.length).toBe(charged);
    const res = await subscribe(bo, { subscription: 'pro', interval: 'yearly', addons: { extra_alerts: 3 } });
    expect(res.statusCode, res.body).toBe(201);
    // 190.00 + 3 x 20.00 = 250.00; tax 52.50; total 302.50
    expect(res.json().invoice).toMatchObject({ subtotal: '250.00', discount: '0.00', tax: '52.50', total: '302.50' });
    expect(res.json().subscription).toMatchObject({
      currentPeriodEnd: '2027-04-01T00:00:00.000Z',
      addons: [{ addonId: 'extra_alerts', name: 'Extra alerts', quantity: 3 }],
    });
    expect(await t.slice.lookup.current(bo.userId)).toEqual({ planId: 'pro', addons: { extra_alerts: 3 } });
  });

  it('asks for a payment method first; a declined card ends the attempt and frees the coupon', async () => {
    const cy = await signUpAndLogin(t.app);
    const none = await subscribe(cy, { subscription: 'pro' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'SUBSCRIPTION_NO_PAYMENT_METHOD',
      message: 'Add a payment method before you subscribe.',
    });

    t.provider.addCard(cy.userId);
    t.provider.state.byUser.set(cy.userId, 'declined');
    const declined = await subscribe(cy, { subscription: 'pro', coupon: 'WELCOME20' });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({
      code: 'SUBSCRIPTION_PAYMENT_DECLINED',
      message: 'The payment failed: Your card was declined.',
    });
    expect(t.invoices.issued.at(-1)?.status).toBe('void');
    expect(await t.slice.lookup.current(cy.userId)).toEqual({ planId: 'free', addons: {} });

    t.provider.state.byUser.set(cy.userId, 'succeeded');
    const ok = await subscribe(cy, { subscription: 'pro', coupon: 'WELCOME20' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().invoice.discount).toBe('3.80');
  });

  it('requires_action: incomplete with the action URL until the payment event, which counts once', async () => {
    const di = await payingUser(t.app, t.provider);
    t.provider.state.byUser.set(di.userId, 'requires_action');
    const res = await subscribe(di, { subscription: 'premium' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as SubscriptionChangeResult;
    const ref = t.provider.charges.at(-1)!.result.ref!;
    expect(body.payment).toEqual({ status: 'requires_action', actionUrl: `/billing/test-mode/authenticate/${ref}` });
    expect(body.subscription.status).toBe('incomplete');
    expect(await t.slice.lookup.current(di.userId)).toEqual({ planId: 'free', addons: {} });

    await t.slice.events.chargeSucceeded(ref);
    await t.slice.events.chargeSucceeded(ref); // the fake issuer throws when an invoice is marked paid twice
    const [sub] = (await call(di, 'GET', '/subscriptions')).json().subscriptions as Subscription[];
    expect(sub?.status).toBe('active');
    expect(await t.slice.lookup.current(di.userId)).toEqual({ planId: 'premium', addons: {} });
    await t.slice.events.chargeFailed(ref, 'late failure');
    expect(await t.slice.lookup.current(di.userId)).toEqual({ planId: 'premium', addons: {} });

    await t.slice.events.chargeRefunded(ref, 1000);
    await t.slice.events.chargeRefunded(ref, 1000);
    expect(t.invoices.issued.find((i) => i.id === t.invoices.issued.at(-1)?.id)?.refundedMinor).toBe(1000);
  });

  it('a new attempt replaces an unconfirmed one; money arriving later for the old one is refunded', async () => {
    const ko = await payingUser(t.app, t.provider);
    t.provider.state.byUser.set(ko.userId, 'requires_action');
    await subscribe(ko, { subscription: 'premium' });
    const oldRef = t.provider.charges.at(-1)!.result.ref!;
    const oldInvoice = t.invoices.issued.at(-1)!;
    t.provider.state.byUser.set(ko.userId, 'succeeded');
    expect((await subscribe(ko, { subscription: 'pro' })).statusCode).toBe(201);
    expect(oldInvoice.status).toBe('void');

    await t.slice.events.chargeSucceeded(oldRef);
    await t.slice.events.chargeSucceeded(oldRef);
    expect(t.provider.refunds.filter((r) => r.chargeRef === oldRef)).toEqual([
      expect.objectContaining({ chargeRef: oldRef, amountMinor: 5929 }),
    ]);
    expect(await t.slice.lookup.current(ko.userId)).toEqual({ planId: 'pro', addons: {} });
  });

  it('a failed confirmation ends the incomplete subscription and voids its invoice', async () => {
    const ed = await payingUser(t.app, t.provider);
    t.provider.state.byUser.set(ed.userId, 'requires_action');
    await subscribe(ed, { subscription: 'pro' });
    const ref = t.provider.charges.at(-1)!.result.ref!;
    await t.slice.events.chargeFailed(ref, 'The authentication failed.');
    const [sub] = (await call(ed, 'GET', '/subscriptions')).json().subscriptions as Subscription[];
    expect(sub?.status).toBe('canceled');
    expect(t.invoices.issued.at(-1)?.status).toBe('void');
  });
});

describe('coupons', () => {
  it('answers the price before and after for valid coupons, to the cent, and says why others are refused', async () => {
    const fi = await payingUser(t.app, t.provider);
    const other = await payingUser(t.app, t.provider);
    expect((await subscribe(other, { subscription: 'pro', coupon: 'ONEONLY' })).statusCode).toBe(201);

    const ok: Array<[object, Partial<CouponQuote>]> = [
      [
        { coupon: 'welcome20', item_price_id: 'pro' },
        { priceBefore: '19.00', discount: '3.80', priceAfter: '15.20' },
      ],
      [
        { coupon: 'WELCOME20', item_price_id: 'pro:yearly' },
        { interval: 'yearly', priceBefore: '190.00', discount: '38.00', priceAfter: '152.00' },
      ],
      [
        { coupon: 'WELCOME20', item_price_id: 'pro', currency: 'EUR' },
        { currency: 'EUR', priceBefore: '17.00', discount: '3.40', priceAfter: '13.60' },
      ],
      [
        { coupon: 'TRADER5', item_price_id: 'plus' },
        { priceBefore: '9.99', discount: '5.00', priceAfter: '4.99' },
      ],
      [
        { coupon: 'HALFYEAR', item_price_id: 'plus-yearly' },
        { priceBefore: '99.90', discount: '12.49', priceAfter: '87.41' },
      ],
      [
        { coupon: 'PREMIUMONLY', item_price_id: 'premium' },
        { priceBefore: '49.00', discount: '24.50', priceAfter: '24.50' },
      ],
    ];
    for (const [body, want] of ok) {
      const res = await call(fi, 'POST', '/customer/subscriptions/coupon', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), JSON.stringify(body)).toMatchObject(want);
    }
    const refused: Array<[object, string, string]> = [
      [{ coupon: 'NOPE', item_price_id: 'pro' }, 'COUPON_UNKNOWN', 'Coupon NOPE does not exist.'],
      [{ coupon: 'OLD10', item_price_id: 'pro' }, 'COUPON_EXPIRED', 'Coupon OLD10 expired on 2026-03-01.'],
      [
        { coupon: 'PREMIUMONLY', item_price_id: 'pro' },
        'COUPON_NOT_FOR_PLAN',
        'Coupon PREMIUMONLY is not valid for the Pro plan.',
      ],
      [{ coupon: 'ONEONLY', item_price_id: 'pro' }, 'COUPON_USED_UP', 'Coupon ONEONLY has been used up.'],
      [
        { coupon: 'TRADER5', item_price_id: 'pro', currency: 'EUR' },
        'COUPON_CURRENCY',
        'Coupon TRADER5 takes 5.00 USD off and cannot be used with prices in EUR.',
      ],
    ];
    for (const [body, code, message] of refused) {
      const res = await call(fi, 'POST', '/customer/subscriptions/coupon', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code, message, details: { fields: [{ field: 'coupon' }] } });
    }
    const used = await call(other, 'POST', '/customer/subscriptions/coupon', {
      coupon: 'ONEONLY',
      item_price_id: 'premium',
    });
    expect(used.json()).toMatchObject({
      code: 'COUPON_ALREADY_REDEEMED',
      message: 'You have already used coupon ONEONLY.',
    });
  });

  it('removing the coupon takes it off the subscription of that plan and answers the full price', async () => {
    const gu = await payingUser(t.app, t.provider);
    await subscribe(gu, { subscription: 'pro', coupon: 'HALFYEAR' });
    const res = await call(gu, 'GET', '/customer/subscriptions/coupon/remove/pro');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ coupon: null, planId: 'pro', priceBefore: '19.00', priceAfter: '19.00' });
    const [sub] = (await call(gu, 'GET', '/subscriptions')).json().subscriptions as Subscription[];
    expect(sub?.coupon).toBeNull();
  });
});

describe('cancel, reactivate, modify', () => {
  it('cancels at the period end with the date, reactivates before it, and hides others’ subscriptions (404)', async () => {
    const ha = await payingUser(t.app, t.provider);
    const stranger = await signUpAndLogin(t.app);
    const id = ((await subscribe(ha, { subscription: 'pro' })).json() as SubscriptionChangeResult).subscription.id;
    for (const path of ['cancel', 'reactivate', 'modify']) {
      const res = await call(
        stranger,
        'POST',
        `/subscriptions/${id}/${path}`,
        path === 'modify' ? { plan: 'premium' } : {},
      );
      expect(res.statusCode, path).toBe(404);
    }
    expect((await call(ha, 'POST', `/subscriptions/${id}/reactivate`, {})).json().message).toBe(
      'This subscription is not canceled.',
    );
    const canceled = await call(ha, 'POST', `/subscriptions/${id}/cancel`, {});
    expect(canceled.json()).toMatchObject({
      cancelAtPeriodEnd: true,
      endsAt: '2026-05-01T00:00:00.000Z',
      status: 'active',
    });
    expect(await t.slice.lookup.current(ha.userId)).toEqual({ planId: 'pro', addons: {} });
    const back = await call(ha, 'POST', `/subscriptions/${id}/reactivate`, {});
    expect(back.json()).toMatchObject({ cancelAtPeriodEnd: false, endsAt: null });
  });

  it('previews the proration by remaining seconds, charges it on confirm, and schedules a cheaper plan', async () => {
    let iv = await payingUser(t.app, t.provider);
    const id = ((await subscribe(iv, { subscription: 'pro' })).json() as SubscriptionChangeResult).subscription.id;
    t.clock.set('2026-04-16T00:00:00Z'); // 15 of April's 30 days left
    try {
      iv = await relogin(t.app, iv);
      const preview = await call(iv, 'POST', `/subscriptions/${id}/modify`, { plan: 'premium', preview: true });
      expect(preview.statusCode, preview.body).toBe(200);
      // (49.00 - 19.00) x 1,296,000 / 2,592,000 s = 15.00; tax 3.15; total 18.15
      expect(preview.json() as ProrationPreview).toMatchObject({
        effective: 'now',
        remainingSeconds: 1_296_000,
        periodSeconds: 2_592_000,
        oldPrice: '19.00',
        newPrice: '49.00',
        amountDue: '15.00',
        tax: '3.15',
        total: '18.15',
      });
      expect(await t.slice.lookup.current(iv.userId)).toEqual({ planId: 'pro', addons: {} });

      const done = await call(iv, 'POST', `/subscriptions/${id}/modify`, { plan: 'premium' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ subscription: { planId: 'premium' }, invoice: { total: '18.15' } });
      expect(t.provider.charges.at(-1)).toMatchObject({ amountMinor: 1815 });

      const down = await call(iv, 'POST', `/subscriptions/${id}/modify`, { plan: 'pro', preview: true });
      expect(down.json()).toMatchObject({
        effective: 'period_end',
        effectiveAt: '2026-05-01T00:00:00.000Z',
        amountDue: '0.00',
      });
      const scheduled = await call(iv, 'POST', `/subscriptions/${id}/modify`, { plan: 'pro' });
      expect(scheduled.json()).toMatchObject({
        subscription: { planId: 'premium', scheduledChange: { planId: 'pro', at: '2026-05-01T00:00:00.000Z' } },
        payment: { status: 'none' },
      });
      const same = await call(iv, 'POST', `/subscriptions/${id}/modify`, { plan: 'premium' });
      expect(same.json().code).toBe('SUBSCRIPTION_NO_CHANGE');
    } finally {
      t.clock.set('2026-04-01T00:00:00Z');
    }
  });

  it('starts a trial for a first subscriber of a plan with trial days, without charging', async () => {
    const jo = await payingUser(t.app, t.provider);
    const before = t.provider.charges.length;
    const res = await subscribe(jo, { subscription: 'plus' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      invoice: null,
      payment: { status: 'none' },
      subscription: {
        status: 'trialing',
        trialEnd: '2026-04-15T00:00:00.000Z',
        currentPeriodEnd: '2026-04-15T00:00:00.000Z',
      },
    });
    expect(t.provider.charges.length).toBe(before);
    expect(await t.slice.lookup.current(jo.userId)).toEqual({ planId: 'plus', addons: {} });

    // a first attempt whose payment was declined does not use up the trial
    const lu = await payingUser(t.app, t.provider);
    t.provider.state.byUser.set(lu.userId, 'declined');
    expect((await subscribe(lu, { subscription: 'pro' })).statusCode).toBe(422);
    const trial = (await subscribe(lu, { subscription: 'plus' })).json() as SubscriptionChangeResult;
    expect(trial.subscription.status).toBe('trialing');
  });
});

describe('modify: monthly to yearly and back', () => {
  it('a longer interval starts a new period now, less the unused part; a shorter one waits for the renewal', async () => {
    let kim = await payingUser(t.app, t.provider);
    const id = ((await subscribe(kim, { subscription: 'pro' })).json() as SubscriptionChangeResult).subscription.id;
    t.clock.set('2026-04-11T00:00:00Z'); // 20 of April's 30 days left
    try {
      kim = await relogin(t.app, kim);
      const preview = await call(kim, 'POST', `/subscriptions/${id}/modify`, { interval: 'yearly', preview: true });
      expect(preview.statusCode, preview.body).toBe(200);
      // unused: 19.00 x 1,728,000 / 2,592,000 s = 12.6666... -> 12.67; due 190.00 - 12.67 = 177.33;
      // tax 21 % = 37.2393 -> 37.24; total 214.57
      expect(preview.json() as ProrationPreview).toEqual({
        currency: 'USD',
        planId: 'pro',
        interval: 'yearly',
        effective: 'now',
        effectiveAt: '2026-04-11T00:00:00.000Z',
        periodEnd: '2027-04-11T00:00:00.000Z',
        remainingSeconds: 1_728_000,
        periodSeconds: 2_592_000,
        oldPrice: '19.00',
        newPrice: '190.00',
        credit: '12.67',
        amountDue: '177.33',
        tax: '37.24',
        total: '214.57',
      });
      const charged = t.provider.charges.length;
      const done = await call(kim, 'POST', `/subscriptions/${id}/modify`, { interval: 'yearly' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        subscription: {
          planId: 'pro',
          interval: 'yearly',
          price: '190.00',
          currentPeriodStart: '2026-04-11T00:00:00.000Z',
          currentPeriodEnd: '2027-04-11T00:00:00.000Z',
          scheduledChange: null,
        },
        invoice: { subtotal: '177.33', tax: '37.24', total: '214.57' },
        payment: { status: 'succeeded' },
      });
      expect(t.provider.charges.length).toBe(charged + 1);
      expect(t.provider.charges.at(-1)).toMatchObject({ amountMinor: 21457 });

      // back to monthly: nothing now, monthly from the end of the paid year
      const back = await call(kim, 'POST', `/subscriptions/${id}/modify`, { interval: 'monthly', preview: true });
      expect(back.json()).toMatchObject({
        interval: 'monthly',
        effective: 'period_end',
        effectiveAt: '2027-04-11T00:00:00.000Z',
        credit: '0.00',
        amountDue: '0.00',
        total: '0.00',
      });
      const scheduled = await call(kim, 'POST', `/subscriptions/${id}/modify`, { interval: 'monthly' });
      expect(scheduled.json()).toMatchObject({
        subscription: {
          interval: 'yearly',
          scheduledChange: { planId: 'pro', interval: 'monthly', at: '2027-04-11T00:00:00.000Z' },
        },
        payment: { status: 'none' },
      });
      expect(t.provider.charges.length).toBe(charged + 1);
      const same = await call(kim, 'POST', `/subscriptions/${id}/modify`, { interval: 'yearly' });
      expect(same.json()).toMatchObject({ code: 'SUBSCRIPTION_NO_CHANGE' });
      const bad = await call(kim, 'POST', `/subscriptions/${id}/modify`, { interval: 'weekly' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ details: { fields: [{ field: 'interval' }] } });

      // the renewal at the end of the year is monthly: 19.00 + 3.99 tax, to May 11
      t.clock.set('2027-04-11T00:00:01Z');
      await t.slice.job.runOnce();
      expect(t.provider.charges.filter((c) => c.customerRef === `cus_${kim.userId}`).at(-1)).toMatchObject({
        amountMinor: 2299,
      });
      expect((await t.slice.service.list(kim.userId))[0]).toMatchObject({
        interval: 'monthly',
        price: '19.00',
        currentPeriodStart: '2027-04-11T00:00:00.000Z',
        currentPeriodEnd: '2027-05-11T00:00:00.000Z',
        scheduledChange: null,
      });
    } finally {
      t.clock.set('2026-04-01T00:00:00Z');
    }
  });
});
