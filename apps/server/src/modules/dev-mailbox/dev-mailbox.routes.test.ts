import { beforeAll, describe, expect, it } from 'vitest';
import { latestMailLink, signUp } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

const clock = createManualClock('2026-07-01T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { clock } });
});

type Mail = { id: string; to: string; subject: string; text: string; html: string; links: string[]; createdAt: string };

describe('GET /api/dev/mailbox', () => {
  it('lists the outbox newest first with the links of each mail, filtered by ?to=', async () => {
    // Mail goes out after the answer: wait for each before the clock moves, so each has its own time.
    const a = await signUp(t.app);
    await latestMailLink(t.app, a.email, 'activation');
    clock.advance(1000);
    const b = await signUp(t.app);
    await latestMailLink(t.app, b.email, 'activation');
    clock.advance(1000);
    await t.app.inject({ method: 'POST', url: '/api/customer/forgot', payload: { email: b.email } });
    await latestMailLink(t.app, b.email, 'reset'); // mailed just after the answer

    const all = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(all.statusCode).toBe(200);
    const mails = all.json().mails as Mail[];
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [b.email, 'Reset your TradeDesk password'],
      [b.email, 'Activate your TradeDesk account'],
      [a.email, 'Activate your TradeDesk account'],
    ]);
    const activation = mails[2]!;
    expect(activation.createdAt).toBe('2026-07-01T10:00:00.000Z');
    expect(activation.links).toHaveLength(1);
    expect(activation.links[0]).toMatch(/^http:\/\/localhost:8080\/activate\?token=/);
    expect(activation.text).toContain(activation.links[0]);
    expect(activation.html).toContain(activation.links[0]);

    const filtered = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${b.email.toUpperCase()}` });
    expect((filtered.json().mails as Mail[]).map((m) => m.to)).toEqual([b.email, b.email]);
  });

  it('bounds the filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${'x'.repeat(300)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Recipient (to) must be at most 254 characters.');
  });
});
