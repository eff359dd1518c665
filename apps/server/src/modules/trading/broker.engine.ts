import {
  type AccountBasics,
  type AccountFigures,
  accountFigures,
  accountFiguresOfMarks,
  applyNettingDeal,
  bookMinor,
  closePosition,
  commissionCost,
  decimalToMinor,
  getInstrument,
  type Instrument,
  marginRequired,
  markPosition,
  minorToDecimal,
  oppositeSide,
  type PositionMark,
  type QuoteBook,
  type Side,
} from '@tradedesk/core';
import type { EventBus } from '../../platform/bus/event-bus.js';
import { newId } from '../../platform/ids.js';
import { type OpenPositionFacts, openPositionOf, toFigures, toOrder, toPosition } from './broker.mapping.js';
import type { BrokerQueries, DealToBook } from './broker.repository.js';
import { tradingError } from './trading.errors.js';
import type { TradingAccountRow, TradingOrderRow, TradingPositionRow } from './trading.table.js';

/** Bus channel the trigger job listens on: an account's orders or positions changed. */
export const TRIGGER_BOOK_CHANNEL = 'trading-book';
export const accountChannel = (accountId: string) => `account:${accountId}`;

export type DealReason =
  | 'client'
  | 'pending_order'
  | 'stop_loss'
  | 'take_profit'
  | 'stop_out'
  | 'netting'
  | 'close_by'
  | 'rule_breach'
  | 'phase_passed';

/** Events of one transaction, published once it has committed. */
export type Outbox = Array<{ event: 'position' | 'order'; data: unknown }>;

export function basicsOf(account: TradingAccountRow): AccountBasics {
  return {
    currency: account.currency,
    leverage: account.leverage,
    mode: account.marginMode as AccountBasics['mode'],
    balanceMinor: decimalToMinor(account.balance, account.currency),
  };
}

const addMinor = (decimal: string, minor: number, currency: string) =>
  minorToDecimal(decimalToMinor(decimal, currency) + minor, currency);

/** Commission of one side as a booked (negative) amount in minor units. */
function commissionMinor(instrument: Instrument, lots: number, price: number, currency: string, quotes: QuoteBook) {
  const cost = commissionCost(instrument, lots, price, currency, quotes);
  return cost === 0 ? 0 : -bookMinor(Math.abs(cost), currency);
}

/**
 * An account's figures kept through one transaction: every open position valued once at the transaction's quotes
 * (one read of the columns a valuation needs), then only the positions the transaction changes are valued again
 * (`follow`), and the balance follows the deals it books. The figures after an order cost no second read and no
 * second valuation of the whole book.
 */
export type FiguresBook = {
  /** The account as it is now in the transaction (its balance after the deals booked so far). */
  account: TradingAccountRow;
  marks: Map<string, PositionMark>;
  /** The open positions as valued (what a later order of the account may start from, see `openBook`). */
  open(): OpenPositionFacts[];
  /** Values again the positions a change returned (closed ones leave the book). */
  follow(positions: readonly TradingPositionRow[]): void;
  /** The balance after a booked deal, as `book` answered it. */
  booked(balance: string): void;
  core(): AccountFigures;
};

export function figuresBook(
  account: TradingAccountRow,
  positions: readonly OpenPositionFacts[],
  quotes: QuoteBook,
): FiguresBook {
  const marks = new Map<string, PositionMark>();
  const facts = new Map<string, OpenPositionFacts>();
  const markOf = (p: OpenPositionFacts) => markPosition(openPositionOf(p), account, quotes);
  for (const p of positions) {
    marks.set(p.id, markOf(p));
    facts.set(p.id, p);
  }
  const book: FiguresBook = {
    account,
    marks,
    open: () => [...facts.values()],
    follow(changed) {
      for (const p of changed) {
        if (p.status === 'open') {
          marks.set(p.id, markOf(p));
          facts.set(p.id, {
            id: p.id,
            symbol: p.symbol,
            side: p.side,
            volume: p.volume,
            openPrice: p.openPrice,
            openedAt: p.openedAt,
            stopLoss: p.stopLoss,
            takeProfit: p.takeProfit,
            trailingPips: p.trailingPips,
          });
        } else {
          marks.delete(p.id);
          facts.delete(p.id);
        }
      }
    },
    booked(balance) {
      book.account = { ...book.account, balance };
    },
    core: () => accountFiguresOfMarks(basicsOf(book.account), [...marks.values()]),
  };
  return book;
}

export type FillInput = {
  account: TradingAccountRow;
  order: TradingOrderRow | null;
  symbol: string;
  side: Side;
  volume: number;
  price: number;
  requestedPrice: number | null;
  gap: boolean;
  reason: DealReason;
  stopLoss: number | null;
  takeProfit: number | null;
  trailingPoints: number | null;
  time: Date;
  quotes: QuoteBook;
  /** Id of the position the fill opens, when the caller needs it before (the order row names it). */
  positionId?: string;
};

export type CloseInput = {
  account: TradingAccountRow;
  position: TradingPositionRow;
  volume: number;
  price: number;
  requestedPrice: number | null;
  gap: boolean;
  reason: DealReason;
  time: Date;
  quotes: QuoteBook;
};

/**
 * The virtual broker's bookkeeping inside a transaction that holds the account's lock: opening fills (hedging
 * or netting), closes in part or in full, each booked as a deal with its commission in the same transaction.
 * The rules themselves (profit, commission, netting, partial close) are `@tradedesk/core`'s.
 */
export function createBrokerEngine(deps: { bus: EventBus }) {
  function slippageOf(instrument: Instrument, price: number, requested: number | null) {
    return requested === null ? null : Number((price - requested).toFixed(instrument.digits));
  }

  /** The deal of a trade (in or out of a position) with its profit and commission in minor units. */
  function tradeDeal(
    account: TradingAccountRow,
    d: {
      position: Pick<TradingPositionRow, 'id' | 'symbol'>;
      orderId: string | null;
      entry: 'in' | 'out';
      side: Side;
      volume: number;
      price: number;
      requestedPrice: number | null;
      gap: boolean;
      profitMinor: number;
      commissionMinor: number;
      reason: DealReason;
      time: Date;
    },
  ): DealToBook {
    const cur = account.currency;
    const instrument = getInstrument(d.position.symbol);
    return {
      id: newId(),
      accountId: account.id,
      positionId: d.position.id,
      orderId: d.orderId,
      kind: 'trade',
      entry: d.entry,
      symbol: d.position.symbol,
      side: d.side,
      volume: d.volume,
      price: d.price,
      requestedPrice: d.requestedPrice,
      slippage: slippageOf(instrument, d.price, d.requestedPrice),
      gap: d.gap,
      profit: minorToDecimal(d.profitMinor, cur),
      commission: minorToDecimal(d.commissionMinor, cur),
      swap: minorToDecimal(0, cur),
      amount: minorToDecimal(d.profitMinor + d.commissionMinor, cur),
      reason: d.reason,
      time: d.time,
    };
  }

  const bookTrade = (q: BrokerQueries, account: TradingAccountRow, d: Parameters<typeof tradeDeal>[1]) =>
    q.book(tradeDeal(account, d));

  /** The deal that brings `volume` lots of a fill into `position`: no profit, `commission` (minor units). */
  const inDeal = (
    input: FillInput,
    position: Pick<TradingPositionRow, 'id' | 'symbol'>,
    orderId: string | null,
    volume: number,
    commission: number,
  ) =>
    tradeDeal(input.account, {
      position,
      orderId,
      entry: 'in',
      side: input.side,
      volume,
      price: input.price,
      requestedPrice: input.requestedPrice,
      gap: input.gap,
      profitMinor: 0,
      commissionMinor: commission,
      reason: input.reason,
      time: input.time,
    });

  /** Closes `volume` lots of an open position at `price`, books the deal and returns the position as it is after. */
  async function close(q: BrokerQueries, input: CloseInput, orderId: string | null = null) {
    const { account, position } = input;
    const cur = account.currency;
    const instrument = getInstrument(position.symbol);
    let result: ReturnType<typeof closePosition>;
    try {
      result = closePosition(openPositionOf(position), input.volume, input.price, cur, input.quotes);
    } catch (error) {
      if (error instanceof RangeError) throw tradingError.onField('volume', 'TRADING_INVALID_ORDER', error.message);
      throw error;
    }
    const commission = commissionMinor(instrument, result.closedVolume, input.price, cur, input.quotes);
    await bookTrade(q, account, {
      position,
      orderId,
      entry: 'out',
      side: oppositeSide(position.side as Side),
      volume: result.closedVolume,
      price: input.price,
      requestedPrice: input.requestedPrice,
      gap: input.gap,
      profitMinor: result.profitMinor,
      commissionMinor: commission,
      reason: input.reason,
      time: input.time,
    });
    const closed = result.remaining === null;
    return q.updatePosition(position.id, {
      volume: result.remaining?.volume ?? 0,
      status: closed ? 'closed' : 'open',
      profit: addMinor(position.profit, result.profitMinor, cur),
      commission: addMinor(position.commission, commission, cur),
      closePrice: closed ? input.price : position.closePrice,
      closedAt: closed ? input.time : null,
      closeReason: closed ? input.reason : null,
      updatedAt: input.time,
    });
  }

  function newPosition(input: FillInput, id: string, volume: number): TradingPositionRow {
    return {
      id,
      accountId: input.account.id,
      orderId: input.order?.id ?? null,
      symbol: input.symbol,
      side: input.side,
      status: 'open',
      volume,
      initialVolume: volume,
      openPrice: input.price,
      openedAt: input.time,
      stopLoss: input.stopLoss,
      takeProfit: input.takeProfit,
      trailingPips: input.trailingPoints,
      closePrice: null,
      closedAt: null,
      closeReason: null,
      profit: '0',
      commission: '0',
      swap: '0',
      swapBookedUntil: input.time,
      updatedAt: input.time,
    };
  }

  /**
   * Executes a fill of `volume` lots at `price`: on a hedging account a new position; on a netting account the
   * deal adds to, reduces, closes or reverses the symbol's one position. Returns the positions it touched.
   */
  async function fill(q: BrokerQueries, input: FillInput): Promise<TradingPositionRow[]> {
    const { account } = input;
    const cur = account.currency;
    const instrument = getInstrument(input.symbol);
    const orderId = input.order?.id ?? null;
    const commission = commissionMinor(instrument, input.volume, input.price, cur, input.quotes);
    const openIn = async (row: TradingPositionRow, volume: number, commissionOfIn: number) => {
      // the position is stored with the commission its opening deal books, in the same transaction
      const stored = await q.insertPosition({ ...row, commission: minorToDecimal(commissionOfIn, cur) });
      await q.book(inDeal(input, row, orderId, volume, commissionOfIn));
      return stored;
    };

    const id = input.positionId ?? newId();
    if (account.marginMode !== 'netting') {
      return [await openIn(newPosition(input, id, input.volume), input.volume, commission)];
    }
    const existing = (await q.openPositions(account.id)).find((p) => p.symbol === input.symbol) ?? null;
    const result = applyNettingDeal(
      existing ? openPositionOf(existing) : null,
      {
        id,
        symbol: input.symbol,
        side: input.side,
        volume: input.volume,
        price: input.price,
        timeMs: input.time.getTime(),
      },
      cur,
      input.quotes,
    );
    if (!existing) return [await openIn(newPosition(input, id, input.volume), input.volume, commission)];
    if (existing.side === input.side) {
      await q.book(inDeal(input, existing, orderId, input.volume, commission));
      const after = result.position!;
      return [
        await q.updatePosition(existing.id, {
          volume: after.volume,
          initialVolume: existing.initialVolume + input.volume,
          openPrice: after.openPrice,
          commission: addMinor(existing.commission, commission, cur),
          stopLoss: input.stopLoss ?? existing.stopLoss,
          takeProfit: input.takeProfit ?? existing.takeProfit,
          updatedAt: input.time,
        }),
      ];
    }
    // an opposite deal closes (part of) the position; a remainder reverses it
    const closedPart = await close(
      q,
      {
        account,
        position: existing,
        volume: result.closedVolume,
        price: input.price,
        requestedPrice: input.requestedPrice,
        gap: input.gap,
        reason: input.reason === 'client' ? 'netting' : input.reason,
        time: input.time,
        quotes: input.quotes,
      },
      orderId,
    );
    if (!result.reversed || !result.position) return [closedPart];
    const rest = result.position.volume;
    const restCommission = commissionMinor(instrument, rest, input.price, cur, input.quotes);
    return [closedPart, await openIn(newPosition(input, id, rest), rest, restCommission)];
  }

  /**
   * A filled market order of a hedging account: the order (naming the position it opens), the new position with
   * its commission and the opening deal, written in one statement (`openFilled`). The same rows and figures as
   * inserting the order and then `fill`, in one database round trip instead of three.
   */
  async function fillNewOrder(
    q: BrokerQueries,
    order: TradingOrderRow,
    input: FillInput & { order: TradingOrderRow; positionId: string },
  ): Promise<{ order: TradingOrderRow; positions: TradingPositionRow[] }> {
    const { account } = input;
    if (account.marginMode === 'netting') throw new Error('fillNewOrder is for hedging accounts');
    const cur = account.currency;
    const commission = commissionMinor(getInstrument(input.symbol), input.volume, input.price, cur, input.quotes);
    const row = newPosition(input, input.positionId, input.volume);
    const done = await q.openFilled(
      { ...order, positionId: row.id },
      { ...row, commission: minorToDecimal(commission, cur) },
      inDeal(input, row, input.order.id, input.volume, commission),
    );
    return { order: done.order, positions: [done.position] };
  }

  /** Margin an opening deal needs; on a netting account an opposite deal needs margin only for what reverses. */
  async function marginFor(
    q: BrokerQueries,
    account: TradingAccountRow,
    instrument: Instrument,
    side: Side,
    volume: number,
    price: number,
    quotes: QuoteBook,
  ): Promise<number> {
    let lots = volume;
    if (account.marginMode === 'netting') {
      const existing = (await q.openPositions(account.id)).find((p) => p.symbol === instrument.id);
      if (existing && existing.side !== side) lots = Math.max(0, volume - existing.volume);
    }
    if (lots === 0) return 0;
    return marginRequired(instrument, side, lots, price, account.currency, quotes, account.leverage).amount;
  }

  /** Figures of the account as it is in this transaction, at `quotes`. */
  async function figures(q: BrokerQueries, accountId: string, quotes: QuoteBook) {
    const account = await q.account(accountId);
    if (!account) return undefined;
    const positions = await q.openPositions(accountId);
    const core = accountFigures(basicsOf(account), positions.map(openPositionOf), quotes);
    return { account, positions, core, wire: toFigures(account, core) };
  }

  /**
   * The figures book of `account` (read under its lock): its open positions valued at `quotes`. `known` are its
   * open positions as an earlier transaction left them, when nothing has changed them since (no deal booked
   * after): they are valued without being read again.
   */
  async function openBook(
    q: BrokerQueries,
    account: TradingAccountRow,
    quotes: QuoteBook,
    known?: readonly OpenPositionFacts[],
  ): Promise<FiguresBook> {
    return figuresBook(account, known ?? (await q.openPositionsForFigures(account.id)), quotes);
  }

  /**
   * Publishes the events of a committed change: positions, orders, then the account's figures. `book` is the
   * transaction's figures book when it kept one (already following the change); without it the figures are read.
   */
  async function publish(
    q: BrokerQueries,
    accountId: string,
    changes: { positions?: TradingPositionRow[]; orders?: TradingOrderRow[] },
    quotes: QuoteBook,
    book?: FiguresBook,
  ) {
    const channel = accountChannel(accountId);
    let now = book;
    if (!now) {
      const account = await q.account(accountId);
      if (account) now = await openBook(q, account, quotes);
    }
    for (const p of changes.positions ?? []) {
      await deps.bus.publish({ channel, event: 'position', data: toPosition(p, now?.marks.get(p.id)) });
    }
    for (const o of changes.orders ?? []) await deps.bus.publish({ channel, event: 'order', data: toOrder(o) });
    if (now) await deps.bus.publish({ channel, event: 'account', data: toFigures(now.account, now.core()) });
    // the ids of what changed, so the trigger job reads only those rows again (not every open position)
    await deps.bus.publish({
      channel: TRIGGER_BOOK_CHANNEL,
      event: 'changed',
      data: {
        accountId,
        positions: (changes.positions ?? []).map((p) => p.id),
        orders: (changes.orders ?? []).map((o) => o.id),
      },
    });
  }

  return { fill, fillNewOrder, close, marginFor, figures, openBook, publish };
}
export type BrokerEngine = ReturnType<typeof createBrokerEngine>;
