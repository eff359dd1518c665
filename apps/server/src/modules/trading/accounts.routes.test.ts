import type { TradingAccount } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { holdPlanForEveryone } from '../../../test/billing-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  // its users make more (accounts, lists, layouts...) than the free plan allows; the plan is not what it tests
  holdPlanForEveryone(app);
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A trading call with the user's trading bearer token (null: signed out). */
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? { authorization: `Bearer ${user.tradingAccessToken}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function openVirtual(user: SignedInUser, body: object = {}): Promise<TradingAccount> {
  const res = await call(user, 'POST', '/accounts', { kind: 'virtual', name: 'Practice', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TradingAccount;
}

describe('signed out', () => {
  it.each([
    ['GET', '/accounts'],
    ['POST', '/accounts'],
    ['GET', '/accounts/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/accounts/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/accounts/00000000-0000-4000-8000-000000000000/archive'],
    ['DELETE', '/accounts/00000000-0000-4000-8000-000000000000/delete'],
    ['PUT', '/accounts/00000000-0000-4000-8000-000000000000/connect'],
    ['PUT', '/trading/accounts/00000000-0000-4000-8000-000000000000/refresh'],
    ['POST', '/trading/accounts/00000000-0000-4000-8000-000000000000/reset'],
    ['GET', '/trading/platforms'],
    ['GET', '/trading/brokers'],
    ['GET', '/middleware/accounts/known-servers'],
    ['POST', '/middleware/some-token/accounts/login'],
    ['GET', '/middleware/some-token/accounts/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.statusCode, res.body).toBe(401);
  });

  it('takes the trading token, not the main one, as a bearer token; a browser’s main session cookie works', async () => {
    const mainBearer = await app.inject({ method: 'GET', url: '/api/accounts', headers: ada.auth });
    expect(mainBearer.statusCode).toBe(401);
    const mainCookieOnly = ada.cookie
      .split('; ')
      .filter((c) => c.startsWith('access_token='))
      .join('; ');
    const byCookie = await app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie: mainCookieOnly } });
    expect(byCookie.statusCode, byCookie.body).toBe(200);
    const byBrowser = await app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie: ada.cookie } });
    expect(byBrowser.statusCode).toBe(200);
  });
});

describe('API reference', () => {
  it('documents the trading token (or the session cookies) as what the trading calls take', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const trading = [{ tradingBearer: [] }, { tradingCookie: [] }, { cookie: [] }];
    expect(doc.paths['/api/accounts']?.get?.security).toEqual(trading);
    expect(doc.paths['/api/middleware/{platformToken}/orders']?.put?.security).toEqual(trading);
  });
});

describe('virtual accounts', () => {
  it('opens one with the defaults of the spec: type demo, colour #8861E4, status connected, the virtual broker', async () => {
    const carol = await signUpAndLogin(app);
    const account = await openVirtual(carol);
    expect(account).toMatchObject({
      name: 'Practice',
      kind: 'virtual',
      platform: 'virtual',
      platformType: 'virtual',
      type: 'demo',
      color: '#8861E4',
      status: 'connected',
      active: false,
      currency: 'USD',
      startingBalance: 10_000,
      balance: 10_000,
      customBalance: false,
      leverage: 100,
      marginMode: 'hedging',
      server: 'TradeDesk-Virtual',
      broker: 'TradeDesk Virtual Broker',
      created: '2026-03-02T09:30:00.000Z',
    });
    expect(account.token.length).toBeGreaterThanOrEqual(30);
    expect((await call(carol, 'GET', '/accounts')).json()).toEqual({ accounts: [account] });
    expect((await call(carol, 'GET', `/accounts/${account.id}`)).json()).toEqual(account);
  });

  it.each([
    ['8861e4', '#8861E4'],
    ['#fff', '#000FFF'],
    ['abc12', '#0ABC12'],
    ['#0', '#000000'],
  ])('normalises colour %s to %s (6 hex digits, padded with zeros, hash added)', async (color, expected) => {
    expect((await openVirtual(ada, { color })).color).toBe(expected);
  });

  it('normalises the account form’s theme field the same way', async () => {
    const account = await openVirtual(ada);
    const res = await call(ada, 'PUT', `/accounts/${account.id}`, { theme: 'f0a', name: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ color: '#000F0A', name: 'Renamed', updated: expect.any(String) });
  });

  it('takes a custom starting balance only with the custom flag', async () => {
    const refused = await call(ada, 'POST', '/accounts', { kind: 'virtual', name: 'X', starting_balance: 12_345.67 });
    expectFieldError(refused, { field: 'starting_balance', message: /one of 1000, 5000.*custom_balance/ });
    const custom = await openVirtual(ada, {
      starting_balance: 12_345.67,
      custom_balance: true,
      currency: 'EUR',
      leverage: 30,
      margin_mode: 'netting',
    });
    expect(custom).toMatchObject({ startingBalance: 12_345.67, balance: 12_345.67, currency: 'EUR', leverage: 30 });
    expect(custom).toMatchObject({ customBalance: true, marginMode: 'netting' });
  });

  it.each([
    [{ kind: 'virtual', name: 'X', color: 'zz' }, 'color'],
    [{ kind: 'virtual', name: '' }, 'name'],
    [{ kind: 'virtual', name: 'X', leverage: 0 }, 'leverage'],
    [{ kind: 'virtual', name: 'X', currency: 'XYZ' }, 'currency'],
    [{ kind: 'virtual', name: 'X', type: 'real' }, 'type'],
    [{ kind: 'virtual', name: 'X', starting_balance: 10, custom_balance: true }, 'starting_balance'],
    [{ kind: 'existing', platform: 'mt5', platform_type: 'metatrader', server: 'S', account_number: '1' }, 'password'],
  ])('refuses %o naming %s', async (body, field) => {
    expectFieldError(await call(ada, 'POST', '/accounts', body), { field });
  });

  it('refuses a password on a virtual account', async () => {
    const account = await openVirtual(ada);
    expectFieldError(await call(ada, 'PUT', `/accounts/${account.id}`, { password: 'secret' }), {
      field: 'password',
      code: 'TRADING_INVALID_FIELD',
    });
  });
});

describe('existing accounts', () => {
  it('says plainly that no connector serves the platform, and stores nothing', async () => {
    const carol = await signUpAndLogin(app);
    const res = await call(carol, 'POST', '/accounts', {
      kind: 'existing',
      platform_type: 'metatrader',
      platform: 'mt5',
      server: 'Broker-Live01',
      account_number: '5012345',
      password: 'hunter2!',
      investor_password: 'readonly',
    });
    expectFieldError(res, {
      field: 'platform',
      code: 'TRADING_NO_CONNECTOR',
      message:
        'MetaTrader 5 accounts cannot be connected: this server has no broker connector for MetaTrader 5. Open a virtual account instead.',
    });
    expect((await call(carol, 'GET', '/accounts')).json()).toEqual({ accounts: [] });
  });

  it('lists the platforms with whether a connector serves them, the brokers and the known servers', async () => {
    const platforms = (await call(ada, 'GET', '/trading/platforms')).json() as {
      platforms: Array<{ id: string; connectorAvailable: boolean }>;
    };
    expect(platforms.platforms.find((p) => p.id === 'virtual')?.connectorAvailable).toBe(true);
    expect(platforms.platforms.find((p) => p.id === 'mt5')?.connectorAvailable).toBe(false);
    const brokers = (await call(ada, 'GET', '/trading/brokers')).json() as { brokers: Array<{ name: string }> };
    expect(brokers.brokers.map((b) => b.name)).toEqual(['TradeDesk Virtual Broker']);
    const all = await call(ada, 'GET', '/middleware/accounts/known-servers');
    expect(all.json()).toEqual({ data: { 'TradeDesk Virtual Broker': ['TradeDesk-Virtual'] } });
    const found = await call(ada, 'GET', '/middleware/accounts/known-servers?query=virtual&platform=virtual');
    expect(found.json()).toEqual(all.json());
    expect((await call(ada, 'GET', '/middleware/accounts/known-servers?query=icmarkets')).json()).toEqual({ data: {} });
    expect((await call(ada, 'GET', '/middleware/accounts/known-servers?platform=mt4')).json()).toEqual({ data: {} });
    expectFieldError(await call(ada, 'GET', '/middleware/accounts/known-servers?platform=mt9'), { field: 'platform' });
  });
});

describe('one account of another user', () => {
  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['DELETE', '/archive'],
    ['DELETE', '/delete'],
    ['PUT', '/connect'],
  ] as const)('%s /accounts/{id}%s answers 404', async (method, suffix) => {
    const theirs = await openVirtual(bob);
    const res = await call(ada, method, `/accounts/${theirs.id}${suffix}`, method === 'PUT' ? {} : undefined);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'TRADING_ACCOUNT_NOT_FOUND' });
    expect((await call(bob, 'GET', `/accounts/${theirs.id}`)).json()).toEqual(theirs);
  });

  it('refresh, reset and the platform token calls answer 404 too', async () => {
    const theirs = await openVirtual(bob);
    expect((await call(ada, 'PUT', `/trading/accounts/${theirs.id}/refresh`)).statusCode).toBe(404);
    expect((await call(ada, 'POST', `/trading/accounts/${theirs.id}/reset`, { confirm: true })).statusCode).toBe(404);
    expect((await call(ada, 'POST', `/middleware/${theirs.token}/accounts/login`)).statusCode).toBe(404);
    expect((await call(ada, 'GET', `/middleware/${theirs.token}/accounts/1`)).statusCode).toBe(404);
  });
});

describe('lifecycle', () => {
  it('connect makes one account active at a time', async () => {
    const carol = await signUpAndLogin(app);
    const a = await openVirtual(carol);
    clock.advance(1000);
    const b = await openVirtual(carol);
    expect((await call(carol, 'PUT', `/accounts/${a.id}/connect`)).json()).toMatchObject({ active: true });
    expect((await call(carol, 'PUT', `/accounts/${b.id}/connect`)).json()).toMatchObject({ active: true });
    const list = (await call(carol, 'GET', '/accounts')).json() as { accounts: TradingAccount[] };
    expect(list.accounts.map((x) => [x.id, x.active])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
  });

  it('refresh issues a new platform token and the old one stops working', async () => {
    const account = await openVirtual(ada);
    expect((await call(ada, 'POST', `/middleware/${account.token}/accounts/login`)).statusCode).toBe(200);
    const res = await call(ada, 'PUT', `/trading/accounts/${account.id}/refresh`);
    const { token } = res.json() as { token: string };
    expect(token).not.toBe(account.token);
    expect((await call(ada, 'POST', `/middleware/${account.token}/accounts/login`)).statusCode).toBe(404);
    const login = await call(ada, 'POST', `/middleware/${token}/accounts/login`, {});
    expect(login.json()).toMatchObject({ id: account.id, token, status: 'connected' });
  });

  it('archives (listed under status archived, no longer active) and connects again', async () => {
    const carol = await signUpAndLogin(app);
    const account = await openVirtual(carol);
    await call(carol, 'PUT', `/accounts/${account.id}/connect`);
    clock.advance(60_000);
    const archived = await call(carol, 'DELETE', `/accounts/${account.id}/archive`);
    expect(archived.json()).toMatchObject({ status: 'archived', active: false, archivedAt: clock.now().toISOString() });
    expect((await call(carol, 'GET', '/accounts?status=connected')).json()).toEqual({ accounts: [] });
    expect(
      ((await call(carol, 'GET', '/accounts?status=archived')).json() as { accounts: unknown[] }).accounts,
    ).toHaveLength(1);
    const again = await call(carol, 'PUT', `/accounts/${account.id}/connect`);
    expect(again.json()).toMatchObject({ status: 'connected', active: true, archivedAt: null });
  });

  it('deletes an account for good', async () => {
    const account = await openVirtual(ada);
    expect((await call(ada, 'DELETE', `/accounts/${account.id}/delete`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'GET', `/accounts/${account.id}`)).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/accounts/${account.id}/delete`)).statusCode).toBe(404);
  });

  it('resets a virtual account only with confirm: true', async () => {
    const account = await openVirtual(ada);
    const unconfirmed = await call(ada, 'POST', `/trading/accounts/${account.id}/reset`, {});
    expectFieldError(unconfirmed, { field: 'confirm', message: /deletes every order, position and deal/ });
    const reset = await call(ada, 'POST', `/trading/accounts/${account.id}/reset`, {
      confirm: true,
      starting_balance: 25_000,
    });
    expect(reset.json()).toMatchObject({ startingBalance: 25_000, balance: 25_000 });
  });
});
