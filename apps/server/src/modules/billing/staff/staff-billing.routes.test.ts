import type {
  CouponQuote,
  Plan,
  StaffAddon,
  StaffAuditList,
  StaffCatalogue,
  StaffCoupon,
  StaffCouponList,
  StaffPlan,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { newId } from '../../../platform/ids.js';
import { type caller, staffTestApp } from '../../staff/staff.test-kit.js';
import { billingCouponRedemptions } from '../subscriptions/subscriptions.table.js';

let app: FastifyInstance;
let admin: SignedInUser;
let staff: SignedInUser;
let user: SignedInUser;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ app, admin, staff, user, call } = await staffTestApp({ withoutBilling: false }));
});

/** The PUT body of a listed entry (bodies are snake_case). */
const planBody = ({ id: _id, trialDays, ...rest }: StaffPlan) => ({ ...rest, trial_days: trialDays });
const addonBody = ({ id: _id, maxQuantity, ...rest }: StaffAddon) => ({ ...rest, max_quantity: maxQuantity });

const auditOf = async (action: string) =>
  ((await call(admin, 'GET', `/staff/audit?action=${action}`)).json() as StaffAuditList).items;

describe('staff plans and coupons', () => {
  it('answer 403 STAFF_ADMIN_ONLY to staff who are not admins and to users', async () => {
    const calls: Array<['GET' | 'PUT' | 'POST', string, object?]> = [
      ['GET', '/staff/billing/catalogue'],
      ['PUT', '/staff/billing/plans/pro', {}],
      ['GET', '/staff/billing/coupons'],
      ['POST', '/staff/billing/coupons', { code: 'NOPE10', percent_off: 10, duration: 'once' }],
      ['POST', '/staff/billing/coupons/WELCOME20/deactivate'],
    ];
    for (const who of [staff, user]) {
      for (const [method, url, body] of calls) {
        const res = await call(who, method, url, body);
        // a body of the wrong shape may be refused first; the valid ones must meet the admin check
        if (res.statusCode === 400) continue;
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'STAFF_ADMIN_ONLY', message: 'Only an admin can do this.' });
      }
    }
    expect((await call(null, 'GET', '/staff/billing/catalogue')).statusCode).toBe(401);
  });

  it('list every plan and add-on; an edit takes effect on GET /plans and is audited', async () => {
    const catalogue = (await call(admin, 'GET', '/staff/billing/catalogue')).json() as StaffCatalogue;
    const pro = catalogue.plans.find((p) => p.id === 'pro')!;
    expect(pro).toMatchObject({ active: true });
    expect(catalogue.addons.length).toBeGreaterThan(0);

    const edited = {
      ...planBody(pro),
      trial_days: 21,
      prices: [{ currency: 'USD', monthly: '24.00', yearly: '240.00' }],
      entitlements: { ...pro.entitlements, watchlists: 42, trade_import: true },
    };
    const res = await call(admin, 'PUT', '/staff/billing/plans/pro', edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: 'pro', trialDays: 21 });

    const offered = (await call(null, 'GET', '/plans/pro')).json() as Plan;
    expect(offered).toMatchObject({ trialDays: 21, prices: [{ currency: 'USD', monthly: '24.00', yearly: '240.00' }] });
    expect(offered.entitlements).toMatchObject({ watchlists: 42, trade_import: true });

    const hidden = await call(admin, 'PUT', '/staff/billing/plans/pro', { ...edited, active: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const plans = (await call(null, 'GET', '/plans')).json() as { plans: Plan[] };
    expect(plans.plans.map((p) => p.id)).not.toContain('pro');

    const addon = catalogue.addons[0]!;
    const addonId = addon.id;
    const addonRes = await call(admin, 'PUT', `/staff/billing/addons/${addonId}`, {
      ...addonBody(addon),
      max_quantity: 7,
    });
    expect(addonRes.statusCode, addonRes.body).toBe(200);
    expect(addonRes.json()).toMatchObject({ maxQuantity: 7 });

    const updates = await auditOf('plan.update');
    expect(updates[0]).toMatchObject({ actorId: admin.userId, targetKind: 'plan', targetId: 'pro' });
    expect(updates).toHaveLength(2);
    expect(await auditOf('addon.update')).toMatchObject([{ targetKind: 'addon', targetId: addonId }]);
  });

  it('refuse a bad edit with sentences naming the field, and an unknown id with 404', async () => {
    const catalogue = (await call(admin, 'GET', '/staff/billing/catalogue')).json() as StaffCatalogue;
    const free = planBody(catalogue.plans.find((p) => p.id === 'free')!);
    const bad = await call(admin, 'PUT', '/staff/billing/plans/free', {
      ...free,
      trial_days: 400,
      prices: [{ currency: 'USD', monthly: '5', yearly: '50.00' }],
      entitlements: { watchlists: -2, ai_agents: 3, flying: true },
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { details: { fields: Array<{ field: string; message: string }> } }).details.fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'trial_days', message: 'trial_days must be at most 365.' },
        {
          field: 'prices.0.monthly',
          message: 'prices.0.monthly must be an amount with two decimals, such as "19.00".',
        },
        { field: 'entitlements', message: 'watchlists must be a whole number, -1 for unlimited.' },
        { field: 'entitlements', message: 'ai_agents must be true or false.' },
        expect.objectContaining({
          field: 'entitlements',
          message: expect.stringMatching(/^flying is not an entitlement/),
        }),
      ]),
    );
    const inactiveFree = await call(admin, 'PUT', '/staff/billing/plans/free', { ...free, active: false });
    expect(inactiveFree.statusCode).toBe(400);
    expect(inactiveFree.json()).toMatchObject({ message: 'The free plan must stay active.' });

    const missing = await call(admin, 'PUT', '/staff/billing/plans/nosuch', free);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'STAFF_BILLING_NOT_FOUND', message: 'No plan has the id "nosuch".' });
  });

  it('add a coupon that is usable, count its uses, deactivate it and then refuse it, audited', async () => {
    const added = await call(admin, 'POST', '/staff/billing/coupons', {
      code: 'spring15',
      amount_off: '15.00',
      currency: 'USD',
      duration: 'repeating',
      duration_months: 2,
      plan_ids: ['premium'],
      max_redemptions: 10,
    });
    expect(added.statusCode, added.body).toBe(201);
    const coupon = added.json() as StaffCoupon;
    expect(coupon).toMatchObject({
      code: 'SPRING15',
      amountOff: '15.00',
      currency: 'USD',
      percentOff: null,
      planIds: ['premium'],
      active: true,
      uses: 0,
    });

    const quote = await call(user, 'POST', '/customer/subscriptions/coupon', {
      coupon: 'SPRING15',
      item_price_id: 'premium',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect((quote.json() as CouponQuote).discount).toBe('15.00');

    await app.ctx.db
      .insert(billingCouponRedemptions)
      .values({ couponId: coupon.id, userId: user.userId, subscriptionId: newId(), redeemedAt: new Date() });
    const list = (await call(admin, 'GET', '/staff/billing/coupons')).json() as StaffCouponList;
    expect(list.coupons.find((c) => c.code === 'SPRING15')).toMatchObject({ uses: 1 });
    expect(list.coupons.map((c) => c.code)).toContain('WELCOME20');

    const again = await call(admin, 'POST', '/staff/billing/coupons', {
      code: 'SPRING15',
      percent_off: 5,
      duration: 'once',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STAFF_COUPON_EXISTS' });

    const off = await call(admin, 'POST', '/staff/billing/coupons/spring15/deactivate');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ code: 'SPRING15', active: false });
    const refused = await call(staff, 'POST', '/customer/subscriptions/coupon', {
      coupon: 'SPRING15',
      item_price_id: 'premium',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'COUPON_EXPIRED', message: 'Coupon SPRING15 is no longer valid.' });

    expect(await auditOf('coupon.add')).toMatchObject([{ targetKind: 'coupon', targetId: coupon.id }]);
    expect(await auditOf('coupon.deactivate')).toMatchObject([
      { targetId: coupon.id, summary: 'Deactivated coupon SPRING15.' },
    ]);
    expect((await call(admin, 'POST', '/staff/billing/coupons/NOSUCH/deactivate')).statusCode).toBe(404);
  });

  it('refuse a bad coupon with a sentence naming the field', async () => {
    const cases: Array<[object, string, string]> = [
      [{ code: 'x', percent_off: 10, duration: 'once' }, 'code', 'The code must be 3 to 40 letters, digits, - or _.'],
      [
        { code: 'BIG', percent_off: 120, duration: 'once' },
        'percent_off',
        'The percent off must be above 0 and at most 100.',
      ],
      [
        { code: 'REP', percent_off: 5, duration: 'repeating' },
        'duration_months',
        'A repeating coupon needs a number of months above 0.',
      ],
      [
        { code: 'AMT', amount_off: 'five', currency: 'USD', duration: 'once' },
        'amount_off',
        'amount_off must be an amount such as "5.00".',
      ],
      [{ code: 'NOCUR', amount_off: '5.00', duration: 'once' }, 'currency', 'An amount off needs its currency.'],
      [
        { code: 'DUR', percent_off: 5, duration: 'sometimes' },
        'duration',
        'duration must be once, repeating or forever.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(admin, 'POST', '/staff/billing/coupons', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message, details: { fields: [{ field, message }] } });
    }
  });
});
