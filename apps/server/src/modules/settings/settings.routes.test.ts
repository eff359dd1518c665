import { type Configuration, canonicalTimeZone, type TimeZoneInfo } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin, uniqueSuffix } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { users } from '../users/users.table.js';

type Headers = Record<string, string>;

let app: FastifyInstance;
const clock = createManualClock('2026-01-05T10:00:00Z');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
});

async function configurationOf(headers: Headers): Promise<Configuration> {
  const res = await app.inject({ method: 'GET', url: '/api/customer/configuration', headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Configuration;
}

function put(url: string, headers: Headers, payload: unknown) {
  return app.inject({ method: 'PUT', url, headers, payload: payload as object });
}

async function login(email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/customer/login', payload: { email, password, return_tokens: true } });
}

describe('GET /api/customer/configuration', () => {
  it('answers the caller’s settings with their defaults', async () => {
    const signedUpAt = clock.now().toISOString();
    const u = await signUpAndLogin(app, { firstName: 'Ada', lastName: 'Lovelace' });
    const config = await configurationOf(u.auth);
    expect(config.general).toEqual({
      id: u.userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: u.email,
      phone: '',
      theme: 'dark',
      timeZone: 'UTC',
      timeFormat: '24h',
      created: signedUpAt,
      updated: expect.any(String),
      username: u.username,
    });
    expect(config.profile).toEqual({
      username: u.username,
      biography: '',
      url: '',
      location: '',
      visibility: 'everyone',
      isPublic: true,
      avatar: null,
      banner: null,
    });
    expect(config.billing).toEqual({
      company: '',
      coc: '',
      vat: '',
      country: '',
      city: '',
      address: '',
      state: '',
      zipcode: '',
    });
    expect(config.notifications).toEqual({
      emailNews: true,
      emailProduct: true,
      emailAlerts: true,
      pushAlerts: true,
      pushMentions: true,
      pushMessages: true,
      pushFollows: false,
      weeklyReport: false,
      pushLikes: true,
      pushComments: true,
      pushReposts: true,
      pushRequests: true,
    });
    expect(config.privacy).toEqual({ support: false, twofa: false });
    expect(config.socials).toEqual({});
    expect(config.theme).toBe('dark');
  });

  it('works with the session cookies as a browser sends them', async () => {
    const u = await signUpAndLogin(app);
    const config = await configurationOf({ cookie: u.cookie });
    expect(config.general.id).toBe(u.userId);
  });

  it('answers 401 with an expired access token', async () => {
    const u = await signUpAndLogin(app);
    clock.advance(15 * 60 * 1000);
    const res = await app.inject({ method: 'GET', url: '/api/customer/configuration', headers: u.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_TOKEN_EXPIRED' });
  });
});

describe('every settings route requires a signed-in caller', () => {
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/api/customer/configuration', undefined],
    ['PUT', '/api/customer/settings/general', { first_name: 'X' }],
    ['PUT', '/api/customer/settings/billing', { city: 'X' }],
    ['PUT', '/api/customer/settings/notifications', { email_news: false }],
    ['PUT', '/api/customer/settings/security', { current_password: 'abc12345', new_password: 'abc123456' }],
    ['PUT', '/api/customer/settings/privacy', { support: true }],
    ['PUT', '/api/profile', { location: 'X' }],
    ['PUT', '/api/customer/profile/image', undefined],
    ['PUT', '/api/customer/profile/banner', undefined],
    ['PUT', '/api/customer/theme', { theme: 'light' }],
    ['DELETE', '/api/customer/delete', { password: 'abc12345' }],
  ];
  it.each(routes)('%s %s without a token -> 401', async (method, url, payload) => {
    const res = await app.inject({
      method: method as 'GET' | 'PUT' | 'DELETE',
      url,
      ...(payload ? { payload: payload as object } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'AUTH_REQUIRED' });
  });

  it('a forged token is refused', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/customer/theme',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { theme: 'light' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/customer/settings/general', () => {
  it('updates name, phone, time zone and format; the email stays', async () => {
    const u = await signUpAndLogin(app);
    clock.advance(60_000);
    const res = await put('/api/customer/settings/general', u.auth, {
      first_name: ' Grace ',
      last_name: 'Hopper',
      phone: '+31 (0)20-555 0101',
      time_zone: 'Europe/Amsterdam',
      time_format: '12h',
      email: 'changed@example.test',
    });
    expect(res.statusCode).toBe(200);
    const config = await configurationOf(u.auth);
    expect(res.json()).toEqual(config);
    expect(config.general).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+31 (0)20-555 0101',
      timeZone: 'Europe/Amsterdam',
      timeFormat: '12h',
      email: u.email,
    });
    expect(Date.parse(config.general.updated)).toBe(clock.now().getTime());
  });

  it('keeps the fields a request leaves out, and accepts UTC', async () => {
    const u = await signUpAndLogin(app, { firstName: 'Kept' });
    expect((await put('/api/customer/settings/general', u.auth, { time_zone: 'Asia/Tokyo' })).statusCode).toBe(200);
    expect((await put('/api/customer/settings/general', u.auth, { phone: '' })).statusCode).toBe(200);
    let config = await configurationOf(u.auth);
    expect(config.general).toMatchObject({ firstName: 'Kept', timeZone: 'Asia/Tokyo', phone: '' });
    expect((await put('/api/customer/settings/general', u.auth, { time_zone: 'UTC' })).statusCode).toBe(200);
    config = await configurationOf(u.auth);
    expect(config.general.timeZone).toBe('UTC');
  });

  it('stores a zone alias under the name the zone list uses', async () => {
    const u = await signUpAndLogin(app);
    expect((await put('/api/customer/settings/general', u.auth, { time_zone: 'Europe/Kyiv' })).statusCode).toBe(200);
    const stored = (await configurationOf(u.auth)).general.timeZone;
    expect(['Europe/Kyiv', 'Europe/Kiev']).toContain(stored);
    const zones = (await app.inject({ method: 'GET', url: '/api/market/timezones' })).json() as TimeZoneInfo[];
    expect(zones.map((z) => z.id)).toContain(stored);
  });

  it.each([
    [
      { time_zone: 'Mars/Olympus_Mons' },
      'time_zone',
      'Time zone must be an IANA time zone such as Europe/London, or UTC.',
    ],
    [{ time_zone: 'GMT+5' }, 'time_zone', 'Time zone must be an IANA time zone such as Europe/London, or UTC.'],
    [{ time_format: '25h' }, 'time_format', 'Time format must be 24h or 12h.'],
    [{ first_name: '' }, 'first_name', 'First name is required.'],
    [{ last_name: 'x'.repeat(61) }, 'last_name', 'Last name must be at most 60 characters.'],
    [{ phone: 'call me maybe' }, 'phone', 'Phone must be a phone number (digits, spaces and + ( ) . / - only).'],
    [{ phone: '1'.repeat(33) }, 'phone', 'Phone must be at most 32 characters.'],
  ])('%o -> 400 naming %s', async (body, field, message) => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/settings/general', u.auth, body);
    expectFieldError(res, { code: 'VALIDATION_FAILED', field, message });
    expect((await configurationOf(u.auth)).general.timeZone).toBe('UTC');
  });
});

describe('PUT /api/customer/settings/billing', () => {
  it('stores the billing details, upper-casing the country', async () => {
    const u = await signUpAndLogin(app);
    const body = {
      company: 'Acme BV',
      coc: '12345678',
      vat: 'NL123456789B01',
      country: 'nl',
      city: 'Amsterdam',
      address: 'Damrak 1',
      state: 'Noord-Holland',
      zipcode: '1012 LG',
    };
    const res = await put('/api/customer/settings/billing', u.auth, body);
    expect(res.statusCode).toBe(200);
    expect((await configurationOf(u.auth)).billing).toEqual({ ...body, country: 'NL' });
    expect((await put('/api/customer/settings/billing', u.auth, { country: '', city: 'Utrecht' })).statusCode).toBe(
      200,
    );
    expect((await configurationOf(u.auth)).billing).toEqual({ ...body, country: '', city: 'Utrecht' });
  });

  it.each([
    [{ country: 'XX' }, 'country', 'Country must be a two-letter ISO 3166-1 country code, or empty.'],
    [{ country: 'NLD' }, 'country', 'Country must be a two-letter ISO 3166-1 country code, or empty.'],
    [{ company: 'x'.repeat(121) }, 'company', 'Company must be at most 120 characters.'],
    [{ zipcode: 'x'.repeat(21) }, 'zipcode', 'ZIP or postal code must be at most 20 characters.'],
    [{ address: 'x'.repeat(201) }, 'address', 'Address must be at most 200 characters.'],
  ])('%o -> 400 naming %s', async (body, field, message) => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/settings/billing', u.auth, body);
    expectFieldError(res, { code: 'VALIDATION_FAILED', field, message });
  });
});

describe('PUT /api/customer/settings/notifications', () => {
  it('switches the given keys and keeps the others', async () => {
    const u = await signUpAndLogin(app);
    let res = await put('/api/customer/settings/notifications', u.auth, { email_news: false, weekly_report: true });
    expect(res.statusCode).toBe(200);
    res = await put('/api/customer/settings/notifications', u.auth, { push_follows: true });
    expect(res.statusCode).toBe(200);
    expect((await configurationOf(u.auth)).notifications).toEqual({
      emailNews: false,
      emailProduct: true,
      emailAlerts: true,
      pushAlerts: true,
      pushMentions: true,
      pushMessages: true,
      pushFollows: true,
      weeklyReport: true,
      pushLikes: true,
      pushComments: true,
      pushReposts: true,
      pushRequests: true,
    });
  });

  it('refuses an unknown key by name, and a non-boolean value', async () => {
    const u = await signUpAndLogin(app);
    let res = await put('/api/customer/settings/notifications', u.auth, { email_news: false, sms_spam: true });
    expectFieldError(res, {
      code: 'VALIDATION_FAILED',
      field: 'sms_spam',
      message: /^sms_spam is not a notification setting \(known: email_news, .*\)\.$/,
    });
    res = await put('/api/customer/settings/notifications', u.auth, { push_alerts: 'yes' });
    expectFieldError(res, { field: 'push_alerts', message: 'push_alerts must be true or false.' });
    expect((await configurationOf(u.auth)).notifications.emailNews).toBe(true);
  });
});

describe('PUT /api/customer/settings/privacy', () => {
  it('sets support access; twofa with its current value is accepted', async () => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/settings/privacy', u.auth, { support: true, twofa: false });
    expect(res.statusCode).toBe(200);
    expect((await configurationOf(u.auth)).privacy).toEqual({ support: true, twofa: false });
  });

  it('refuses to switch twofa here and points at the two-factor settings', async () => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/settings/privacy', u.auth, { support: true, twofa: true });
    expectFieldError(res, {
      code: 'SETTINGS_TWOFA_READ_ONLY',
      field: 'twofa',
      message: /^Two-factor authentication is turned on .*\/customer\/2fa\/setup/,
    });
    expect((await configurationOf(u.auth)).privacy).toEqual({ support: false, twofa: false });
  });

  it('reflects two-factor enrolment done elsewhere', async () => {
    const u = await signUpAndLogin(app);
    await app.ctx.db
      .update(users)
      .set({ privacy: { support: false, twofa: true } })
      .where(eq(users.id, u.userId));
    expect((await configurationOf(u.auth)).privacy.twofa).toBe(true);
    const res = await put('/api/customer/settings/privacy', u.auth, { support: true, twofa: false });
    expectFieldError(res, { field: 'twofa', message: /turned off .*\/customer\/2fa\/disable/ });
    expect((await put('/api/customer/settings/privacy', u.auth, { support: true })).statusCode).toBe(200);
    expect((await configurationOf(u.auth)).privacy).toEqual({ support: true, twofa: true });
  });

  it('support must be a boolean', async () => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/settings/privacy', u.auth, { support: 'on' });
    expectFieldError(res, { field: 'support', message: 'support must be true or false.' });
  });
});

describe('PUT /api/profile', () => {
  it('updates the public profile', async () => {
    const u = await signUpAndLogin(app);
    const username = `new.${uniqueSuffix()}`;
    const res = await put('/api/profile', u.auth, {
      username,
      biography: 'Trades EURUSD on the 15m.',
      url: 'https://example.com/me',
      location: 'Lisbon',
      visibility: 'followers',
      is_public: false,
    });
    expect(res.statusCode).toBe(200);
    const config = await configurationOf(u.auth);
    expect(config.profile).toEqual({
      username,
      biography: 'Trades EURUSD on the 15m.',
      url: 'https://example.com/me',
      location: 'Lisbon',
      visibility: 'followers',
      isPublic: false,
      avatar: null,
      banner: null,
    });
    expect(config.general.username).toBe(username);
    expect((await put('/api/profile', u.auth, { url: '' })).statusCode).toBe(200);
    expect((await configurationOf(u.auth)).profile).toMatchObject({ url: '', location: 'Lisbon' });
  });

  it('a username taken by someone else (any case) is a 409 naming username; one’s own is fine', async () => {
    const a = await signUpAndLogin(app);
    const b = await signUpAndLogin(app);
    const res = await put('/api/profile', b.auth, { username: a.username.toUpperCase() });
    expectFieldError(res, {
      status: 409,
      code: 'USER_USERNAME_TAKEN',
      field: 'username',
      message: 'This username is taken.',
    });
    expect((await configurationOf(b.auth)).profile.username).toBe(b.username);
    expect((await put('/api/profile', a.auth, { username: a.username })).statusCode).toBe(200);
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters.'],
    [{ username: 'has space' }, 'username', 'Username may contain only letters, digits, underscores and dots.'],
    [{ biography: 'x'.repeat(501) }, 'biography', 'Biography must be at most 500 characters.'],
    [{ url: 'javascript:alert(1)' }, 'url', 'Website must be an http or https URL, or empty.'],
    [{ url: 'not a url' }, 'url', 'Website must be an http or https URL, or empty.'],
    [{ location: 'x'.repeat(101) }, 'location', 'Location must be at most 100 characters.'],
    [{ visibility: 'friends' }, 'visibility', 'Visibility must be everyone, followers or nobody.'],
    [{ is_public: 'no' }, 'is_public', 'is_public must be true or false.'],
  ])('%o -> 400 naming %s', async (body, field, message) => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/profile', u.auth, body);
    expectFieldError(res, { code: 'VALIDATION_FAILED', field, message });
  });
});

describe('PUT /api/customer/theme', () => {
  it('stores the theme', async () => {
    const u = await signUpAndLogin(app);
    for (const theme of ['light', 'sync'] as const) {
      expect((await put('/api/customer/theme', u.auth, { theme })).statusCode).toBe(200);
      const config = await configurationOf(u.auth);
      expect(config.theme).toBe(theme);
      expect(config.general.theme).toBe(theme);
    }
  });

  it('refuses an unknown theme', async () => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/theme', u.auth, { theme: 'blue' });
    expectFieldError(res, { field: 'theme', message: 'Theme must be dark, light or sync.' });
  });
});

describe('one user never sees or changes another’s settings', () => {
  it('each caller reads and writes only their own configuration', async () => {
    const a = await signUpAndLogin(app, { firstName: 'Alice' });
    const b = await signUpAndLogin(app, { firstName: 'Bob' });
    await put('/api/customer/settings/general', a.auth, { time_zone: 'Europe/Paris' });
    await put('/api/customer/settings/billing', a.auth, { company: 'Alice Ltd' });
    await put('/api/customer/theme', a.auth, { theme: 'light' });
    await put('/api/customer/settings/notifications', b.auth, { email_news: false });

    const ca = await configurationOf(a.auth);
    const cb = await configurationOf(b.auth);
    expect(cb.general).toMatchObject({ id: b.userId, firstName: 'Bob', email: b.email, timeZone: 'UTC' });
    expect(cb.billing.company).toBe('');
    expect(cb.theme).toBe('dark');
    expect(ca.general).toMatchObject({ id: a.userId, firstName: 'Alice', timeZone: 'Europe/Paris' });
    expect(ca.notifications.emailNews).toBe(true);
    expect(JSON.stringify(cb)).not.toContain(a.email);
  });
});

describe('PUT /api/customer/settings/security', () => {
  it('changes the password, signs out the other sessions and keeps this one', async () => {
    const u = await signUpAndLogin(app);
    const other = await login(u.email, u.password);
    expect(other.statusCode).toBe(200);
    const otherAuth = { authorization: `Bearer ${other.json().tokens.accessToken}` };
    expect(
      (await app.inject({ method: 'GET', url: '/api/customer/configuration', headers: otherAuth })).statusCode,
    ).toBe(200);

    const newPassword = `N3w-${uniqueSuffix()}`;
    const res = await put('/api/customer/settings/security', u.auth, {
      current_password: u.password,
      new_password: newPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const stale = await app.inject({ method: 'GET', url: '/api/customer/configuration', headers: otherAuth });
    expect(stale.statusCode).toBe(401);
    await configurationOf(u.auth);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    expect((await login(u.email, newPassword)).statusCode).toBe(200);
  });

  it('a wrong current password is a 400 naming current_password; nothing changes', async () => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/settings/security', u.auth, {
      current_password: 'Wrong-pass1',
      new_password: 'Another-pass1',
    });
    expectFieldError(res, {
      code: 'AUTH_PASSWORD_INVALID',
      field: 'current_password',
      message: 'The current password is incorrect.',
    });
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('a new password shorter than 8 is a 400 naming new_password', async () => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/settings/security', u.auth, {
      current_password: u.password,
      new_password: 'short1',
    });
    expectFieldError(res, {
      code: 'VALIDATION_FAILED',
      field: 'new_password',
      message: 'New password must be at least 8 characters.',
    });
  });

  it.each([
    ['a common password', () => 'qwertyuiop', 'The password is too common or too easy to guess.'],
    ['the username inside', (u: { username: string }) => `${u.username}-2026`, 'must not contain your'],
  ])('refuses %s as the new password (the sign-up rule), naming new_password', async (_name, make, sentence) => {
    const u = await signUpAndLogin(app);
    const res = await put('/api/customer/settings/security', u.auth, {
      current_password: u.password,
      new_password: make(u),
    });
    expectFieldError(res, { code: 'AUTH_PASSWORD_WEAK', field: 'new_password', message: new RegExp(sentence) });
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('the new password must differ and the current one must be sent', async () => {
    const u = await signUpAndLogin(app);
    let res = await put('/api/customer/settings/security', u.auth, {
      current_password: u.password,
      new_password: u.password,
    });
    expectFieldError(res, {
      code: 'SETTINGS_PASSWORD_UNCHANGED',
      field: 'new_password',
      message: 'New password must differ from the current password.',
    });
    res = await put('/api/customer/settings/security', u.auth, { new_password: 'Another-pass1' });
    expectFieldError(res, { field: 'current_password', message: 'Current password is required.' });
  });
});

describe('DELETE /api/customer/delete', () => {
  it('deletes the account with the password: sessions end, cookies cleared, login fails', async () => {
    const u = await signUpAndLogin(app);
    const other = await login(u.email, u.password);
    const otherAuth = { authorization: `Bearer ${other.json().tokens.accessToken}` };
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: { cookie: u.cookie },
      payload: { password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.filter((c) => c.name === 'access_token' || c.name === 'refresh_token');
    expect(cleared).toHaveLength(2);
    for (const c of cleared) expect(c.value).toBe('');

    for (const headers of [u.auth, otherAuth]) {
      const after = await app.inject({ method: 'GET', url: '/api/customer/configuration', headers });
      expect(after.statusCode).toBe(401);
    }
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, u.userId));
    expect(row).toBeUndefined();
    // nothing addressed to the account is kept in the dev outbox either
    const mailbox = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(u.email)}` });
    expect(mailbox.json().mails).toEqual([]);
  });

  it('a wrong or missing password is a 400 naming password; the account stays', async () => {
    const u = await signUpAndLogin(app);
    let res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: u.auth,
      payload: { password: 'Wrong-pass1' },
    });
    expectFieldError(res, {
      code: 'SETTINGS_PASSWORD_INCORRECT',
      field: 'password',
      message: 'The password is incorrect.',
    });
    res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: u.auth,
      payload: { confirm: 'DELETE' },
    });
    expectFieldError(res, {
      code: 'SETTINGS_PASSWORD_REQUIRED',
      field: 'password',
      message: 'Password is required to delete the account.',
    });
    res = await app.inject({ method: 'DELETE', url: '/api/customer/delete', headers: u.auth });
    expectFieldError(res, { code: 'VALIDATION_FAILED', field: 'body', message: 'The request body is required.' });
    await configurationOf(u.auth);
  });

  it('another user’s password does not delete the caller', async () => {
    const a = await signUpAndLogin(app);
    const b = await signUpAndLogin(app);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: b.auth,
      payload: { password: a.password },
    });
    expect(res.statusCode).toBe(400);
    await configurationOf(a.auth);
    await configurationOf(b.auth);
  });

  it('an account without a password (Google sign-in) confirms with DELETE', async () => {
    const u: SignedInUser = await signUpAndLogin(app);
    await app.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, u.userId));
    let res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: u.auth,
      payload: { password: u.password },
    });
    expectFieldError(res, {
      code: 'SETTINGS_CONFIRM_REQUIRED',
      field: 'confirm',
      message: 'This account has no password: type the word DELETE to confirm.',
    });
    res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: u.auth,
      payload: { confirm: 'yes' },
    });
    expectFieldError(res, { code: 'VALIDATION_FAILED', field: 'confirm', message: 'Type the word DELETE to confirm.' });
    res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: u.auth,
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/customer/configuration', headers: u.auth });
    expect(after.statusCode).toBe(401);
  });
});

describe('GET /api/market/timezones', () => {
  const fetchZones = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/market/timezones' });
    expect(res.statusCode).toBe(200);
    return res.json() as TimeZoneInfo[];
  };

  it('lists every zone with its offset at the clock’s now, sorted by offset then name, without auth', async () => {
    clock.set('2026-01-15T12:00:00Z');
    const winter = await fetchZones();
    expect(winter.length).toBeGreaterThan(300);
    expect(winter.find((z) => z.id === 'Europe/London')).toEqual({
      id: 'Europe/London',
      label: '(GMT+00:00) London',
      offsetMinutes: 0,
    });
    expect(winter.find((z) => z.id === 'UTC')).toEqual({ id: 'UTC', label: '(GMT+00:00) UTC', offsetMinutes: 0 });
    // Intl lists some zones by their older CLDR names (Asia/Calcutta); Asia/Kolkata resolves to the listed one.
    const india = canonicalTimeZone('Asia/Kolkata');
    expect(winter.find((z) => z.id === india)).toMatchObject({ offsetMinutes: 330 });
    expect(winter.find((z) => z.id === india)?.label).toMatch(/^\(GMT\+05:30\) (Kolkata|Calcutta)$/);
    expect(winter.find((z) => z.id === 'America/New_York')).toMatchObject({ offsetMinutes: -300 });
    expect(winter.find((z) => z.id === 'America/Argentina/Salta')?.label).toBe('(GMT-03:00) Salta, Argentina');
    for (let i = 1; i < winter.length; i++) {
      const [prev, cur] = [winter[i - 1]!, winter[i]!];
      expect(prev.offsetMinutes).toBeLessThanOrEqual(cur.offsetMinutes);
    }
    const zeroNames = winter.filter((z) => z.offsetMinutes === 0).map((z) => z.label);
    expect(zeroNames).toEqual([...zeroNames].sort((x, y) => x.localeCompare(y, 'en')));

    clock.set('2026-07-15T12:00:00Z');
    const summer = await fetchZones();
    expect(summer.find((z) => z.id === 'Europe/London')).toMatchObject({
      label: '(GMT+01:00) London',
      offsetMinutes: 60,
    });
  });
});
