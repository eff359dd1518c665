import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db.js';
import { createUsersRepository } from '../../users/users.repository.js';
import { createUsersService } from '../../users/users.service.js';

/*
 * End to end against a real OpenID provider (oidc-provider) on 127.0.0.1: the app listens on its own
 * port, and every hop (app -> provider -> interaction -> provider -> app callback) is real HTTP.
 */

type Claims = { sub: string; email: string; email_verified: boolean; given_name: string; family_name: string };

const clientId = 'tradedesk-test';
const clientSecret = 'tradedesk-test-secret-0123456789';
const accounts = new Map<string, Claims>();
/** Who logs in at the provider's interaction, or 'deny' for a user who refuses. */
let loginAs: string | 'deny' = 'deny';
/** While set, the provider drops every connection, as an unreachable host would. */
let providerDown = false;

let providerServer: Server;
let provider: Provider;
let issuer: string;
let publicUrl: string;
let app: FastifyInstance;
let database: Database;
const clock = createManualClock(new Date());

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The provider's login page, answered programmatically: log in as `loginAs`, or refuse. */
async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await provider.interactionDetails(req, res);
    const result =
      loginAs === 'deny'
        ? { error: 'access_denied', error_description: 'End-User aborted interaction' }
        : { login: { accountId: loginAs } };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  } catch (error) {
    res.statusCode = 500;
    res.end(String(error));
  }
}

/** A cookie jar for one origin, enough for HttpOnly session cookies over plain HTTP. */
class Jar {
  readonly cookies = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(initial)) this.cookies.set(k, v);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

type Flow = {
  /** Where the app finally sent the browser (a page of the web app, not followed). */
  landing: URL;
  /** The answer of the app's callback, if the flow got that far. */
  callback: Response | undefined;
  appJar: Jar;
};

/**
 * Drives a browser through Google sign-in: follows redirects by hand, keeping one cookie jar for
 * the app and one for the provider, and stops at the first page of the web app.
 */
async function signIn(options: {
  as: string | 'deny';
  appCookies?: Record<string, string>;
  redirect?: string;
  beforeCallback?: (url: URL, appJar: Jar) => void;
}): Promise<Flow> {
  loginAs = options.as;
  const appJar = new Jar(options.appCookies);
  const providerJar = new Jar();
  let url = new URL(`${publicUrl}/api/customer/login/google`);
  if (options.redirect) url.searchParams.set('redirect', options.redirect);
  let callback: Response | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const ours = url.origin === publicUrl;
    const jar = ours ? appJar : providerJar;
    if (ours && url.pathname === '/api/customer/login/google/callback') options.beforeCallback?.(url, appJar);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    if (ours && url.pathname === '/api/customer/login/google/callback') callback = res;
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`flow stopped at ${url.href} with ${res.status}: ${await res.text()}`);
    }
    const next = new URL(location, url);
    if (next.origin === publicUrl && !next.pathname.startsWith('/api/')) return { landing: next, callback, appJar };
    url = next;
  }
  throw new Error('too many redirects');
}

let seq = 0;
function account(overrides: Partial<Claims> = {}): Claims {
  seq += 1;
  const claims: Claims = {
    sub: `google-sub-${Date.now().toString(36)}-${seq}`,
    email: `g${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...overrides,
  };
  accounts.set(claims.sub, claims);
  return claims;
}

const usersRepo = () => createUsersRepository(database.db);
const authCookiesOf = (res: Response | undefined) =>
  (res?.headers.getSetCookie() ?? []).map((l) => l.split('=')[0]).filter((n) => n !== 'google_signin');

beforeAll(async () => {
  providerServer = createServer((req, res) => {
    if (providerDown) {
      req.socket.destroy();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      void interact(req, res);
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  const appPort = await freePort();
  publicUrl = `http://127.0.0.1:${appPort}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/api/customer/login/google/callback`],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: (_ctx, sub) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: () => ({ ...claims }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // like Google: the profile and email claims are in the ID token itself
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // a first-party client: consent is implied, only the login is interactive
    loadExistingGrant: async (ctx) => {
      const clientIdOf = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientIdOf || !accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: clientIdOf, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
  });

  ({ app, database } = await createTestApp({
    config: { publicUrl, google: { clientId, clientSecret, issuer } },
    build: { clock },
  }));
  await app.listen({ port: appPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await new Promise<void>((resolve) => providerServer.close(() => resolve()));
});

describe('GET /api/customer/login/google', () => {
  it('answers 503 AUTH_GOOGLE_UNAVAILABLE while the provider cannot be reached, and recovers after', async () => {
    providerDown = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/customer/login/google' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'AUTH_GOOGLE_UNAVAILABLE' });
      expect(res.json().message).toMatch(/could not be reached/);
    } finally {
      providerDown = false;
    }
    const again = await app.inject({ method: 'GET', url: '/api/customer/login/google' });
    expect(again.statusCode).toBe(302);
  });

  it('redirects to the discovered authorization endpoint with PKCE S256, state and nonce in a Lax cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/customer/login/google?redirect=/dashboard' });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/auth`);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(clientId);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${publicUrl}/api/customer/login/google/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);

    const cookie = res.cookies.find((c) => c.name === 'google_signin');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/customer/login/google', maxAge: 600 });
    // sealed: neither the state nor the redirect can be read out of it
    expect(cookie?.value).not.toContain(q.get('state'));
    expect(cookie?.value).not.toContain('dashboard');
  });

  it.each([['//evil.example/x'], ['https://evil.example/'], ['/\\evil.example'], ['dashboard']])(
    'refuses redirect=%s with 400 VALIDATION_FAILED',
    async (redirect) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/customer/login/google?redirect=${encodeURIComponent(redirect)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Redirect must be a path on this site starting with a single /.',
        details: {
          fields: [{ field: 'redirect', message: 'Redirect must be a path on this site starting with a single /.' }],
        },
      });
    },
  );
});

describe('Google sign-in end to end', () => {
  it('creates an active user with the referral code and tracking of the cookies, and signs them in', async () => {
    const who = account({ email: `Ada.Lovelace+${seq}@Example.com`, given_name: 'Ada', family_name: 'Lovelace' });
    const flow = await signIn({
      as: who.sub,
      redirect: '/dashboard?tab=objectives',
      appCookies: {
        referral_code: 'FRIEND42',
        utm_source: 'newsletter',
        utm_campaign: 'spring',
        gclid: 'gclid-123',
        unrelated: 'ignored',
      },
    });
    expect(flow.landing.href).toBe(`${publicUrl}/dashboard?tab=objectives`);
    expect(flow.callback?.status).toBe(302);
    expect(authCookiesOf(flow.callback)).toEqual(
      expect.arrayContaining(['access_token', 'refresh_token', 'trading_access_token', 'trading_refresh_token']),
    );
    expect(flow.appJar.cookies.has('google_signin')).toBe(false);

    const user = await usersRepo().findByGoogleSub(who.sub);
    expect(user).toMatchObject({
      email: who.email.toLowerCase(),
      status: 'active',
      passwordHash: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      referralCode: 'FRIEND42',
      tracking: { utm_source: 'newsletter', utm_campaign: 'spring', gclid: 'gclid-123' },
    });
    expect(user?.username).toMatch(/^ada.lovelace\d*$/);
    expect(user?.activatedAt).toEqual(clock.now());

    // the cookies are a working session
    const access = flow.appJar.cookies.get('access_token');
    expect(access).toBeTruthy();
    expect(await app.verifyAccessToken(access!)).toMatchObject({ userId: user?.id });
  });

  it('reads the referral code from `ref` when `referral_code` is absent', async () => {
    const who = account();
    await signIn({ as: who.sub, appCookies: { ref: 'REF-7' } });
    expect((await usersRepo().findByGoogleSub(who.sub))?.referralCode).toBe('REF-7');
  });

  it('a second sign-in reuses the same user and does not overwrite the acquisition data', async () => {
    const who = account();
    const first = await signIn({ as: who.sub, appCookies: { referral_code: 'FIRST' } });
    const second = await signIn({ as: who.sub, appCookies: { referral_code: 'SECOND', utm_source: 'other' } });
    expect(first.landing.pathname).toBe('/');
    expect(second.landing.href).toBe(`${publicUrl}/`);
    const user = await usersRepo().findByGoogleSub(who.sub);
    expect(user?.referralCode).toBe('FIRST');
    expect(user?.tracking).toEqual({});
    const byEmail = await usersRepo().findByEmail(who.email);
    expect(byEmail?.id).toBe(user?.id);
    const a = await app.verifyAccessToken(first.appJar.cookies.get('access_token')!);
    const b = await app.verifyAccessToken(second.appJar.cookies.get('access_token')!);
    expect(a?.userId).toBe(user?.id);
    expect(b?.userId).toBe(user?.id);
    expect(a?.sessionId).not.toBe(b?.sessionId);
  });

  it('makes the username unique when the email local part is taken', async () => {
    const users = createUsersService({ repo: usersRepo(), clock });
    const local = `taken${Date.now().toString(36)}`;
    await users.create({ email: `${local}@other.example`, username: local, status: 'active' });
    const who = account({ email: `${local}@example.com` });
    await signIn({ as: who.sub });
    const user = await usersRepo().findByGoogleSub(who.sub);
    expect(user?.username).toMatch(new RegExp(`^${local}\\d+$`));
  });

  it('links an existing account with the same verified email instead of creating one', async () => {
    const users = createUsersService({ repo: usersRepo(), clock });
    const email = `linked.${Date.now().toString(36)}@example.com`;
    const existing = await users.create({
      email,
      username: `linked${Date.now().toString(36)}`,
      passwordHash: 'not-a-real-hash',
      status: 'pending',
    });
    const who = account({ email: email.toUpperCase(), email_verified: true });
    const flow = await signIn({ as: who.sub });
    expect(flow.landing.pathname).toBe('/');
    const user = await usersRepo().findById(existing.id);
    expect(user).toMatchObject({ googleSub: who.sub, status: 'active' });
    expect(await app.verifyAccessToken(flow.appJar.cookies.get('access_token')!)).toMatchObject({
      userId: existing.id,
    });
  });

  it('drops the password of a pending account it links: whoever signed up with the address never proved it', async () => {
    const email = `squatted.${Date.now().toString(36)}@example.com`;
    const password = 'Squatter-Orbit-73';
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/customer',
      payload: { email, password, username: `squat${Date.now().toString(36)}`, first_name: 'Eve', last_name: 'X' },
    });
    expect(signUp.statusCode).toBe(202);
    const pending = await usersRepo().findByEmail(email);
    expect(pending).toMatchObject({ status: 'pending' });
    const who = account({ email, email_verified: true });
    const flow = await signIn({ as: who.sub });
    expect(flow.landing.pathname).toBe('/');
    const user = await usersRepo().findById(pending!.id);
    expect(user).toMatchObject({ googleSub: who.sub, status: 'active', passwordHash: null });
    const login = await app.inject({ method: 'POST', url: '/api/customer/login', payload: { email, password } });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('AUTH_BAD_CREDENTIALS');
  });

  it('keeps the password of an active account it links (activation proved the address)', async () => {
    const users = createUsersService({ repo: usersRepo(), clock });
    const existing = await users.create({
      email: `active.${Date.now().toString(36)}@example.com`,
      username: `active${Date.now().toString(36)}`,
      passwordHash: 'kept-hash',
      status: 'active',
    });
    await signIn({ as: account({ email: existing.email, email_verified: true }).sub });
    expect(await usersRepo().findById(existing.id)).toMatchObject({ status: 'active', passwordHash: 'kept-hash' });
  });

  it('asks a user with two-factor on for the code instead of opening a session', async () => {
    const who = account({});
    const first = await signIn({ as: who.sub });
    const cookie = `access_token=${first.appJar.cookies.get('access_token')}`;
    const setup = await app.inject({ method: 'POST', url: '/api/customer/2fa/setup', headers: { cookie } });
    expect(setup.statusCode).toBe(200);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json().secret), digits: 6, period: 30 });
    const codeAt = (ms: number) => totp.generate({ timestamp: ms });
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/customer/2fa/confirm',
      headers: { cookie },
      payload: { code: codeAt(clock.now().getTime()) },
    });
    expect(confirm.statusCode).toBe(200);

    const second = await signIn({ as: who.sub, redirect: '/settings' });
    expect(second.landing.pathname).toBe('/sign-in');
    expect(second.appJar.cookies.has('access_token')).toBe(false);
    const fragment = new URLSearchParams(second.landing.hash.slice(1));
    expect(fragment.get('redirect')).toBe('/settings');
    clock.advance(30_000);
    const done = await app.inject({
      method: 'POST',
      url: '/api/customer/login/2fa',
      payload: { challenge_token: fragment.get('challenge'), code: codeAt(clock.now().getTime()) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'signed_in' });
  });

  it('refuses to link an account whose email Google has not verified', async () => {
    const users = createUsersService({ repo: usersRepo(), clock });
    const email = `victim.${Date.now().toString(36)}@example.com`;
    const existing = await users.create({ email, username: `victim${Date.now().toString(36)}`, status: 'active' });
    const who = account({ email, email_verified: false });
    const flow = await signIn({ as: who.sub });
    expect(flow.landing.href).toBe(`${publicUrl}/sign-in?error=AUTH_GOOGLE_EMAIL_NOT_VERIFIED`);
    expect(authCookiesOf(flow.callback)).toEqual([]);
    expect((await usersRepo().findById(existing.id))?.googleSub).toBeNull();
    expect(await usersRepo().findByGoogleSub(who.sub)).toBeUndefined();
  });

  it('sends a user who refuses consent back to the sign-in page with AUTH_GOOGLE_DENIED', async () => {
    const flow = await signIn({ as: 'deny' });
    expect(flow.landing.href).toBe(`${publicUrl}/sign-in?error=AUTH_GOOGLE_DENIED`);
    expect(authCookiesOf(flow.callback)).toEqual([]);
  });

  it('rejects a tampered state', async () => {
    const who = account();
    const flow = await signIn({
      as: who.sub,
      beforeCallback: (url) => url.searchParams.set('state', `${url.searchParams.get('state')}x`),
    });
    expect(flow.landing.href).toBe(`${publicUrl}/sign-in?error=AUTH_GOOGLE_STATE_INVALID`);
    expect(authCookiesOf(flow.callback)).toEqual([]);
    expect(await usersRepo().findByGoogleSub(who.sub)).toBeUndefined();
  });

  it('rejects a callback in a browser that did not start the sign-in', async () => {
    const who = account();
    const flow = await signIn({ as: who.sub, beforeCallback: (_url, jar) => jar.cookies.delete('google_signin') });
    expect(flow.landing.href).toBe(`${publicUrl}/sign-in?error=AUTH_GOOGLE_STATE_INVALID`);
    expect(await usersRepo().findByGoogleSub(who.sub)).toBeUndefined();
  });

  it('rejects a flow cookie that was altered', async () => {
    const who = account();
    const flow = await signIn({
      as: who.sub,
      beforeCallback: (_url, jar) => {
        const value = jar.cookies.get('google_signin') ?? '';
        jar.cookies.set('google_signin', `${value.slice(0, -2)}${value.endsWith('A') ? 'B' : 'A'}A`);
      },
    });
    expect(flow.landing.href).toBe(`${publicUrl}/sign-in?error=AUTH_GOOGLE_STATE_INVALID`);
  });

  it('rejects a sign-in that took longer than 10 minutes', async () => {
    const who = account();
    const flow = await signIn({ as: who.sub, beforeCallback: () => clock.advance(10 * 60 * 1000 + 1000) });
    expect(flow.landing.href).toBe(`${publicUrl}/sign-in?error=AUTH_GOOGLE_STATE_INVALID`);
    expect(await usersRepo().findByGoogleSub(who.sub)).toBeUndefined();
  });

  it('a code replayed to the callback is refused', async () => {
    const who = account();
    let callbackUrl: URL | undefined;
    let flowCookie: string | undefined;
    await signIn({
      as: who.sub,
      beforeCallback: (url, jar) => {
        callbackUrl = new URL(url);
        flowCookie = jar.cookies.get('google_signin');
      },
    });
    const replay = await fetch(callbackUrl!, {
      redirect: 'manual',
      headers: { cookie: `google_signin=${flowCookie}` },
    });
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe(`${publicUrl}/sign-in?error=AUTH_GOOGLE_EXCHANGE_FAILED`);
    expect(authCookiesOf(replay)).toEqual([]);
  });
});
