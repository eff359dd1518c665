import type { ModifyPositionBody, PlaceOrderBody } from '@tradedesk/contracts';
import type { SimulatedMarket } from '@tradedesk/core';
import {
  accountFigures,
  bookMinor,
  checkFreeMargin,
  closingPrice,
  DEFAULT_ORDER_SIZE,
  decimalToMinor,
  fillMarketOrder,
  findInstrument,
  getInstrument,
  type Instrument,
  lotsForRisk,
  marketStatus,
  minorToDecimal,
  minorUnitDigits,
  type OrderIssue,
  type OrderRequest,
  positionProfit,
  type QuoteBook,
  type Side,
  stopIssue,
  stopPipsFromPrice,
  stopsLevelPoints,
  validateOrder,
} from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { AppError, statusByCategory } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { AccountsService, OrderCheck } from './accounts.service.js';
import { type BrokerEngine, basicsOf, type DealReason, type FiguresBook, type FillInput } from './broker.engine.js';
import { type OpenPositionFacts, openPositionOf, quotesAt, toOrder, toPosition } from './broker.mapping.js';
import type { BrokerQueries, BrokerRepository } from './broker.repository.js';
import { tradingError } from './trading.errors.js';
import type { TradingAccountRow, TradingOrderRow, TradingPositionRow } from './trading.table.js';

/** Request field names of the core's order issues on the wire. */
const WIRE_FIELDS: Record<string, string> = {
  volume: 'size',
  limitPrice: 'limit_price',
  triggerPrice: 'trigger_price',
  stopLoss: 'stop_loss',
  takeProfit: 'take_profit',
  stopLossPips: 'stop_loss_pips',
  takeProfitPips: 'take_profit_pips',
  trailingPoints: 'trailing_stop_points',
  maxSlippagePoints: 'max_slippage_points',
  expiry: 'expires_at',
  riskPercentage: 'risk_percentage',
  symbol: 'symbol',
};

/** The core's order issues as a 400 naming the wire fields. */
function invalidOrder(issues: readonly OrderIssue[]): AppError {
  const fields = issues.map((i) => {
    const field = WIRE_FIELDS[i.field] ?? i.field;
    const message = i.message.startsWith(i.field) ? `${field}${i.message.slice(i.field.length)}` : i.message;
    return { field, message };
  });
  return tradingError('TRADING_INVALID_ORDER', fields[0]!.message, { fields });
}

export type OrderAnswer = { status: number; body: unknown; replayed: boolean };

/** Accounts whose open positions an orders service keeps between orders (see `openKept`). */
const OPEN_KEPT_ACCOUNTS = 1000;

/** The queries of an order's transaction, with the account's figures book read at most once (`figures`). */
type Tx = BrokerQueries & { figures(): Promise<FiguresBook> };

/**
 * Client requests of the virtual broker: place, modify and cancel orders, close and modify positions. Each runs
 * in one transaction holding the account's lock; the events go out once it has committed.
 */
export function createOrdersService(deps: {
  repo: BrokerRepository;
  accounts: AccountsService;
  engine: BrokerEngine;
  market: SimulatedMarket;
  clock: Clock;
}) {
  const { repo, accounts, engine, market, clock } = deps;

  /**
   * Open positions of recently traded accounts as their last order's transaction committed them, with the account
   * row's version then (`lockAccountWithVersion`). Every change of an open position's volume or price books a
   * deal, which gives the row a new version (in any process), so while the row's version is still that one, the
   * next order values these instead of reading every open position again. Kept out of order (two orders of the
   * account in this process finishing the other way round), they only cost a read: the versions differ. Bounded:
   * the least recently traded accounts are forgotten.
   */
  const openKept = new Map<string, { version: string | null; positions: OpenPositionFacts[] }>();
  function keepOpen(accountId: string, version: string | null, positions: OpenPositionFacts[]) {
    openKept.delete(accountId);
    openKept.set(accountId, { version, positions });
    if (openKept.size > OPEN_KEPT_ACCOUNTS) openKept.delete(openKept.keys().next().value!);
  }

  async function tradable(userId: string, token: string): Promise<TradingAccountRow> {
    return tradableRow(await accounts.findByToken(userId, token));
  }

  /** The account, when it may trade on this server (a virtual account that is not archived). */
  function tradableRow(account: TradingAccountRow): TradingAccountRow {
    if (account.status === 'archived') {
      throw tradingError('TRADING_ACCOUNT_NOT_TRADABLE', 'The account is archived; connect it again to trade.');
    }
    if (account.kind === 'imported') {
      throw tradingError(
        'TRADING_ACCOUNT_NOT_TRADABLE',
        'An imported account holds trades made elsewhere and cannot place orders; trade on a virtual or connected account.',
      );
    }
    if (account.kind !== 'virtual') {
      throw tradingError(
        'TRADING_ACCOUNT_NOT_TRADABLE',
        'Orders of a connected account go to its broker through the platform’s connector, which this server does not have.',
      );
    }
    return account;
  }

  /**
   * A challenge account's rules on a new order (paused or failed account, required stop-loss, risk and size per
   * trade, news blackout), checked with the loss at the order's stop-loss in minor units. `check` was read before
   * the order's transaction (PGlite has one connection: no query may run beside the transaction).
   */
  function gate(
    check: OrderCheck | undefined,
    account: TradingAccountRow,
    row: TradingOrderRow,
    instrument: Instrument,
    quote: { bid: number; ask: number },
    now: Date,
    quotes: QuoteBook,
  ) {
    if (!check) return;
    const entry = row.type === 'market' ? (row.side === 'buy' ? quote.ask : quote.bid) : (row.price ?? quote.ask);
    const side = row.side as Side;
    let riskMinor: number | null = null;
    if (row.stopLoss !== null) {
      const atStop = positionProfit(instrument, side, row.volume, entry, row.stopLoss, account.currency, quotes);
      riskMinor = Math.max(0, -bookMinor(atStop, account.currency));
    }
    check(account, {
      symbol: instrument.id,
      side,
      lots: row.volume,
      entry,
      stopLoss: row.stopLoss,
      riskMinor,
      nowMs: now.getTime(),
    });
  }

  function instrumentOf(symbol: string): Instrument {
    const instrument = findInstrument(symbol);
    if (!instrument) {
      throw tradingError.onField(
        'symbol',
        'TRADING_UNKNOWN_SYMBOL',
        `symbol ${symbol} is not an instrument of the catalogue.`,
      );
    }
    return instrument;
  }

  async function requireMargin(
    q: Tx,
    account: TradingAccountRow,
    instrument: Instrument,
    side: Side,
    volume: number,
    price: number,
    quotes: QuoteBook,
  ) {
    const required = await engine.marginFor(q, account, instrument, side, volume, price, quotes);
    const check = checkFreeMargin((await q.figures()).core(), required, account.currency);
    if (!check.ok) {
      throw tradingError('TRADING_NOT_ENOUGH_MARGIN', check.message, {
        required: Math.round(check.required * 100) / 100,
        freeMargin: Math.round(check.freeMargin * 100) / 100,
        currency: account.currency,
      });
    }
  }

  function requestOf(
    body: PlaceOrderBody,
    instrument: Instrument,
    volume: number,
    from?: TradingOrderRow,
  ): OrderRequest {
    const keepStop = (kind: 'sl' | 'tp') => {
      const price = kind === 'sl' ? body.stop_loss : body.take_profit;
      const pips = kind === 'sl' ? body.stop_loss_pips : body.take_profit_pips;
      const lock = kind === 'sl' ? body.stop_loss_lock : body.take_profit_lock;
      // a modification that leaves a stop out keeps the order's, following its lock
      if (from && price === undefined && pips === undefined) {
        return kind === 'sl'
          ? { price: from.stopLoss, pips: from.stopLossPips, lock: from.stopLossLock as 'price' | 'pips' }
          : { price: from.takeProfit, pips: from.takeProfitPips, lock: from.takeProfitLock as 'price' | 'pips' };
      }
      return { price: price ?? null, pips: pips ?? null, lock };
    };
    const sl = keepStop('sl');
    const tp = keepStop('tp');
    return {
      symbol: instrument.id,
      side: body.side,
      type: body.type,
      volume,
      triggerPrice: body.trigger_price ?? null,
      limitPrice: body.limit_price ?? null,
      stopLoss: sl.price,
      stopLossPips: sl.pips,
      stopLossLock: sl.lock,
      takeProfit: tp.price,
      takeProfitPips: tp.pips,
      takeProfitLock: tp.lock,
      trailingPoints: body.trailing_stop_points ?? null,
      maxSlippagePoints: body.max_slippage_points ?? null,
      requestedPrice: body.requested_price ?? null,
      expiry:
        body.expiry === 'date'
          ? { kind: 'date', atMs: Date.parse(body.expires_at ?? '') }
          : { kind: body.expiry === 'day' ? 'day' : 'gtc' },
    };
  }

  async function sizeOf(
    q: Tx,
    account: TradingAccountRow,
    body: PlaceOrderBody,
    instrument: Instrument,
    quotes: QuoteBook,
  ): Promise<number> {
    if (body.size !== undefined) return body.size;
    if (body.risk_percentage === undefined) return DEFAULT_ORDER_SIZE;
    const quote = quotes.get(instrument.id)!;
    const entry =
      body.type === 'market'
        ? body.side === 'buy'
          ? quote.ask
          : quote.bid
        : body.type === 'limit'
          ? (body.limit_price ?? quote.ask)
          : (body.trigger_price ?? quote.ask);
    const slPips =
      body.stop_loss_pips ?? stopPipsFromPrice(instrument, body.side, entry, body.stop_loss ?? entry, 'sl');
    const sizing = lotsForRisk({
      instrument,
      equity: (await q.figures()).core().equity,
      riskPercent: body.risk_percentage,
      stopLossPips: slPips,
      accountCurrency: account.currency,
      quotes,
    });
    if (!sizing.ok) throw invalidOrder([{ field: sizing.field, message: sizing.message }]);
    return sizing.lots;
  }

  function orderRow(
    account: TradingAccountRow,
    check: ReturnType<typeof validateOrder> & { ok: true },
    now: Date,
  ): TradingOrderRow {
    const o = check.order;
    return {
      id: newId(),
      accountId: account.id,
      symbol: o.symbol,
      side: o.side,
      type: o.type,
      status: o.type === 'market' ? 'filled' : 'pending',
      volume: o.volume,
      price: o.type === 'limit' ? o.limitPrice : o.triggerPrice,
      limitPrice: o.type === 'stop_limit' ? o.limitPrice : null,
      stopTriggeredAt: null,
      stopLoss: o.stopLoss?.price ?? null,
      takeProfit: o.takeProfit?.price ?? null,
      stopLossPips: o.stopLoss?.pips ?? null,
      takeProfitPips: o.takeProfit?.pips ?? null,
      stopLossLock: o.stopLoss?.lock ?? 'price',
      takeProfitLock: o.takeProfit?.lock ?? 'price',
      trailingPips: o.trailingPoints,
      maxSlippagePips: o.maxSlippagePoints,
      expiry: o.type === 'market' ? 'gtc' : o.expiresAtMs === null ? 'gtc' : 'date',
      expiresAt: o.expiresAtMs === null ? null : new Date(o.expiresAtMs),
      positionId: null,
      fillPrice: null,
      filledAt: null,
      reason: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  async function placeNew(
    q: Tx,
    account: TradingAccountRow,
    body: PlaceOrderBody,
    now: Date,
    quotes: QuoteBook,
    ruleCheck: OrderCheck | undefined,
  ) {
    const instrument = instrumentOf(body.symbol);
    const nowMs = now.getTime();
    const quote = quotes.get(instrument.id)!;
    if (body.type === 'market') {
      const status = marketStatus(instrument, nowMs);
      if (!status.open) {
        throw tradingError(
          'TRADING_MARKET_CLOSED',
          `${status.message} Market orders are refused until then; a pending order waits for the open.`,
          { nextOpen: status.nextOpenMs === null ? null : new Date(status.nextOpenMs).toISOString() },
        );
      }
    }
    const volume = await sizeOf(q, account, body, instrument, quotes);
    const check = validateOrder(requestOf(body, instrument, volume), { instrument, quote, nowMs });
    if (!check.ok) throw invalidOrder(check.issues);
    const row = orderRow(account, check, now);
    gate(ruleCheck, account, row, instrument, quote, now, quotes);
    if (row.type !== 'market') {
      if (body.expiry === 'day') row.expiry = 'day';
      await q.insertOrder(row);
      return { order: row, positions: [] as TradingPositionRow[] };
    }
    const fill = fillMarketOrder(
      instrument,
      row.side as Side,
      quote,
      check.order.requestedPrice,
      check.order.maxSlippagePoints,
    );
    if (!fill.ok)
      throw tradingError('TRADING_SLIPPAGE_EXCEEDED', fill.message, {
        price: fill.price,
        slippagePoints: fill.slippagePoints,
      });
    await requireMargin(q, account, instrument, row.side as Side, row.volume, fill.price, quotes);
    const filled = { ...row, fillPrice: fill.price, filledAt: now };
    const input: FillInput & { order: TradingOrderRow; positionId: string } = {
      positionId: newId(),
      account,
      order: row,
      symbol: row.symbol,
      side: row.side as Side,
      volume: row.volume,
      price: fill.price,
      requestedPrice: check.order.requestedPrice,
      gap: false,
      reason: 'client',
      stopLoss: row.stopLoss,
      takeProfit: row.takeProfit,
      trailingPoints: row.trailingPips,
      time: now,
      quotes,
    };
    // a hedging fill opens a position whose id the order names from the start: order, position and deal are
    // written in one statement
    if (account.marginMode !== 'netting') return engine.fillNewOrder(q, filled, input);
    await q.insertOrder({ ...filled, positionId: null });
    const positions = await engine.fill(q, input);
    const order = await q.updateOrder(row.id, { positionId: positions.at(-1)?.id ?? null });
    return { order, positions };
  }

  async function log(
    q: BrokerQueries,
    accountId: string,
    target: { positionId?: string; orderId?: string },
    changes: Array<[string, number | null, number | null]>,
    time: Date,
  ) {
    for (const [field, oldValue, newValue] of changes) {
      if (oldValue === newValue) continue;
      await q.insertModification({
        id: newId(),
        accountId,
        positionId: target.positionId ?? null,
        orderId: target.orderId ?? null,
        field,
        oldValue,
        newValue,
        source: 'client',
        time,
      });
    }
  }

  async function modifyPending(
    q: BrokerQueries,
    account: TradingAccountRow,
    body: PlaceOrderBody,
    now: Date,
    quotes: QuoteBook,
  ) {
    const order = await q.order(account.id, body.order_id!);
    if (!order) throw tradingError('TRADING_ORDER_NOT_FOUND', 'No order of this account has this id.');
    if (order.status !== 'pending') {
      throw tradingError(
        'TRADING_ORDER_NOT_PENDING',
        `The order is ${order.status}; only a pending order can be modified.`,
      );
    }
    for (const [field, sent, kept] of [
      ['symbol', body.symbol, order.symbol],
      ['side', body.side, order.side],
      ['type', body.type, order.type],
    ] as const) {
      if (sent !== kept) {
        throw tradingError.onField(
          field,
          'TRADING_INVALID_ORDER',
          `${field} of an order cannot change (it is ${kept}); cancel it and place a new one.`,
        );
      }
    }
    const instrument = instrumentOf(order.symbol);
    const request = requestOf(body, instrument, body.size ?? order.volume, order);
    if (order.stopTriggeredAt) {
      // a stop-limit whose stop has fired waits as its limit
      request.type = 'limit';
      request.limitPrice = body.limit_price ?? order.limitPrice;
    }
    const check = validateOrder(request, { instrument, quote: quotes.get(instrument.id)!, nowMs: now.getTime() });
    if (!check.ok) throw invalidOrder(check.issues);
    const next = orderRow(account, check, now);
    const updated = await q.updateOrder(order.id, {
      volume: next.volume,
      price: order.stopTriggeredAt ? order.price : next.price,
      limitPrice: order.stopTriggeredAt ? next.price : next.limitPrice,
      stopLoss: next.stopLoss,
      takeProfit: next.takeProfit,
      stopLossPips: next.stopLossPips,
      takeProfitPips: next.takeProfitPips,
      stopLossLock: next.stopLossLock,
      takeProfitLock: next.takeProfitLock,
      trailingPips: next.trailingPips,
      expiry: body.expiry === 'day' ? 'day' : next.expiry,
      expiresAt: next.expiresAt,
      updatedAt: now,
    });
    await log(
      q,
      account.id,
      { orderId: order.id },
      [
        ['size', order.volume, updated.volume],
        ['price', order.price, updated.price],
        ['limit_price', order.limitPrice, updated.limitPrice],
        ['stop_loss', order.stopLoss, updated.stopLoss],
        ['take_profit', order.takeProfit, updated.takeProfit],
        ['trailing_stop_points', order.trailingPips, updated.trailingPips],
      ],
      now,
    );
    return { order: updated, positions: [] as TradingPositionRow[] };
  }

  /**
   * Runs `work` under the account's lock, then publishes what it changed. When the work asked for the account's
   * figures (`q.figures()`, the margin check), the book it read follows the work's changes and the deals it
   * booked, so the figures published after it are not read and valued again.
   */
  async function locked<T extends { positions?: TradingPositionRow[]; orders?: TradingOrderRow[] }>(
    account: TradingAccountRow,
    work: (q: Tx, account: TradingAccountRow, now: Date, quotes: QuoteBook) => Promise<T>,
  ): Promise<T> {
    const now = clock.now();
    const quotes = quotesAt(market, now.getTime());
    let book: FiguresBook | undefined;
    let version: string | null = null;
    const result = await repo.transaction(async (q) => {
      const locked = await q.lockAccountWithVersion(account.id);
      if (!locked) throw tradingError('TRADING_ACCOUNT_NOT_FOUND', 'No trading account of yours has this id or token.');
      const row = locked.account;
      version = locked.version;
      let reading: Promise<FiguresBook> | undefined;
      let balance = row.balance;
      const booked = (done: { balance: string; version: string }) => {
        balance = done.balance;
        version = done.version;
        book?.booked(balance);
      };
      const tx: Tx = {
        ...q,
        async book(deal) {
          booked(await q.bookDeal(deal));
          return balance;
        },
        async bookDeal(deal) {
          const done = await q.bookDeal(deal);
          booked(done);
          return done;
        },
        async openFilled(order, position, deal) {
          const done = await q.openFilled(order, position, deal);
          booked(done);
          return done;
        },
        figures() {
          const known = openKept.get(row.id);
          const fresh = known && known.version === version ? known.positions : undefined;
          reading ??= engine.openBook(q, { ...row, balance }, quotes, fresh).then((b) => {
            book = b;
            return b;
          });
          return reading;
        },
      };
      const done = await work(tx, row, now, quotes);
      book?.follow(done.positions ?? []);
      return done;
    });
    if (book) keepOpen(account.id, version, (book as FiguresBook).open());
    await engine.publish(repo, account.id, result, quotes, book);
    return result;
  }

  async function openPosition(q: BrokerQueries, accountId: string, positionId: string) {
    const position = await q.position(accountId, positionId);
    if (!position) throw tradingError('TRADING_POSITION_NOT_FOUND', 'No position of this account has this id.');
    if (position.status !== 'open') {
      throw tradingError(
        'TRADING_POSITION_CLOSED',
        `The position is already closed (${position.closeReason ?? 'closed'} at ${position.closedAt?.toISOString()}).`,
      );
    }
    return position;
  }

  async function closeSome(userId: string, token: string, positionId: string, volume?: number) {
    const account = await tradable(userId, token);
    const { positions } = await locked(account, async (q, row, now, quotes) => {
      const position = await openPosition(q, row.id, positionId);
      const instrument = getInstrument(position.symbol);
      const status = marketStatus(instrument, now.getTime());
      if (!status.open)
        throw tradingError('TRADING_MARKET_CLOSED', `${status.message} The position can be closed once it opens.`);
      const price = closingPrice(position.side as Side, quotes.get(position.symbol)!);
      const after = await engine.close(q, {
        account: row,
        position,
        volume: volume ?? position.volume,
        price,
        requestedPrice: null,
        gap: false,
        reason: 'client',
        time: now,
        quotes,
      });
      return { positions: [after] };
    });
    return { position: toPosition(positions[0]!) };
  }

  /** Runs `work` under the account's lock by account id (the server's own actions, not a client's), then publishes. */
  async function lockedById<T extends { positions?: TradingPositionRow[]; orders?: TradingOrderRow[] }>(
    accountId: string,
    work: (q: BrokerQueries, account: TradingAccountRow, now: Date, quotes: QuoteBook) => Promise<T>,
  ): Promise<T | undefined> {
    const now = clock.now();
    const quotes = quotesAt(market, now.getTime());
    const result = await repo.transaction(async (q) => {
      const row = await q.lockAccount(accountId);
      return row ? work(q, row, now, quotes) : undefined;
    });
    if (result) await engine.publish(repo, accountId, result, quotes);
    return result;
  }

  return {
    /** An account row and its open positions, as stored (the prop evaluation's view of the account). */
    async holdings(accountId: string) {
      const account = await repo.account(accountId);
      return account ? { account, positions: await repo.openPositions(accountId) } : undefined;
    },

    /** Balance and equity (floating P/L of the open positions) at `quotes`, in minor units. */
    equityOf(account: TradingAccountRow, positions: readonly TradingPositionRow[], quotes: QuoteBook) {
      const figures = accountFigures(basicsOf(account), positions.map(openPositionOf), quotes);
      return {
        balanceMinor: decimalToMinor(account.balance, account.currency),
        equityMinor: Math.round(figures.equity * 10 ** minorUnitDigits(account.currency)),
        openPositions: positions.length,
      };
    },

    /**
     * The server closes every open position of the account at the current price and cancels its pending orders,
     * each close booked as a deal with `reason` (a challenge's hard breach, or a passed phase).
     */
    async liquidate(accountId: string, reason: Extract<DealReason, 'rule_breach' | 'phase_passed'>, note: string) {
      return lockedById(accountId, async (q, account, now, quotes) => {
        const closed: TradingPositionRow[] = [];
        for (const position of await q.openPositions(account.id)) {
          const quote = quotes.get(position.symbol);
          if (!quote) continue;
          const fresh = (await q.account(account.id))!;
          closed.push(
            await engine.close(q, {
              account: fresh,
              position,
              volume: position.volume,
              price: closingPrice(position.side as Side, quote),
              requestedPrice: null,
              gap: false,
              reason,
              time: now,
              quotes,
            }),
          );
        }
        const cancelled: TradingOrderRow[] = [];
        for (const order of await q.pendingOrders(account.id)) {
          cancelled.push(await q.updateOrder(order.id, { status: 'cancelled', reason: note, updatedAt: now }));
        }
        return { positions: closed, orders: cancelled };
      });
    },

    /** Books a balance deal that brings the account's balance to `balance` (a new phase of a challenge). */
    async setBalance(accountId: string, balance: string, reason: Extract<DealReason, 'phase_passed'>) {
      return lockedById(accountId, async (q, account, now) => {
        const amountMinor =
          decimalToMinor(balance, account.currency) - decimalToMinor(account.balance, account.currency);
        if (amountMinor !== 0) {
          const amount = minorToDecimal(amountMinor, account.currency);
          await q.book({
            id: newId(),
            accountId: account.id,
            positionId: null,
            orderId: null,
            kind: 'balance',
            entry: 'none',
            symbol: null,
            side: null,
            volume: null,
            price: null,
            requestedPrice: null,
            slippage: null,
            gap: false,
            profit: '0',
            commission: '0',
            swap: '0',
            amount,
            reason,
            time: now,
          });
        }
        return { positions: [] as TradingPositionRow[] };
      });
    },

    /**
     * PUT /middleware/{platformToken}/orders with an optional Idempotency-Key: the same key and body answer
     * the first answer again (errors too); the same key with another body is refused (422).
     */
    async place(
      userId: string,
      token: string,
      body: PlaceOrderBody,
      idempotency?: { key: string; hash: string },
    ): Promise<OrderAnswer> {
      // the account and its challenge's row in one query; the rules' check only for a new order
      const found = await accounts.findForOrder(userId, token);
      const account = tradableRow(found.account);
      const check = body.order_id ? undefined : await found.orderCheck();
      let replay: OrderAnswer | undefined;
      try {
        const result = await locked(account, async (q, row, now, quotes) => {
          if (idempotency) {
            const kept = await q.idempotent(row.id, idempotency.key);
            if (kept && kept.requestHash !== idempotency.hash) {
              throw tradingError(
                'TRADING_IDEMPOTENCY_MISMATCH',
                'This Idempotency-Key was already used with another request body; use a new key for a new order.',
              );
            }
            if (kept) {
              replay = { status: kept.statusCode, body: kept.response, replayed: true };
              return { orders: [], positions: [] };
            }
          }
          const done = body.order_id
            ? await modifyPending(q, row, body, now, quotes)
            : await placeNew(q, row, body, now, quotes, check);
          const answer = {
            order: toOrder(done.order),
            position: done.positions.at(-1) ? toPosition(done.positions.at(-1)!) : null,
          };
          if (idempotency) {
            await q.keepAnswer({
              accountId: row.id,
              key: idempotency.key,
              requestHash: idempotency.hash,
              statusCode: 200,
              response: answer,
              createdAt: now,
            });
          }
          return { orders: [done.order], positions: done.positions, answer };
        });
        if (replay) return replay;
        return { status: 200, body: result.answer, replayed: false };
      } catch (error) {
        if (
          idempotency &&
          error instanceof AppError &&
          error.code !== 'TRADING_IDEMPOTENCY_MISMATCH' &&
          error.category !== 'internal' &&
          error.category !== 'unavailable'
        ) {
          const statusCode = statusByCategory[error.category];
          await repo.keepAnswer({
            accountId: account.id,
            key: idempotency.key,
            requestHash: idempotency.hash,
            statusCode,
            response: {
              statusCode,
              code: error.code,
              message: error.message,
              ...(error.details === undefined ? {} : { details: error.details }),
            },
            createdAt: clock.now(),
          });
        }
        throw error;
      }
    },

    async cancel(userId: string, token: string, orderId: string) {
      const account = await tradable(userId, token);
      const { orders } = await locked(account, async (q, row, now) => {
        const order = await q.order(row.id, orderId);
        if (!order) throw tradingError('TRADING_ORDER_NOT_FOUND', 'No order of this account has this id.');
        if (order.status !== 'pending')
          throw tradingError(
            'TRADING_ORDER_NOT_PENDING',
            `The order is ${order.status}; only a pending order can be cancelled.`,
          );
        return {
          orders: [
            await q.updateOrder(order.id, { status: 'cancelled', reason: 'cancelled by the trader', updatedAt: now }),
          ],
        };
      });
      return { order: toOrder(orders[0]!) };
    },

    close: (userId: string, token: string, positionId: string) => closeSome(userId, token, positionId),

    /**
     * Close-by on a hedging account: `positionId` closes at the opposite position's open price, which books the
     * pair's whole result (the core's `closeBy`); the opposite closes at its own open price. The smaller volume
     * closes; the larger position keeps the rest.
     */
    async closeBy(userId: string, token: string, positionId: string, oppositeId: string) {
      const account = await tradable(userId, token);
      const { positions } = await locked(account, async (q, row, now, quotes) => {
        if (row.marginMode === 'netting') {
          throw tradingError.onField(
            'position_id',
            'TRADING_INVALID_ORDER',
            'position_id: close-by is for hedging accounts; a netting account holds one position per symbol.',
          );
        }
        const position = await openPosition(q, row.id, positionId);
        const opposite = await openPosition(q, row.id, oppositeId);
        if (position.symbol !== opposite.symbol || position.side === opposite.side) {
          throw tradingError.onField(
            'opposite_position_id',
            'TRADING_INVALID_ORDER',
            `opposite_position_id must be a ${position.side === 'buy' ? 'sell' : 'buy'} position of ${position.symbol}.`,
          );
        }
        const status = marketStatus(getInstrument(position.symbol), now.getTime());
        if (!status.open) throw tradingError('TRADING_MARKET_CLOSED', `${status.message} Close-by waits for the open.`);
        const volume = Math.min(position.volume, opposite.volume);
        const common = {
          account: row,
          volume,
          requestedPrice: null,
          gap: false,
          reason: 'close_by' as const,
          time: now,
          quotes,
        };
        const first = await engine.close(q, { ...common, position, price: opposite.openPrice });
        const fresh = (await q.account(row.id))!;
        const second = await engine.close(q, {
          ...common,
          account: fresh,
          position: opposite,
          price: opposite.openPrice,
        });
        return { positions: [first, second] };
      });
      return { position: toPosition(positions[0]!), opposite: toPosition(positions[1]!) };
    },
    closePartially: (userId: string, token: string, positionId: string, volume: number) =>
      closeSome(userId, token, positionId, volume),

    async modifyPosition(userId: string, token: string, body: ModifyPositionBody) {
      const account = await tradable(userId, token);
      const { positions } = await locked(account, async (q, row, now, quotes) => {
        const position = await openPosition(q, row.id, body.position_id);
        const instrument = getInstrument(position.symbol);
        const side = position.side as Side;
        const quote = quotes.get(position.symbol)!;
        const reference = closingPrice(side, quote);
        const stopLoss = body.stop_loss === undefined ? position.stopLoss : body.stop_loss;
        const takeProfit = body.take_profit === undefined ? position.takeProfit : body.take_profit;
        const trailing = body.trailing_stop_points === undefined ? position.trailingPips : body.trailing_stop_points;
        const issues: OrderIssue[] = [];
        if (stopLoss !== null && stopLoss !== position.stopLoss) {
          const bad = stopIssue(instrument, side, reference, stopLoss, 'sl', 'stop_loss');
          if (bad) issues.push({ field: 'stop_loss', message: bad });
        }
        if (takeProfit !== null && takeProfit !== position.takeProfit) {
          const bad = stopIssue(instrument, side, reference, takeProfit, 'tp', 'take_profit');
          if (bad) issues.push({ field: 'take_profit', message: bad });
        }
        if (trailing !== null && trailing < stopsLevelPoints(instrument)) {
          issues.push({
            field: 'trailing_stop_points',
            message: `trailing_stop_points must be at least ${stopsLevelPoints(instrument)} (the minimum stop distance).`,
          });
        }
        if (issues.length > 0) throw invalidOrder(issues);
        const updated = await q.updatePosition(position.id, {
          stopLoss,
          takeProfit,
          trailingPips: trailing,
          updatedAt: now,
        });
        await log(
          q,
          row.id,
          { positionId: position.id },
          [
            ['stop_loss', position.stopLoss, stopLoss],
            ['take_profit', position.takeProfit, takeProfit],
            ['trailing_stop_points', position.trailingPips, trailing],
          ],
          now,
        );
        return { positions: [updated] };
      });
      return { position: toPosition(positions[0]!) };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
