import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestMailLink, signUp, signUpAndLogin, uniqueSuffix } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { createMailer } from '../../platform/mail/create-mailer.js';
import { mailOutbox } from '../../platform/mail/mail.table.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { users } from '../users/users.table.js';

const clock = createManualClock('2026-03-02T09:00:00Z');
let t: TestApp;
/** The outbox mailer of the test app, unless a test makes the mail server fail or stall. */
let outbox: Mailer | undefined;
let mailServer: { mode: 'up' | 'down' | 'stalled'; release: () => void } = { mode: 'up', release: () => {} };
const mailer: Mailer = {
  kind: 'outbox',
  async send(message) {
    if (mailServer.mode === 'down') throw new Error('connect ECONNREFUSED smtp');
    if (mailServer.mode === 'stalled') await new Promise<void>((resolve) => (mailServer.release = resolve));
    await outbox!.send(message);
  },
  forgetRecipient: (email) => outbox!.forgetRecipient(email),
  async close() {},
};
beforeAll(async () => {
  t = await createTestApp({ build: { clock, mailer } });
  outbox = createMailer({ smtpUrl: undefined, from: t.config.mailFrom, db: t.database.db, clock });
});

const HOUR = 60 * 60 * 1000;

function body(overrides: Record<string, unknown> = {}) {
  const s = uniqueSuffix();
  return {
    email: `new-${s}@example.test`,
    password: 'Secret123',
    username: `new_${s}`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    ...overrides,
  };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function userRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function login(email: string, password: string) {
  return post('/api/customer/login', { email, password });
}

describe('POST /api/customer (sign-up)', () => {
  it('creates a pending account, answers the user and mails an activation link', async () => {
    const input = body();
    const res = await post('/api/customer', input);
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: input.email,
      username: input.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'pending',
      twoFactorEnabled: false,
    });
    expect(user).not.toHaveProperty('passwordHash');
    const { link, token } = await latestMailLink(t.app, input.email, 'activation');
    expect(link).toBe(`http://localhost:8080/activate?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const row = await userRow(user.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('stores the referral code and tracking parameters from cookies', async () => {
    const input = body();
    const res = await post('/api/customer', input, {
      cookie: `ref=FRIEND_42; utm_source=newsletter; utm_campaign=spring; gclid=abc; other=ignored; utm_term=${'x'.repeat(500)}`,
    });
    expect(res.statusCode).toBe(201);
    const row = await userRow(res.json().user.id);
    expect(row.referralCode).toBe('FRIEND_42');
    expect(row.tracking).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      gclid: 'abc',
      utm_term: 'x'.repeat(200),
    });
  });

  it('prefers referral_code over ref and ignores a malformed code', async () => {
    const a = await post('/api/customer', body(), { cookie: 'referral_code=CODE1; ref=CODE2' });
    expect((await userRow(a.json().user.id)).referralCode).toBe('CODE1');
    const b = await post('/api/customer', body(), { cookie: 'referral_code=<script>' });
    expect((await userRow(b.json().user.id)).referralCode).toBeNull();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: must be a valid e-mail address'],
    [{ password: 'Sh0rt' }, 'password: must be at least 8 characters'],
    [{ password: `A1${'a'.repeat(127)}` }, 'password: must be at most 128 characters'],
    [{ password: 'onlyletters' }, 'password: must contain a digit'],
    [{ password: '1234567890' }, 'password: must contain a letter'],
    [{ username: 'ab' }, 'username: must be at least 3 characters'],
    [{ username: 'a'.repeat(31) }, 'username: must be at most 30 characters'],
    [{ username: 'bad name!' }, 'username: may contain only letters, digits, underscore and dot'],
    [{ first_name: '' }, 'first_name: is required'],
    [{ last_name: 'x'.repeat(61) }, 'last_name: must be at most 60 characters'],
    [{ email: undefined }, 'email: '],
  ])('rejects %j with 400 naming the field', async (override, message) => {
    const res = await post('/api/customer', body(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(message);
  });

  it('answers 409 naming the field for a taken e-mail (any case) or username (any case)', async () => {
    const first = body();
    expect((await post('/api/customer', first)).statusCode).toBe(201);
    const sameEmail = await post('/api/customer', body({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'USER_EMAIL_TAKEN' });
    expect(sameEmail.json().message).toMatch(/^email: /);
    const sameUsername = await post('/api/customer', body({ username: first.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json()).toMatchObject({ code: 'USER_USERNAME_TAKEN' });
    expect(sameUsername.json().message).toMatch(/^username: /);
  });
});

describe('GET /api/profile/username/:username', () => {
  it('says whether a username is available, case-insensitively', async () => {
    const user = await signUp(t.app);
    const taken = await t.app.inject({ method: 'GET', url: `/api/profile/username/${user.username.toUpperCase()}` });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ username: user.username.toUpperCase(), available: false });
    const free = await t.app.inject({ method: 'GET', url: `/api/profile/username/free_${uniqueSuffix()}` });
    expect(free.json().available).toBe(true);
  });

  it('answers 400 for a malformed username', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/username/a%20b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^username: /);
  });
});

describe('activation', () => {
  it('a pending account cannot sign in; the link activates it once', async () => {
    const user = await signUp(t.app);
    const pending = await login(user.email, user.password);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe('AUTH_NOT_ACTIVATED');

    const { token } = await latestMailLink(t.app, user.email, 'activation');
    const res = await post('/api/customer/activate', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.userId, status: 'active' });
    expect((await login(user.email, user.password)).statusCode).toBe(200);

    const again = await post('/api/customer/activate', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'AUTH_LINK_USED', message: 'token: this link was already used' });
  });

  it('rejects unknown and empty tokens', async () => {
    const unknown = await post('/api/customer/activate', { token: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'AUTH_LINK_INVALID', message: 'token: this link is not valid' });
    const empty = await post('/api/customer/activate', { token: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'token: is required' });
  });

  it('expires the link after 48 hours', async () => {
    const user = await signUp(t.app);
    const { token } = await latestMailLink(t.app, user.email, 'activation');
    clock.advance(48 * HOUR + 1000);
    const res = await post('/api/customer/activate', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('AUTH_LINK_EXPIRED');
  });

  it('resend mails a new working link to a pending account and answers the same for anyone', async () => {
    const user = await signUp(t.app);
    const first = await latestMailLink(t.app, user.email, 'activation');
    clock.advance(1000);
    const res = await post('/api/customer/resend', { email: user.email });
    expect(res.statusCode).toBe(200);
    const second = await latestMailLink(t.app, user.email, 'activation', first.token);
    expect((await post('/api/customer/activate', { token: second.token })).statusCode).toBe(200);

    const ghost = `ghost-${uniqueSuffix()}@example.test`;
    const unknown = await post('/api/customer/resend', { email: ghost });
    const active = await post('/api/customer/resend', { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    expect(active.json()).toEqual(res.json());
    // Mail goes out after the answer: once a later resend has landed, the earlier ones would have too.
    const later = await signUp(t.app);
    const laterFirst = await latestMailLink(t.app, later.email, 'activation');
    clock.advance(1000);
    await post('/api/customer/resend', { email: later.email });
    await latestMailLink(t.app, later.email, 'activation', laterFirst.token);
    const mails = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails).toHaveLength(2);
    expect(await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, ghost))).toHaveLength(0);
  });

  it('resend validates the e-mail', async () => {
    const res = await post('/api/customer/resend', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email: must be a valid e-mail address');
  });
});

describe('forgot and reset', () => {
  it('forgot answers the same for unknown addresses and mails nothing then', async () => {
    const user = await signUpAndLogin(t.app);
    const ghost = `ghost-${uniqueSuffix()}@example.test`;
    // The unknown address first: once the known one's mail has landed, a mail to it would have too.
    const unknown = await post('/api/customer/forgot', { email: ghost });
    const known = await post('/api/customer/forgot', { email: user.email });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const { link } = await latestMailLink(t.app, user.email, 'reset');
    expect(link).toMatch(/^http:\/\/localhost:8080\/reset-password\?token=/);
    expect(await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, ghost))).toHaveLength(0);
  });

  it('forgot and resend answer the same, at once, whether or not mail to the address fails or stalls', async () => {
    const user = await signUpAndLogin(t.app);
    const pending = await signUp(t.app);
    const ghost = `ghost-${uniqueSuffix()}@example.test`;
    try {
      mailServer = { mode: 'down', release: () => {} };
      const down = await Promise.all([
        post('/api/customer/forgot', { email: user.email }),
        post('/api/customer/forgot', { email: ghost }),
        post('/api/customer/resend', { email: pending.email }),
        post('/api/customer/resend', { email: ghost }),
      ]);
      expect(down.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(down[0]!.json()).toEqual(down[1]!.json());
      expect(down[2]!.json()).toEqual(down[3]!.json());

      // A mail server that never answers must not hold the answer for an existing account either.
      mailServer = { mode: 'stalled', release: () => {} };
      const stalled = await post('/api/customer/forgot', { email: user.email });
      expect(stalled.statusCode).toBe(200);
      expect(stalled.json()).toEqual(down[1]!.json());
    } finally {
      const { release } = mailServer;
      mailServer = { mode: 'up', release: () => {} };
      release();
    }
    // The stalled mail is delivered once the server answers.
    expect((await latestMailLink(t.app, user.email, 'reset')).link).toMatch(/\/reset-password\?token=/);
  });

  it('reset sets the new password, signs out every session, and the link works once', async () => {
    const user = await signUpAndLogin(t.app);
    const events: unknown[] = [];
    const off = t.app.ctx.bus.subscribe((m) => {
      if (m.channel === `user:${user.userId}`) events.push(m);
    });
    await post('/api/customer/forgot', { email: user.email });
    const { token } = await latestMailLink(t.app, user.email, 'reset');

    const res = await post('/api/customer/reset', { token, password: 'BrandNew123' });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 10));
    off();

    const sessions = await t.app.inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth });
    expect(sessions.statusCode).toBe(401);
    expect(sessions.json().code).toBe('AUTH_SESSION_REVOKED');
    expect(events).toEqual([
      { channel: `user:${user.userId}`, event: 'session.revoked', data: { sessionId: expect.any(String) } },
    ]);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'BrandNew123')).statusCode).toBe(200);

    const again = await post('/api/customer/reset', { token, password: 'Another123' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('AUTH_LINK_USED');
  });

  it('reset links expire after one hour and an activation token is not a reset token', async () => {
    const user = await signUpAndLogin(t.app);
    await post('/api/customer/forgot', { email: user.email });
    const { token } = await latestMailLink(t.app, user.email, 'reset');
    clock.advance(HOUR + 1000);
    const expired = await post('/api/customer/reset', { token, password: 'BrandNew123' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'AUTH_LINK_EXPIRED' });

    const pending = await signUp(t.app);
    const activation = await latestMailLink(t.app, pending.email, 'activation');
    const wrongKind = await post('/api/customer/reset', { token: activation.token, password: 'BrandNew123' });
    expect(wrongKind.json().code).toBe('AUTH_LINK_INVALID');
  });

  it('reset enforces the password policy', async () => {
    const res = await post('/api/customer/reset', { token: 'whatever', password: 'short1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('password: must be at least 8 characters');
  });
});
