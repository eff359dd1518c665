import type { ChartFetch, ChartList, ChartTemplateList, LayoutList, WatchlistList } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { DEMO_USER } from './demo.seed.js';

describe('demo data', () => {
  it('creates the README demo user on an empty database, once, and it can sign in at once', async () => {
    const first = await createTestApp({ config: { seedDemo: true } });
    const second = await createTestApp({ config: { seedDemo: true }, database: first.database });
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ status: 'signed_in', user: { username: 'demo', status: 'active' } });
    const taken = await second.app.inject({ method: 'GET', url: '/api/profile/username/demo' });
    expect(taken.json()).toEqual({ username: 'demo', available: false });
  });

  it('gives the demo user a charting workspace, once: watchlist, chart with indicators and drawings, layout, template', async () => {
    const clock = createManualClock('2026-03-04T14:07:00Z');
    const first = await createTestApp({ config: { seedDemo: true }, build: { clock } });
    // a second start on the same database adds nothing
    const { app } = await createTestApp({ config: { seedDemo: true }, build: { clock }, database: first.database });
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
    });
    const headers = { authorization: `Bearer ${login.json().tokens.accessToken}` };
    const get = async <T>(url: string) => (await app.inject({ method: 'GET', url: `/api${url}`, headers })).json() as T;

    const { watchlists } = await get<WatchlistList>('/watchlist');
    expect(watchlists).toHaveLength(1);
    expect(watchlists[0]).toMatchObject({ isDefault: true });
    expect(watchlists[0]?.symbols.length).toBeGreaterThanOrEqual(10);
    expect(new Set(watchlists[0]?.symbols.map((s) => s.source))).toEqual(
      new Set(['FOREX', 'COMMODITIES', 'INDICES', 'STOCKS', 'CRYPTO']),
    );

    const { charts } = await get<ChartList>('/charts');
    expect(charts).toHaveLength(1);
    const chart = charts[0]!;
    expect(chart).toMatchObject({ symbol: 'EURUSD', source: 'FOREX', timeframe: '15m' });
    expect(chart.indicators.map((i) => i.name)).toEqual(['rsi', 'bollinger']);
    const opened = await get<ChartFetch>(`/charts/${chart.id}/fetch`);
    expect(opened.drawings.map((d) => d.tool)).toEqual(['trend_line', 'rectangle', 'long_position']);
    expect(opened.template).toMatchObject({ isDefault: true, kind: 'chart' });
    // the drawings sit on the simulated bars before "now"
    const lastBar = Math.floor(clock.now().getTime() / 1000 / 900) * 900;
    expect(opened.drawings[2]?.points[0]?.time).toBeLessThanOrEqual(lastBar);

    const { layouts } = await get<LayoutList>('/layouts');
    expect(layouts).toHaveLength(1);
    expect(layouts[0]).toMatchObject({
      count: 2,
      charts: [{ chartId: chart.id, symbol: 'EURUSD' }, { symbol: 'XAUUSD' }],
    });
    const { templates } = await get<ChartTemplateList>('/templates');
    expect(templates.filter((t) => t.isDefault)).toHaveLength(1);
  });

  it('is seeded once when two processes start together on one database', async () => {
    const { database } = await createTestDatabase();
    const apps = await Promise.all([1, 2].map(() => createTestApp({ config: { seedDemo: true }, database })));
    const app = apps[0]!.app;
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
    });
    const headers = { authorization: `Bearer ${login.json().tokens.accessToken}` };
    for (const [url, key] of [
      ['/api/watchlist', 'watchlists'],
      ['/api/charts', 'charts'],
      ['/api/layouts', 'layouts'],
      ['/api/templates', 'templates'],
    ] as const) {
      const list = (await app.inject({ method: 'GET', url, headers })).json()[key] as unknown[];
      expect(list, url).toHaveLength(1);
    }
  });

  it('is not created when SEED_DEMO is off', async () => {
    const { app } = await createTestApp({ config: { seedDemo: false } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(401);
  });
});
