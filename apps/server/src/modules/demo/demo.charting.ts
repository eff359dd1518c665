import type { CreateDrawingBody, WatchlistSymbolBody } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { ChartsService } from '../charts/charts.service.js';
import type { DrawingsService } from '../charts/drawings.service.js';
import type { LayoutsService } from '../charts/layouts.service.js';
import type { TemplatesService } from '../charts/templates.service.js';
import type { UsersService } from '../users/users.service.js';
import type { WatchlistsService } from '../watchlists/watchlists.service.js';
import { DEMO_USER } from './demo.seed.js';

/** About ten instruments across every asset class. */
export const DEMO_WATCHLIST: readonly WatchlistSymbolBody[] = [
  { source: 'FOREX', ticker: 'EURUSD' },
  { source: 'FOREX', ticker: 'GBPUSD' },
  { source: 'FOREX', ticker: 'USDJPY' },
  { source: 'COMMODITIES', ticker: 'XAUUSD' },
  { source: 'COMMODITIES', ticker: 'USOIL' },
  { source: 'INDICES', ticker: 'US500' },
  { source: 'INDICES', ticker: 'US100' },
  { source: 'STOCKS', ticker: 'AAPL' },
  { source: 'STOCKS', ticker: 'NVDA' },
  { source: 'CRYPTO', ticker: 'BTCUSD' },
  { source: 'CRYPTO', ticker: 'ETHUSD' },
];

let inProcess: Promise<void> = Promise.resolve();

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so API processes starting together on one empty database
 * seed the demo workspace once. PGlite lives in one process: there, seedings run one after the other.
 */
export async function withSeedLock<T>(pool: pg.Pool | undefined, fn: () => Promise<T>): Promise<T> {
  if (!pool) {
    const run = inProcess.then(fn);
    inProcess = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended('tradedesk:demo-seed', 0))");
    try {
      return await fn();
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended('tradedesk:demo-seed', 0))");
    }
  } finally {
    client.release();
  }
}

type Deps = {
  users: UsersService;
  charts: ChartsService;
  drawings: DrawingsService;
  layouts: LayoutsService;
  templates: TemplatesService;
  watchlists: WatchlistsService;
  now: () => Date;
  log: FastifyBaseLogger;
};

/**
 * The demo user's charting workspace: a default watchlist, a saved EURUSD 15m chart with RSI, Bollinger Bands
 * and a trend line, a rectangle and a long position drawn on the simulated market's recent bars, a 2-chart
 * layout and a default chart template. Each part is made only while the demo user has none of its kind, so
 * running it again (every start with SEED_DEMO) adds nothing.
 */
export async function seedChartingDemo(deps: Deps): Promise<void> {
  const user = await deps.users.findByEmail(DEMO_USER.email);
  if (!user) return;
  const userId = user.id;
  const made: string[] = [];

  if ((await deps.templates.list(userId, 'chart')).length === 0) {
    await deps.templates.create(userId, {
      name: 'TradeDesk dark',
      kind: 'chart',
      settings: {
        chart_type: 'candles',
        show_volume: true,
        show_grid: true,
        background_color: '#101014',
        text_color: '#D1D4DC',
        grid_color: '#1E222D',
        up_color: '#00DF80',
        down_color: '#F23645',
        wick_up_color: '#00DF80',
        wick_down_color: '#F23645',
        border_up_color: '#00DF80',
        border_down_color: '#F23645',
      },
      indicators: [],
    });
    made.push('template');
  }

  if ((await deps.watchlists.list(userId)).length === 0) {
    await deps.watchlists.create(userId, { name: 'Markets', symbols: [...DEMO_WATCHLIST] });
    made.push('watchlist');
  }

  let charts = await deps.charts.list(userId);
  if (charts.length === 0) {
    const chart = await deps.charts.create(userId, {
      name: 'EURUSD 15m',
      symbol: 'EURUSD',
      source: 'FOREX',
      timeframe: '15m',
      indicators: [
        { id: 'rsi-demo', name: 'rsi', settings: { period: 14 }, visible: true },
        { id: 'bb-demo', name: 'bollinger', visible: true },
      ],
    });
    for (const drawing of demoDrawings(chart.id, deps.now())) await deps.drawings.create(userId, drawing);
    charts = [chart];
    made.push('chart');
  }

  if ((await deps.layouts.list(userId)).length === 0) {
    const eurusd = charts.find((c) => c.symbol === 'EURUSD');
    await deps.layouts.create(userId, {
      name: 'EURUSD and gold',
      count: 2,
      direction: 'horizontal',
      charts: [
        { chart_id: eurusd?.id ?? null, symbol: 'EURUSD', timeframe: '15m' },
        { symbol: 'XAUUSD', timeframe: '1h' },
      ],
      sync: { crosshair: true, time: true },
    });
    made.push('layout');
  }

  if (made.length > 0) deps.log.info(`demo charting data created: ${made.join(', ')}`);
}

/** A trend line, a rectangle and a long position placed on the simulated EURUSD 15m bars before `now`. */
export function demoDrawings(chartId: string, now: Date): CreateDrawingBody[] {
  const bars = createSimulatedMarket().candles('EURUSD', '15m', { limit: 100, asOfMs: now.getTime() });
  const at = (n: number) => bars[Math.max(0, bars.length + n)]!;
  const last = at(-1);
  const box = bars.slice(-60, -40);
  const high = Math.max(...box.map((b) => b.high));
  const low = Math.min(...box.map((b) => b.low));
  const round = (p: number) => Math.round(p * 1e5) / 1e5;
  const base = { chart_id: chartId, symbol: 'EURUSD', locked: false, hidden: false } as const;
  return [
    {
      ...base,
      tool: 'trend_line',
      points: [
        { time: at(-80).time, price: at(-80).low },
        { time: at(-20).time, price: at(-20).low },
      ],
      style: { color: '#2962FF', line_width: 2 },
    },
    {
      ...base,
      tool: 'rectangle',
      points: [
        { time: box[0]!.time, price: high },
        { time: box[box.length - 1]!.time, price: low },
      ],
      style: { color: '#8861E4', fill_color: '#8861E433' },
    },
    {
      ...base,
      tool: 'long_position',
      points: [
        { time: last.time, price: last.close },
        { time: last.time + 20 * 900, price: round(last.close - 0.002) },
        { time: last.time + 20 * 900, price: round(last.close + 0.004) },
      ],
      style: { show_labels: true },
    },
  ];
}
