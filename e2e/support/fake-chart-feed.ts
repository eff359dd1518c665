import type { Page, Route } from '@playwright/test';

/**
 * A stand-in for the market feed and the drawings API, for running the chart spec on a branch where those
 * server routes have not landed yet (E2E_CHART_FAKE_FEED=1). It answers in the documented shapes:
 * GET /api/middleware/feed/historical (a deterministic walk of bars, labelled simulated) and CRUD /api/drawings
 * (kept in memory for the test, so a reload finds them). Without the variable the spec uses the real server.
 */
export async function fakeChartFeed(page: Page): Promise<void> {
  const drawings = new Map<string, Record<string, unknown>>();
  let next = 1;
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: body === undefined ? '' : JSON.stringify(body) });

  await page.route('**/api/middleware/feed/historical?**', (route) => {
    const url = new URL(route.request().url());
    const tf = url.searchParams.get('timeframe') ?? '15m';
    const seconds =
      {
        '1m': 60,
        '5m': 300,
        '15m': 900,
        '30m': 1800,
        '1h': 3600,
        '4h': 14_400,
        '1D': 86_400,
        '1W': 604_800,
        '1M': 2_592_000,
      }[tf] ?? 900;
    const limit = Number(url.searchParams.get('limit') ?? 500);
    const start = url.searchParams.get('start_time');
    const now = Math.floor(Date.UTC(2026, 10, 20, 16, 0) / 1000);
    const last = Math.floor(now / seconds) * seconds;
    const first = start ? Math.ceil(Number(start) / seconds) * seconds : last - (limit - 1) * seconds;
    const candles = [];
    for (let t = first; t <= last && candles.length < limit; t += seconds) {
      const k = t / seconds;
      const mid = 1.08 + 0.01 * Math.sin(k / 40) + 0.004 * Math.sin(k / 7);
      const open = mid + 0.0006 * Math.sin(k * 1.3);
      const close = mid + 0.0006 * Math.cos(k * 0.9);
      candles.push({
        time: t,
        open: +open.toFixed(5),
        high: +(Math.max(open, close) + 0.0004 + 0.0003 * Math.abs(Math.sin(k))).toFixed(5),
        low: +(Math.min(open, close) - 0.0004 - 0.0003 * Math.abs(Math.cos(k))).toFixed(5),
        close: +close.toFixed(5),
        volume: Math.round(500 + 400 * Math.abs(Math.sin(k / 3))),
      });
    }
    return json(route, 200, { symbol: url.searchParams.get('symbol'), timeframe: tf, simulated: true, candles });
  });

  await page.route('**/api/drawings**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const id = url.pathname.split('/api/drawings/')[1];
    if (request.method() === 'GET' && !id) {
      const symbol = url.searchParams.get('symbol');
      return json(route, 200, { drawings: [...drawings.values()].filter((d) => d.symbol === symbol) });
    }
    if (request.method() === 'POST') {
      const body = request.postDataJSON() as Record<string, unknown>;
      const saved = { ...body, id: `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`, chartId: null };
      drawings.set(saved.id, saved);
      return json(route, 201, saved);
    }
    if (request.method() === 'PUT' && id) {
      const saved = { ...(request.postDataJSON() as Record<string, unknown>), id, chartId: null };
      drawings.set(id, saved);
      return json(route, 200, saved);
    }
    if (request.method() === 'DELETE' && id) {
      drawings.delete(id);
      return route.fulfill({ status: 204 });
    }
    return json(route, 404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
}
