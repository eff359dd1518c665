import { accountFigures, type SimulatedMarket } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import type { PropService } from '../prop/prop.service.js';
import { basicsOf } from '../trading/broker.engine.js';
import { openPositionOf, quotesAt } from '../trading/broker.mapping.js';
import type { TradingModule } from '../trading/trading.plugin.js';
import type { AlertAccountFigures } from './alerts.evaluator.js';

/**
 * Account figures for account alerts from the trading module (equity and margin level of the account at the
 * simulated market's quotes of now, as the trading job works them out) and the prop module (today's daily loss
 * allowance and the loss still permitted, for accounts with a challenge).
 */
export function alertAccountFigures(deps: {
  orders: TradingModule['orders'];
  props: Pick<PropService, 'goals'>;
  market: SimulatedMarket;
  clock: Clock;
}): AlertAccountFigures {
  return {
    async figures(userId, accountId) {
      const held = await deps.orders.holdings(accountId);
      if (!held || held.account.userId !== userId) return undefined;
      const quotes = quotesAt(deps.market, deps.clock.now().getTime());
      const core = accountFigures(basicsOf(held.account), held.positions.map(openPositionOf), quotes);
      let dailyLossLimit: number | null = null;
      let todayPermittedLoss: number | null = null;
      try {
        const goals = await deps.props.goals(userId, accountId);
        dailyLossLimit = goals.prop?.dailyLossLimit ?? null;
        todayPermittedLoss = goals.prop?.todayPermittedLoss ?? null;
      } catch {
        // an account without a challenge (or gone): no daily loss rule
      }
      return {
        currency: held.account.currency,
        equity: core.equity,
        marginLevel: core.marginLevel,
        dailyLossLimit,
        todayPermittedLoss,
      };
    },
  };
}
