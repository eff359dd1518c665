import type { TradingAccount, TradingPosition } from '@tradedesk/contracts';
import { getInstrument, type SimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { AccountsService } from '../trading/accounts.service.js';
import type { OrdersService } from '../trading/orders.service.js';
import type { UsersService } from '../users/users.service.js';
import { DEMO_USER } from './demo.seed.js';
import { trendSide } from './demo.trading.js';

/** The demo challenge account's name. */
export const DEMO_PROP_ACCOUNT_NAME = 'Demo two-step challenge';

/**
 * The demo challenge: phase 1 of the two-step evaluation (10 % target, 5 % a day, 10 % in all, 4 trading days),
 * 100,000 USD, traded for three weeks by a careful intraday rule: on each weekday at 09:00 UTC, EURUSD and
 * GBPUSD are bought when the last closed hourly bar is above the average of the 20 before it (sold below), and
 * closed by hand at a stop or a target in pips, else at 15:00 UTC. The trader
 * keeps room: no new trade once the balance is 4 % below the start (well inside the maximum loss) or 7 % above
 * it (short of the target, so the phase is still running).
 */
export const DEMO_PROP_STRATEGY = {
  firm: 'two-step-evaluation',
  challenge: 'two-step-evaluation-standard',
  size: 100_000,
  days: 21,
  openHourUtc: 9,
  closeHourUtc: 15,
  averageBars: 20,
  stopBelowPercent: 4,
  stopAbovePercent: 7,
  instruments: [
    { symbol: 'EURUSD', size: 5, stopPips: 20, targetPips: 30 },
    { symbol: 'GBPUSD', size: 4, stopPips: 25, targetPips: 35 },
  ],
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * On first start, gives the demo user a prop-firm challenge account in phase 1 with three weeks of trades. As
 * with the demo virtual account, nothing is typed in: the trades are the virtual broker's fills of the rule
 * above, replayed through the order service on a clock that walks through the simulated market, and the
 * challenge's rules are evaluated by the leader's job from those deals.
 */
export async function seedPropDemo(deps: {
  users: UsersService;
  market: SimulatedMarket;
  servicesOn(clock: Clock): { accounts: AccountsService; orders: OrdersService };
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const user = await deps.users.findByEmail(DEMO_USER.email);
  if (!user) return false;
  const nowMs = deps.now().getTime();
  const plan = DEMO_PROP_STRATEGY;
  const startMs = Math.floor((nowMs - plan.days * DAY_MS) / DAY_MS) * DAY_MS;
  let at = startMs;
  const { accounts, orders } = deps.servicesOn({ now: () => new Date(at) });
  const existing = await accounts.list(user.id, 'all');
  if (existing.some((a) => a.name === DEMO_PROP_ACCOUNT_NAME)) return false;

  const account: TradingAccount = await accounts.create(user.id, {
    kind: 'prop',
    name: DEMO_PROP_ACCOUNT_NAME,
    firm: plan.firm,
    challenge: plan.challenge,
    phase: 'phase_1',
    currency: 'USD',
    size: plan.size,
  });
  const low = plan.size * (1 - plan.stopBelowPercent / 100);
  const high = plan.size * (1 + plan.stopAbovePercent / 100);
  let trades = 0;

  for (let day = startMs; day + DAY_MS <= nowMs; day += DAY_MS) {
    const openMs = day + plan.openHourUtc * HOUR_MS;
    const closeMs = day + plan.closeHourUtc * HOUR_MS;
    for (const rule of plan.instruments) {
      if (!deps.market.sessionStatus(rule.symbol, openMs).open) continue;
      if (!deps.market.sessionStatus(rule.symbol, closeMs).open) continue;
      const balance = (await accounts.get(user.id, account.id)).balance;
      if (balance <= low || balance >= high) continue;
      const side = trendSide(deps.market, rule.symbol, openMs, plan.averageBars);
      if (!side) continue;
      at = openMs;
      const placed = await orders.place(user.id, account.token, {
        symbol: rule.symbol,
        side,
        type: 'market',
        size: rule.size,
        expiry: 'gtc',
      });
      const position = (placed.body as { position: Pick<TradingPosition, 'id' | 'openPrice'> | null }).position;
      if (!position) continue;
      trades += 1;
      // The trader's mental stop and target (none is left on the position, so the trigger job, which may already
      // run, never acts on a replayed one): closed by hand at the first minute the closing price reaches either,
      // else at 15:00 UTC.
      const pip = getInstrument(rule.symbol).pipSize;
      const direction = side === 'buy' ? 1 : -1;
      const stop = position.openPrice - direction * rule.stopPips * pip;
      const target = position.openPrice + direction * rule.targetPips * pip;
      let exitMs = closeMs;
      for (let m = openMs + 60_000; m < closeMs; m += 60_000) {
        const q = deps.market.quote(rule.symbol, m);
        const price = side === 'buy' ? q.bid : q.ask;
        if ((price - stop) * direction <= 0 || (price - target) * direction >= 0) {
          exitMs = m;
          break;
        }
      }
      at = exitMs;
      await orders.close(user.id, account.token, position.id);
    }
  }
  deps.log.info(`demo challenge account created with ${trades} replayed trades`);
  return true;
}
