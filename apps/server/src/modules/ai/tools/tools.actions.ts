import {
  type AiActionKind,
  createAlertBodySchema,
  JOURNAL_MISTAKE_NAME_MAX,
  type JournalTrade,
  type Watchlist,
} from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import type { AiTool, ToolContext, ToolResult } from '../ai.types.js';
import { localToday } from './periods.js';
import { type Sizing, sizePosition } from './sizing.js';
import {
  accountFor,
  accountIdArg,
  argumentsMessage,
  dateArg,
  defineTool,
  money,
  NO_ACCOUNT,
  refusalOf,
  symbolArg,
  ticker,
  zoneOf,
} from './tool-kit.js';
import type { AiToolsDeps } from './tools.deps.js';

type Proposal = { kind: AiActionKind; summary: string; params: Record<string, unknown>; redirectTo: string | null };

const price = (name: string) =>
  z
    .number({ error: `${name} must be a price (a number).` })
    .positive(`${name} must be a positive price.`)
    .max(1e9, `${name} must be at most 1000000000.`);
const sideArg = z.enum(['buy', 'sell'], { error: 'side must be buy or sell.' });
const riskArg = z
  .number({ error: 'risk_percent must be a number.' })
  .gt(0, 'risk_percent must be above 0.')
  .max(10, 'risk_percent must be at most 10 (% of equity).');

const invalid = (field: string, message: string) =>
  new AppError('AI_TOOL_INVALID_ARGUMENTS', 'validation', message, { fields: [{ field, message }] });
const unknownSymbol = (symbol: string) =>
  invalid('symbol', `${symbol} is not an instrument of the catalogue; use an id such as EURUSD.`);

/** An action tool's `run`: the proposal described for the model (nothing changes), or why it cannot be made. */
function describe(propose: (ctx: ToolContext, args: never) => Promise<Proposal>) {
  return async (ctx: ToolContext, args: unknown): Promise<ToolResult> => {
    try {
      const p = await propose(ctx, args as never);
      return {
        summary: `A proposal: nothing is done unless the user confirms it in the chat. ${p.summary}`,
        data: { proposal: p },
      };
    } catch (error) {
      return refusalOf(error);
    }
  };
}

/** Plain text as one paragraph of the journal's rich text. */
function paragraph(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return escaped
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function tradeLine(t: JournalTrade): string {
  return `${t.direction === 'long' ? 'buy' : 'sell'} ${t.volume} ${t.symbol} closed ${t.closedAt.slice(0, 16).replace('T', ' ')} (${money(Number(t.net), t.currency)})`;
}

/** The ticket link of a draft: the chart with the order ticket open and prefilled. Nothing is sent from a link. */
export function ticketPath(d: {
  accountId: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: number;
  stopLoss: number;
  entry: number;
  orderType: string;
  takeProfit: number | null;
}): string {
  const q = new URLSearchParams({ symbol: d.symbol, ticket: d.side, volume: String(d.volume), sl: String(d.stopLoss) });
  if (d.takeProfit !== null) q.set('tp', String(d.takeProfit));
  if (d.orderType !== 'market') {
    q.set('type', d.orderType);
    q.set('price', String(d.entry));
  }
  q.set('account', d.accountId);
  return `/chart?${q.toString()}`;
}

const draftOf = (s: Sizing, orderType: string, takeProfit: number | null) => ({
  accountId: s.account.id,
  symbol: s.symbol,
  side: s.side,
  volume: s.volume,
  stopLoss: s.stopLoss,
  entry: s.entry,
  orderType,
  takeProfit,
});

export function sizingTool(deps: AiToolsDeps): AiTool {
  return defineTool({
    name: 'size_position',
    kind: 'read',
    description:
      'The position size (lots) for a stop loss, from the risk (default 1% of equity), capped by a prop challenge’s room left today, maximum loss, per-trade limits and the instrument’s volume bounds; says which cap bound it.',
    parameters: z.object({
      account_id: accountIdArg.optional(),
      symbol: symbolArg,
      side: sideArg,
      stop_loss: price('stop_loss').optional().describe('Stop-loss price.'),
      stop_pips: z
        .number({ error: 'stop_pips must be a number.' })
        .positive('stop_pips must be above 0.')
        .max(100_000, 'stop_pips must be at most 100000.')
        .optional(),
      entry: price('entry').optional().describe('Entry price; default the current ask (buy) or bid (sell).'),
      risk_percent: riskArg.optional(),
    }),
    async run(ctx, args) {
      const account = await accountFor(deps, ctx.userId, args.account_id);
      if (!account) return NO_ACCOUNT;
      const s = await sizePosition(deps, ctx.userId, ctx.nowMs, {
        account,
        symbol: ticker(args.symbol),
        side: args.side,
        entry: args.entry,
        stopLoss: args.stop_loss,
        stopPips: args.stop_pips,
        riskPercent: args.risk_percent,
      });
      return {
        summary: [
          `${s.account.name}: ${s.volume} lots of ${s.symbol} (${s.side}) from ${s.entry} with the stop at ${s.stopLoss}.`,
          s.explanation,
          ...(s.prop?.roomLeftToday != null
            ? [`Room left today before the daily loss limit: ${money(s.prop.roomLeftToday, s.account.currency)}.`]
            : []),
          ...s.warnings,
        ].join('\n'),
        data: s,
        symbol: s.symbol,
        open: { path: ticketPath(draftOf(s, 'market', null)), label: 'Open the order ticket' },
        followUps: [`Draft this ${s.side} order on ${s.account.name}`, 'What is my prop status today?'],
      };
    },
  });
}

export function actionTools(deps: AiToolsDeps): AiTool[] {
  // ---------- draft_order ----------
  const draftArgs = z.object({
    account_id: accountIdArg.optional(),
    symbol: symbolArg,
    side: sideArg,
    order_type: z.enum(['market', 'limit', 'stop'], { error: 'order_type must be market, limit or stop.' }).optional(),
    entry: price('entry').optional().describe('Needed for limit and stop orders.'),
    stop_loss: price('stop_loss'),
    take_profit: price('take_profit').optional(),
    risk_percent: riskArg.optional(),
  });
  async function proposeOrder(ctx: ToolContext, args: z.infer<typeof draftArgs>): Promise<Proposal> {
    const account = await accountFor(deps, ctx.userId, args.account_id);
    if (!account) throw new AppError('AI_NO_ACCOUNT', 'not_found', NO_ACCOUNT.summary);
    const orderType = args.order_type ?? 'market';
    if (orderType !== 'market' && args.entry === undefined) {
      throw invalid('entry', `entry is needed for a ${orderType} order: the price it waits for.`);
    }
    const s = await sizePosition(deps, ctx.userId, ctx.nowMs, {
      account,
      symbol: ticker(args.symbol),
      side: args.side,
      entry: orderType === 'market' ? undefined : args.entry,
      stopLoss: args.stop_loss,
      riskPercent: args.risk_percent,
    });
    if (s.volume <= 0) throw new AppError('AI_ORDER_NOT_POSSIBLE', 'unprocessable', s.explanation);
    const tp = args.take_profit ?? null;
    if (tp !== null && (args.side === 'buy' ? tp <= s.entry : tp >= s.entry)) {
      throw invalid(
        'take_profit',
        `take_profit must be ${args.side === 'buy' ? 'above' : 'below'} the entry (${s.entry}) for a ${args.side}.`,
      );
    }
    const cur = s.account.currency;
    const at = orderType === 'market' ? 'at market' : `${orderType} at ${s.entry}`;
    return {
      kind: 'draft_order',
      summary:
        `Draft a ${s.side} order of ${s.volume} lots ${s.symbol} ${at}, stop loss ${s.stopLoss} (${s.stopPips} pips)` +
        `${tp !== null ? `, take profit ${tp}` : ''} on ${s.account.name}: it risks ${money(s.moneyAtRisk, cur)}` +
        `${s.boundBy === 'risk' ? '' : ` (capped by ${s.boundBy.replace(/_/g, ' ')})`}. It opens prefilled in the order ticket; nothing is sent until you click Buy or Sell there.` +
        `${s.warnings.length ? ` Note: ${s.warnings.join(' ')}` : ''}`,
      params: {
        account_id: s.account.id,
        account_name: s.account.name,
        symbol: s.symbol,
        side: s.side,
        order_type: orderType,
        entry: s.entry,
        volume: s.volume,
        stop_loss: s.stopLoss,
        take_profit: tp,
        risk_percent: s.riskPercent,
        money_at_risk: s.moneyAtRisk,
        currency: cur,
        bound_by: s.boundBy,
        explanation: s.explanation,
        warnings: s.warnings,
      },
      redirectTo: ticketPath(draftOf(s, orderType, tp)),
    };
  }
  const draftOrder = defineTool({
    name: 'draft_order',
    kind: 'action',
    description:
      'Draft an order sized from the risk within the prop challenge’s limits. It is only shown to the user: confirming opens the order ticket prefilled, and the order is never sent without the user’s own click there.',
    parameters: draftArgs,
    run: describe(proposeOrder),
    propose: proposeOrder,
    async execute(userId, params) {
      const accountId = String(params.account_id);
      await deps.accounts.owned(userId, accountId); // still the caller's account
      const redirectTo = ticketPath({
        accountId,
        symbol: String(params.symbol),
        side: params.side === 'sell' ? 'sell' : 'buy',
        volume: Number(params.volume),
        stopLoss: Number(params.stop_loss),
        entry: Number(params.entry),
        orderType: String(params.order_type ?? 'market'),
        takeProfit: params.take_profit === null || params.take_profit === undefined ? null : Number(params.take_profit),
      });
      // Confirming a draft opens the ticket: no order exists until the user sends it from there.
      return { result: { drafted: true, sent: false, ticket: redirectTo }, redirectTo };
    },
  });

  // ---------- create_alert ----------
  const alertArgs = z.object({
    symbol: symbolArg,
    condition: z
      .enum(['crossing', 'greater_than', 'less_than'], {
        error: 'condition must be crossing, greater_than or less_than.',
      })
      .optional(),
    price: price('price'),
    message: z.string().trim().max(500, 'message must be at most 500 characters.').optional(),
  });
  async function proposeAlert(_ctx: ToolContext, args: z.infer<typeof alertArgs>): Promise<Proposal> {
    const symbol = ticker(args.symbol);
    if (!findInstrument(symbol)) throw unknownSymbol(symbol);
    const operator = args.condition ?? 'crossing';
    const words = { crossing: 'crossing', greater_than: 'above', less_than: 'below' }[operator];
    const body = {
      type: 'price',
      symbol,
      name: `${symbol} ${words} ${args.price}`,
      condition: { operator, value: args.price },
      message: args.message ?? '',
    };
    const checked = createAlertBodySchema.safeParse(body);
    if (!checked.success)
      throw new AppError('AI_TOOL_INVALID_ARGUMENTS', 'validation', argumentsMessage(checked.error));
    return {
      kind: 'create_alert',
      summary: `Create a price alert: ${symbol} ${words} ${args.price}${args.message ? ` ("${args.message}")` : ''}.`,
      params: body,
      redirectTo: `/chart?symbol=${encodeURIComponent(symbol)}`,
    };
  }
  const createAlert = defineTool({
    name: 'create_alert',
    kind: 'action',
    description: 'Propose a price alert (crossing, above or below a price). Created only when the user confirms.',
    parameters: alertArgs,
    run: describe(proposeAlert),
    propose: proposeAlert,
    async execute(userId, params) {
      const alert = await deps.alerts.create(userId, createAlertBodySchema.parse(params));
      return { result: { alertId: alert.id, name: alert.name }, redirectTo: `/chart?symbol=${alert.symbol}` };
    },
  });

  // ---------- add_to_watchlist ----------
  const watchArgs = z.object({
    symbol: symbolArg,
    watchlist_id: z.uuid({ error: 'watchlist_id must be a watchlist id (a UUID).' }).optional(),
  });
  async function targetList(userId: string, watchlistId: string | undefined): Promise<Watchlist | null> {
    if (watchlistId) return deps.watchlists.get(userId, watchlistId);
    const lists = await deps.watchlists.list(userId);
    return lists.find((l) => l.isDefault) ?? lists[0] ?? null;
  }
  async function proposeWatch(ctx: ToolContext, args: z.infer<typeof watchArgs>): Promise<Proposal> {
    const instrument = findInstrument(ticker(args.symbol));
    if (!instrument) throw unknownSymbol(ticker(args.symbol));
    const list = await targetList(ctx.userId, args.watchlist_id);
    if (list?.symbols.some((s) => s.ticker === instrument.id)) {
      throw new AppError(
        'AI_ALREADY_DONE',
        'conflict',
        `${instrument.id} is already in your watchlist "${list.name}".`,
      );
    }
    return {
      kind: 'add_to_watchlist',
      summary: list
        ? `Add ${instrument.id} to your watchlist "${list.name}".`
        : `Create a watchlist with ${instrument.id} (you have none yet).`,
      params: { symbol: instrument.id, source: instrument.source, watchlist_id: list?.id ?? null },
      redirectTo: '/watchlists',
    };
  }
  const addToWatchlist = defineTool({
    name: 'add_to_watchlist',
    kind: 'action',
    description:
      'Propose adding an instrument to a watchlist (default: the default one). Done only when the user confirms.',
    parameters: watchArgs,
    run: describe(proposeWatch),
    propose: proposeWatch,
    async execute(userId, params) {
      const body = {
        source: String(params.source) as Watchlist['symbols'][number]['source'],
        ticker: String(params.symbol),
      };
      const listId = typeof params.watchlist_id === 'string' ? params.watchlist_id : null;
      const list = listId
        ? await deps.watchlists.addSymbol(userId, listId, body)
        : await deps.watchlists.create(userId, { symbols: [body] });
      return { result: { watchlistId: list.id, name: list.name, symbol: body.ticker }, redirectTo: '/watchlists' };
    },
  });

  // ---------- tag_trade ----------
  const tagArgs = z.object({
    trade_id: z.uuid({ error: 'trade_id must be a trade id (a UUID).' }),
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'Each tag must not be empty.')
          .max(JOURNAL_MISTAKE_NAME_MAX, `Each tag must be at most ${JOURNAL_MISTAKE_NAME_MAX} characters.`),
        { error: 'tags must be a list of words.' },
      )
      .min(1, 'tags must have at least one tag.')
      .max(10, 'tags must have at most 10 items.'),
  });
  async function proposeTag(ctx: ToolContext, args: z.infer<typeof tagArgs>): Promise<Proposal> {
    const trade = await deps.annotations.trade(ctx.userId, args.trade_id); // another user's trade: not found
    const tags = [...new Map(args.tags.map((t) => [t.toLowerCase(), t])).values()];
    const known = new Set((await deps.mistakes.list(ctx.userId)).mistakes.map((m) => m.name.toLowerCase()));
    const fresh = tags.filter((t) => !known.has(t.toLowerCase()));
    return {
      kind: 'tag_trade',
      summary: `Tag the trade ${tradeLine(trade)} with ${tags.map((t) => `"${t}"`).join(', ')} in your journal${fresh.length ? ` (new on your list of trade tags: ${fresh.join(', ')})` : ''}.`,
      params: { trade_id: trade.positionId, tags },
      redirectTo: `/journal?day=${trade.date}`,
    };
  }
  const tagTrade = defineTool({
    name: 'tag_trade',
    kind: 'action',
    description:
      'Propose tagging a closed trade in the journal with labels (the journal’s list of trade tags, e.g. FOMO, late entry). Done only when the user confirms.',
    parameters: tagArgs,
    run: describe(proposeTag),
    propose: proposeTag,
    async execute(userId, params) {
      const tradeId = String(params.trade_id);
      const tags = (params.tags as string[]).map(String);
      const trade = await deps.annotations.trade(userId, tradeId);
      const byName = new Map((await deps.mistakes.list(userId)).mistakes.map((m) => [m.name.toLowerCase(), m.id]));
      const ids: string[] = [];
      for (const tag of tags) {
        let id = byName.get(tag.toLowerCase());
        if (!id) {
          id = (await deps.mistakes.create(userId, { name: tag })).id;
          byName.set(tag.toLowerCase(), id);
        }
        ids.push(id);
      }
      const mistakeIds = [...new Set([...(trade.annotation?.mistakeIds ?? []), ...ids])];
      await deps.annotations.annotate(userId, tradeId, { mistake_ids: mistakeIds });
      return { result: { tradeId, tags, tagIds: ids }, redirectTo: `/journal?day=${trade.date}` };
    },
  });

  // ---------- write_journal_note ----------
  const noteArgs = z.object({
    date: dateArg('date').optional().describe('The journal day (YYYY-MM-DD); default today.'),
    text: z.string().trim().min(1, 'text must not be empty.').max(5000, 'text must be at most 5000 characters.'),
    trade_id: z.uuid({ error: 'trade_id must be a trade id (a UUID).' }).optional(),
  });
  async function proposeNote(ctx: ToolContext, args: z.infer<typeof noteArgs>): Promise<Proposal> {
    if (args.trade_id) {
      const trade = await deps.annotations.trade(ctx.userId, args.trade_id);
      return {
        kind: 'write_journal_note',
        summary: `Add to the notes of the trade ${tradeLine(trade)}: "${args.text}"`,
        params: { trade_id: trade.positionId, text: args.text, date: null },
        redirectTo: `/journal?day=${trade.date}`,
      };
    }
    const date = args.date ?? localToday(await zoneOf(deps, ctx.userId), ctx.nowMs);
    return {
      kind: 'write_journal_note',
      summary: `Add to your journal review of ${date}: "${args.text}"`,
      params: { date, text: args.text, trade_id: null },
      redirectTo: `/journal?day=${date}`,
    };
  }
  const writeNote = defineTool({
    name: 'write_journal_note',
    kind: 'action',
    description:
      'Propose a journal note: appended to a day’s review (default today) or to a closed trade’s notes. Written only when the user confirms.',
    parameters: noteArgs,
    run: describe(proposeNote),
    propose: proposeNote,
    async execute(userId, params) {
      const text = String(params.text);
      if (typeof params.trade_id === 'string') {
        const trade = await deps.annotations.trade(userId, params.trade_id);
        await deps.annotations.annotate(userId, params.trade_id, {
          notes: `${trade.annotation?.notes ?? ''}${paragraph(text)}`,
        });
        return { result: { tradeId: params.trade_id }, redirectTo: `/journal?day=${trade.date}` };
      }
      const date = String(params.date);
      const day = await deps.journal.day(userId, date);
      await deps.journal.saveDay(userId, date, { review: `${day.entry?.review ?? ''}${paragraph(text)}` });
      return { result: { date }, redirectTo: `/journal?day=${date}` };
    },
  });

  return [createAlert, draftOrder, addToWatchlist, tagTrade, writeNote] as AiTool[];
}
