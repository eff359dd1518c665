import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
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
    password: 'Velvet-Orbit-73',
    username: `new_${s}`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    ...overrides,
  };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function userByEmail(email: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

async function mailsTo(email: string) {
  return t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
}

/** Waits for the mail sent after the answer (sign-up mails in the background). */
async function nextMail(email: string, template: string) {
  for (let i = 0; i < 250; i++) {
    const mail = (await mailsTo(email)).find((m) => m.template === template);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${template} mail to ${email}`);
}

let address = 0;
/** Sign-ups from a fresh documentation address each (the per-address sign-up limit has a test of its own). */
const signUpPost = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customer',
    payload: payload as object,
    headers,
    remoteAddress: `203.0.113.${(++address % 250) + 1}`,
  });

async function login(email: string, password: string) {
  return post('/api/customer/login', { email, password });
}

describe('POST /api/customer (sign-up)', () => {
  it('creates a pending account, answers 202 "check your inbox" and mails an activation link', async () => {
    const input = body();
    const res = await signUpPost(input);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      ok: true,
      message: `Check your inbox at ${input.email}: we sent a mail with the next step.`,
    });
    const { link, token } = await latestMailLink(t.app, input.email, 'activation');
    expect(link).toBe(`http://localhost:8080/activate?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const row = await userByEmail(input.email);
    expect(row).toMatchObject({
      email: input.email,
      username: input.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'pending',
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('stores the referral code and tracking parameters from cookies', async () => {
    const input = body();
    const res = await signUpPost(input, {
      cookie: `ref=FRIEND_42; utm_source=newsletter; utm_campaign=spring; gclid=abc; other=ignored; utm_term=${'x'.repeat(500)}`,
    });
    expect(res.statusCode).toBe(202);
    const row = (await userByEmail(input.email))!;
    expect(row.referralCode).toBe('FRIEND_42');
    expect(row.tracking).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      gclid: 'abc',
      utm_term: 'x'.repeat(200),
    });
  });

  it('prefers referral_code over ref and ignores a malformed code', async () => {
    const a = body();
    await signUpPost(a, { cookie: 'referral_code=CODE1; ref=CODE2' });
    expect((await userByEmail(a.email))!.referralCode).toBe('CODE1');
    const b = body();
    await signUpPost(b, { cookie: 'referral_code=<script>' });
    expect((await userByEmail(b.email))!.referralCode).toBeNull();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    [{ password: 'Sh0rt' }, 'password', 'Password must be at least 8 characters.'],
    [{ password: `A1${'a'.repeat(127)}` }, 'password', 'Password must be at most 128 characters.'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters.'],
    [{ username: 'a'.repeat(31) }, 'username', 'Username must be at most 30 characters.'],
    [{ username: 'bad name!' }, 'username', 'Username may contain only letters, digits, underscores and dots.'],
    [{ first_name: '' }, 'first_name', 'First name is required.'],
    [{ last_name: 'x'.repeat(61) }, 'last_name', 'Last name must be at most 60 characters.'],
    [{ email: undefined }, 'email', 'Email is required.'],
    [{ first_name: 42 }, 'first_name', 'First name must be text.'],
  ])('rejects %j with 400 naming the field', async (override, field, message) => {
    const res = await signUpPost(body(override));
    expectFieldError(res, { code: 'VALIDATION_FAILED', field, message });
  });

  it('answers an existing address exactly as a new one, and mails its owner the sign-in and reset links', async () => {
    const owner = await signUpAndLogin(t.app);
    const before = (await userByEmail(owner.email))!;
    const fresh = body();
    const taken = body({ email: owner.email.toUpperCase(), password: 'Other-Orbit-99' });
    const created = await signUpPost(fresh);
    const existing = await signUpPost(taken);
    expect(existing.statusCode).toBe(created.statusCode);
    expect(existing.statusCode).toBe(202);
    expect(Object.keys(existing.json())).toEqual(Object.keys(created.json()));
    expect(existing.json().message.replace(taken.email, '<email>')).toBe(
      created.json().message.replace(fresh.email, '<email>'),
    );

    const mail = await nextMail(owner.email, 'sign-up-existing');
    expect(mail.subject).toBe('Someone tried to sign up with your email address');
    expect(mail.links).toEqual(['http://localhost:8080/sign-in', 'http://localhost:8080/forgot-password']);
    expect(mail.text).toContain('It already has an account, so nothing was changed.');
    // Nothing about the account changed: no second account, same password, same username.
    const after = (await userByEmail(owner.email))!;
    expect(after).toEqual(before);
    expect(await userByEmail(taken.email.toLowerCase())).toEqual(before);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(owner.email, 'Other-Orbit-99')).statusCode).toBe(401);
  });

  it('mails a new activation link when the existing account is still pending', async () => {
    const pending = await signUp(t.app);
    const first = await latestMailLink(t.app, pending.email, 'activation');
    clock.advance(1000);
    const res = await signUpPost(body({ email: pending.email }));
    expect(res.statusCode).toBe(202);
    const second = await latestMailLink(t.app, pending.email, 'activation', first.token);
    expect((await post('/api/customer/activate', { token: second.token })).statusCode).toBe(200);
    expect((await login(pending.email, pending.password)).statusCode).toBe(200);
  });

  it('reports a taken username (any case) with 409, before and whatever the email', async () => {
    const owner = await signUp(t.app);
    for (const email of [`other-${uniqueSuffix()}@example.test`, owner.email]) {
      const res = await signUpPost(body({ email, username: owner.username.toUpperCase() }));
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toMatchObject({ code: 'USER_USERNAME_TAKEN' });
      expect(res.json().message).toBe('This username is taken.');
    }
  });

  it.each([
    ['a common password', { password: 'password1' }, 'The password is too common or too easy to guess.'],
    ['an easy pattern', { password: 'abcd1234' }, 'The password is too common or too easy to guess.'],
    ['the username inside', { username: 'orbital_ada', password: 'My-orbital_ada-77' }, 'must not contain your'],
    ['the email local part', { email: 'stargazer@example.test', password: 'Stargazer!2026x' }, 'must not contain your'],
    ['the name', { first_name: 'Ada', last_name: 'Lovelace', password: 'Lovelace1815' }, 'must not be built from your'],
  ])('refuses %s with 400 AUTH_PASSWORD_WEAK on the password field', async (_name, override, sentence) => {
    const input = body(override);
    const res = await signUpPost(input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AUTH_PASSWORD_WEAK', details: { fields: [{ field: 'password' }] } });
    expect(res.json().message).toContain(sentence);
    expect(await userByEmail(input.email)).toBeUndefined();
  });

  it('has no composition rules: a long passphrase of letters only is fine', async () => {
    const input = body({ password: 'correct horse battery staple' });
    expect((await signUpPost(input)).statusCode).toBe(202);
    expect(await userByEmail(input.email)).toBeDefined();
  });

  it('allows 10 sign-ups per address and hour, then 429 with Retry-After', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customer',
        payload: body(),
        remoteAddress: '192.0.2.77',
      });
      codes.push(res.statusCode);
      if (i === 10) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(59 * 60);
        expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
    }
    expect(codes).toEqual([...Array(10).fill(202), 429]);
    expect((await signUpPost(body())).statusCode).toBe(202);
    clock.advance(HOUR);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/customer',
      payload: body(),
      remoteAddress: '192.0.2.77',
    });
    expect(later.statusCode).toBe(202);
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
    expectFieldError(res, {
      field: 'username',
      message: 'Username may contain only letters, digits, underscores and dots.',
    });
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
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'AUTH_ALREADY_ACTIVE',
      message: 'This account is already active. Sign in with your email and password.',
    });
  });

  it('an expired link of an account activated meanwhile says it is already active', async () => {
    const user = await signUp(t.app);
    const first = await latestMailLink(t.app, user.email, 'activation');
    clock.advance(1000);
    expect((await post('/api/customer/resend', { email: user.email })).statusCode).toBe(200);
    const second = await latestMailLink(t.app, user.email, 'activation', first.token);
    expect(second.token).not.toBe(first.token);
    expect((await post('/api/customer/activate', { token: second.token })).statusCode).toBe(200);
    clock.advance(48 * HOUR + 1000);
    const old = await post('/api/customer/activate', { token: first.token });
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('AUTH_ALREADY_ACTIVE');
  });

  it('rejects unknown and empty tokens', async () => {
    const unknown = await post('/api/customer/activate', { token: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'AUTH_LINK_INVALID', message: 'This link is not valid.' });
    const empty = await post('/api/customer/activate', { token: '' });
    expectFieldError(empty, { code: 'VALIDATION_FAILED', field: 'token', message: 'The link token is required.' });
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

  it('resend validates the email', async () => {
    const res = await post('/api/customer/resend', { email: 'nope' });
    expectFieldError(res, { field: 'email', message: 'Enter a valid email address.' });
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
    expectFieldError(res, { field: 'password', message: 'Password must be at least 8 characters.' });
  });

  it("reset refuses a password made of the account's username, and the link stays usable", async () => {
    const user = await signUpAndLogin(t.app);
    await post('/api/customer/forgot', { email: user.email });
    const { token } = await latestMailLink(t.app, user.email, 'reset');
    const weak = await post('/api/customer/reset', { token, password: `${user.username}!x` });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'AUTH_PASSWORD_WEAK',
      message: 'The password must not contain your email address or username.',
    });
    const common = await post('/api/customer/reset', { token, password: 'iloveyou2' });
    expect(common.json().code).toBe('AUTH_PASSWORD_WEAK');
    expect((await post('/api/customer/reset', { token, password: 'Velvet-Orbit-73' })).statusCode).toBe(200);
  });
});
