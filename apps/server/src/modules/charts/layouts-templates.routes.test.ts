import { type Chart, type ChartTemplate, featureLimitMessage, type Layout } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { holdPlan, holdPlanForEveryone } from '../../../test/billing-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db.js';
import { FREE_GRANTS } from '../billing/plans/plans.defaults.js';
import { chartLayouts } from './charts.table.js';

let app: FastifyInstance;
let database: Database;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');

beforeAll(async () => {
  ({ app, database } = await createTestApp({ build: { clock } }));
  // its users make more (accounts, lists, layouts...) than the free plan allows; the plan is not what it tests
  holdPlanForEveryone(app);
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

const twoCharts = (chartId: string | null = null) => ({
  name: 'Majors',
  count: 2,
  charts: [
    { chart_id: chartId, symbol: 'EURUSD', timeframe: '15m' },
    { symbol: 'GBPUSD', timeframe: '1h' },
  ],
  sync: { crosshair: true, time: true },
});

describe('/layouts', () => {
  it('saves a layout of 2 charts with its sync options, and lists the caller’s layouts only', async () => {
    const chart = (await call(ada, 'POST', '/charts', {})).json() as Chart;
    const res = await call(ada, 'POST', '/layouts', twoCharts(chart.id));
    expect(res.statusCode, res.body).toBe(201);
    const layout = res.json() as Layout;
    expect(layout).toMatchObject({
      name: 'Majors',
      count: 2,
      direction: 'horizontal',
      charts: [
        { chartId: chart.id, symbol: 'EURUSD', source: 'FOREX', timeframe: '15m' },
        { chartId: null, symbol: 'GBPUSD', source: 'FOREX', timeframe: '1h' },
      ],
      sync: { symbol: false, interval: false, crosshair: true, time: true },
      version: 1,
    });
    expect((await call(ada, 'GET', `/layouts/${layout.id}`)).json()).toEqual(layout);
    expect(((await call(ada, 'GET', '/layouts')).json() as { layouts: Layout[] }).layouts.map((l) => l.id)).toContain(
      layout.id,
    );
    expect(((await call(bob, 'GET', '/layouts')).json() as { layouts: Layout[] }).layouts).toEqual([]);
  });

  it('keeps an unsaved slot’s chart type and indicators (inputs, styles, hidden) through a save and a read', async () => {
    const rsi = {
      id: 'rsi-1',
      name: 'rsi',
      settings: { period: 21 },
      styles: { rsi: { color: '#ff0000' } },
      visible: false,
    };
    const body = {
      ...twoCharts(),
      charts: [
        { symbol: 'EURUSD', timeframe: '15m' },
        { symbol: 'XAUUSD', timeframe: '1h', type: 'line', indicators: [rsi, { id: 'bb-1', name: 'BB' }] },
      ],
    };
    const res = await call(ada, 'POST', '/layouts', body);
    expect(res.statusCode, res.body).toBe(201);
    const layout = res.json() as Layout;
    expect(layout.charts[0]).toMatchObject({ chartId: null, type: 'candles', indicators: [] });
    expect(layout.charts[1]).toMatchObject({
      chartId: null,
      symbol: 'XAUUSD',
      type: 'line',
      indicators: [
        { id: 'rsi-1', name: 'rsi', settings: { period: 21 }, styles: { rsi: { color: '#ff0000' } }, visible: false },
        { id: 'bb-1', name: 'bollinger', visible: true },
      ],
    });
    expect((await call(ada, 'GET', `/layouts/${layout.id}`)).json()).toEqual(layout);

    const saved = await call(ada, 'PUT', `/layouts/${layout.id}`, {
      version: 1,
      count: 2,
      charts: [
        { symbol: 'EURUSD', timeframe: '15m', type: 'heikin_ashi' },
        { symbol: 'XAUUSD', timeframe: '1h', type: 'area', indicators: [{ ...rsi, visible: true }] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Layout).charts.map((c) => [c.type, c.indicators.map((i) => [i.id, i.visible])])).toEqual([
      ['heikin_ashi', []],
      ['area', [['rsi-1', true]]],
    ]);
    expect((await call(ada, 'GET', `/layouts/${layout.id}`)).json()).toEqual(saved.json());
  });

  it('answers a saved chart’s type and indicators for its slot (the chart wins), the slot’s own once it is gone', async () => {
    const chart = (
      await call(ada, 'POST', '/charts', {
        settings: { chart_type: 'area' },
        indicators: [{ id: 'sma-1', name: 'sma' }],
      })
    ).json() as Chart;
    const layout = (
      await call(ada, 'POST', '/layouts', {
        ...twoCharts(),
        charts: [
          { chart_id: chart.id, symbol: 'EURUSD', timeframe: '15m', type: 'bars', indicators: [{ name: 'rsi' }] },
          { symbol: 'GBPUSD', timeframe: '1h' },
        ],
      })
    ).json() as Layout;
    expect(layout.charts[0]).toMatchObject({
      chartId: chart.id,
      type: 'area',
      indicators: [{ id: 'sma-1', name: 'sma' }],
    });
    const listed = ((await call(ada, 'GET', '/layouts')).json() as { layouts: Layout[] }).layouts;
    expect(listed.find((l) => l.id === layout.id)?.charts[0]).toMatchObject({ type: 'area' });

    expect((await call(ada, 'DELETE', `/charts/${chart.id}`)).statusCode).toBe(200);
    const after = (await call(ada, 'GET', `/layouts/${layout.id}`)).json() as Layout;
    expect(after.charts[0]).toMatchObject({ chartId: chart.id, type: 'bars', indicators: [{ name: 'rsi' }] });
  });

  it('reads a layout stored before slots kept a type and indicators as candles with none', async () => {
    const layout = (await call(ada, 'POST', '/layouts', twoCharts())).json() as Layout;
    await database.db
      .update(chartLayouts)
      .set({
        charts: layout.charts.map(({ chartId, symbol, source, timeframe }) => ({ chartId, symbol, source, timeframe })),
      })
      .where(eq(chartLayouts.id, layout.id));
    const read = (await call(ada, 'GET', `/layouts/${layout.id}`)).json() as Layout;
    expect(read.charts.map((c) => [c.symbol, c.type, c.indicators])).toEqual([
      ['EURUSD', 'candles', []],
      ['GBPUSD', 'candles', []],
    ]);
  });

  it.each([
    ['an unknown indicator', { name: 'astrology' }, 'charts.1.indicators.0.name', /^Indicator name "astrology" is not/],
    [
      'an input out of range',
      { name: 'rsi', settings: { period: 0 } },
      'charts.1.indicators.0.settings.period',
      /period/,
    ],
    [
      'a bad style',
      { name: 'rsi', styles: { rsi: { color: 'red-ish' } } },
      'charts.1.indicators.0.styles.rsi.color',
      /colour/,
    ],
    ['a hidden flag that is not true or false', { name: 'rsi', visible: 'no' }, 'charts.1.indicators.0.visible', /./],
    [
      'an unknown indicator field',
      { name: 'rsi', colour: 'red' },
      'charts.1.indicators.0.colour',
      'colour is not a known field.',
    ],
  ])(
    'refuses a slot with %s with a 400 naming the field, on POST and PUT',
    async (_case, indicator, field, message) => {
      const charts = [
        { symbol: 'EURUSD', timeframe: '15m' },
        { symbol: 'XAUUSD', timeframe: '1h', indicators: [indicator] },
      ];
      expectFieldError(await call(ada, 'POST', '/layouts', { ...twoCharts(), charts }), { field, message });
      const layout = (await call(ada, 'POST', '/layouts', twoCharts())).json() as Layout;
      expectFieldError(await call(ada, 'PUT', `/layouts/${layout.id}`, { version: 1, count: 2, charts }), {
        field,
        message,
      });
      expect(((await call(ada, 'GET', `/layouts/${layout.id}`)).json() as Layout).version).toBe(1);
    },
  );

  it('refuses a slot with an unknown chart type or too many indicators with a 400 naming the field', async () => {
    const slot = (extra: object) => ({
      ...twoCharts(),
      charts: [
        { symbol: 'EURUSD', timeframe: '15m' },
        { symbol: 'XAUUSD', timeframe: '1h', ...extra },
      ],
    });
    expectFieldError(await call(ada, 'POST', '/layouts', slot({ type: 'renko' })), {
      field: 'charts.1.type',
      message: 'type must be one of candles, bars, line, area, heikin_ashi.',
    });
    expectFieldError(
      await call(ada, 'POST', '/layouts', slot({ indicators: Array.from({ length: 26 }, () => ({ name: 'sma' })) })),
      { field: 'charts.1.indicators', message: 'Indicators must have at most 25 items.' },
    );
  });

  it('holds a slot to the plan’s indicators per chart, as a saved chart is; a downgrade keeps what was saved', async () => {
    const erin = await signUpAndLogin(app);
    holdPlan(app, erin.userId, 'free');
    const smas = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `sma-${i}`, name: 'sma' }));
    const body = (n: number) => ({
      ...twoCharts(),
      charts: [
        { symbol: 'EURUSD', timeframe: '15m' },
        { symbol: 'XAUUSD', timeframe: '1h', indicators: smas(n) },
      ],
    });
    const over = await call(erin, 'POST', '/layouts', body(FREE_GRANTS.indicators_per_chart + 1));
    expect(over.statusCode, over.body).toBe(423);
    expect(over.json().message).toBe(featureLimitMessage('indicators_per_chart', FREE_GRANTS.indicators_per_chart));
    holdPlan(app, erin.userId, 'premium');
    const layout = (await call(erin, 'POST', '/layouts', body(FREE_GRANTS.indicators_per_chart + 1))).json() as Layout;
    holdPlan(app, erin.userId, 'free');
    const kept = await call(erin, 'PUT', `/layouts/${layout.id}`, {
      version: 1,
      ...body(FREE_GRANTS.indicators_per_chart + 1),
      name: undefined,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const more = await call(erin, 'PUT', `/layouts/${layout.id}`, {
      version: 2,
      ...body(FREE_GRANTS.indicators_per_chart + 2),
      name: undefined,
    });
    expect(more.statusCode, more.body).toBe(423);
  });

  it('takes 1, 4 and 8 charts too, each with exactly that many slots', async () => {
    for (const count of [1, 4, 8]) {
      const charts = Array.from({ length: count }, () => ({ symbol: 'EURUSD', timeframe: '15m' }));
      const res = await call(ada, 'POST', '/layouts', { name: `${count} up`, count, charts });
      expect(res.statusCode, res.body).toBe(201);
    }
    expectFieldError(await call(ada, 'POST', '/layouts', { ...twoCharts(), count: 4 }), {
      field: 'charts',
      message: 'A layout of 4 charts has exactly 4 items in charts (this one has 2).',
    });
    expectFieldError(await call(ada, 'POST', '/layouts', { ...twoCharts(), count: 3 }), {
      field: 'count',
      message: 'Count must be 1, 2, 4 or 8 charts.',
    });
  });

  it.each([
    [
      'an unknown symbol in a slot',
      {
        charts: [
          { symbol: 'NOPE', timeframe: '15m' },
          { symbol: 'EURUSD', timeframe: '1h' },
        ],
      },
      'charts.0.symbol',
    ],
    [
      'a bad timeframe in a slot',
      {
        charts: [
          { symbol: 'EURUSD', timeframe: '7m' },
          { symbol: 'EURUSD', timeframe: '1h' },
        ],
      },
      'charts.0.timeframe',
    ],
    ['an unknown sync option', { sync: { zoom: true } }, 'sync.zoom'],
    ['a missing name', { name: undefined }, 'name'],
    ['a bad direction', { direction: 'diagonal' }, 'direction'],
  ])('refuses %s with a 400 naming the field', async (_case, change, field) => {
    expectFieldError(await call(ada, 'POST', '/layouts', { ...twoCharts(), ...change }), { field });
  });

  it('refuses another user’s chart in a slot with 404 naming the slot', async () => {
    const bobs = (await call(bob, 'POST', '/charts', {})).json() as Chart;
    expectFieldError(await call(ada, 'POST', '/layouts', twoCharts(bobs.id)), {
      status: 404,
      code: 'CHART_NOT_FOUND',
      field: 'charts.0.chart_id',
    });
  });

  it('saves changes to the version read and refuses an older one with 409', async () => {
    const layout = (await call(ada, 'POST', '/layouts', twoCharts())).json() as Layout;
    const saved = await call(ada, 'PUT', `/layouts/${layout.id}`, { version: 1, sync: { symbol: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, sync: { symbol: true, crosshair: true, time: true } });
    const four = await call(ada, 'PUT', `/layouts/${layout.id}`, {
      version: 2,
      count: 4,
      charts: Array.from({ length: 4 }, () => ({ symbol: 'XAUUSD', timeframe: '1D' })),
    });
    expect(four.json()).toMatchObject({ version: 3, count: 4 });
    const stale = await call(ada, 'PUT', `/layouts/${layout.id}`, { version: 1, name: 'Old tab' });
    expectFieldError(stale, { status: 409, code: 'LAYOUT_VERSION_CONFLICT', field: 'version' });
    // a slot's type and indicators are saved to the version read like the rest
    const staleLook = await call(ada, 'PUT', `/layouts/${layout.id}`, {
      version: 2,
      count: 1,
      charts: [{ symbol: 'XAUUSD', timeframe: '1D', type: 'line', indicators: [{ name: 'rsi' }] }],
    });
    expectFieldError(staleLook, { status: 409, code: 'LAYOUT_VERSION_CONFLICT', field: 'version' });
    expect(((await call(ada, 'GET', `/layouts/${layout.id}`)).json() as Layout).charts[0]).toMatchObject({
      type: 'candles',
      indicators: [],
    });
    expectFieldError(await call(ada, 'PUT', `/layouts/${layout.id}`, { version: 3, count: 1 }), {
      field: 'charts',
      message: 'Count and charts change together: send both or neither.',
    });
  });

  it('lets exactly one of two saves racing on the same version win', async () => {
    const layout = (await call(ada, 'POST', '/layouts', twoCharts())).json() as Layout;
    const results = await Promise.all(
      ['A', 'B'].map((name) => call(ada, 'PUT', `/layouts/${layout.id}`, { version: 1, name })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 404 for another user’s layout on every call', async () => {
    const layout = (await call(ada, 'POST', '/layouts', twoCharts())).json() as Layout;
    const look = {
      version: 1,
      count: 1,
      charts: [{ symbol: 'EURUSD', timeframe: '15m', type: 'line', indicators: [{ name: 'rsi' }] }],
    };
    for (const [method, body] of [['GET'], ['PUT', { version: 1, name: 'x' }], ['PUT', look], ['DELETE']] as Array<
      [Method, unknown?]
    >) {
      const res = await call(bob, method, `/layouts/${layout.id}`, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe('LAYOUT_NOT_FOUND');
    }
    expect((await call(ada, 'DELETE', `/layouts/${layout.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'GET', `/layouts/${layout.id}`)).statusCode).toBe(404);
  });
});

describe('/templates', () => {
  it('keeps exactly one default per user and kind: the first, then the one chosen', async () => {
    const carol = await signUpAndLogin(app);
    const first = (
      await call(carol, 'POST', '/templates', { name: 'Dark', settings: { background_color: '#101014' } })
    ).json() as ChartTemplate;
    expect(first).toMatchObject({ kind: 'chart', isDefault: true, settings: { backgroundColor: '#101014' } });
    clock.advance(1000);
    const second = (await call(carol, 'POST', '/templates', { name: 'Light' })).json() as ChartTemplate;
    expect(second.isDefault).toBe(false);
    const indicators = (
      await call(carol, 'POST', '/templates', { name: 'Momentum', kind: 'indicators', indicators: [{ name: 'rsi' }] })
    ).json() as ChartTemplate;
    expect(indicators).toMatchObject({ kind: 'indicators', isDefault: true });
    expect(indicators.indicators[0]).toMatchObject({ name: 'rsi', settings: { period: 14 } });

    const made = await call(carol, 'PUT', `/templates/${second.id}/default`);
    expect(made.json()).toMatchObject({ id: second.id, isDefault: true });
    const defaults = async () =>
      ((await call(carol, 'GET', '/templates')).json() as { templates: ChartTemplate[] }).templates
        .filter((t) => t.isDefault)
        .map((t) => t.name)
        .sort();
    expect(await defaults()).toEqual(['Light', 'Momentum']);
    const charts = (await call(carol, 'GET', '/templates?kind=chart')).json() as { templates: ChartTemplate[] };
    expect(charts.templates.map((t) => t.name)).toEqual(['Dark', 'Light']);

    // deleting the default passes it on
    expect((await call(carol, 'DELETE', `/templates/${second.id}`)).statusCode).toBe(200);
    expect(await defaults()).toEqual(['Dark', 'Momentum']);
  });

  it('keeps one default when several are made default at once, and when the first two are saved at once', async () => {
    const dora = await signUpAndLogin(app);
    const made = await Promise.all(['One', 'Two'].map((name) => call(dora, 'POST', '/templates', { name })));
    const list = made.map((r) => r.json() as ChartTemplate);
    expect(list.filter((t) => t.isDefault)).toHaveLength(1);
    const third = (await call(dora, 'POST', '/templates', { name: 'Three' })).json() as ChartTemplate;
    await Promise.all([...list, third].map((t) => call(dora, 'PUT', `/templates/${t.id}/default`)));
    const all = ((await call(dora, 'GET', '/templates')).json() as { templates: ChartTemplate[] }).templates;
    expect(all.filter((t) => t.isDefault)).toHaveLength(1);
  });

  it('changes a template’s name, settings and indicators', async () => {
    const template = (await call(ada, 'POST', '/templates', { name: 'Mine' })).json() as ChartTemplate;
    const res = await call(ada, 'PUT', `/templates/${template.id}`, {
      name: 'Mine, renamed',
      settings: { chart_type: 'bars', up_color: '#00DF80' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Mine, renamed', settings: { chartType: 'bars', upColor: '#00DF80' } });
    expect((await call(ada, 'GET', `/templates/${template.id}`)).json()).toMatchObject({ name: 'Mine, renamed' });
  });

  it.each([
    ['a missing name', { settings: {} }, 'name', 'Name is required.'],
    ['a bad colour', { name: 'x', settings: { up_color: 'green' } }, 'settings.up_color', /hex colour/],
    ['an unknown kind', { name: 'x', kind: 'drawing' }, 'kind', 'Kind must be chart or indicators.'],
    [
      'an unknown indicator',
      { name: 'x', indicators: [{ name: 'tea-leaves' }] },
      'indicators.0.name',
      /not an indicator/,
    ],
  ])('refuses %s with a 400 naming the field', async (_case, body, field, message) => {
    expectFieldError(await call(ada, 'POST', '/templates', body), { field, message });
  });

  it('answers 404 for another user’s template on every call, and its default stays', async () => {
    const template = (await call(ada, 'POST', '/templates', { name: 'Ada’s' })).json() as ChartTemplate;
    for (const [method, url, body] of [
      ['GET', `/templates/${template.id}`],
      ['PUT', `/templates/${template.id}`, { name: 'Bob’s' }],
      ['PUT', `/templates/${template.id}/default`],
      ['DELETE', `/templates/${template.id}`],
    ] as Array<[Method, string, unknown?]>) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('TEMPLATE_NOT_FOUND');
    }
    expect((await call(ada, 'GET', `/templates/${template.id}`)).json()).toMatchObject({ name: 'Ada’s' });
  });

  it('requires a signed-in caller', async () => {
    expect((await call(null, 'GET', '/templates')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/layouts')).statusCode).toBe(401);
  });
});
