import type { TradingAccount } from '@tradedesk/contracts';
import {
  type BidAsk,
  findInstrument,
  floorVolume,
  getChallenge,
  getRuleSet,
  type Instrument,
  largestSize,
  minorUnitDigits,
  type PropState,
  phaseRules,
  positionProfit,
  type QuoteBook,
  roundToDigits,
  stopPipsFromPrice,
  stopPriceFromPips,
  whatIf,
} from '@tradedesk/core';
import { AppError } from '../../../platform/errors.js';
import { money } from './tool-kit.js';
import type { AiToolsDeps } from './tools.deps.js';

/** What bounded the size: the risk asked for, a prop rule, or the instrument's largest volume. */
export type SizeBound = 'risk' | 'daily_loss' | 'max_loss' | 'max_risk_per_trade' | 'max_lots' | 'volume_max';

export type Sizing = {
  account: { id: string; name: string; currency: string; prop: boolean };
  symbol: string;
  side: 'buy' | 'sell';
  entry: number;
  stopLoss: number;
  stopPips: number;
  riskPercent: number;
  equity: number;
  /** equity x risk%: what the trader asked to risk. */
  riskAmount: number;
  /** Loss at the stop for 1 lot, in the account currency (the server's own profit math, as the rules check it). */
  lossPerLot: number;
  /** Lots from the risk alone, before any cap. */
  riskVolume: number;
  /** The size to trade: the smallest of the caps, on the volume step; 0 when no size is within them. */
  volume: number;
  /** Loss at the stop with `volume`. */
  moneyAtRisk: number;
  boundBy: SizeBound;
  /** A plain sentence saying why the size is what it is. */
  explanation: string;
  prop: { roomLeftToday: number | null; maxLossLeft: number | null; perTradeLimit: number | null } | null;
  warnings: string[];
  volumeStep: number;
  volumeMin: number;
};

export type SizeRequest = {
  account: TradingAccount;
  symbol: string;
  side: 'buy' | 'sell';
  entry?: number | undefined;
  stopLoss?: number | undefined;
  stopPips?: number | undefined;
  riskPercent?: number | undefined;
};

const invalid = (field: string, message: string) =>
  new AppError('AI_TOOL_INVALID_ARGUMENTS', 'validation', message, { fields: [{ field, message }] });

/** Quotes of the simulated market at an instant (the rates the server's own profit math would use). */
function quoteBook(market: AiToolsDeps['market'], ms: number): QuoteBook {
  const cache = new Map<string, BidAsk | undefined>();
  return {
    get(symbol: string) {
      if (!cache.has(symbol)) {
        try {
          const q = market.quote(symbol, ms);
          cache.set(symbol, { bid: q.bid, ask: q.ask, time: ms });
        } catch {
          cache.set(symbol, undefined);
        }
      }
      return cache.get(symbol);
    },
  };
}

const BOUND_TEXT: Record<SizeBound, string> = {
  risk: 'the risk you asked for',
  daily_loss: 'the room left today before the daily loss limit',
  max_loss: 'the loss left before the maximum loss limit',
  max_risk_per_trade: 'the challenge’s largest risk per trade',
  max_lots: 'the challenge’s largest size per trade',
  volume_max: 'the instrument’s largest volume',
};

/**
 * The volume of an order from the risk (equity x risk% lost at the stop), capped by the prop challenge's room:
 * today's daily loss allowance, the maximum loss left, the per-trade risk and lot limits, and the instrument's
 * volume bounds. The loss at the stop is the server's own profit math (as the order gate checks it); commission
 * is not included, so the size stays a little under a cap rather than on it.
 */
export async function sizePosition(deps: AiToolsDeps, userId: string, nowMs: number, r: SizeRequest): Promise<Sizing> {
  const instrument: Instrument | undefined = findInstrument(r.symbol);
  if (!instrument)
    throw invalid('symbol', `${r.symbol} is not an instrument of the catalogue; use an id such as EURUSD.`);
  const account = r.account;
  const currency = account.currency;
  const quotes = quoteBook(deps.market, nowMs);
  const quote = quotes.get(instrument.id);
  if (!quote) throw invalid('symbol', `${instrument.id} has no price now.`);
  const entry = roundToDigits(r.entry ?? (r.side === 'buy' ? quote.ask : quote.bid), instrument.digits);
  let stopLoss: number;
  if (r.stopLoss !== undefined) stopLoss = roundToDigits(r.stopLoss, instrument.digits);
  else if (r.stopPips !== undefined) stopLoss = stopPriceFromPips(instrument, r.side, entry, r.stopPips, 'sl');
  else throw invalid('stop_loss', 'stop_loss (a price) or stop_pips is needed to size a position from risk.');
  const stopPips = stopPipsFromPrice(instrument, r.side, entry, stopLoss, 'sl');
  if (!(stopPips > 0)) {
    throw invalid(
      'stop_loss',
      `stop_loss must be ${r.side === 'buy' ? 'below' : 'above'} the entry (${entry}) for a ${r.side}; ${stopLoss} is not.`,
    );
  }
  const riskPercent = r.riskPercent ?? 1;
  const scale = 10 ** minorUnitDigits(currency);
  const lossPerLot = Math.max(0, -positionProfit(instrument, r.side, 1, entry, stopLoss, currency, quotes));
  const lossPerLotMinor = lossPerLot * scale;

  const goals = await deps.props.goals(userId, account.id);
  const p = goals.prop;
  let equity = p?.equity ?? null;
  if (equity === null) {
    try {
      equity = (await deps.trades.snapshotOf(await deps.accounts.owned(userId, account.id))).account.equity;
    } catch {
      equity = account.balance;
    }
  }
  const riskAmount = (equity * riskPercent) / 100;
  const step = instrument.volumeStep;
  const riskVolume = lossPerLot > 0 ? floorVolume(instrument, riskAmount / lossPerLot) : 0;

  const caps: { bound: SizeBound; lots: number }[] = [{ bound: 'risk', lots: riskVolume }];
  caps.push({ bound: 'volume_max', lots: instrument.volumeMax });
  let propInfo: Sizing['prop'] = null;
  const warnings: string[] = [];
  if (p) {
    const challenge = getChallenge(p.challengeId);
    const ruleSet = challenge ? getRuleSet(challenge.ruleSetId) : undefined;
    const rules = ruleSet ? phaseRules(ruleSet, p.phase) : null;
    const perTradeLimit =
      rules?.perTrade?.maxRiskPercent != null ? (p.balance * rules.perTrade.maxRiskPercent) / 100 : null;
    propInfo = { roomLeftToday: p.todayPermittedLoss, maxLossLeft: p.maxPermittedLoss, perTradeLimit };
    const capOf = (allowance: number | null, bound: SizeBound) => {
      if (allowance === null) return;
      caps.push({ bound, lots: largestSize(Math.floor(allowance * scale), lossPerLotMinor, step) });
    };
    capOf(p.todayPermittedLoss, 'daily_loss');
    capOf(p.maxPermittedLoss, 'max_loss');
    capOf(perTradeLimit, 'max_risk_per_trade');
    if (rules?.perTrade?.maxLots != null) caps.push({ bound: 'max_lots', lots: rules.perTrade.maxLots });
    if (ruleSet && goals.engine) {
      const lots = Math.min(...caps.map((c) => c.lots));
      const check = whatIf(ruleSet, goals.engine as unknown as PropState, {
        symbol: instrument.id,
        side: r.side,
        lots: lots > 0 ? lots : step,
        entry,
        stopLoss,
        riskMinor: Math.round((lots > 0 ? lots : step) * lossPerLotMinor),
        volumeStep: step,
        volumeMin: instrument.volumeMin,
        volumeMax: instrument.volumeMax,
      });
      // the rule engine's own warnings (paused, failed, news blackout), not the size ones this sizing answers
      for (const w of check.warnings) if (!/largest size|No size of this order/.test(w)) warnings.push(w);
    }
  }
  // the first of the smallest caps: the risk asked for wins a tie, so a size is only "capped" when a rule cut it
  let bound = caps[0]!;
  for (const c of caps) if (c.lots < bound.lots - 1e-9) bound = c;
  let volume = Math.max(0, Math.min(bound.lots, instrument.volumeMax));
  if (volume < instrument.volumeMin - 1e-9) volume = 0;
  volume = Number(volume.toFixed(8));
  const moneyAtRisk = Number((volume * lossPerLot).toFixed(2));

  const base = `Risking ${riskPercent}% of ${money(equity, currency)} (${money(riskAmount, currency)}) with the stop ${stopPips} pips away at ${stopLoss} gives ${riskVolume} lots`;
  let explanation: string;
  if (volume === 0) {
    explanation =
      bound.bound === 'risk'
        ? `${base}, below the smallest volume of ${instrument.volumeMin} lots on ${instrument.id}: no order fits this risk and stop.`
        : `${base}, but ${BOUND_TEXT[bound.bound]}${bound.bound === 'daily_loss' && p ? ` (${money(p.todayPermittedLoss, currency)})` : ''} leaves no room for even ${instrument.volumeMin} lots at this stop: no order fits within the rules.`;
  } else if (bound.bound === 'risk') {
    explanation = `${base}; that loses ${money(moneyAtRisk, currency)} at the stop${p ? ', within every rule of the challenge' : ''}.`;
  } else {
    const allowance =
      bound.bound === 'daily_loss'
        ? ` (${money(p?.todayPermittedLoss, currency)})`
        : bound.bound === 'max_loss'
          ? ` (${money(p?.maxPermittedLoss, currency)})`
          : bound.bound === 'max_risk_per_trade'
            ? ` (${money(propInfo?.perTradeLimit, currency)})`
            : bound.bound === 'max_lots' || bound.bound === 'volume_max'
              ? ` (${bound.lots} lots)`
              : '';
    explanation = `${base}, but ${BOUND_TEXT[bound.bound]}${allowance} caps it at ${volume} lots, which lose ${money(moneyAtRisk, currency)} at the stop.`;
  }
  return {
    account: { id: account.id, name: account.name, currency, prop: p !== null },
    symbol: instrument.id,
    side: r.side,
    entry,
    stopLoss,
    stopPips,
    riskPercent,
    equity,
    riskAmount: Number(riskAmount.toFixed(2)),
    lossPerLot: Number(lossPerLot.toFixed(4)),
    riskVolume,
    volume,
    moneyAtRisk,
    boundBy: bound.bound,
    explanation,
    prop: propInfo,
    warnings,
    volumeStep: step,
    volumeMin: instrument.volumeMin,
  };
}
