import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestMailLink, type SignedInUser, signUpAndLogin, uniqueSuffix } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { mailOutbox } from '../../platform/mail/mail.table.js';
import { delayAfter, signInLimits } from './sign-in-throttle.js';

const clock = createManualClock('2026-06-01T07:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { clock } });
});

let addressCount = 0;
/** A fresh documentation address: the per-address limits stay out of the per-account ones. */
const nextIp = () => `203.0.113.${(++addressCount % 250) + 1}`;

const login = (app: TestApp, email: string, password: string, ip: string) =>
  app.app.inject({ method: 'POST', url: '/api/customer/login', payload: { email, password }, remoteAddress: ip });

async function mailsTo(app: TestApp, email: string, template: string) {
  return app.app.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email.toLowerCase()), eq(mailOutbox.template, template)));
}

/** Mail about failures goes out after the answer: wait for it (up to 5 s). */
async function waitForMails(app: TestApp, email: string, template: string, count: number) {
  for (let i = 0; i < 250; i++) {
    const mails = await mailsTo(app, email, template);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`expected ${count} ${template} mail(s) to ${email}`);
}

/** The 60 wrong passwords from six addresses of the security review, round robin. */
async function sixtyWrongPasswords(apps: TestApp[], email: string) {
  const ips = Array.from({ length: 6 }, nextIp);
  const codes: number[] = [];
  for (let i = 0; i < 60; i++) {
    const app = apps[i % apps.length]!;
    codes.push((await login(app, email, `Wrong-guess-${i}`, ips[i % 6]!)).statusCode);
  }
  return codes;
}

describe('delay schedule', () => {
  it('is free for 4 failures, then 30 s doubling per failure, capped at 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 10, 40].map((n) => delayAfter(n))).toEqual([
      0,
      0,
      30 * SECOND,
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      15 * MINUTE,
      15 * MINUTE,
    ]);
  });
});

describe('wrong passwords on one account from many addresses', () => {
  it('60 guesses from 6 addresses: 429 from the 6th, the right password waits, then works', async () => {
    const user = await signUpAndLogin(t.app);
    const codes = await sixtyWrongPasswords([t], user.email);
    expect(codes).toEqual([...Array(5).fill(401), ...Array(55).fill(429)]);

    const during = await login(t, user.email, user.password, nextIp());
    expect(during.statusCode).toBe(429);
    expect(during.headers['retry-after']).toBe('30');
    expect(during.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message:
        'Too many failed sign-in attempts on this account. Try again in 30 seconds (after 07:00:30 UTC), or reset your password.',
    });
    clock.advance(29 * SECOND);
    expect((await login(t, user.email, user.password, nextIp())).headers['retry-after']).toBe('1');
    clock.advance(SECOND);
    expect((await login(t, user.email, user.password, nextIp())).statusCode).toBe(200);
    // The right password ended the run: the next mistake is a plain 401 again.
    expect((await login(t, user.email, 'Wrong-again-1', nextIp())).statusCode).toBe(401);
  });

  it('each further failure doubles the wait, and waiting it out frees no new guesses for a day', async () => {
    const user = await signUpAndLogin(t.app);
    for (let i = 0; i < 5; i++) await login(t, user.email, 'Wrong-guess-1', nextIp());
    clock.advance(30 * SECOND);
    expect((await login(t, user.email, 'Wrong-guess-1', nextIp())).statusCode).toBe(401);
    expect((await login(t, user.email, user.password, nextIp())).headers['retry-after']).toBe('60');
    clock.advance(2 * 60 * MINUTE);
    expect((await login(t, user.email, 'Wrong-guess-1', nextIp())).statusCode).toBe(401);
    expect((await login(t, user.email, user.password, nextIp())).headers['retry-after']).toBe('120');
    clock.advance(signInLimits.rememberMs);
    for (let i = 0; i < 4; i++) expect((await login(t, user.email, 'Wrong-guess-1', nextIp())).statusCode).toBe(401);
    expect((await login(t, user.email, user.password, nextIp())).statusCode).toBe(200);
  });

  it('a few failures are forgotten 15 minutes after the last one', async () => {
    const user = await signUpAndLogin(t.app);
    for (let i = 0; i < 4; i++) await login(t, user.email, 'Wrong-guess-1', nextIp());
    clock.advance(signInLimits.failureWindowMs);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(t, user.email, 'Wrong-guess-1', nextIp())).statusCode);
    expect(codes).toEqual(Array(5).fill(401));
    expect((await login(t, user.email, user.password, nextIp())).statusCode).toBe(429);
  });

  it('an unknown email gets the same answers, so the limit does not tell who has an account', async () => {
    const user = await signUpAndLogin(t.app);
    const ghost = `ghost-${uniqueSuffix()}@example.test`;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push((await login(t, user.email, 'Wrong-guess-1', nextIp())).statusCode);
      const res = await login(t, ghost, 'Wrong-guess-1', nextIp());
      unknown.push(res.statusCode);
      if (i === 6) expect(res.json().message).toMatch(/^Too many failed sign-in attempts on this account/);
    }
    expect(unknown).toEqual(known);
    expect(known).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(await mailsTo(t, ghost, 'sign-in-failures')).toHaveLength(0);
  });

  it('tells the owner once per window, with the time, the number of attempts and a reset link', async () => {
    const user = await signUpAndLogin(t.app, { firstName: 'Grace' });
    const since = clock.now();
    for (let i = 0; i < 5; i++) await login(t, user.email, 'Wrong-guess-1', nextIp());
    const [mail] = await waitForMails(t, user.email, 'sign-in-failures', 1);
    expect(mail!.subject).toBe('Failed sign-in attempts on your TradeDesk account');
    expect(mail!.text).toContain('Hi Grace,');
    expect(mail!.text).toContain(
      `There were 5 failed attempts to sign in to your TradeDesk account with a wrong password since ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(since)} UTC.`,
    );
    expect(mail!.links).toEqual(['http://localhost:8080/forgot-password']);

    // More failures within the hour: no second mail.
    clock.advance(30 * SECOND);
    await login(t, user.email, 'Wrong-guess-2', nextIp());
    clock.advance(MINUTE);
    await login(t, user.email, 'Wrong-guess-3', nextIp());
    // A later failure proves the earlier ones' mail would have landed by now.
    const other = await signUpAndLogin(t.app);
    for (let i = 0; i < 5; i++) await login(t, other.email, 'Wrong-guess-1', nextIp());
    await waitForMails(t, other.email, 'sign-in-failures', 1);
    expect(await mailsTo(t, user.email, 'sign-in-failures')).toHaveLength(1);

    // An hour on, the attack goes on: one more mail, with the whole count.
    clock.advance(2 * MINUTE);
    await login(t, user.email, 'Wrong-guess-4', nextIp());
    clock.advance(4 * MINUTE);
    await login(t, user.email, 'Wrong-guess-5', nextIp());
    clock.advance(8 * MINUTE);
    await login(t, user.email, 'Wrong-guess-6', nextIp());
    clock.advance(15 * MINUTE);
    await login(t, user.email, 'Wrong-guess-7', nextIp());
    clock.advance(15 * MINUTE);
    await login(t, user.email, 'Wrong-guess-8', nextIp());
    clock.advance(15 * MINUTE);
    await login(t, user.email, 'Wrong-guess-9', nextIp());
    const mails = await waitForMails(t, user.email, 'sign-in-failures', 2);
    expect(mails.map((m) => /There were (\d+) failed/.exec(m.text)?.[1]).sort()).toEqual(['13', '5']);
  });

  it('a password reset ends the wait at once', async () => {
    const user = await signUpAndLogin(t.app);
    for (let i = 0; i < 7; i++) await login(t, user.email, 'Wrong-guess-1', nextIp());
    expect((await login(t, user.email, user.password, nextIp())).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/api/customer/forgot', payload: { email: user.email } });
    const { token } = await latestMailLink(t.app, user.email, 'reset');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/customer/reset',
      payload: { token, password: 'Fresh-Orbit-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t, user.email, 'Fresh-Orbit-2026', nextIp())).statusCode).toBe(200);
  });

  it('a burst of parallel guesses gets no more checks than sequential ones', async () => {
    const user = await signUpAndLogin(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(t, user.email, `Wrong-guess-${i}`, nextIp())),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(signInLimits.freeFailures);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });
});

describe('accounts tried from one address', () => {
  it('refuses an 11th account within 15 minutes; accounts already tried and other addresses go on', async () => {
    const ip = nextIp();
    const emails = Array.from({ length: 11 }, () => `spray-${uniqueSuffix()}@example.test`);
    for (const email of emails.slice(0, 10)) {
      expect((await login(t, email, 'Summer-2026-x', ip)).statusCode).toBe(401);
    }
    const eleventh = await login(t, emails[10]!, 'Summer-2026-x', ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBe(String(15 * 60));
    expect(eleventh.json().message).toMatch(
      /^Too many different accounts failed to sign in from your network address\. Try again in 15 minutes/,
    );
    expect((await login(t, emails[0]!, 'Summer-2026-y', ip)).statusCode).toBe(401);
    expect((await login(t, emails[10]!, 'Summer-2026-x', nextIp())).statusCode).toBe(401);
    clock.advance(15 * MINUTE);
    expect((await login(t, emails[10]!, 'Summer-2026-z', ip)).statusCode).toBe(401);
  });

  it('right passwords do not count: an office signing in many people is not refused', async () => {
    const ip = nextIp();
    const people: SignedInUser[] = [];
    for (let i = 0; i < 12; i++) people.push(await signUpAndLogin(t.app));
    for (const person of people) expect((await login(t, person.email, person.password, ip)).statusCode).toBe(200);
  });
});

/** The code an authenticator app shows at the test clock's "now". */
function codeAt(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: clock.now().getTime(),
  });
}

async function withTwoFactor(app: TestApp) {
  const user = await signUpAndLogin(app.app);
  const post = (url: string, payload: object) =>
    app.app.inject({ method: 'POST', url, payload, headers: user.auth, remoteAddress: nextIp() });
  const { secret } = (await post('/api/customer/2fa/setup', {})).json();
  expect((await post('/api/customer/2fa/confirm', { code: codeAt(secret) })).statusCode).toBe(200);
  return { user, secret: secret as string, post };
}

/** A wrong code that is surely not the current one (nor its neighbours). */
const wrongCode = (secret: string, i: number) => {
  const right = codeAt(secret);
  const code = String((Number(right) + 1000 + i * 7919) % 1_000_000).padStart(6, '0');
  return code;
};

describe('two-factor codes on one account from many addresses', () => {
  it('100 wrong codes from 10 addresses: 429 from the 6th; the right code waits, then works', async () => {
    const { user, secret } = await withTwoFactor(t);
    const ips = Array.from({ length: 10 }, nextIp);
    let challenge: string | undefined;
    const codes: number[] = [];
    for (let i = 0; i < 100; i++) {
      const ip = ips[i % 10]!;
      if (!challenge) {
        const res = await login(t, user.email, user.password, ip);
        expect(res.json().status).toBe('two_factor_required');
        challenge = res.json().challengeToken as string;
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customer/login/2fa',
        payload: { challenge_token: challenge, code: wrongCode(secret, i) },
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
      if (res.json().code === 'AUTH_CHALLENGE_EXHAUSTED') challenge = undefined;
    }
    expect(codes.indexOf(429)).toBe(5);
    expect(codes.filter((c) => c !== 429)).toHaveLength(5);

    challenge ??= (await login(t, user.email, user.password, nextIp())).json().challengeToken as string;
    const during = await t.app.inject({
      method: 'POST',
      url: '/api/customer/login/2fa',
      payload: { challenge_token: challenge, code: codeAt(secret) },
      remoteAddress: nextIp(),
    });
    expect(during.statusCode).toBe(429);
    expect(during.headers['retry-after']).toBe('30');
    expect(during.json().message).toMatch(/^Too many wrong two-factor codes on this account\. Try again in 30 seconds/);

    const mails = await waitForMails(t, user.email, 'sign-in-failures', 1);
    expect(mails[0]!.subject).toBe('Wrong two-factor codes on your TradeDesk account');
    expect(mails[0]!.text).toContain('entered 5 wrong two-factor codes');

    clock.advance(30 * SECOND);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/customer/login/2fa',
      payload: { challenge_token: challenge, code: codeAt(secret) },
      remoteAddress: nextIp(),
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().status).toBe('signed_in');
  });

  it('confirming setup is limited per account: a stolen session cannot guess codes freely', async () => {
    const user = await signUpAndLogin(t.app);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: user.auth, remoteAddress: nextIp() });
    const { secret } = (await post('/api/customer/2fa/setup', {})).json();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await post('/api/customer/2fa/confirm', { code: wrongCode(secret, i) })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect((await post('/api/customer/2fa/confirm', { code: codeAt(secret) })).statusCode).toBe(429);
    clock.advance(30 * SECOND);
    expect((await post('/api/customer/2fa/confirm', { code: codeAt(secret) })).statusCode).toBe(200);
    // Signed-in mistakes are the owner's own: no mail about them.
    expect(await mailsTo(t, user.email, 'sign-in-failures')).toHaveLength(0);
  });

  it('disabling is limited per account too, after the password check', async () => {
    const { user, secret, post } = await withTwoFactor(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await post('/api/customer/2fa/disable', { password: user.password, code: wrongCode(secret, i) })).statusCode,
      );
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    clock.advance(30 * SECOND);
    expect(
      (await post('/api/customer/2fa/disable', { password: user.password, code: codeAt(secret) })).statusCode,
    ).toBe(200);
  });
});

describe('RATE_LIMIT=false', () => {
  it('refuses nothing, but the owner is still told of the failures', async () => {
    const off = await createTestApp({ config: { rateLimit: false }, build: { clock } });
    const user = await signUpAndLogin(off.app);
    const codes = await sixtyWrongPasswords([off], user.email);
    expect(codes).toEqual(Array(60).fill(401));
    expect((await login(off, user.email, user.password, nextIp())).statusCode).toBe(200);
    const [mail] = await waitForMails(off, user.email, 'sign-in-failures', 1);
    expect(mail!.text).toContain('There were 5 failed attempts');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('per-account limits in Redis (TEST_REDIS_URL)', () => {
  it('two API processes count the same account: 60 guesses spread over both still get 429 from the 6th', async () => {
    const limiterPrefix = `tradedesk:test:${uniqueSuffix()}:`;
    const a = await createTestApp({ config: { redisUrl }, build: { clock, limiterPrefix } });
    const b = await createTestApp({ config: { redisUrl }, build: { clock, limiterPrefix }, database: a.database });
    const user = await signUpAndLogin(a.app);
    const codes = await sixtyWrongPasswords([a, b], user.email);
    expect(codes).toEqual([...Array(5).fill(401), ...Array(55).fill(429)]);
    expect((await login(b, user.email, user.password, nextIp())).statusCode).toBe(429);
    clock.advance(30 * SECOND);
    expect((await login(a, user.email, user.password, nextIp())).statusCode).toBe(200);
  });
});
