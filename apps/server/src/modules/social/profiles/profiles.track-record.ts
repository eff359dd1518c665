import {
  type MetricsOverview,
  type MetricsQuery,
  metricsQuerySchema,
  type TrackRecord,
  type TradingAccount,
} from '@tradedesk/contracts';
import { minorUnitDigits } from '@tradedesk/core';
import type { Clock } from '../../../platform/clock.js';

/** What the track record reads of an account: the trading accounts service's `get` (throws 404 when not the user's). */
export type TrackRecordAccounts = {
  get(
    userId: string,
    id: string,
  ): Promise<
    Pick<TradingAccount, 'id' | 'name' | 'kind' | 'propFirm' | 'currency' | 'startingBalance' | 'balance' | 'created'>
  >;
};

/** What it reads of the metrics engine: the metrics service's `metrics` (GET /trading/metrics/{accountID}). */
export type TrackRecordMetrics = {
  metrics(
    userId: string,
    accountId: string,
    query: MetricsQuery,
  ): Promise<{
    overview: Pick<
      MetricsOverview,
      'count' | 'net' | 'winRate' | 'profitFactor' | 'averageR' | 'maxDrawdown' | 'returnPercent'
    >;
  }>;
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A published track record: the account's figures as the metrics engine computes them now, over all of its
 * closed trades. Nothing is stored but the account's id.
 */
export function createTrackRecords(deps: { accounts: TrackRecordAccounts; metrics: TrackRecordMetrics; clock: Clock }) {
  return {
    async compute(userId: string, accountId: string): Promise<TrackRecord> {
      const account = await deps.accounts.get(userId, accountId);
      const { overview } = await deps.metrics.metrics(userId, accountId, metricsQuerySchema.parse({}));
      const digits = minorUnitDigits(account.currency);
      return {
        accountId: account.id,
        accountName: account.name,
        accountKind: account.propFirm ? 'prop' : account.kind,
        firm: account.propFirm?.firmName ?? null,
        phase: account.propFirm?.phaseName ?? null,
        currency: account.currency,
        startingBalance: account.startingBalance,
        balance: account.balance,
        netProfit: round(overview.net, digits),
        returnPct: overview.returnPercent === null ? 0 : round(overview.returnPercent, 2),
        trades: overview.count,
        winRate: overview.winRate,
        profitFactor: overview.profitFactor,
        maxDrawdownPct: overview.count > 0 ? overview.maxDrawdown.percent : null,
        averageR: overview.averageR,
        since: account.created,
        computedAt: deps.clock.now().toISOString(),
        verified: true,
      };
    },
  };
}
export type TrackRecords = ReturnType<typeof createTrackRecords>;
