import { AFFILIATE_QUESTIONS, type AffiliateDetails, type StaffAffiliate } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { staffAudit } from '../../staff/staff.table.js';
import { approvedPartner, caller, partnersTestApp, relogin, someAnswers } from './partners.test-kit.js';

const clock = createManualClock('2026-05-04T09:00:00Z');
let app: FastifyInstance;
let staff: SignedInUser;
let sent: Awaited<ReturnType<typeof partnersTestApp>>['sent'];
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ app, staff, sent } = await partnersTestApp(clock));
  call = caller(app);
});

const notAffiliate = { statusCode: 404, code: 'PARTNER_NOT_AFFILIATE', message: 'You are not an affiliate' };

describe('application', () => {
  it('answers the questions, takes one open request, and says "You are not an affiliate" until approved', async () => {
    const ada = await signUpAndLogin(app);
    expect((await call(ada, 'GET', '/affiliates/questions')).json()).toEqual({
      questions: AFFILIATE_QUESTIONS.map((q) => ({ ...q })),
    });
    expect((await call(ada, 'GET', '/affiliates/details')).json()).toEqual(notAffiliate);
    expect((await call(ada, 'GET', '/affiliates/request')).json()).toEqual({ application: null });

    const applied = await call(ada, 'POST', '/affiliates/request', { answers: { ...someAnswers, website: '' } });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toEqual({
      id: expect.any(String),
      status: 'pending',
      createdAt: '2026-05-04T09:00:00.000Z',
      decidedAt: null,
    });
    expect((await call(ada, 'GET', '/affiliates/request')).json()).toEqual({ application: applied.json() });
    const again = await call(ada, 'POST', '/affiliates/request', { answers: someAnswers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PARTNER_REQUEST_OPEN',
      message: 'Your request to join the partner program is already under review.',
    });
    // pending is not approved
    expect((await call(ada, 'GET', '/affiliates/details')).json()).toEqual(notAffiliate);
    expect((await call(null, 'GET', '/affiliates/details')).statusCode).toBe(401);
  });

  it('refuses answers that are missing or too long, naming the field', async () => {
    const bob = await signUpAndLogin(app);
    const cases: Array<[object, string]> = [
      [{ answers: { audience: 'x' } }, 'How you will promote TradeDesk'],
      [{ answers: { ...someAnswers, audience: 'x'.repeat(201) } }, 'Your audience must be at most 200 characters.'],
      [{ answers: { ...someAnswers, promotion: 'a\u0000b' } }, 'How you will promote TradeDesk must not contain'],
      [{ answers: { ...someAnswers, extra: 'x' } }, 'extra'],
    ];
    for (const [body, message] of cases) {
      const res = await call(bob, 'POST', '/affiliates/request', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call(bob, 'GET', '/affiliates/request')).json()).toEqual({ application: null });
  });
});

describe('staff', () => {
  it('refuses everyone else with 403 on every staff route', async () => {
    const eve = await signUpAndLogin(app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', '/staff/affiliates', undefined],
      ['POST', `/staff/affiliates/${id}/approve`, undefined],
      ['POST', `/staff/affiliates/${id}/reject`, undefined],
      ['POST', `/staff/affiliates/${id}/payouts`, { currency: 'EUR', reference: 'T-1' }],
    ] as const) {
      const res = await call(eve, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'PARTNER_STAFF_ONLY',
        message: 'Only staff can manage the partner program.',
      });
    }
    expect((await call(staff, 'POST', `/staff/affiliates/${id}/approve`)).statusCode).toBe(404);
  });

  it('approves (code, rate, notice, details) and rejects (a rejected user may apply again)', async () => {
    const cy = await signUpAndLogin(app);
    const dee = await signUpAndLogin(app);
    const cyApp = (await call(cy, 'POST', '/affiliates/request', { answers: someAnswers })).json().id as string;
    const deeApp = (await call(dee, 'POST', '/affiliates/request', { answers: someAnswers })).json().id as string;

    const listed = await call(staff, 'GET', '/staff/affiliates?status=pending');
    expect(listed.statusCode, listed.body).toBe(200);
    const pending = listed.json().affiliates as StaffAffiliate[];
    expect(pending.find((a) => a.id === cyApp)).toEqual({
      id: cyApp,
      userId: cy.userId,
      email: cy.email,
      username: cy.username,
      status: 'pending',
      answers: someAnswers,
      code: null,
      commissionPercent: null,
      createdAt: '2026-05-04T09:00:00.000Z',
      decidedAt: null,
      payable: [],
    });
    expect((await call(staff, 'GET', '/staff/affiliates?status=closed')).statusCode).toBe(400);

    clock.advance(3600_000);
    await Promise.all([relogin(app, staff), relogin(app, cy), relogin(app, dee)]);
    const approved = await call(staff, 'POST', `/staff/affiliates/${cyApp}/approve`);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedAt: '2026-05-04T10:00:00.000Z' });
    const [audit] = await app.ctx.db.select().from(staffAudit).where(eq(staffAudit.targetId, cyApp));
    expect(audit).toMatchObject({
      actorId: staff.userId,
      action: 'affiliate.approve',
      targetKind: 'affiliate',
      summary: `Approved the partner application of ${cy.email}.`,
    });
    expect((await call(staff, 'POST', `/staff/affiliates/${cyApp}/reject`)).json()).toMatchObject({
      statusCode: 409,
      code: 'PARTNER_NOT_PENDING',
      message: 'This application was already approved.',
    });
    expect(sent.filter((n) => n.userId === cy.userId).map((n) => n.title)).toEqual(['Welcome to the partner program']);

    const details = (await call(cy, 'GET', '/affiliates/details')).json() as AffiliateDetails;
    expect(details).toEqual({
      status: 'approved',
      code: expect.stringMatching(/^[A-HJKMNP-Z2-9]{8}$/),
      link: `http://localhost:8080/r/${details.code}`,
      commission_percent: '20.00',
      commission_months: 12,
      attribution_days: 30,
      hold_days: 30,
      clicks: 0,
      sign_ups: 0,
      paying_customers: 0,
      earnings: [],
      payouts: [],
      approved_at: '2026-05-04T10:00:00.000Z',
    });
    expect((await call(cy, 'POST', '/affiliates/request', { answers: someAnswers })).json()).toMatchObject({
      code: 'PARTNER_ALREADY_AFFILIATE',
      message: 'You are already a partner.',
    });

    expect((await call(staff, 'POST', `/staff/affiliates/${deeApp}/reject`)).json()).toMatchObject({
      status: 'rejected',
    });
    expect((await call(dee, 'GET', '/affiliates/details')).json()).toEqual(notAffiliate);
    expect((await call(dee, 'GET', '/affiliates/request')).json().application).toMatchObject({ status: 'rejected' });
    expect((await call(dee, 'POST', '/affiliates/request', { answers: someAnswers })).statusCode).toBe(201);
  });
});

describe('GET /affiliates/click/{code}', () => {
  it('counts a click of a partner’s code and sets the referral cookie; an unknown code only redirects', async () => {
    const { user, code } = await approvedPartner(app, staff);
    for (const c of [code, code.toLowerCase()]) {
      const res = await call(null, 'GET', `/affiliates/click/${c}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://localhost:8080/sign-up');
      const cookie = res.cookies.find((k) => k.name === 'referral_code');
      expect(cookie).toMatchObject({ value: code, maxAge: 30 * 86400, httpOnly: true, sameSite: 'Lax', path: '/' });
    }
    for (const c of ['NOPE2345', 'bad$code', 'x'.repeat(33)]) {
      const res = await call(null, 'GET', `/affiliates/click/${encodeURIComponent(c)}`);
      expect([302, 400], c).toContain(res.statusCode);
      expect(
        res.cookies.find((k) => k.name === 'referral_code'),
        c,
      ).toBeUndefined();
    }
    expect(((await call(user, 'GET', '/affiliates/details')).json() as AffiliateDetails).clicks).toBe(2);
  });
});
