import {
  DEFAULT_ORDER_SIZE,
  DEFAULT_RISK_PERCENT,
  type Instrument,
  lotsForRisk,
  marginRequired,
  type OrderIssue,
  pipValue,
  type QuoteBook,
  type ResolvedStop,
  resolveStop,
  type StopLock,
  validateOrder,
} from '@tradedesk/core';
import type { OrderRequest } from '../trading-api';

export type TicketSide = 'buy' | 'sell';
export type TicketType = 'market' | 'limit' | 'stop' | 'stop_limit';
export type SizeMode = 'lots' | 'risk';

/** A stop (SL or TP) as typed: one figure, and whether it is a price or pips (the lock). */
export type StopInput = { value: string; lock: StopLock };

/** What the trader typed in the ticket; numbers stay text until read. */
export type TicketValues = {
  side: TicketSide;
  type: TicketType;
  sizeMode: SizeMode;
  lots: string;
  riskPercent: string;
  triggerPrice: string;
  limitPrice: string;
  stopLoss: StopInput;
  takeProfit: StopInput;
  expiry: 'gtc' | 'day';
};

/** Spec section 2: the active order tab is limit by default; size 1 lot, risk 0.1% (section 9). */
export function defaultTicketValues(side: TicketSide = 'buy', type: TicketType = 'limit'): TicketValues {
  return {
    side,
    type,
    sizeMode: 'lots',
    lots: String(DEFAULT_ORDER_SIZE),
    riskPercent: String(DEFAULT_RISK_PERCENT),
    triggerPrice: '',
    limitPrice: '',
    stopLoss: { value: '', lock: 'pips' },
    takeProfit: { value: '', lock: 'pips' },
    expiry: 'gtc',
  };
}

/**
 * A ticket opened from elsewhere (the buy/sell widget, an order the AI assistant drafted): the side and type, and
 * optionally the lots, the stops as prices and the entry of a pending order. Only the ticket sends an order.
 */
export type TicketPrefillValues = {
  side: TicketSide;
  type?: TicketType;
  volume?: string;
  stopLoss?: string;
  takeProfit?: string;
  entry?: string;
};

/** The ticket's values with a prefill applied: given stops are prices (locked by price), given lots size by lots. */
export function applyPrefill(values: TicketValues, prefill: TicketPrefillValues): TicketValues {
  const type = prefill.type ?? values.type;
  const next: TicketValues = { ...values, side: prefill.side, type };
  if (prefill.volume && readNumber(prefill.volume) !== null) {
    next.sizeMode = 'lots';
    next.lots = prefill.volume;
  }
  if (prefill.stopLoss && readNumber(prefill.stopLoss) !== null)
    next.stopLoss = { value: prefill.stopLoss, lock: 'price' };
  if (prefill.takeProfit && readNumber(prefill.takeProfit) !== null)
    next.takeProfit = { value: prefill.takeProfit, lock: 'price' };
  if (prefill.entry && readNumber(prefill.entry) !== null) {
    if (type === 'stop' || type === 'stop_limit') next.triggerPrice = prefill.entry;
    if (type === 'limit' || type === 'stop_limit') next.limitPrice = prefill.entry;
  }
  return next;
}

export type TicketAccount = { equity: number; currency: string; leverage: number; freeMargin: number };

export type TicketPreview = {
  /** Price the order is expected to fill at (ask or bid for a market order). */
  entry: number | null;
  lots: number | null;
  stopLoss: ResolvedStop | null;
  takeProfit: ResolvedStop | null;
  /** Value of one pip for the order's lots, in the account currency. */
  pipValue: number | null;
  moneyAtRisk: number | null;
  reward: number | null;
  /** Reward per unit of risk (2 means 1:2). */
  riskReward: number | null;
  margin: number | null;
  /** Problems that keep the order from being sent, each naming the field the ticket shows it under. */
  issues: OrderIssue[];
};

/** A decimal typed by a person: commas as decimal points are accepted; blank or unreadable is null. */
export function readNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '' || !/^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function stopFields(input: StopInput): { price: number | null; pips: number | null } {
  const n = readNumber(input.value);
  return input.lock === 'price' ? { price: n, pips: null } : { price: null, pips: n };
}

function entryOf(values: TicketValues, quote: { bid: number; ask: number }): number | null {
  if (values.type === 'market') return values.side === 'buy' ? quote.ask : quote.bid;
  if (values.type === 'stop') return readNumber(values.triggerPrice);
  return readNumber(values.limitPrice);
}

/**
 * The ticket's figures before sending, all from packages/core: SL and TP resolved with their lock
 * (resolveStop), lots typed or sized from the risk % (lotsForRisk), pip value, money at risk and reward at the
 * stops, risk:reward and margin required (marginRequired, at the account's leverage); `issues` from
 * validateOrder plus the ticket's own reading problems. A conversion quote not received yet leaves the money
 * figures null.
 */
export function ticketPreview(input: {
  values: TicketValues;
  instrument: Instrument;
  quote: { bid: number; ask: number; open?: boolean };
  quotes: QuoteBook;
  account: TicketAccount | null;
  nowMs: number;
}): TicketPreview {
  const { values, instrument, quote, quotes, account, nowMs } = input;
  const issues: OrderIssue[] = [];
  const entry = entryOf(values, quote);
  const sl = stopFields(values.stopLoss);
  const tp = stopFields(values.takeProfit);
  if (values.stopLoss.value.trim() !== '' && sl.price === null && sl.pips === null)
    issues.push({ field: 'stopLoss', message: 'Stop loss must be a number.' });
  if (values.takeProfit.value.trim() !== '' && tp.price === null && tp.pips === null)
    issues.push({ field: 'takeProfit', message: 'Take profit must be a number.' });
  if (values.type !== 'market' && values.type !== 'stop' && readNumber(values.limitPrice) === null)
    issues.push({ field: 'limitPrice', message: 'Limit price is required for a limit order.' });
  if ((values.type === 'stop' || values.type === 'stop_limit') && readNumber(values.triggerPrice) === null)
    issues.push({ field: 'triggerPrice', message: 'Trigger price is required for a stop order.' });

  const stopLoss =
    entry === null ? null : resolveStop(instrument, values.side, entry, 'sl', sl.price, sl.pips, values.stopLoss.lock);
  const takeProfit =
    entry === null
      ? null
      : resolveStop(instrument, values.side, entry, 'tp', tp.price, tp.pips, values.takeProfit.lock);

  let lots: number | null = null;
  let perLotPip: number | null = null;
  try {
    perLotPip = pipValue(instrument, account?.currency ?? instrument.profitCurrency, quotes, 1);
  } catch {
    perLotPip = null;
  }
  if (values.sizeMode === 'lots') {
    lots = readNumber(values.lots);
    if (lots === null) issues.push({ field: 'volume', message: 'Size must be a number of lots.' });
  } else {
    const risk = readNumber(values.riskPercent);
    if (risk === null) issues.push({ field: 'riskPercentage', message: 'Risk must be a percentage of equity.' });
    else if (!stopLoss)
      issues.push({ field: 'stopLoss', message: 'A stop loss is needed to size the order from risk.' });
    else if (account && perLotPip !== null) {
      const sized = lotsForRisk({
        instrument,
        equity: account.equity,
        riskPercent: risk,
        stopLossPips: stopLoss.pips,
        accountCurrency: account.currency,
        quotes,
      });
      if (sized.ok) lots = sized.lots;
      else issues.push({ field: sized.field, message: sized.message });
    }
  }

  if (entry !== null && lots !== null && issues.length === 0) {
    const check = validateOrder(
      {
        symbol: instrument.id,
        side: values.side,
        type: values.type,
        volume: lots,
        triggerPrice: readNumber(values.triggerPrice),
        limitPrice: readNumber(values.limitPrice),
        stopLoss: sl.price,
        takeProfit: tp.price,
        stopLossPips: sl.pips,
        takeProfitPips: tp.pips,
        stopLossLock: values.stopLoss.lock,
        takeProfitLock: values.takeProfit.lock,
        expiry: { kind: values.expiry },
      },
      { instrument, quote, nowMs },
    );
    if (!check.ok) issues.push(...check.issues);
  }

  const pip = perLotPip !== null && lots !== null ? perLotPip * lots : null;
  const moneyAtRisk = pip !== null && stopLoss ? stopLoss.pips * pip : null;
  const reward = pip !== null && takeProfit ? takeProfit.pips * pip : null;
  let margin: number | null = null;
  if (entry !== null && lots !== null && account) {
    try {
      margin = marginRequired(instrument, values.side, lots, entry, account.currency, quotes, account.leverage).amount;
    } catch {
      margin = null;
    }
  }
  return {
    entry,
    lots,
    stopLoss,
    takeProfit,
    pipValue: pip,
    moneyAtRisk,
    reward,
    riskReward: moneyAtRisk !== null && reward !== null && moneyAtRisk > 0 ? reward / moneyAtRisk : null,
    margin,
    issues,
  };
}

/** The order the ticket sends: the lots shown, each stop by its locked figure, the price seen for a market order. */
export function orderRequestOf(values: TicketValues, instrument: Instrument, preview: TicketPreview): OrderRequest {
  const request: OrderRequest = {
    symbol: instrument.id,
    side: values.side,
    type: values.type,
    size: preview.lots ?? undefined,
  };
  if (values.type === 'stop' || values.type === 'stop_limit') request.triggerPrice = readNumber(values.triggerPrice);
  if (values.type === 'limit' || values.type === 'stop_limit') request.limitPrice = readNumber(values.limitPrice);
  if (values.type === 'market' && preview.entry !== null) request.requestedPrice = preview.entry;
  else request.expiry = values.expiry;
  if (preview.stopLoss) {
    request.stopLossLock = preview.stopLoss.lock;
    if (preview.stopLoss.lock === 'pips') request.stopLossPips = preview.stopLoss.pips;
    else request.stopLoss = preview.stopLoss.price;
  }
  if (preview.takeProfit) {
    request.takeProfitLock = preview.takeProfit.lock;
    if (preview.takeProfit.lock === 'pips') request.takeProfitPips = preview.takeProfit.pips;
    else request.takeProfit = preview.takeProfit.price;
  }
  return request;
}
