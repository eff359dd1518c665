import type { InvoicePage } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { InvoiceIssuer, InvoicePaidEvent, InvoiceRefundedEvent } from '../billing.types.js';
import { createInvoicesRepository } from './invoices.repository.js';
import { draft, invoicesTestApp, setBilling } from './invoices.test-kit.js';

const clock = createManualClock('2026-03-01T08:00:00Z');
let app: FastifyInstance;
let issuer: InvoiceIssuer;
let paid: InvoicePaidEvent[];
let invoices: Awaited<ReturnType<typeof invoicesTestApp>>['invoices'];
let refunded: InvoiceRefundedEvent[];
let ada: SignedInUser;
let bob: SignedInUser;
let keyN = 0;
const key = () => `test-key-${++keyN}`;

beforeAll(async () => {
  ({ app, issuer, paid, refunded, invoices } = await invoicesTestApp(clock));
  [ada, bob] = await Promise.all([
    signUpAndLogin(app, { firstName: 'Ada', lastName: 'Lovelace' }),
    signUpAndLogin(app),
  ]);
});

describe('totals with VAT by the billing details, to the cent', () => {
  it.each([
    // 2 x 9.99 = 19.98, discount 4.00 -> net 15.98
    ['NL consumer', { country: 'NL', vat: '' }, { tax: 336, rate: '21', reverse: false, total: 1934 }],
    ['DE consumer', { country: 'DE', vat: '' }, { tax: 304, rate: '19', reverse: false, total: 1902 }],
    [
      'DE business with a VAT number',
      { country: 'DE', vat: 'DE123456789' },
      { tax: 0, rate: '0', reverse: true, total: 1598 },
    ],
    ['US', { country: 'US', vat: '' }, { tax: 0, rate: '0', reverse: false, total: 1598 }],
    ['GB', { country: 'GB', vat: 'GB123456789' }, { tax: 0, rate: '0', reverse: false, total: 1598 }],
    ['FI consumer (25.5 %)', { country: 'FI', vat: '' }, { tax: 407, rate: '25.5', reverse: false, total: 2005 }],
  ])('%s', async (_case, billing, want) => {
    await setBilling(app, ada.auth, billing);
    const input = draft(ada.userId, {
      lines: [{ description: 'Pro plan, monthly', quantity: 2, unitAmountMinor: 999 }],
      discountMinor: 400,
      couponCode: 'WELCOME20',
    });
    expect(await issuer.quote(input)).toEqual({
      subtotalMinor: 1998,
      discountMinor: 400,
      taxMinor: want.tax,
      taxRatePercent: want.rate,
      reverseCharge: want.reverse,
      totalMinor: want.total,
    });
    // the issued invoice records the same figures
    const issued = await issuer.issue({ ...input, key: key() });
    expect(issued).toMatchObject({ taxMinor: want.tax, totalMinor: want.total, reverseCharge: want.reverse });
  });

  it('refuses a draft that cannot be an invoice, naming the field', async () => {
    for (const [overrides, field] of [
      [{ discountMinor: 5000 }, 'discountMinor'],
      [{ discountMinor: -1 }, 'discountMinor'],
      [{ currency: 'JPY' }, 'currency'],
      [{ lines: [] }, 'lines'],
      [{ lines: [{ description: 'x', quantity: 0, unitAmountMinor: 100 }] }, 'lines.0.quantity'],
      [{ lines: [{ description: 'x', quantity: 1, unitAmountMinor: 1.5 }] }, 'lines.0.unitAmountMinor'],
      [{ periodEnd: new Date('2026-02-01T00:00:00Z') }, 'periodEnd'],
    ] as const) {
      await expect(issuer.quote(draft(ada.userId, overrides as object))).rejects.toMatchObject({
        code: 'INVOICE_INVALID',
        details: { fields: [{ field }] },
      });
    }
  });
});

describe('numbering', () => {
  it('gives sequential numbers without gaps under concurrency, and the same key the same invoice', async () => {
    const before = await issuer.issue({ ...draft(bob.userId), key: key() });
    const issued = await Promise.all(
      Array.from({ length: 8 }, () => issuer.issue({ ...draft(bob.userId), key: key() })),
    );
    const start = Number(before.number.slice(-6));
    expect(before.number).toMatch(/^TD-2026-\d{6}$/);
    expect(issued.map((i) => Number(i.number.slice(-6))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 8 }, (_, i) => start + 1 + i),
    );
    const same = key();
    const twice = await Promise.all([1, 2].map(() => issuer.issue({ ...draft(bob.userId), key: same })));
    expect(twice[1]).toEqual(twice[0]);
    expect(Number(twice[0]!.number.slice(-6))).toBe(start + 9);
  });

  it('gives a number back when the issuing transaction fails, and starts again at 1 in a new year', async () => {
    const repo = createInvoicesRepository(app.ctx.db);
    const last = await issuer.issue({ ...draft(bob.userId), key: key() });
    await expect(
      repo.issue(key(), 2026, () => {
        throw new Error('failed inside the transaction');
      }),
    ).rejects.toThrow('failed inside');
    const next = await issuer.issue({ ...draft(bob.userId), key: key() });
    expect(Number(next.number.slice(-6))).toBe(Number(last.number.slice(-6)) + 1);

    clock.set('2027-01-01T00:00:05Z');
    try {
      expect((await issuer.issue({ ...draft(bob.userId), key: key() })).number).toBe('TD-2027-000001');
    } finally {
      clock.set('2026-03-01T08:00:00Z');
    }
  });
});

describe('payment states', () => {
  it('marks paid once and announces it with the net amount; refunds in parts until refunded', async () => {
    await setBilling(app, ada.auth, { country: 'NL', vat: '' });
    const inv = await issuer.issue({ ...draft(ada.userId, { discountMinor: 380 }), key: key() });
    expect(inv).toMatchObject({ subtotalMinor: 1900, discountMinor: 380, taxMinor: 319, totalMinor: 1839 });
    const at = new Date('2026-03-01T08:01:00Z');
    paid.length = 0;
    await issuer.markPaid(inv.id, 'ch_1', at);
    await issuer.markPaid(inv.id, 'ch_1', at);
    expect(paid).toEqual([{ invoiceId: inv.id, userId: ada.userId, currency: 'EUR', netMinor: 1520, paidAt: at }]);
    await expect(issuer.markVoid(inv.id)).rejects.toMatchObject({ code: 'INVOICE_STATE_CONFLICT' });

    refunded.length = 0;
    await issuer.markRefunded(inv.id, 839, at);
    await expect(issuer.markRefunded(inv.id, 1001, at)).rejects.toMatchObject({
      code: 'INVOICE_STATE_CONFLICT',
      message: `A refund of 10.01 is more than the 10.00 left to refund on invoice ${inv.number}.`,
    });
    await issuer.markRefunded(inv.id, 1000, at);
    expect(refunded.map((r) => r.amountMinor)).toEqual([839, 1000]);
    const page = (await list(ada)).invoices.find((i) => i.id === inv.id);
    expect(page).toMatchObject({ status: 'refunded', refunded: '18.39', total: '18.39', paidAt: at.toISOString() });
  });

  it('announces the invoices paid or refunded since a time again, for listeners that missed them', async () => {
    // a day after the other tests' payments (their paid times are given, not the clock's)
    const since = new Date('2026-03-02T00:00:00Z');
    const at = new Date(since.getTime() + 60_000);
    const kept = await issuer.issue({ ...draft(bob.userId), key: key() });
    const back = await issuer.issue({ ...draft(bob.userId), key: key() });
    await issuer.issue({ ...draft(bob.userId), key: key() }); // open: never announced
    await issuer.markPaid(kept.id, 'ch_kept', at);
    await issuer.markPaid(back.id, 'ch_back', at);
    await issuer.markRefunded(back.id, 500, at);
    paid.length = 0;
    refunded.length = 0;
    expect(await invoices.service.announceSettled(since)).toEqual({ announced: 3, failed: 0 });
    expect(paid.map((e) => e.invoiceId).sort()).toEqual([kept.id, back.id].sort());
    expect(paid.find((e) => e.invoiceId === kept.id)).toEqual({
      invoiceId: kept.id,
      userId: bob.userId,
      currency: 'EUR',
      netMinor: 1900,
      paidAt: at,
    });
    expect(refunded).toEqual([{ invoiceId: back.id, userId: bob.userId, currency: 'EUR', amountMinor: 500, at }]);
    // nothing settled after a later time
    paid.length = 0;
    expect(await invoices.service.announceSettled(new Date(at.getTime() + 1))).toEqual({ announced: 0, failed: 0 });
    expect(paid).toEqual([]);
  });

  it('voids an open invoice (idempotent); refunding an open one or touching an unknown one fails', async () => {
    const inv = await issuer.issue({ ...draft(ada.userId), key: key() });
    await expect(issuer.markRefunded(inv.id, 100, clock.now())).rejects.toMatchObject({
      code: 'INVOICE_STATE_CONFLICT',
    });
    await issuer.markVoid(inv.id);
    await issuer.markVoid(inv.id);
    expect((await list(ada)).invoices.find((i) => i.id === inv.id)?.status).toBe('void');
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(issuer.markPaid(unknown, 'ch', clock.now())).rejects.toMatchObject({ code: 'INVOICE_NOT_FOUND' });
    await expect(issuer.markVoid(unknown)).rejects.toMatchObject({ code: 'INVOICE_NOT_FOUND' });
  });
});

async function list(user: SignedInUser, query = '?limit=100'): Promise<InvoicePage> {
  const res = await app.inject({ method: 'GET', url: `/api/customer/invoices${query}`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoicePage;
}

describe('GET /customer/invoices and the PDF', () => {
  it('lists the caller’s invoices newest first, paged, and only theirs', async () => {
    const carol = await signUpAndLogin(app);
    expect(await list(carol)).toEqual({ invoices: [], total: 0, page: 1, limit: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      ids.push((await issuer.issue({ ...draft(carol.userId), key: key() })).id);
    }
    const second = await list(carol, '?page=2&limit=2');
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.invoices.map((i) => i.id)).toEqual([ids[0]]);
    const first = (await list(carol, '?limit=2')).invoices;
    expect(first.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(first[0]).toMatchObject({
      status: 'open',
      currency: 'EUR',
      lines: [{ description: 'Pro plan, monthly', quantity: 1, unitAmount: '19.00', amount: '19.00' }],
      subtotal: '19.00',
      tax: '3.99',
      taxRatePercent: '21',
      total: '22.99',
      testMode: true,
      periodStart: '2026-03-01T00:00:00.000Z',
      paidAt: null,
    });
    expect((await list(bob)).invoices.some((i) => ids.includes(i.id))).toBe(false);
    for (const [query, status] of [
      ['?limit=101', 400],
      ['?page=0', 400],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/customer/invoices${query}`, headers: carol.auth });
      expect(res.statusCode, query).toBe(status);
    }
    expect((await app.inject({ method: 'GET', url: '/api/customer/invoices' })).statusCode).toBe(401);
  });

  it('downloads a PDF with the number; another user’s invoice is 404', async () => {
    await setBilling(app, ada.auth, { country: 'DE', vat: 'DE123456789', company: 'Lovelace GmbH' });
    const inv = await issuer.issue({ ...draft(ada.userId), key: key() });
    const res = await app.inject({
      method: 'GET',
      url: `/api/customer/invoices/${inv.id}/download`,
      headers: ada.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${inv.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain(inv.number);
    expect(inv).toMatchObject({ reverseCharge: true, taxMinor: 0, totalMinor: 1900 });
    const text = await pdfText(res.rawPayload);
    for (const part of [
      'Test mode: issued by the built-in test payment provider',
      `Invoice number ${inv.number}`,
      'Period 2026-03-01 to 2026-04-01',
      'Lovelace GmbH',
      'Ada Lovelace',
      'Germany',
      'VAT number: DE123456789',
      'Pro plan, monthly 1 €19.00 €19.00',
      'VAT (reverse charge) 0% €0.00',
      'Total €19.00',
      'VAT reverse charged: the customer accounts for the VAT',
    ]) {
      expect(text).toContain(part);
    }

    const other = await app.inject({
      method: 'GET',
      url: `/api/customer/invoices/${inv.id}/download`,
      headers: bob.auth,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND', message: 'No invoice of yours has this id.' });
    const bad = await app.inject({ method: 'GET', url: '/api/customer/invoices/nope/download', headers: ada.auth });
    expect(bad.statusCode).toBe(400);
  });
});

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
