import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from './assertions.js';
import { type SignedInUser, signUpAndLogin, uniqueSuffix } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Issue 6 item 1: text with a NUL byte, another control character or a lone UTF-16 surrogate is a 400 that
 * names the field, never a 500 from the database. The bodies are sent as raw JSON with the escapes a client
 * would write (`\u0000`, `\ud800`), so nothing in the test's own serialisation changes them.
 */
const hostile = [
  ['a NUL byte', String.raw`a\u0000b`],
  ['a lone high surrogate', String.raw`\ud800`],
  ['a lone low surrogate', String.raw`x\udfffy`],
  ['an escape character', String.raw`a\u001bb`],
  ['a DEL', String.raw`a\u007fb`],
] as const;

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogin(t.app);
});

function sendJson(method: 'POST' | 'PUT', url: string, json: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: json });
}

/** `{"field":"<escaped value>", ...rest}` as raw JSON text. */
function body(field: string, escaped: string, rest: Record<string, unknown> = {}): string {
  const others = Object.entries(rest).map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${JSON.stringify(field)}:"${escaped}"${others.join('')}}`;
}

const signUpFields = {
  email: () => `hostile-${uniqueSuffix()}@example.test`,
  password: () => 'Passw0rd-hostile',
  username: () => `hostile_${uniqueSuffix()}`,
  first_name: () => 'Ada',
  last_name: () => 'Lovelace',
};

describe.each(hostile)('text with %s', (_what, escaped) => {
  it.each(['company', 'coc', 'vat', 'country', 'city', 'address', 'state', 'zipcode'])(
    'PUT /api/customer/settings/billing %s -> 400 naming it',
    async (field) => {
      const res = await sendJson('PUT', '/api/customer/settings/billing', body(field, escaped), user.auth);
      expectFieldError(res, { code: 'VALIDATION_FAILED', field });
    },
  );

  it.each(['first_name', 'last_name', 'phone', 'time_zone'])(
    'PUT /api/customer/settings/general %s -> 400 naming it',
    async (field) => {
      const res = await sendJson('PUT', '/api/customer/settings/general', body(field, escaped), user.auth);
      expectFieldError(res, { code: 'VALIDATION_FAILED', field });
    },
  );

  it.each(['biography', 'location', 'url', 'username'])('PUT /api/profile %s -> 400 naming it', async (field) => {
    const res = await sendJson('PUT', '/api/profile', body(field, escaped), user.auth);
    expectFieldError(res, { code: 'VALIDATION_FAILED', field });
  });

  it.each(Object.keys(signUpFields))('POST /api/customer (sign-up) %s -> 400 naming it', async (field) => {
    const rest = Object.fromEntries(
      Object.entries(signUpFields)
        .filter(([k]) => k !== field)
        .map(([k, make]) => [k, make()]),
    );
    const res = await sendJson('POST', '/api/customer', body(field, escaped, rest));
    expectFieldError(res, { code: 'VALIDATION_FAILED', field });
  });

  it.each([
    ['/api/customer/login', 'email', { password: 'whatever-1' }],
    ['/api/customer/login', 'password', { email: 'someone@example.test' }],
    ['/api/customer/activate', 'token', {}],
    ['/api/customer/reset', 'token', { password: 'Brand-new-pw-1' }],
    ['/api/customer/reset', 'password', { token: 'some-token' }],
    ['/api/customer/forgot', 'email', {}],
    ['/api/customer/resend', 'email', {}],
    ['/api/customer/login/2fa', 'challenge_token', { code: '123456' }],
    ['/api/customer/login/2fa', 'code', { challenge_token: 'some-token' }],
    ['/api/customer/verify', 'access', {}],
    ['/api/customer/verify', 'refresh', {}],
  ] as const)('POST %s %s -> 400 naming it', async (url, field, rest) => {
    const res = await sendJson('POST', url, body(field, escaped, rest));
    expectFieldError(res, { code: 'VALIDATION_FAILED', field });
  });

  it.each([
    ['PUT', '/api/customer/settings/security', 'current_password', { new_password: 'Brand-new-pw-1' }],
    ['PUT', '/api/customer/settings/security', 'new_password', { current_password: 'Current-pw-1' }],
    ['POST', '/api/customer/2fa/disable', 'password', { code: '123456' }],
    ['POST', '/api/customer/2fa/recovery-codes', 'password', {}],
  ] as const)('signed in: %s %s %s -> 400 naming it', async (method, url, field, rest) => {
    const res = await sendJson(method, url, body(field, escaped, rest), user.auth);
    expectFieldError(res, { code: 'VALIDATION_FAILED', field });
  });

  it('DELETE /api/customer/delete password -> 400 naming it; the account stays', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: body('password', escaped),
    });
    expectFieldError(res, { code: 'VALIDATION_FAILED', field: 'password' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/customer/configuration', headers: user.auth })).statusCode,
    ).toBe(200);
  });
});

describe('query strings and path parameters', () => {
  it.each(['%00', '%00abc', 'a%1Bb', '%ED%A0%80'])('GET /api/dev/mailbox?to=%s -> 400 naming to', async (to) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${to}` });
    // %ED%A0%80 is the UTF-8 form of a surrogate, which decodes to U+FFFD, a valid character: not refused.
    if (to === '%ED%A0%80') expect(res.statusCode).toBe(200);
    else expectFieldError(res, { code: 'VALIDATION_FAILED', field: 'to' });
  });

  it.each(['a%00b', 'ab%00'])('GET /api/profile/username/%s -> 400 naming username', async (name) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/profile/username/${name}` });
    expectFieldError(res, { code: 'VALIDATION_FAILED', field: 'username' });
  });

  it('GET /api/customer/login/google?redirect=/%00 -> 400 naming redirect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customer/login/google?redirect=/a%00b' });
    expectFieldError(res, { code: 'VALIDATION_FAILED', field: 'redirect' });
  });

  it('GET /api/files/<NUL> -> 400 naming the path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/avatar/a%00b.png' });
    expectFieldError(res, { code: 'VALIDATION_FAILED', field: '*' });
  });
});

describe('line breaks and tabs', () => {
  it('are kept in a biography and refused in a one-line field', async () => {
    const ok = await sendJson(
      'PUT',
      '/api/profile',
      body('biography', String.raw`Line one\nLine two\twith a tab`),
      user.auth,
    );
    expect(ok.statusCode).toBe(200);
    const config = await t.app.inject({ method: 'GET', url: '/api/customer/configuration', headers: user.auth });
    expect(config.json().profile.biography).toBe('Line one\nLine two\twith a tab');
    const res = await sendJson('PUT', '/api/profile', body('location', String.raw`Lisbon\nPortugal`), user.auth);
    expectFieldError(res, {
      field: 'location',
      message: 'Location must not contain control characters such as line breaks, tabs or NUL.',
    });
    const nul = await sendJson('PUT', '/api/profile', body('biography', String.raw`a\u0000b`), user.auth);
    expectFieldError(nul, {
      field: 'biography',
      message: 'Biography must not contain control characters other than line breaks and tabs.',
    });
  });

  it('a lone surrogate is named as text that is not valid Unicode, and a real emoji is fine', async () => {
    const res = await sendJson('PUT', '/api/customer/settings/billing', body('company', String.raw`\ud800`), user.auth);
    expectFieldError(res, { field: 'company', message: 'Company contains text that is not valid Unicode.' });
    const emoji = await sendJson(
      'PUT',
      '/api/customer/settings/billing',
      body('company', String.raw`Acme \ud83d\ude80`),
      user.auth,
    );
    expect(emoji.statusCode).toBe(200);
  });
});
