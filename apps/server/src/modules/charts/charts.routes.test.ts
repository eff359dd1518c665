import {
  CHARTING_SAVED_EVENT,
  type Chart,
  type ChartConvertResult,
  type ChartFetch,
  type ChartShare,
  type IndicatorCalculation,
  type SharedChart,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { BusMessage } from '../../platform/bus/event-bus.js';
import { createManualClock } from '../../platform/clock.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');
const missing = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
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

async function newChart(user: SignedInUser, body: object = {}): Promise<Chart> {
  const res = await call(user, 'POST', '/charts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Chart;
}

const rsi = { name: 'RSI', settings: { period: 14 } };
const bands = { name: 'bollinger', styles: { upper: { color: '#FF0000' } } };

describe('POST/GET /charts', () => {
  it('saves a chart with the spec’s defaults: EURUSD, FOREX, 15m, candles', async () => {
    const chart = await newChart(ada);
    expect(chart).toMatchObject({
      name: 'EURUSD 15m',
      source: 'FOREX',
      symbol: 'EURUSD',
      timeframe: '15m',
      version: 1,
      shareToken: null,
      indicators: [],
      settings: { chartType: 'candles', showVolume: true, autosave: true, templateId: null },
      createdAt: '2026-03-02T09:30:00.000Z',
    });
    expect((await call(ada, 'GET', `/charts/${chart.id}`)).json()).toEqual(chart);
  });

  it('takes the source from the catalogue, and indicators with every input filled in', async () => {
    const chart = await newChart(ada, {
      symbol: 'btcusd',
      timeframe: '1h',
      settings: { chart_type: 'heikin_ashi', show_volume: false },
      indicators: [rsi, bands],
    });
    expect(chart).toMatchObject({ source: 'CRYPTO', symbol: 'BTCUSD', timeframe: '1h' });
    expect(chart.settings).toMatchObject({ chartType: 'heikin_ashi', showVolume: false });
    expect(chart.indicators).toHaveLength(2);
    expect(chart.indicators[0]).toMatchObject({ name: 'rsi', settings: { period: 14 }, visible: true });
    expect(chart.indicators[0]?.id).toMatch(/^rsi-/);
    expect(chart.indicators[1]).toMatchObject({ name: 'bollinger', styles: { upper: { color: '#FF0000' } } });
    expect(Object.keys(chart.indicators[1]?.settings ?? {}).length).toBeGreaterThan(1);
  });

  it('accepts snake_cased input and style ids (as the web client sends them) and keeps them camelCase', async () => {
    const chart = await newChart(ada, {
      indicators: [{ name: 'macd', settings: { fast_period: 8 }, styles: { macd: { line_width: 2 } } }],
    });
    expect(chart.indicators[0]?.settings.fastPeriod).toBe(8);
    expect(chart.indicators[0]?.styles).toEqual({ macd: { lineWidth: 2 } });
  });

  it('lists the caller’s charts only, most recently saved first, and filters by symbol', async () => {
    const carol = await signUpAndLogin(app);
    await newChart(carol, { symbol: 'AAPL' });
    clock.advance(1000);
    const second = await newChart(carol, { symbol: 'EURUSD' });
    const list = (await call(carol, 'GET', '/charts')).json() as { charts: Chart[] };
    expect(list.charts.map((c) => c.symbol)).toEqual(['EURUSD', 'AAPL']);
    expect(list.charts[0]?.id).toBe(second.id);
    const aapl = (await call(carol, 'GET', '/charts?symbol=aapl')).json() as { charts: Chart[] };
    expect(aapl.charts.map((c) => c.symbol)).toEqual(['AAPL']);
    expect(
      ((await call(bob, 'GET', '/charts')).json() as { charts: Chart[] }).charts.every((c) => c.id !== second.id),
    ).toBe(true);
  });

  it.each([
    [
      'an unknown symbol',
      { symbol: 'NOPE' },
      'symbol',
      'Symbol "NOPE" is not an instrument of the catalogue; search the symbols for one.',
    ],
    [
      'a source that is not the symbol’s',
      { symbol: 'AAPL', source: 'FOREX' },
      'source',
      /^Source must be STOCKS for AAPL/,
    ],
    ['an unknown source', { source: 'BONDS' }, 'source', /^Source must be one of FOREX/],
    ['an unknown timeframe', { timeframe: '2h' }, 'timeframe', /^Timeframe must be one of/],
    ['a blank name', { name: '  ' }, 'name', 'Name is required.'],
    [
      'an unknown indicator',
      { indicators: [{ name: 'astrology' }] },
      'indicators.0.name',
      /^Indicator name "astrology" is not/,
    ],
    [
      'an input out of range',
      { indicators: [{ name: 'rsi', settings: { period: 0 } }] },
      'indicators.0.settings.period',
      /period/,
    ],
    [
      'an unknown input',
      { indicators: [{ name: 'rsi', settings: { colour: 1 } }] },
      'indicators.0.settings.colour',
      /not an input/,
    ],
    [
      'a bad style',
      { indicators: [{ name: 'rsi', styles: { rsi: { color: 'red-ish' } } }] },
      'indicators.0.styles.rsi.color',
      /colour/,
    ],
    [
      'an indicator id used twice',
      {
        indicators: [
          { id: 'a', name: 'rsi' },
          { id: 'a', name: 'sma' },
        ],
      },
      'indicators.1.id',
      /used twice/,
    ],
    ['an unknown settings key', { settings: { colour: 'red' } }, 'settings.colour', 'colour is not a known field.'],
    ['a bad chart type', { settings: { chart_type: 'renko' } }, 'settings.chart_type', /^chart_type must be one of/],
    ['an unknown field', { owner: 'x' }, 'owner', 'owner is not a known field.'],
  ])('refuses %s with a 400 naming the field', async (_case, body, field, message) => {
    expectFieldError(await call(ada, 'POST', '/charts', body), { field, message });
  });

  it('takes a template_id of the caller’s chart templates only (404 naming it otherwise)', async () => {
    const own = (await call(ada, 'POST', '/templates', { name: 'Own' })).json() as { id: string };
    const chart = await newChart(ada, { settings: { template_id: own.id } });
    expect(chart.settings.templateId).toBe(own.id);
    const bobs = (await call(bob, 'POST', '/templates', { name: 'Bob’s' })).json() as { id: string };
    expectFieldError(
      await call(ada, 'PUT', `/charts/${chart.id}`, { version: 1, settings: { template_id: bobs.id } }),
      {
        status: 404,
        code: 'TEMPLATE_NOT_FOUND',
        field: 'settings.template_id',
      },
    );
  });

  it('requires a signed-in caller', async () => {
    expect((await call(null, 'GET', '/charts')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/charts', {})).statusCode).toBe(401);
  });
});

describe('GET /charts/{broker}/{symbol}', () => {
  it('answers the caller’s most recently saved chart of the instrument, 404 when there is none', async () => {
    const dora = await signUpAndLogin(app);
    await newChart(dora, { symbol: 'XAUUSD' });
    clock.advance(1000);
    const latest = await newChart(dora, { symbol: 'XAUUSD', timeframe: '4h' });
    expect((await call(dora, 'GET', '/charts/COMMODITIES/XAUUSD')).json()).toMatchObject({ id: latest.id });
    const none = await call(dora, 'GET', '/charts/FOREX/GBPUSD');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('You have no saved chart of GBPUSD.');
    expect((await call(bob, 'GET', '/charts/COMMODITIES/XAUUSD')).statusCode).toBe(404);
  });

  it('refuses a broker that is not the instrument’s source, naming it', async () => {
    expectFieldError(await call(ada, 'GET', '/charts/STOCKS/EURUSD'), {
      field: 'broker',
      message: /^Source must be FOREX/,
    });
    expectFieldError(await call(ada, 'GET', '/charts/NASDAQ/EURUSD'), { field: 'broker' });
  });
});

describe('PUT /charts/{id} (versioned)', () => {
  it('saves changes made to the saved version and answers the next version', async () => {
    const chart = await newChart(ada);
    clock.advance(60_000);
    const res = await call(ada, 'PUT', `/charts/${chart.id}`, {
      version: 1,
      timeframe: '1h',
      settings: { crosshair: 'magnet' },
      indicators: [rsi],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Chart;
    expect(saved).toMatchObject({
      version: 2,
      timeframe: '1h',
      symbol: 'EURUSD',
      updatedAt: clock.now().toISOString(),
    });
    // only the settings key sent changed
    expect(saved.settings).toMatchObject({ crosshair: 'magnet', chartType: 'candles', autosave: true });
    expect(saved.indicators.map((i) => i.name)).toEqual(['rsi']);
  });

  it('refuses a save made to an older version with 409, so a second tab does not overwrite the first', async () => {
    const chart = await newChart(ada);
    const first = await call(ada, 'PUT', `/charts/${chart.id}`, { version: 1, name: 'Tab one' });
    expect(first.statusCode).toBe(200);
    const second = await call(ada, 'PUT', `/charts/${chart.id}`, { version: 1, name: 'Tab two' });
    expectFieldError(second, { status: 409, code: 'CHART_VERSION_CONFLICT', field: 'version' });
    expect(second.json().message).toBe(
      'This chart was saved elsewhere in the meantime (version 2; this change was made to version 1). Reload it and make the change again.',
    );
    expect(((await call(ada, 'GET', `/charts/${chart.id}`)).json() as Chart).name).toBe('Tab one');
    expect((await call(ada, 'PUT', `/charts/${chart.id}`, { version: 9, name: 'Future' })).statusCode).toBe(409);
  });

  it('lets exactly one of two saves racing on the same version win', async () => {
    const chart = await newChart(ada);
    const results = await Promise.all(
      ['A', 'B', 'C'].map((name) => call(ada, 'PUT', `/charts/${chart.id}`, { version: 1, name })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json() as Chart;
    expect((await call(ada, 'GET', `/charts/${chart.id}`)).json()).toMatchObject({ name: winner.name, version: 2 });
  });

  it('tells the user’s other tabs on their user channel when a chart is saved or deleted', async () => {
    const seen: BusMessage[] = [];
    const stop = app.ctx.bus.subscribe((message) => void seen.push(message));
    const chart = await newChart(ada);
    await call(ada, 'PUT', `/charts/${chart.id}`, { version: 1, name: 'Saved' });
    await call(ada, 'DELETE', `/charts/${chart.id}`);
    stop();
    const mine = seen.filter((m) => m.event === CHARTING_SAVED_EVENT && (m.data as { id: string }).id === chart.id);
    expect(mine).toEqual([
      {
        channel: `user:${ada.userId}`,
        event: CHARTING_SAVED_EVENT,
        data: { resource: 'chart', id: chart.id, version: 2 },
      },
      {
        channel: `user:${ada.userId}`,
        event: CHARTING_SAVED_EVENT,
        data: { resource: 'chart', id: chart.id, version: null },
      },
    ]);
  });

  it('refuses a missing or bad version with a 400 naming it', async () => {
    const chart = await newChart(ada);
    expectFieldError(await call(ada, 'PUT', `/charts/${chart.id}`, { name: 'x' }), {
      field: 'version',
      message: 'Version is required.',
    });
    expectFieldError(await call(ada, 'PUT', `/charts/${chart.id}`, { version: -1 }), { field: 'version' });
  });
});

describe('another user’s chart', () => {
  it('is answered 404 on every call, and nothing of it changes', async () => {
    const chart = await newChart(ada, { name: 'Private' });
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', `/charts/${chart.id}`],
      ['PUT', `/charts/${chart.id}`, { version: 1, name: 'Mine now' }],
      ['POST', `/charts/${chart.id}/convert`, { version: 1, symbol: 'GBPUSD' }],
      ['GET', `/charts/${chart.id}/fetch`],
      ['POST', `/charts/${chart.id}/share`, {}],
      ['DELETE', `/charts/${chart.id}/share`],
      ['DELETE', `/charts/${chart.id}`],
      ['GET', `/charts/${missing}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('CHART_NOT_FOUND');
    }
    expect((await call(ada, 'GET', `/charts/${chart.id}`)).json()).toMatchObject({ name: 'Private', version: 1 });
  });
});

describe('POST /charts/{id}/convert and GET /charts/{id}/fetch', () => {
  it('switches the instrument; drawings stay with their symbol and come back with it', async () => {
    const chart = await newChart(ada, { indicators: [rsi] });
    const drawn = await call(ada, 'POST', '/drawings', {
      chart_id: chart.id,
      tool: 'horizontal_line',
      points: [{ time: 1_772_000_000, price: 1.08 }],
    });
    expect(drawn.statusCode).toBe(201);

    const converted = await call(ada, 'POST', `/charts/${chart.id}/convert`, {
      version: 1,
      symbol: 'GBPUSD',
      timeframe: '4h',
    });
    expect(converted.statusCode, converted.body).toBe(200);
    const result = converted.json() as ChartConvertResult;
    expect(result.chart).toMatchObject({ symbol: 'GBPUSD', source: 'FOREX', timeframe: '4h', version: 2 });
    expect(result.chart.indicators.map((i) => i.name)).toEqual(['rsi']);
    expect(result.drawings).toEqual([]);

    const back = (await call(ada, 'POST', `/charts/${chart.id}/convert`, { version: 2, symbol: 'EURUSD' })).json();
    expect((back as ChartConvertResult).drawings.map((d) => d.tool)).toEqual(['horizontal_line']);

    expectFieldError(await call(ada, 'POST', `/charts/${chart.id}/convert`, { version: 3, symbol: 'ZZZ' }), {
      field: 'symbol',
    });
    const stale = await call(ada, 'POST', `/charts/${chart.id}/convert`, { version: 1, symbol: 'USDJPY' });
    expect(stale.statusCode).toBe(409);
  });

  it('fetches the chart with its instrument, drawings and default template', async () => {
    const erin = await signUpAndLogin(app);
    const chart = await newChart(erin);
    const template = await call(erin, 'POST', '/templates', { name: 'Dark', settings: { up_color: '#00DF80' } });
    expect(template.statusCode).toBe(201);
    await call(erin, 'POST', '/drawings', {
      chart_id: chart.id,
      tool: 'trend_line',
      points: [
        { time: 1_772_000_000, price: 1.08 },
        { time: 1_772_003_600, price: 1.09 },
      ],
    });
    const res = await call(erin, 'GET', `/charts/${chart.id}/fetch`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ChartFetch;
    expect(body.chart.id).toBe(chart.id);
    expect(body.instrument).toMatchObject({ symbol: 'EURUSD', source: 'FOREX', digits: 5 });
    expect(body.drawings.map((d) => d.tool)).toEqual(['trend_line']);
    expect(body.template).toMatchObject({ name: 'Dark', isDefault: true, settings: { upColor: '#00DF80' } });
  });
});

describe('sharing a chart', () => {
  it('gives a public read-only link showing what was shared, live drawings included', async () => {
    const chart = await newChart(ada, { indicators: [rsi] });
    const res = await call(ada, 'POST', `/charts/${chart.id}/share`, {
      timeframe: '1h',
      indicators: [bands],
      settings: { show_grid: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const share = res.json() as ChartShare;
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(((await call(ada, 'GET', `/charts/${chart.id}`)).json() as Chart).shareToken).toBe(share.token);

    await call(ada, 'POST', '/drawings', {
      chart_id: chart.id,
      tool: 'text',
      points: [{ time: 1_772_000_000, price: 1.1 }],
      text: 'Breakout',
    });
    const view = await call(null, 'GET', `/charts/share/${share.token}`);
    expect(view.statusCode).toBe(200);
    const shared = view.json() as SharedChart;
    expect(shared).toMatchObject({ symbol: 'EURUSD', timeframe: '1h', settings: { showGrid: false } });
    expect(shared.indicators.map((i) => i.name)).toEqual(['bollinger']);
    expect(shared.drawings).toEqual([expect.objectContaining({ tool: 'text', text: 'Breakout' })]);
    expect(shared.drawings[0]).not.toHaveProperty('chartId');

    // sharing again keeps the token and updates what it shows
    const again = (await call(ada, 'POST', `/charts/${chart.id}/share`, { timeframe: '4h' })).json() as ChartShare;
    expect(again.token).toBe(share.token);
    expect(((await call(null, 'GET', `/charts/share/${share.token}`)).json() as SharedChart).timeframe).toBe('4h');
  });

  it("calculates the shared chart's own indicators for a signed-out visitor, and no other", async () => {
    const chart = await newChart(ada);
    const { token } = (
      await call(ada, 'POST', `/charts/${chart.id}/share`, { timeframe: '1h', indicators: [bands] })
    ).json() as ChartShare;
    const shared = (await call(null, 'GET', `/charts/share/${token}`)).json() as SharedChart;
    const id = shared.indicators[0]!.id;

    const res = await call(null, 'GET', `/charts/share/${token}/indicators/${id}?limit=300`);
    expect(res.statusCode, res.body).toBe(200);
    const calc = res.json() as IndicatorCalculation;
    expect(calc).toMatchObject({
      symbol: 'FOREX:EURUSD',
      timeframe: '1h',
      indicator: 'bollinger',
      settings: { period: 20 },
    });
    expect(calc.times).toHaveLength(300);
    // the same candles and values as a signed-in calculation of the same bars
    const own = (
      await call(ada, 'POST', '/indicators/calculation', {
        symbol: 'EURUSD',
        timeframe: '1h',
        indicator_name: 'bollinger',
        start_time: calc.times[0],
        limit: 300,
      })
    ).json() as IndicatorCalculation;
    expect(own.times).toEqual(calc.times);
    expect(own.series.map((s) => s.values)).toEqual(calc.series.map((s) => s.values));
    expect(calc.series.find((s) => s.id === 'upper')?.style).toMatchObject({ color: '#FF0000' });

    const unknown = await call(null, 'GET', `/charts/share/${token}/indicators/not-on-the-chart`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'The shared chart has no indicator with this id.' });
    expectFieldError(await call(null, 'GET', `/charts/share/${token}/indicators/${id}?limit=0`), { field: 'limit' });
    await call(ada, 'DELETE', `/charts/${chart.id}/share`);
    expect((await call(null, 'GET', `/charts/share/${token}/indicators/${id}`)).statusCode).toBe(404);
  });

  it('is read-only: no call writes through the token', async () => {
    const chart = await newChart(ada);
    const { token } = (await call(ada, 'POST', `/charts/${chart.id}/share`)).json() as ChartShare;
    for (const method of ['PUT', 'POST', 'DELETE'] as const) {
      const res = await call(null, method, `/charts/share/${token}`, method === 'DELETE' ? undefined : { name: 'x' });
      expect([401, 404], `${method}`).toContain(res.statusCode);
    }
    // the token is not a chart id, nor a credential for the chart's routes
    expect((await call(null, 'GET', `/charts/${chart.id}`)).statusCode).toBe(401);
    expect((await call(bob, 'PUT', `/charts/share/${token}`, { version: 1 })).statusCode).toBe(404);
    expect((await call(ada, 'GET', `/charts/${chart.id}`)).json()).toMatchObject({ version: 1 });
  });

  it('answers 404 once revoked, and for an unknown token', async () => {
    const chart = await newChart(ada);
    const { token } = (await call(ada, 'POST', `/charts/${chart.id}/share`)).json() as ChartShare;
    expect((await call(ada, 'DELETE', `/charts/${chart.id}/share`)).json()).toEqual({ ok: true });
    const gone = await call(null, 'GET', `/charts/share/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'CHART_SHARE_NOT_FOUND' });
    expect((await call(ada, 'DELETE', `/charts/${chart.id}/share`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/charts/share/${'x'.repeat(32)}`)).statusCode).toBe(404);
    expectFieldError(await call(null, 'GET', '/charts/share/short'), { field: 'token' });
  });

  it('dies with the chart', async () => {
    const chart = await newChart(ada);
    const { token } = (await call(ada, 'POST', `/charts/${chart.id}/share`)).json() as ChartShare;
    expect((await call(ada, 'DELETE', `/charts/${chart.id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/charts/share/${token}`)).statusCode).toBe(404);
    expect((await call(ada, 'GET', `/charts/${chart.id}`)).statusCode).toBe(404);
  });
});

describe('chart limits', () => {
  it('refuses a chart past the per-user limit', async () => {
    const { createChartsService } = await import('./charts.service.js');
    const { createChartsRepository } = await import('./charts.repository.js');
    const { createDrawingsRepository } = await import('./drawings.repository.js');
    const { createTemplatesRepository } = await import('./templates.repository.js');
    const fay = await signUpAndLogin(app);
    const service = createChartsService({
      repo: createChartsRepository(app.ctx.db),
      drawings: createDrawingsRepository(app.ctx.db),
      templates: createTemplatesRepository(app.ctx.db),
      clock,
      limits: { maxCharts: 1 },
    });
    await service.create(fay.userId, {});
    await expect(service.create(fay.userId, {})).rejects.toMatchObject({ code: 'CHART_LIMIT_REACHED' });
  });
});
