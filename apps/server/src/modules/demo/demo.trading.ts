import type { TradingPosition } from '@tradedesk/contracts';
import { getInstrument, type SimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { AccountsService } from '../trading/accounts.service.js';
import type { OrdersService } from '../trading/orders.service.js';
import type { UsersService } from '../users/users.service.js';
import { DEMO_USER } from './demo.seed.js';

/** The demo account's name. */
export const DEMO_ACCOUNT_NAME = 'Demo virtual account';

/**
 * The demo strategy, a plain intraday trend rule: on each weekday of the last four weeks, at 10:00 UTC, each of
 * these instruments is bought when its last closed hourly bar is above the average of the 20 before it (sold
 * when below). The trader closes it by hand at the first minute it is the given pips against them (their mental
 * stop) or in their favour (their target), else at 16:00 UTC. No stop or target is left on the historical
 * positions, so the trigger job, which may already run, never acts on a replayed one.
 */
export const DEMO_STRATEGY = {
  days: 28,
  openHourUtc: 10,
  closeHourUtc: 16,
  averageBars: 20,
  instruments: [
    { symbol: 'EURUSD', size: 1, stopPips: 25, targetPips: 40 },
    { symbol: 'XAUUSD', size: 0.5, stopPips: 150, targetPips: 250 },
    { symbol: 'US500', size: 2, stopPips: 200, targetPips: 300 },
  ],
  /** Open at the end of the seed, with a stop and a target, on instruments that trade every day. */
  open: [
    { symbol: 'BTCUSD', side: 'buy' as const, size: 0.2, stopPips: 1500, targetPips: 3000 },
    { symbol: 'ETHUSD', side: 'sell' as const, size: 2, stopPips: 800, targetPips: 1600 },
  ],
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A clock the seed moves through the weeks it replays. */
function replayClock(startMs: number) {
  let at = startMs;
  const clock: Clock = { now: () => new Date(at) };
  return {
    clock,
    set(ms: number) {
      at = ms;
    },
  };
}

/** Side of the demo rule for an instrument at a moment: above its average buys, below sells. */
export function trendSide(market: SimulatedMarket, symbol: string, atMs: number, bars: number): 'buy' | 'sell' | null {
  const closed = market.candles(symbol, '1h', { to: Math.floor(atMs / 1000), limit: bars + 1, asOfMs: atMs });
  if (closed.length < bars + 1) return null;
  const last = closed[closed.length - 1]!.close;
  const average = closed.slice(0, bars).reduce((sum, c) => sum + c.close, 0) / bars;
  return last >= average ? 'buy' : 'sell';
}

/**
 * On first start, gives the demo user a virtual account with about four weeks of closed trades and two open
 * positions. Nothing is typed in: the trades are the virtual broker's own fills of the demo strategy, replayed
 * through the same order service on a clock that walks through the simulated market's history, so prices,
 * commissions and the balance are what the engine books.
 */
export async function seedTradingDemo(deps: {
  users: UsersService;
  market: SimulatedMarket;
  /** The trading services built on the given clock (the replay's), sharing the app's database and bus. */
  servicesOn(clock: Clock): { accounts: AccountsService; orders: OrdersService };
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const user = await deps.users.findByEmail(DEMO_USER.email);
  if (!user) return false;
  const nowMs = deps.now().getTime();
  const startMs = Math.floor((nowMs - DEMO_STRATEGY.days * DAY_MS) / DAY_MS) * DAY_MS;
  const replay = replayClock(startMs);
  const { accounts, orders } = deps.servicesOn(replay.clock);
  const existing = await accounts.list(user.id, 'all');
  // Made only while the demo user has no trading account at all, as the other demo parts (restarts add nothing).
  if (existing.length > 0) return false;

  const account = await accounts.create(user.id, {
    kind: 'virtual',
    name: DEMO_ACCOUNT_NAME,
    type: 'demo',
    currency: 'USD',
    starting_balance: 100_000,
    custom_balance: false,
    leverage: 100,
    margin_mode: 'hedging',
  });
  const token = account.token;
  let trades = 0;

  for (let day = startMs; day + DAY_MS <= nowMs; day += DAY_MS) {
    const openMs = day + DEMO_STRATEGY.openHourUtc * HOUR_MS;
    const closeMs = day + DEMO_STRATEGY.closeHourUtc * HOUR_MS;
    for (const rule of DEMO_STRATEGY.instruments) {
      if (!deps.market.sessionStatus(rule.symbol, openMs).open) continue;
      if (!deps.market.sessionStatus(rule.symbol, closeMs).open) continue;
      const side = trendSide(deps.market, rule.symbol, openMs, DEMO_STRATEGY.averageBars);
      if (!side) continue;
      replay.set(openMs);
      const placed = await orders.place(user.id, token, {
        symbol: rule.symbol,
        side,
        type: 'market',
        size: rule.size,
        expiry: 'gtc',
      });
      const position = (placed.body as { position: Pick<TradingPosition, 'id' | 'openPrice'> | null }).position;
      if (!position) continue;
      trades += 1;
      const pip = getInstrument(rule.symbol).pipSize;
      const direction = side === 'buy' ? 1 : -1;
      const stop = position.openPrice - direction * rule.stopPips * pip;
      const target = position.openPrice + direction * rule.targetPips * pip;
      // The first minute in the window at the stop or the target (valued at the bid for a long, the ask for a
      // short, as a close would be), else the window's end.
      let exitMs = closeMs;
      for (let m = openMs + 60_000; m < closeMs; m += 60_000) {
        const q = deps.market.quote(rule.symbol, m);
        const price = side === 'buy' ? q.bid : q.ask;
        if ((price - stop) * direction <= 0 || (price - target) * direction >= 0) {
          exitMs = m;
          break;
        }
      }
      replay.set(exitMs);
      await orders.close(user.id, token, position.id);
    }
  }

  replay.set(nowMs);
  for (const open of DEMO_STRATEGY.open) {
    if (!deps.market.sessionStatus(open.symbol, nowMs).open) continue;
    await orders.place(user.id, token, {
      symbol: open.symbol,
      side: open.side,
      type: 'market',
      size: open.size,
      stop_loss_pips: open.stopPips,
      take_profit_pips: open.targetPips,
      expiry: 'gtc',
    });
  }
  deps.log.info(`demo trading account created with ${trades} replayed trades`);
  return true;
}
