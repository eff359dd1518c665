import type { AffiliateDetails } from '@tradedesk/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { BillingHooks, InvoicePaidEvent } from '../billing.types.js';
import { commissions } from './partners.table.js';
import { approvedPartner, caller, partnersTestApp, relogin, signUpReferred } from './partners.test-kit.js';

const DAY = 86_400_000;
const T0 = '2026-05-04T09:00:00.000Z';
const clock = createManualClock(T0);
let app: FastifyInstance;
let hooks: BillingHooks;
let staff: SignedInUser;
let runJob: () => Promise<void>;
let sent: Awaited<ReturnType<typeof partnersTestApp>>['sent'];
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ app, hooks, staff, runJob, sent } = await partnersTestApp(clock));
  call = caller(app);
});

async function details(partner: SignedInUser): Promise<AffiliateDetails> {
  await relogin(app, partner);
  const res = await call(partner, 'GET', '/affiliates/details');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AffiliateDetails;
}

async function commissionsOf(invoiceId: string) {
  const rows = await app.ctx.db
    .select()
    .from(commissions)
    .where(eq(commissions.invoiceId, invoiceId))
    .orderBy(asc(commissions.createdAt));
  return rows.map((r) => ({ kind: r.kind, amount: r.amount, status: r.status }));
}

const paid = (invoiceId: string, userId: string, netMinor: number, currency = 'EUR', at?: string) =>
  ({ invoiceId, userId, currency, netMinor, paidAt: at ? new Date(at) : clock.now() }) satisfies InvoicePaidEvent;

async function payout(affiliateId: string, currency: string, reference: string) {
  await relogin(app, staff);
  return call(staff, 'POST', `/staff/affiliates/${affiliateId}/payouts`, { currency, reference });
}

describe('commissions through BillingHooks', () => {
  it('earns on referred users’ paid invoices only, once each, within the duration; refunds reverse or claw back', async () => {
    const partner = await approvedPartner(app, staff);
    expect((await call(null, 'GET', `/affiliates/click/${partner.code}`)).statusCode).toBe(302);
    clock.advance(DAY);
    const referred = await signUpReferred(app, partner.code);
    const referredLower = await signUpReferred(app, partner.code.toLowerCase());
    const direct = await signUpReferred(app, null);
    const unknownCode = await signUpReferred(app, 'ZZZZZZZZ');
    await runJob();
    expect((await details(partner.user)).sign_ups).toBe(2);

    const cases: Array<[string, InvoicePaidEvent, Array<{ kind: string; amount: string; status: string }>]> = [
      [
        '20 % of 19.99 is 4.00',
        paid('inv-1', referred, 1999),
        [{ kind: 'earning', amount: '4.00', status: 'pending' }],
      ],
      [
        'the same invoice again earns nothing more',
        paid('inv-1', referred, 1999),
        [{ kind: 'earning', amount: '4.00', status: 'pending' }],
      ],
      ['0.4 c rounds to nothing', paid('inv-2', referred, 2), []],
      [
        'another currency',
        paid('inv-3', referredLower, 12345, 'USD'),
        [{ kind: 'earning', amount: '24.69', status: 'pending' }],
      ],
      ['a user who came without the link', paid('inv-4', direct, 5000), []],
      ['a code no partner has', paid('inv-5', unknownCode, 5000), []],
      ['the partner’s own invoice', paid('inv-6', partner.user.userId, 5000), []],
      // referred at T0 + 1 day: 12 months of invoices earn
      [
        'the last second of the duration',
        paid('inv-7', referred, 100, 'GBP', '2027-05-05T08:59:59.000Z'),
        [{ kind: 'earning', amount: '0.20', status: 'pending' }],
      ],
      ['the end of the duration', paid('inv-8', referred, 100, 'GBP', '2027-05-05T09:00:00.000Z'), []],
    ];
    for (const [name, event, expected] of cases) {
      await hooks.invoicePaid(event);
      expect(await commissionsOf(event.invoiceId), name).toEqual(expected);
    }
    await hooks.invoiceRefunded({
      invoiceId: 'inv-7',
      userId: referred,
      currency: 'GBP',
      amountMinor: 120,
      at: clock.now(),
    });
    expect(await commissionsOf('inv-7')).toEqual([{ kind: 'earning', amount: '0.20', status: 'reversed' }]);

    let d = await details(partner.user);
    expect(d).toMatchObject({ clicks: 1, sign_ups: 2, paying_customers: 2 });
    expect(d.earnings).toEqual([
      { currency: 'EUR', pending: '4.00', payable: '0.00', paid: '0.00' },
      { currency: 'USD', pending: '24.69', payable: '0.00', paid: '0.00' },
    ]);

    // a refund of a pending commission reverses it, once
    for (let i = 0; i < 2; i++) {
      await hooks.invoiceRefunded({
        invoiceId: 'inv-3',
        userId: referredLower,
        currency: 'USD',
        amountMinor: 14814,
        at: clock.now(),
      });
    }
    expect(await commissionsOf('inv-3')).toEqual([{ kind: 'earning', amount: '24.69', status: 'reversed' }]);
    d = await details(partner.user);
    expect(d.paying_customers).toBe(1);
    expect(d.earnings).toEqual([{ currency: 'EUR', pending: '4.00', payable: '0.00', paid: '0.00' }]);
    // nothing is payable inside the hold period
    expect((await payout(partner.id, 'EUR', 'T-0')).json()).toMatchObject({
      statusCode: 409,
      code: 'PARTNER_NOTHING_PAYABLE',
      message: 'Nothing is payable in EUR to this partner.',
    });

    // pending for 30 days from payment, then payable
    clock.advance(30 * DAY - 1000);
    await runJob();
    expect(await commissionsOf('inv-1')).toEqual([{ kind: 'earning', amount: '4.00', status: 'pending' }]);
    clock.advance(1000);
    await runJob();
    expect(await commissionsOf('inv-1')).toEqual([{ kind: 'earning', amount: '4.00', status: 'payable' }]);

    const first = await payout(partner.id, 'EUR', 'SEPA-001');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      currency: 'EUR',
      amount: '4.00',
      reference: 'SEPA-001',
      paidAt: clock.now().toISOString(),
    });
    expect((await payout(partner.id, 'EUR', 'SEPA-002')).statusCode).toBe(409);
    expect(sent.filter((n) => n.userId === partner.user.userId).map((n) => n.body)).toContain(
      'We paid out 4.00 EUR of commission (reference SEPA-001).',
    );

    // a refund after the payout: a clawback the next payout nets
    await hooks.invoiceRefunded({
      invoiceId: 'inv-1',
      userId: referred,
      currency: 'EUR',
      amountMinor: 2399,
      at: clock.now(),
    });
    await hooks.invoiceRefunded({
      invoiceId: 'inv-1',
      userId: referred,
      currency: 'EUR',
      amountMinor: 2399,
      at: clock.now(),
    });
    expect(await commissionsOf('inv-1')).toEqual([
      { kind: 'earning', amount: '4.00', status: 'paid' },
      { kind: 'clawback', amount: '-4.00', status: 'payable' },
    ]);
    expect((await payout(partner.id, 'EUR', 'SEPA-003')).statusCode).toBe(409);
    await hooks.invoicePaid(paid('inv-9', referred, 10_000));
    clock.advance(30 * DAY);
    await runJob();
    d = await details(partner.user);
    expect(d.earnings).toEqual([{ currency: 'EUR', pending: '0.00', payable: '16.00', paid: '4.00' }]);
    expect((await payout(partner.id, 'EUR', 'SEPA-004')).json()).toMatchObject({ amount: '16.00' });
    d = await details(partner.user);
    expect(d.earnings).toEqual([{ currency: 'EUR', pending: '0.00', payable: '0.00', paid: '20.00' }]);
    expect(d.payouts.map((p) => [p.reference, p.amount, p.currency])).toEqual([
      ['SEPA-004', '16.00', 'EUR'],
      ['SEPA-001', '4.00', 'EUR'],
    ]);
  });

  it('attributes a sign-up at most 30 days after a click of the link', async () => {
    const partner = await approvedPartner(app, staff);
    expect((await call(null, 'GET', `/affiliates/click/${partner.code}`)).statusCode).toBe(302);
    clock.advance(30 * DAY);
    const atTheEdge = await signUpReferred(app, partner.code);
    clock.advance(1000);
    const late = await signUpReferred(app, partner.code);
    // the invoice path attributes by itself, without the job
    await hooks.invoicePaid(paid('w-1', atTheEdge, 1000));
    await hooks.invoicePaid(paid('w-2', late, 1000));
    expect(await commissionsOf('w-1')).toEqual([{ kind: 'earning', amount: '2.00', status: 'pending' }]);
    expect(await commissionsOf('w-2')).toEqual([]);
    await runJob();
    expect(await details(partner.user)).toMatchObject({ clicks: 1, sign_ups: 1, paying_customers: 1 });
  });
});
