import type { AiMention } from '@tradedesk/contracts';
import { describePeriod, type PeriodArgs, parsePeriod, parseUpcoming, periodDates } from './periods.js';
import { findIndicatorIn, findIndicatorLength, findSymbols, findTimeframe } from './symbols.js';

/**
 * The built-in analyst's understanding of one question: which tools answer it, with which arguments. Pure: text,
 * mentions and "now" in, a plan out. The documented question set is docs/ai-analyst.md; every kind here has a row
 * in the tests.
 */

export type Topic =
  | 'performance'
  | 'trades'
  | 'positions'
  | 'accounts'
  | 'prop'
  | 'size'
  | 'calendar'
  | 'news'
  | 'market'
  | 'indicator'
  | 'price'
  | 'strategies'
  | 'compliance'
  | 'journal'
  | 'knowledge'
  | 'create_alert'
  | 'draft_order'
  | 'add_to_watchlist'
  | 'tag_trade'
  | 'write_journal_note';

export type GroupBy = 'none' | 'hour' | 'day_of_week' | 'session' | 'symbol';
/** `optional`: left out when the chat does not offer the tool (an agent's selection), instead of refusing. */
export type PlannedCall = { name: string; args: Record<string, unknown>; optional?: boolean };

/** An account named in words ("my prop account", "on Swing account"), resolved with get_accounts first. */
export type AccountNeed = { kind: 'prop' | 'virtual' | null; name: string | null };

export type Plan = {
  topic: Topic;
  calls: PlannedCall[];
  /** Resolve `account_id` of the calls from get_accounts first (null when given or not needed). */
  account: AccountNeed | null;
  /** tag_trade on "my last trade": resolve `trade_id` from get_trades first. */
  lastTrade: boolean;
  period: PeriodArgs | null;
  symbol: string | null;
  groupBy: GroupBy;
  /** A performance question about one symbol (get_performance filtered to it). */
  focusSymbol: string | null;
  /** A sentence added after the answer (e.g. how to turn a sizing into a drafted order). */
  note?: string;
  /** draft_order with the stop given in pips: size_position first gives the stop's price, then the order is drafted. */
  stopFromPips?: number;
};

export type Intent =
  | { kind: 'help' }
  | { kind: 'unknown' }
  /** A question it understands but that lacks something it needs: the answer asks for it, no tool runs. */
  | { kind: 'clarify'; topic: Topic; message: string }
  | { kind: 'plan'; plan: Plan };

const NUM = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const num = (s: string | undefined) => (s === undefined ? undefined : Number(s.replace(/,/g, '')));

function firstNumberAfter(text: string, words: string): number | undefined {
  const m = new RegExp(
    String.raw`\b(?:${words})\s*(?:at|of|to|@|is|=|:)?\s*\$?${NUM}(?!\s*(?:%|pips?|points?))`,
    'i',
  ).exec(text);
  return num(m?.[1]);
}

function side(text: string): 'buy' | 'sell' | null {
  if (/\b(sell|short|go short|selling|shorting)\b/i.test(text)) return 'sell';
  if (/\b(buy|long|go long|buying)\b/i.test(text)) return 'buy';
  return null;
}

function riskPercent(text: string): number | undefined {
  const m =
    /\brisk(?:ing)?\s*(?:of\s*)?(\d+(?:\.\d+)?)\s*%/i.exec(text) ??
    /(\d+(?:\.\d+)?)\s*%\s*(?:risk|of (?:my )?(?:account|balance|equity))/i.exec(text);
  const v = num(m?.[1]);
  return v !== undefined && v > 0 && v <= 100 ? v : undefined;
}

function stopPips(text: string): number | undefined {
  const m = /(\d+(?:\.\d+)?)\s*-?\s*(?:pips?|points?)\s*(?:stop|sl|stop[- ]loss)?/i.exec(text);
  if (!m) return undefined;
  if (!/\b(stop|sl)\b/i.test(text)) return undefined;
  return num(m[1]);
}

function accountNeed(text: string, mentions: AiMention[]): AccountNeed | null {
  if (mentions.some((m) => m.category === 'account')) return null;
  const named =
    /\b(?:on|in|for|from|with)\s+(?:my\s+|the\s+)?["“']([^"”']{1,60})["”']\s*(?:account)?/i.exec(text) ??
    /\b(?:on|in|for|from|with)\s+(?:my\s+|the\s+)?([A-Za-z0-9][\w-]*(?:\s+[\w-]+){0,2}?)\s+account\b/i.exec(text) ??
    /\baccount\s+["“']?([A-Z0-9][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2})["”']?/.exec(text);
  let name = named?.[1]?.trim() ?? null;
  if (name && /^(prop|propfirm|prop firm|challenge|funded|virtual|paper|trading|main|my)$/i.test(name)) name = null;
  // "Demo" is often an account's own name: tried as a name first, then as the virtual kind.
  const kind = /\b(prop|challenge|funded|evaluation)\b/i.test(text)
    ? 'prop'
    : /\b(virtual|paper|demo)\b/i.test(text)
      ? 'virtual'
      : null;
  return name || kind ? { kind, name } : null;
}

const HELP =
  /^\s*(hi|hello|hey|help|thanks|thank you|what can you (do|answer)|who are you|what are you|how do you work)\b/i;

function plan(partial: Partial<Plan> & Pick<Plan, 'topic' | 'calls'>): Intent {
  return {
    kind: 'plan',
    plan: {
      account: null,
      lastTrade: false,
      period: null,
      symbol: null,
      groupBy: 'none',
      focusSymbol: null,
      ...partial,
    },
  };
}

/** What the built-in analyst will do for a question. */
export function parseQuestion(text: string, mentions: AiMention[], nowMs: number): Intent {
  const t = text.trim();
  const mentionedSymbol = mentions.find((m) => m.category === 'symbol')?.option.toUpperCase() ?? null;
  const mentionedAccount = mentions.find((m) => m.category === 'account')?.option ?? null;
  const mentionedStrategy = mentions.find((m) => m.category === 'strategy')?.option ?? null;
  const range = mentions.find((m) => m.category === 'date_range');
  const period: PeriodArgs | null = range
    ? { from: range.option, to: range.subOption || range.option }
    : parsePeriod(t, nowMs);
  const symbols = findSymbols(t);
  const symbol = symbols[0] ?? mentionedSymbol;
  const account = accountNeed(t, mentions);
  const withAccount = (args: Record<string, unknown>) =>
    mentionedAccount ? { account_id: mentionedAccount, ...args } : args;
  const withPeriod = (args: Record<string, unknown>, p: PeriodArgs | null = period) => ({ ...args, ...(p ?? {}) });

  if (!t || HELP.test(t)) return { kind: 'help' };

  // ---- actions (imperatives; checked first because they contain the other topics' words) ----

  if (/\b(set|create|add|make|put)\b.*\balert\b|\balert me\b|\bnotify me\b|\blet me know when\b/i.test(t)) {
    if (!symbol)
      return {
        kind: 'clarify',
        topic: 'create_alert',
        message: 'Which instrument should the alert watch? For example: "set an alert on EURUSD at 1.0900".',
      };
    const price =
      firstNumberAfter(t, 'above|over|below|under|crosses|crossing|hits|reaches|touches|at|to|price') ?? undefined;
    if (price === undefined)
      return {
        kind: 'clarify',
        topic: 'create_alert',
        message: `At what price should the ${symbol} alert trigger? For example: "set an alert on ${symbol} at ...".`,
      };
    const condition = /\b(above|over|greater|rises|higher)\b/i.test(t)
      ? 'greater_than'
      : /\b(below|under|less|falls|drops|lower)\b/i.test(t)
        ? 'less_than'
        : 'crossing';
    return plan({
      topic: 'create_alert',
      symbol,
      calls: [{ name: 'create_alert', args: { symbol, condition, price } }],
    });
  }

  if (/\b(add|put)\b.*\bwatch ?list\b|\bwatch ?list\b.*\badd\b|^\s*watch\s+\S+/i.test(t)) {
    if (!symbol)
      return {
        kind: 'clarify',
        topic: 'add_to_watchlist',
        message: 'Which instrument should I add to your watchlist? For example: "add NVDA to my watchlist".',
      };
    return plan({ topic: 'add_to_watchlist', symbol, calls: [{ name: 'add_to_watchlist', args: { symbol } }] });
  }

  if (/\btag\b.*\btrade\b|\btrade\b.*\btag\b/i.test(t)) {
    const id = /\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i.exec(t)?.[1];
    const tagText = /\b(?:as|with|tags?\s*:)\s*(.+?)\s*\.?$/i.exec(t.replace(/\b[0-9a-f-]{36}\b/i, ''))?.[1] ?? '';
    const tags = tagText
      .split(/\s*(?:,|\band\b|\/)\s*/)
      .map((s) => s.replace(/^["'#]|["']$/g, '').trim())
      .filter((s) => s.length > 0 && s.length <= 40)
      .slice(0, 10);
    if (tags.length === 0)
      return {
        kind: 'clarify',
        topic: 'tag_trade',
        message: 'Which tags should I put on the trade? For example: "tag my last trade as breakout, A+ setup".',
      };
    if (id) return plan({ topic: 'tag_trade', calls: [{ name: 'tag_trade', args: { trade_id: id, tags } }] });
    if (/\b(last|latest|most recent|previous)\b/i.test(t))
      return plan({
        topic: 'tag_trade',
        lastTrade: true,
        symbol,
        account,
        calls: [{ name: 'tag_trade', args: { tags } }],
      });
    return {
      kind: 'clarify',
      topic: 'tag_trade',
      message: 'Which trade should I tag? Say "my last trade" or give the trade id from the history.',
    };
  }

  const noteMatch =
    /^\s*(?:please\s+)?(?:note|write|add|log|record|put|make a note)\b[^:]*?\bjournal\b\s*(?:that|:|,|-)?\s*(.*)$/is.exec(
      t,
    ) ?? /^\s*journal(?: note)?\s*[:,-]\s*(.*)$/is.exec(t);
  if (noteMatch) {
    const note = (noteMatch[1] ?? '').trim();
    if (!note)
      return {
        kind: 'clarify',
        topic: 'write_journal_note',
        message:
          'What should the journal note say? For example: "note in my journal: waited for the London open, no revenge trades".',
      };
    const date = period?.from && period.from === period.to ? period.from : undefined;
    return plan({
      topic: 'write_journal_note',
      calls: [{ name: 'write_journal_note', args: { text: note.slice(0, 4000), ...(date ? { date } : {}) } }],
    });
  }

  const s = side(t);
  const isSizeQuestion =
    /\bhow (much|many|big)\b|\bposition size\b|\blot size\b|\bwhat size\b|\bsize (for|of|my|a|the)\b|\bsize\b.*\bstop\b|\bhow many lots\b/i.test(
      t,
    );
  const isOrder =
    !isSizeQuestion &&
    (/^\s*(please\s+)?(buy|sell|short|long|go long|go short)\b/i.test(t) ||
      /\b(draft|place|open|prepare|enter)\b.*\b(order|trade|position|buy|sell|long|short)\b/i.test(t));
  const stopPrice = firstNumberAfter(t, 'stop loss|stop-loss|stop|sl');
  const pips = stopPips(t);
  const risk = riskPercent(t);

  if (isOrder && s) {
    if (!symbol)
      return {
        kind: 'clarify',
        topic: 'draft_order',
        message:
          'Which instrument should the order be for? For example: "buy EURUSD with stop 1.0800 on my prop account".',
      };
    if (stopPrice === undefined || pips !== undefined) {
      if (pips !== undefined)
        return plan({
          topic: 'draft_order',
          symbol,
          account,
          calls: [
            {
              name: 'draft_order',
              args: withAccount({ symbol, side: s, order_type: 'market', ...(risk ? { risk_percent: risk } : {}) }),
            },
          ],
          stopFromPips: pips,
        });
      return {
        kind: 'clarify',
        topic: 'draft_order',
        message: `Every drafted order needs a stop loss: at what price should the ${symbol} stop be? For example: "${s} ${symbol} with stop ...".`,
      };
    }
    const tp = firstNumberAfter(t, 'take profit|take-profit|target|tp');
    const at = firstNumberAfter(t, 'entry|enter at|at');
    const limit = /\blimit\b/i.test(t) ? (firstNumberAfter(t, 'limit(?: order)?(?: at)?') ?? at) : undefined;
    const stopEntry = /\bstop order\b|\b(buy|sell) stop\b/i.test(t)
      ? (firstNumberAfter(t, 'stop order at') ?? at)
      : undefined;
    const entry = limit ?? stopEntry ?? at;
    const orderType = limit !== undefined ? 'limit' : stopEntry !== undefined ? 'stop' : 'market';
    const args = withAccount({
      symbol,
      side: s,
      order_type: orderType,
      stop_loss: stopPrice,
      ...(entry !== undefined && entry !== stopPrice && entry !== tp ? { entry } : {}),
      ...(tp !== undefined ? { take_profit: tp } : {}),
      ...(risk ? { risk_percent: risk } : {}),
    });
    return plan({ topic: 'draft_order', symbol, account, calls: [{ name: 'draft_order', args }] });
  }

  // ---- read questions ----

  if (isSizeQuestion && (symbol || /\bstop\b/i.test(t))) {
    if (!symbol)
      return {
        kind: 'clarify',
        topic: 'size',
        message: 'For which instrument? For example: "how much EURUSD can I buy with a 20 pip stop?".',
      };
    if (pips === undefined && stopPrice === undefined)
      return {
        kind: 'clarify',
        topic: 'size',
        message: `Sizing needs the stop: give it in pips or as a price, for example "how much ${symbol} can I buy with a 20 pip stop?".`,
      };
    const entry = firstNumberAfter(t, 'entry|enter at|entering at');
    const args = withAccount({
      symbol,
      side: s ?? 'buy',
      ...(pips !== undefined ? { stop_pips: pips } : { stop_loss: stopPrice }),
      ...(entry !== undefined ? { entry } : {}),
      ...(risk ? { risk_percent: risk } : {}),
    });
    return plan({ topic: 'size', symbol, account, calls: [{ name: 'size_position', args }] });
  }

  // Questions about the user's documents (an agent's knowledge, a project's files) before the data topics.
  if (
    /\b(document|doc|guide|file|pdf|according to|knowledge|uploaded|rulebook|handbook|manual|in my notes)\b/i.test(t)
  ) {
    return plan({
      topic: 'knowledge',
      calls: [{ name: 'search_knowledge', args: { query: t.slice(0, 500), limit: 5 } }],
    });
  }

  if (
    /\b(prop|challenge|funded|evaluation|objectives?|daily loss|max(imum)? loss|drawdown limit|profit target|room (left|today)|how much can i (still )?lose|breach(ed)?|pass(ing)? (my|the))\b/i.test(
      t,
    )
  ) {
    return plan({
      topic: 'prop',
      account: account ?? (mentionedAccount ? null : { kind: 'prop', name: null }),
      calls: [{ name: 'get_prop_status', args: withAccount({}) }],
    });
  }

  const indicator = findIndicatorIn(t);
  if (indicator && (symbol || /\b(on|for|of)\b/i.test(t))) {
    const sym = symbols.find((x) => x !== 'MA') ?? mentionedSymbol;
    if (!sym)
      return { kind: 'clarify', topic: 'indicator', message: 'On which instrument? For example: "RSI on EURUSD 1h".' };
    const timeframe = findTimeframe(t) ?? (mentions.find((m) => m.category === 'symbol')?.subOption || null);
    const length = findIndicatorLength(t);
    const args: Record<string, unknown> = { symbol: sym, indicator };
    if (timeframe) args.timeframe = timeframe;
    if (length && ['rsi', 'sma', 'ema', 'atr', 'cci', 'mfi', 'bollinger', 'wma', 'hma'].includes(indicator))
      args.inputs = { period: length };
    return plan({ topic: 'indicator', symbol: sym, calls: [{ name: 'get_indicator', args }] });
  }

  const wantsCalendar =
    /\b(calendar|events?|economic|releases?|data releases?|earnings|nfp|cpi|fomc|central bank|rate decision)\b/i.test(
      t,
    );
  const wantsNews = /\b(news|headlines?|sentiment|stories|articles?)\b/i.test(t);
  if (wantsCalendar || wantsNews) {
    const calls: PlannedCall[] = [];
    const currency = /\b(USD|EUR|GBP|JPY|CHF|AUD|CAD|NZD|CNY)\b/.exec(t)?.[1];
    if (wantsCalendar) {
      const window = parseUpcoming(t, nowMs) ?? (period ? periodDates(period, nowMs) : null);
      const impact = /\bhigh[- ]impact\b|\bimportant\b|\bmajor\b/i.test(t)
        ? 'high'
        : /\bmedium[- ]impact\b/i.test(t)
          ? 'medium'
          : undefined;
      calls.push({
        name: 'get_calendar',
        args: {
          ...(symbol ? { symbol } : {}),
          ...(currency && !symbol ? { currency } : {}),
          ...(window?.from ? { from: window.from } : {}),
          ...(window?.to ? { to: window.to } : {}),
          ...(impact ? { impact } : {}),
        },
      });
    }
    if (wantsNews) {
      const query = symbol ? undefined : /\b(?:about|on|regarding)\s+(.{2,60}?)\??$/i.exec(t)?.[1];
      calls.push({ name: 'get_news', args: { ...(symbol ? { symbol } : {}), ...(query ? { query } : {}), limit: 5 } });
    }
    return plan({ topic: wantsCalendar && wantsNews ? 'market' : wantsCalendar ? 'calendar' : 'news', symbol, calls });
  }

  if (
    /\b(complian(ce|t)|follow(ed|ing)? (my )?(rules|plan|playbook|checklist)|broke (my )?rules|discipline|stick(ing)? to (my )?(plan|rules))\b/i.test(
      t,
    )
  ) {
    return plan({
      topic: 'compliance',
      period,
      account,
      calls: [
        {
          name: 'get_playbook_compliance',
          args: withPeriod(withAccount(mentionedStrategy ? { strategy_id: mentionedStrategy } : {})),
        },
      ],
    });
  }

  if (/\b(strateg(y|ies)|playbook|setups?|approach(es)?)\b/i.test(t)) {
    return plan({
      topic: 'strategies',
      calls: [{ name: 'get_strategies', args: mentionedStrategy ? { strategy_id: mentionedStrategy } : {} }],
    });
  }

  if (/\bjournal\b|\bday notes?\b|\bmy notes\b/i.test(t)) {
    return plan({
      topic: 'journal',
      period,
      account,
      calls: [{ name: 'get_journal', args: withPeriod(withAccount({}), period ?? { period: 'this_week' }) }],
    });
  }

  if (/\b(open positions?|positions?|open trades?|holding|exposure|floating)\b/i.test(t) && !/\bclosed\b/i.test(t)) {
    return plan({ topic: 'positions', account, calls: [{ name: 'get_positions', args: withAccount({}) }] });
  }

  const groupBy: GroupBy =
    /\b(by|per|each|which|what)\s+(hour|time of day|time)\b|\bhours? of (the )?day\b|\btime of day\b|\bwhat time\b|\bby time\b/i.test(
      t,
    )
      ? 'hour'
      : /\bday of (the )?week\b|\bweekdays?\b|\b(by|per|each|which|what) day\b|\bdays? of the week\b/i.test(t)
        ? 'day_of_week'
        : /\bsessions?\b|\blondon\b|\bnew york\b|\basia(n)?\b|\btokyo\b/i.test(t)
          ? 'session'
          : /\b(by|per|each|which|what|best|worst) (symbol|instrument|market|pair|asset)s?\b|\ballocation\b|\bsymbols\b/i.test(
                t,
              )
            ? 'symbol'
            : 'none';

  if (
    /\b(my|last|recent|latest|closed|list)\b.*\btrades\b|\btrade history\b|\bshow (me )?(my )?trades\b/i.test(t) &&
    groupBy === 'none' &&
    !/\b(how|win rate|performance|profit factor|p\/?l|pnl)\b/i.test(t)
  ) {
    const limit = Number(/\b(?:last|latest|recent)\s+(\d{1,2})\b/i.exec(t)?.[1] ?? 10);
    return plan({
      topic: 'trades',
      period,
      account,
      symbol,
      calls: [
        {
          name: 'get_trades',
          args: withPeriod(withAccount({ ...(symbol ? { symbol } : {}), limit: Math.min(Math.max(limit, 1), 50) })),
        },
      ],
    });
  }

  if (/\b(accounts?|balance|equity)\b/i.test(t) && !/\b(how did|performance|win rate|p\/?l|pnl)\b/i.test(t)) {
    return plan({ topic: 'accounts', calls: [{ name: 'get_accounts', args: {} }] });
  }

  const perfWords =
    /\b(how (did|do|am|have|was|were) (i|we|my)|performance|perform(ed)?|p\s*\/\s*l|pnl|profit|loss(es)?|won|lost|made|win(ning)? rate|wins?|profit factor|expectancy|drawdown|results?|stats|statistics|review|best|worst|recap|summary|summari[sz]e)\b/i;
  if (perfWords.test(t) || groupBy !== 'none' || (period && !symbol)) {
    const focusSymbol = symbol;
    const by = groupBy;
    // A plain "how did I do" is about this week; a breakdown without a period is over all trades (more data).
    const p = period ?? (by === 'none' ? { period: 'this_week' as const } : { period: 'all' as const });
    return plan({
      topic: 'performance',
      period: p,
      account,
      groupBy: by,
      focusSymbol,
      symbol,
      calls: [
        { name: 'get_performance', args: withPeriod(withAccount({ group_by: by, ...(symbol ? { symbol } : {}) }), p) },
      ],
    });
  }

  if (
    symbol &&
    /\b(price|quote|trading at|doing|moving|chart|trend|level|where is|what'?s|how is|candles?|range|analy[sz]e|analysis|technicals?|indicators)\b|^\s*\$?[A-Za-z./]{1,10}\s*\??\s*$/i.test(
      t,
    )
  ) {
    // The chart's timeframe: in the words, else the symbol mention's (a chart analysis), else 1h.
    const mentioned = mentions.find((m) => m.category === 'symbol' && m.option.toUpperCase() === symbol)?.subOption;
    const timeframe = findTimeframe(t) ?? findTimeframe(mentioned ?? '') ?? '1h';
    return plan({
      topic: 'price',
      symbol,
      calls: [
        { name: 'get_candles', args: { symbol, timeframe, count: 24 } },
        { name: 'get_chart_readings', args: { symbol, timeframe }, optional: true },
      ],
    });
  }

  return { kind: 'unknown' };
}

/** "this week", "from 2026-03-01 to 2026-03-31", or "" (for answers). */
export { describePeriod };
