import { z } from 'zod';
import { shareTokenSchema } from './charts.js';
import { ORDER_SIDES } from './trading.js';

/**
 * A closed trade's public card (spec section 2 "Positions", share dialog): POST
 * /trading/accounts/{tradingToken}/trades/{tradeId}/share makes (or updates) its link, DELETE revokes it, and
 * GET /trading/trades/share/{token} shows it to anyone with the link. The card carries prices, pips, the R
 * multiple and the result as a percentage of the balance, never the volume; money amounts only when the owner
 * opts in (`show_money`).
 */
export const shareTradeBodySchema = z.strictObject({
  show_money: z.boolean({ error: 'show_money must be true or false.' }).default(false),
});
export type ShareTradeBody = z.infer<typeof shareTradeBodySchema>;

export const tradeShareSchema = z.object({ token: z.string(), showMoney: z.boolean(), createdAt: z.string() });
export type TradeShare = z.infer<typeof tradeShareSchema>;

export const sharedTradeSchema = z.object({
  token: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  entryPrice: z.number(),
  exitPrice: z.number(),
  /** The stop loss and take profit when it closed (null: none). */
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
  /** Price move in pips, signed: negative went against the trade. */
  pips: z.number(),
  /** Pips won or lost over the pips risked by the first stop loss; null without one. */
  rMultiple: z.number().nullable(),
  /** Net result as a percentage of the balance before the trade. */
  percentOfBalance: z.number().nullable(),
  openedAt: z.string(),
  closedAt: z.string(),
  closeReason: z.string().nullable(),
  /** Only when the owner opted in. */
  money: z.object({ net: z.number(), currency: z.string() }).nullable(),
});
export type SharedTrade = z.infer<typeof sharedTradeSchema>;

export const tradeShareParamsSchema = z.object({ token: shareTokenSchema });
