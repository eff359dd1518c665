import type { Alert, AlertLog } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');

beforeAll(async () => {
  // role api: no leader jobs in this app (the evaluator has tests of its own)
  ({ app } = await createTestApp({ build: { clock }, config: { role: 'api' } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const priceBody = (over: object = {}) => ({
  type: 'price',
  name: 'EURUSD above 1.2',
  symbol: 'EURUSD',
  condition: { operator: 'crossing_up', value: 1.2 },
  ...over,
});

async function create(user: SignedInUser, body: object): Promise<Alert> {
  const res = await call(user, 'POST', '/alerts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Alert;
}

async function made(user: SignedInUser, url: string, body: object): Promise<{ id: string }> {
  // trading accounts take the trading bearer token
  const res =
    url === '/accounts'
      ? await app.inject({
          method: 'POST',
          url: '/api/accounts',
          headers: { authorization: `Bearer ${user.tradingAccessToken}` },
          payload: body,
        })
      : await call(user, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('POST/GET/PUT/DELETE /alerts', () => {
  it('makes a price alert with the defaults, lists it, reads, changes and deletes it', async () => {
    const alert = await create(ada, priceBody({ symbol: 'forex:eurusd' }));
    expect(alert).toMatchObject({
      type: 'price',
      name: 'EURUSD above 1.2',
      symbol: 'EURUSD',
      interval: '1m',
      condition: { operator: 'crossing_up', value: 1.2 },
      trigger: 'only_once',
      expiresAt: null,
      message: '',
      delivery: { app: true, toast: true, sound: false, email: false, webhook: null },
      status: 'active',
      lastTriggeredAt: null,
      triggerCount: 0,
    });
    const list = (await call(ada, 'GET', '/alerts')).json() as { alerts: Alert[] };
    expect(list.alerts.map((a) => a.id)).toContain(alert.id);
    expect((await call(ada, 'GET', `/alerts/${alert.id}`)).json()).toEqual(alert);

    const changed = await call(ada, 'PUT', `/alerts/${alert.id}`, {
      name: 'Renamed',
      trigger: 'every_time',
      condition: { operator: 'entering_channel', lower: 1.1, upper: 1.3 },
      status: 'paused',
      expires_at: '2026-04-01T00:00:00Z',
      message: '{{ticker}} in the channel at {{close}}',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Renamed',
      trigger: 'every_time',
      condition: { operator: 'entering_channel', lower: 1.1, upper: 1.3 },
      status: 'paused',
      expiresAt: '2026-04-01T00:00:00.000Z',
    });
    expect(((await call(ada, 'GET', '/alerts?status=paused')).json() as { alerts: Alert[] }).alerts).toHaveLength(1);
    expect(((await call(ada, 'GET', '/alerts?status=active')).json() as { alerts: Alert[] }).alerts).toHaveLength(0);

    expect((await call(ada, 'DELETE', `/alerts/${alert.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'GET', `/alerts/${alert.id}`)).statusCode).toBe(404);
  });

  it('generates a webhook secret when none is given and keeps it through an update', async () => {
    const alert = await create(
      ada,
      priceBody({ delivery: { webhook: { url: 'https://example.com/hook' }, email: true } }),
    );
    expect(alert.delivery.webhook?.secret).toMatch(/^whsec_[A-Za-z0-9_-]{20,}$/);
    expect(alert.delivery.email).toBe(true);
    const changed = await call(ada, 'PUT', `/alerts/${alert.id}`, {
      delivery: { webhook: { url: 'https://example.com/other' } },
    });
    expect(changed.json()).toMatchObject({
      delivery: { webhook: { url: 'https://example.com/other', secret: alert.delivery.webhook?.secret } },
    });
    const own = await create(
      ada,
      priceBody({ delivery: { webhook: { url: 'http://localhost:9/x', secret: 'a-secret-of-16-chars' } } }),
    );
    expect(own.delivery.webhook?.secret).toBe('a-secret-of-16-chars');
  });

  it('makes indicator, drawing, watchlist, calendar and account alerts of the caller’s own things', async () => {
    const indicator = await create(ada, {
      type: 'indicator',
      name: 'RSI overbought',
      symbol: 'EURUSD',
      interval: '15m',
      condition: { indicator: 'rsi', inputs: { period: 7 }, plot: 'rsi', operator: 'crossing_up', value: 70 },
    });
    expect(indicator.condition).toMatchObject({ indicator: 'rsi', plot: 'rsi', value: 70, against: null });
    expect((indicator.condition as { inputs: Record<string, unknown> }).inputs.period).toBe(7);

    const drawing = await made(ada, '/drawings', {
      symbol: 'XAUUSD',
      tool: 'trend_line',
      points: [
        { time: 1_772_000_000, price: 2000 },
        { time: 1_772_003_600, price: 2010 },
      ],
    });
    const onDrawing = await create(ada, {
      type: 'drawing',
      name: 'Trend line break',
      condition: { drawing_id: drawing.id, operator: 'crossing_down' },
    });
    expect(onDrawing).toMatchObject({
      symbol: 'XAUUSD',
      condition: { drawingId: drawing.id, operator: 'crossing_down' },
    });

    const list = await made(ada, '/watchlist', { name: 'Majors', symbols: [{ source: 'FOREX', ticker: 'EURUSD' }] });
    const onList = await create(ada, {
      type: 'watchlist',
      name: 'Any major moves',
      condition: { watchlist_id: list.id, operator: 'moving_up_pct', percent: 1, minutes: 60 },
    });
    expect(onList).toMatchObject({ symbol: null, condition: { watchlistId: list.id, percent: 1, minutes: 60 } });

    const calendar = await create(ada, {
      type: 'calendar',
      name: 'High impact soon',
      condition: { minutes_before: 15, impact: 'high', currencies: ['usd', 'EUR'] },
    });
    expect(calendar.condition).toEqual({ minutesBefore: 15, impact: 'high', currencies: ['USD', 'EUR'] });

    const account = await made(ada, '/accounts', { kind: 'virtual', name: 'Practice' });
    const onAccount = await create(ada, {
      type: 'account',
      name: 'Equity floor',
      trigger: 'once_per_minute',
      condition: { account_id: account.id, metric: 'equity_below', value: 9_000 },
    });
    expect(onAccount.condition).toEqual({ accountId: account.id, metric: 'equity_below', value: 9_000 });
  });
});

describe('ownership', () => {
  it('answers 404 for another user’s alert on every route', async () => {
    const alert = await create(ada, priceBody());
    expect((await call(bob, 'GET', `/alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/alerts/${alert.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/alerts/${alert.id}/log`)).statusCode).toBe(404);
    const bobs = (await call(bob, 'GET', '/alerts')).json() as { alerts: Alert[] };
    expect(bobs.alerts.map((a) => a.id)).not.toContain(alert.id);
    expect((await call(ada, 'GET', `/alerts/${alert.id}`)).json()).toMatchObject({ name: alert.name });
  });

  it('refuses another user’s drawing, watchlist or trading account, naming the field', async () => {
    const drawing = await made(ada, '/drawings', {
      symbol: 'EURUSD',
      tool: 'horizontal_line',
      points: [{ time: 1_772_000_000, price: 1.1 }],
    });
    const list = await made(ada, '/watchlist', { name: 'Ada’s' });
    const account = await made(ada, '/accounts', { kind: 'virtual', name: 'Ada’s' });
    expectFieldError(
      await call(bob, 'POST', '/alerts', {
        type: 'drawing',
        name: 'x',
        condition: { drawing_id: drawing.id, operator: 'crossing' },
      }),
      { field: 'condition.drawing_id', message: 'condition.drawing_id must be the id of one of your drawings.' },
    );
    expectFieldError(
      await call(bob, 'POST', '/alerts', {
        type: 'watchlist',
        name: 'x',
        condition: { watchlist_id: list.id, operator: 'moving_down_pct', percent: 2, minutes: 5 },
      }),
      { field: 'condition.watchlist_id' },
    );
    expectFieldError(
      await call(bob, 'POST', '/alerts', {
        type: 'account',
        name: 'x',
        condition: { account_id: account.id, metric: 'margin_level_below', value: 150 },
      }),
      { field: 'condition.account_id' },
    );
    // and through an update of an alert of his own
    const mine = await create(bob, {
      type: 'drawing',
      name: 'own',
      condition: {
        drawing_id: (
          await made(bob, '/drawings', {
            symbol: 'EURUSD',
            tool: 'horizontal_line',
            points: [{ time: 1_772_000_000, price: 1.1 }],
          })
        ).id,
        operator: 'crossing',
      },
    });
    expectFieldError(
      await call(bob, 'PUT', `/alerts/${mine.id}`, { condition: { drawing_id: drawing.id, operator: 'crossing' } }),
      { field: 'condition.drawing_id' },
    );
  });
});

describe('bad input names the field', () => {
  it.each([
    ['no type', { name: 'x' }, 'type'],
    ['an unknown type', priceBody({ type: 'weather' }), 'type'],
    ['no name', priceBody({ name: '' }), 'name'],
    ['an unknown symbol', priceBody({ symbol: 'NOPE' }), 'symbol'],
    ['an unknown operator', priceBody({ condition: { operator: 'near', value: 1 } }), 'condition.operator'],
    ['a cross without a value', priceBody({ condition: { operator: 'crossing' } }), 'condition.value'],
    ['a negative value', priceBody({ condition: { operator: 'crossing', value: -1 } }), 'condition.value'],
    [
      'a channel upside down',
      priceBody({ condition: { operator: 'exiting_channel', lower: 1.3, upper: 1.1 } }),
      'condition.upper',
    ],
    [
      'a move without minutes',
      priceBody({ condition: { operator: 'moving_up_pct', percent: 2 } }),
      'condition.minutes',
    ],
    ['an unknown trigger', priceBody({ trigger: 'sometimes' }), 'trigger'],
    ['an unknown interval', priceBody({ interval: '2m' }), 'interval'],
    ['an expiry in the past', priceBody({ expires_at: '2026-03-01T00:00:00Z' }), 'expires_at'],
    ['an expiry that is no date', priceBody({ expires_at: 'tomorrow' }), 'expires_at'],
    [
      'a webhook that is not http',
      priceBody({ delivery: { webhook: { url: 'ftp://x.example/a' } } }),
      'delivery.webhook.url',
    ],
    [
      'a short webhook secret',
      priceBody({ delivery: { webhook: { url: 'https://x.example', secret: 'short' } } }),
      'delivery.webhook.secret',
    ],
    ['delivery.sound not a boolean', priceBody({ delivery: { sound: 'yes' } }), 'delivery.sound'],
    [
      'an unknown indicator',
      {
        type: 'indicator',
        name: 'x',
        symbol: 'EURUSD',
        condition: { indicator: 'nope', plot: 'x', operator: 'greater_than', value: 1 },
      },
      'condition.indicator',
    ],
    [
      'a plot the indicator does not have',
      {
        type: 'indicator',
        name: 'x',
        symbol: 'EURUSD',
        condition: { indicator: 'rsi', plot: 'macd', operator: 'greater_than', value: 1 },
      },
      'condition.plot',
    ],
    [
      'an indicator compared with nothing',
      {
        type: 'indicator',
        name: 'x',
        symbol: 'EURUSD',
        condition: { indicator: 'rsi', plot: 'rsi', operator: 'greater_than' },
      },
      'condition.value',
    ],
    [
      'a calendar impact that does not exist',
      { type: 'calendar', name: 'x', condition: { minutes_before: 10, impact: 'huge' } },
      'condition.impact',
    ],
    [
      'an account id that is no UUID',
      { type: 'account', name: 'x', condition: { account_id: '42', metric: 'equity_below', value: 1 } },
      'condition.account_id',
    ],
    [
      'a daily loss percent above 100',
      {
        type: 'account',
        name: 'x',
        condition: { account_id: '7d3c5b1e-3f7a-4c36-9d57-8f3fb0a0e111', metric: 'daily_loss_within_pct', value: 150 },
      },
      'condition.value',
    ],
  ])('POST with %s answers 400 naming the field', async (_, body, field) => {
    expectFieldError(await call(ada, 'POST', '/alerts', body), { field });
  });

  it('PUT checks a condition against the alert’s own type and refuses a type', async () => {
    const alert = await create(ada, priceBody());
    expectFieldError(await call(ada, 'PUT', `/alerts/${alert.id}`, { condition: { operator: 'crossing' } }), {
      field: 'condition.value',
    });
    expectFieldError(
      await call(ada, 'PUT', `/alerts/${alert.id}`, { condition: { minutes_before: 5, impact: 'high' } }),
      { field: 'condition.operator', message: 'condition.operator is required.' },
    );
    expect((await call(ada, 'PUT', `/alerts/${alert.id}`, { type: 'calendar' })).statusCode).toBe(400);
    expectFieldError(await call(ada, 'PUT', `/alerts/${alert.id}`, { status: 'triggered' }), { field: 'status' });
  });

  it('answers the log of an alert (empty before it fires)', async () => {
    const alert = await create(ada, priceBody());
    const res = await call(ada, 'GET', `/alerts/${alert.id}/log?limit=10`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as AlertLog).toEqual({ entries: [] });
    expectFieldError(await call(ada, 'GET', `/alerts/${alert.id}/log?limit=0`), { field: 'limit' });
  });

  it('needs a signed-in caller', async () => {
    expect((await call(null, 'GET', '/alerts')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/alerts', priceBody())).statusCode).toBe(401);
  });
});
