import { z } from 'zod';
import { tickerSchema } from './charts.js';
import { line } from './text.js';

/**
 * The virtual broker's orders, positions and deals (spec sections 3 "Order" and "Position", 4 "Position
 * update", 7 "Trading (middleware)"). Prices are numbers at the instrument's digits; volumes in lots; distances
 * of trailing stops and slippage in points (10^-digits); money in the account currency, rounded to its minor
 * unit when booked.
 */

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['market', 'limit', 'stop', 'stop_limit'] as const;
export const STOP_LOCKS = ['price', 'pips'] as const;
export const ORDER_EXPIRIES = ['gtc', 'day', 'date'] as const;
export const ORDER_STATUSES = ['pending', 'filled', 'cancelled', 'expired', 'rejected'] as const;
/** long and short are open; flat means closed (spec section 4: a flat position update removes it). */
export const POSITION_KINDS = ['long', 'short', 'flat'] as const;
export const DEAL_KINDS = ['balance', 'trade', 'commission', 'swap'] as const;
export const DEAL_REASONS = [
  'client',
  'pending_order',
  'stop_loss',
  'take_profit',
  'stop_out',
  'netting',
  'close_by',
  'rollover',
  /** Closed by the prop-firm rule engine: a hard breach, or a phase passed. */
  'rule_breach',
  'phase_passed',
  /** Booked from an imported report (an account of kind imported). */
  'import',
] as const;
export const DEFAULT_ORDER_SIZE_LOTS = 1;
export const DEFAULT_RISK_PERCENTAGE = 0.1;
/** Longest Idempotency-Key header accepted. */
export const IDEMPOTENCY_KEY_MAX = 100;

const price = (label: string) =>
  z
    .number({ error: `${label} must be a price.` })
    .positive()
    .max(1e9);
const pips = (label: string) =>
  z
    .number({ error: `${label} must be a number of pips.` })
    .positive()
    .max(1e6);
const points = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of points.` })
    .int()
    .min(0)
    .max(1e7);
const lots = (label: string) =>
  z
    .number({ error: `${label} must be a number of lots.` })
    .positive()
    .max(100_000);

/**
 * PUT /middleware/{platformToken}/orders: places an order, or modifies the pending order `order_id` (its
 * symbol, side and type stay). Without `size`, the size comes from `risk_percentage` and the stop loss in pips
 * when both are given, else 1 lot.
 */
export const placeOrderBodySchema = z
  .strictObject({
    order_id: z.uuid('order_id must be an order id (a UUID).').optional(),
    symbol: tickerSchema('symbol'),
    side: z.enum(ORDER_SIDES),
    type: z.enum(ORDER_TYPES).default('market'),
    size: lots('size').optional(),
    risk_percentage: z.number().positive().max(100).optional(),
    trigger_price: price('trigger_price').nullish(),
    limit_price: price('limit_price').nullish(),
    stop_loss: price('stop_loss').nullish(),
    take_profit: price('take_profit').nullish(),
    stop_loss_pips: pips('stop_loss_pips').nullish(),
    take_profit_pips: pips('take_profit_pips').nullish(),
    stop_loss_lock: z.enum(STOP_LOCKS).optional(),
    take_profit_lock: z.enum(STOP_LOCKS).optional(),
    trailing_stop_points: points('trailing_stop_points').nullish(),
    max_slippage_points: points('max_slippage_points').nullish(),
    /** Market orders: the price the trader saw, which max_slippage_points is measured from. */
    requested_price: price('requested_price').optional(),
    expiry: z.enum(ORDER_EXPIRIES).default('gtc'),
    expires_at: z.iso.datetime({ offset: true, error: 'expires_at must be a date and time (ISO 8601).' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.expiry === 'date' && body.expires_at === undefined) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'expires_at is required when expiry is date.' });
    }
    if (body.risk_percentage !== undefined && body.size === undefined && !body.stop_loss_pips && !body.stop_loss) {
      ctx.addIssue({
        code: 'custom',
        path: ['stop_loss_pips'],
        message: 'stop_loss_pips (or stop_loss) is required to size an order from risk_percentage.',
      });
    }
  });
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

export const cancelOrderBodySchema = z.strictObject({ order_id: z.uuid('order_id must be an order id (a UUID).') });
export const closePositionBodySchema = z.strictObject({
  position_id: z.uuid('position_id must be a position id (a UUID).'),
});
export const closePartiallyBodySchema = z.strictObject({
  position_id: z.uuid('position_id must be a position id (a UUID).'),
  volume: lots('volume'),
});
/** Close-by (hedging accounts): two opposite positions of one symbol close each other for the smaller volume. */
export const closeByBodySchema = z.strictObject({
  position_id: z.uuid('position_id must be a position id (a UUID).'),
  opposite_position_id: z.uuid('opposite_position_id must be a position id (a UUID).'),
});

/** null removes the level; an absent field keeps it. */
export const modifyPositionBodySchema = z.strictObject({
  position_id: z.uuid('position_id must be a position id (a UUID).'),
  stop_loss: price('stop_loss').nullish(),
  take_profit: price('take_profit').nullish(),
  trailing_stop_points: points('trailing_stop_points').nullish(),
});
export type ModifyPositionBody = z.infer<typeof modifyPositionBodySchema>;

export const tradingOrderSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  size: z.number(),
  triggerPrice: z.number().nullable(),
  limitPrice: z.number().nullable(),
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
  stopLossPips: z.number().nullable(),
  takeProfitPips: z.number().nullable(),
  stopLossLock: z.enum(STOP_LOCKS),
  takeProfitLock: z.enum(STOP_LOCKS),
  trailingStopPoints: z.number().nullable(),
  expiry: z.enum(ORDER_EXPIRIES),
  expiresAt: z.string().nullable(),
  /** A stop-limit whose stop price was reached (it now waits as a limit). */
  stopTriggeredAt: z.string().nullable(),
  positionId: z.uuid().nullable(),
  fillPrice: z.number().nullable(),
  filledAt: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TradingOrder = z.infer<typeof tradingOrderSchema>;

export const tradingPositionSchema = z.object({
  id: z.uuid(),
  positionId: z.uuid(),
  kind: z.enum(POSITION_KINDS),
  instrumentId: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  volume: z.number(),
  initialVolume: z.number(),
  openPrice: z.number(),
  entryTimestamp: z.string(),
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
  trailingStopPoints: z.number().nullable(),
  /** Price it is valued at now (bid for a long, ask for a short), or the close price once closed. */
  currentPrice: z.number().nullable(),
  /** Unrealised profit in the account currency (0 once closed). */
  upl: z.number(),
  /** Booked so far: realised profit of closed parts, commission, swap. */
  profit: z.number(),
  commission: z.number(),
  swap: z.number(),
  closePrice: z.number().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
});
export type TradingPosition = z.infer<typeof tradingPositionSchema>;

export const accountFiguresSchema = z.object({
  accountId: z.uuid(),
  currency: z.string(),
  balance: z.number(),
  equity: z.number(),
  floatingProfit: z.number(),
  margin: z.number(),
  freeMargin: z.number(),
  /** Equity / margin x 100; null with no margin in use. */
  marginLevel: z.number().nullable(),
  marginStatus: z.enum(['ok', 'margin_call', 'stop_out']),
  leverage: z.number(),
  marginMode: z.enum(['hedging', 'netting']),
});
export type AccountFigures = z.infer<typeof accountFiguresSchema>;

/** GET /middleware/{platformToken}/accounts/{id}: the account's figures, open positions and pending orders. */
export const accountSnapshotSchema = z.object({
  account: accountFiguresSchema,
  positions: z.array(tradingPositionSchema),
  orders: z.array(tradingOrderSchema),
});
export type AccountSnapshot = z.infer<typeof accountSnapshotSchema>;

export const placeOrderResultSchema = z.object({
  order: tradingOrderSchema,
  /** The position a market order opened (or changed, on a netting account). */
  position: tradingPositionSchema.nullable(),
});
export type PlaceOrderResult = z.infer<typeof placeOrderResultSchema>;

export const positionResultSchema = z.object({ position: tradingPositionSchema });
export const closeByResultSchema = z.object({ position: tradingPositionSchema, opposite: tradingPositionSchema });

export const tradingDealSchema = z.object({
  id: z.uuid(),
  positionId: z.uuid().nullable(),
  orderId: z.uuid().nullable(),
  kind: z.enum(DEAL_KINDS),
  entry: z.enum(['in', 'out', 'none']),
  symbol: z.string().nullable(),
  side: z.enum(ORDER_SIDES).nullable(),
  volume: z.number().nullable(),
  price: z.number().nullable(),
  requestedPrice: z.number().nullable(),
  /** Price minus the requested price, in price units. */
  slippage: z.number().nullable(),
  /** The price jumped past the level (a gap, or a trigger crossed while the server was down). */
  gap: z.boolean(),
  profit: z.number(),
  commission: z.number(),
  swap: z.number(),
  amount: z.number(),
  balanceAfter: z.number(),
  reason: z.enum(DEAL_REASONS),
  time: z.string(),
});
export type TradingDeal = z.infer<typeof tradingDealSchema>;

export const tradingModificationSchema = z.object({
  id: z.uuid(),
  positionId: z.uuid().nullable(),
  orderId: z.uuid().nullable(),
  field: z.string(),
  oldValue: z.number().nullable(),
  newValue: z.number().nullable(),
  source: z.enum(['client', 'trailing_stop', 'server']),
  time: z.string(),
});

/** A trade: one position, open or closed, with what it booked. */
export const tradeSchema = tradingPositionSchema.extend({
  status: z.enum(['open', 'closed']),
  /** profit + commission + swap booked so far. */
  net: z.number(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const tradesQuerySchema = z.object({
  status: z.enum(['all', 'open', 'closed']).default('all'),
  symbol: line('symbol', 20).optional(),
  side: z.enum(ORDER_SIDES).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be a date and time (ISO 8601).' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be a date and time (ISO 8601).' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TradesQuery = z.infer<typeof tradesQuerySchema>;

export const tradeListSchema = z.object({
  trades: z.array(tradeSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type TradeList = z.infer<typeof tradeListSchema>;

export const tradeDetailSchema = z.object({
  trade: tradeSchema,
  deals: z.array(tradingDealSchema),
  modifications: z.array(tradingModificationSchema),
});

export const tradingTokenParamsSchema = z.object({ tradingToken: line('tradingToken', 100, { min: 1 }) });
export const tradeParamsSchema = z.object({
  tradingToken: line('tradingToken', 100, { min: 1 }),
  tradeId: z.uuid('tradeId must be a trade id (a UUID).'),
});

export const tradingErrorCodes = [
  'TRADING_ORDER_NOT_FOUND',
  'TRADING_ORDER_NOT_PENDING',
  'TRADING_POSITION_NOT_FOUND',
  'TRADING_POSITION_CLOSED',
  'TRADING_TRADE_NOT_FOUND',
  'TRADING_UNKNOWN_SYMBOL',
  'TRADING_INVALID_ORDER',
  'TRADING_NOT_ENOUGH_MARGIN',
  'TRADING_MARKET_CLOSED',
  'TRADING_SLIPPAGE_EXCEEDED',
  'TRADING_ACCOUNT_NOT_TRADABLE',
  'TRADING_IDEMPOTENCY_MISMATCH',
  'TRADING_IDEMPOTENCY_IN_PROGRESS',
] as const;
