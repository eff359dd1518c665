import { cannotAnswerText } from './help.js';
import type { Plan } from './intent.js';
import { describePeriod } from './periods.js';
import {
  breakdownRows,
  figure,
  findArray,
  isObj,
  money,
  type Obj,
  percent,
  pick,
  pickNum,
  pickStr,
  type ToolReading,
  when,
} from './read.js';

/**
 * Round 2 of the built-in analyst: the answer to a plan, written from the tools' results only. Each topic has a
 * writer that lays out the figures it finds in the result's data (named as the tools and the metrics engine name
 * them) and otherwise repeats the tool's own summary; a failed tool is reported as such, never papered over.
 */

export type Written = { text: string; followUps: string[] };

const TOOL_WHAT: Record<string, string> = {
  get_performance: 'your performance figures',
  get_trades: 'your trades',
  get_positions: 'your open positions',
  get_accounts: 'your accounts',
  get_prop_status: 'the challenge status',
  size_position: 'the position size',
  get_candles: 'the prices',
  get_indicator: 'the indicator',
  get_chart_readings: 'the indicator readings',
  get_calendar: 'the calendar',
  get_news: 'the news',
  get_strategies: 'your playbook',
  get_playbook_compliance: 'the playbook compliance figures',
  get_journal: 'your journal',
  search_knowledge: 'your documents',
};

const currencyOf = (data: unknown) => pickStr(data, ['currency', 'Currency_symbol', 'accountCurrency']);
const accountName = (data: unknown) => {
  const a = pick(data, ['account']);
  return (isObj(a) && typeof a.name === 'string' ? a.name : null) ?? pickStr(data, ['accountName'], 1);
};
const onAccount = (data: unknown) => {
  const n = accountName(data);
  return n ? ` on ${n}` : '';
};
const fallback = (r: ToolReading) => r.summary ?? '';
const bullets = (lines: (string | null)[]) =>
  lines
    .filter((l): l is string => !!l)
    .map((l) => `- ${l}`)
    .join('\n');

function performance(plan: Plan, r: ToolReading): string {
  const d = r.data;
  const cur = currencyOf(d);
  const when_ = describePeriod(plan.period);
  const sym = plan.focusSymbol ? `${plan.focusSymbol} ` : '';
  const head = `Your ${sym}performance ${when_}${onAccount(d)}:`.replace(/\s+:/, ':');
  const count = pickNum(d, ['count', 'tradeCount', 'totalTrades', 'trades']);
  if (count === 0)
    return `You have no closed ${sym}trades ${when_}${onAccount(d)}, so there are no figures to show yet.`.replace(
      /\s+,/,
      ',',
    );
  const net = pickNum(d, ['net', 'netProfit', 'netPnl', 'netPL']);
  const winRate = pickNum(d, ['winRate']);
  const pf = pickNum(d, ['profitFactor']);
  const expectancy = pickNum(d, ['expectancy', 'averageNet']);
  const avgWin = pickNum(d, ['averageWin', 'avgWin']);
  const avgLoss = pickNum(d, ['averageLoss', 'avgLoss']);
  const dd = pickNum(d, ['maxDrawdown', 'drawdown']);
  const best = pickNum(d, ['largestWin', 'bestTrade']);
  const worst = pickNum(d, ['largestLoss', 'worstTrade']);
  const known = [net, count, winRate, pf].filter((x) => x !== null).length;
  const lines =
    known >= 2
      ? bullets([
          net !== null ? `Net P/L: **${money(net, cur, true)}**` : null,
          count !== null ? `Trades: ${count}` : null,
          winRate !== null ? `Win rate: ${percent(winRate)}` : null,
          pf !== null ? `Profit factor: ${figure(pf, 2)}` : null,
          expectancy !== null ? `Expectancy: ${money(expectancy, cur, true)} per trade` : null,
          avgWin !== null ? `Average win: ${money(avgWin, cur)}` : null,
          avgLoss !== null ? `Average loss: ${money(avgLoss, cur)}` : null,
          dd !== null ? `Maximum drawdown: ${money(Math.abs(dd), cur)}` : null,
          best !== null ? `Largest win: ${money(best, cur, true)}` : null,
          worst !== null ? `Largest loss: ${money(worst, cur, true)}` : null,
        ])
      : fallback(r);
  let insight = '';
  // Buckets without trades (an hour never traded) are not a "worst" anything.
  const rows = breakdownRows(d)?.filter((x) => x.count !== 0);
  if (rows && rows.length > 1 && plan.groupBy !== 'none') {
    const sorted = [...rows].sort((a, b) => b.value - a.value);
    const top = sorted[0]!;
    const bottom = sorted[sorted.length - 1]!;
    const what = { hour: 'hour', day_of_week: 'day', session: 'session', symbol: 'symbol', none: '' }[plan.groupBy];
    insight = `\n\nBest ${what}: **${top.label}** (${money(top.value, cur, true)}); worst ${what}: **${bottom.label}** (${money(bottom.value, cur, true)}).`;
  }
  return `${head}\n\n${lines}${insight}`.trim();
}

function list(r: ToolReading, test: (o: Obj) => boolean, line: (o: Obj) => string, empty: string, max = 10): string {
  const items = findArray(r.data, test);
  if (items && items.length === 0) return empty;
  if (!items) return fallback(r) || empty;
  const more = items.length > max ? `\n\n…and ${items.length - max} more.` : '';
  return `${bullets(items.slice(0, max).map(line))}${more}`;
}

function trades(plan: Plan, r: ToolReading): string {
  const cur = currencyOf(r.data);
  const body = list(
    r,
    (o) => typeof o.symbol === 'string',
    (o) => {
      const net = typeof o.net === 'number' ? o.net : typeof o.profit === 'number' ? o.profit : null;
      return [
        `${o.symbol} ${o.side ?? o.direction ?? ''}`.trim(),
        typeof o.volume === 'number' ? `${figure(o.volume, 2)} lots` : null,
        net !== null ? money(net, cur, true) : null,
        when(o.closedAt ?? o.closeTime ?? o.time),
      ]
        .filter(Boolean)
        .join(' · ');
    },
    `No closed trades ${describePeriod(plan.period) || 'yet'}${plan.symbol ? ` on ${plan.symbol}` : ''}.`,
  );
  return `Your closed trades ${describePeriod(plan.period)}${onAccount(r.data)}:\n\n${body}`.replace(/\s+:/, ':');
}

function positions(r: ToolReading): string {
  const cur = currencyOf(r.data);
  return list(
    r,
    (o) => typeof o.symbol === 'string',
    (o) => {
      const pl = pickNum(o, ['floatingProfit', 'profit', 'upl', 'pnl', 'net'], 0);
      return [
        `${o.symbol} ${o.side ?? ''}`.trim(),
        typeof o.volume === 'number' ? `${figure(o.volume, 2)} lots` : null,
        typeof o.openPrice === 'number' ? `from ${figure(o.openPrice)}` : null,
        pl !== null ? `floating ${money(pl, cur, true)}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
    },
    'You have no open positions.',
  );
}

function accounts(r: ToolReading): string {
  return list(
    r,
    (o) => typeof o.name === 'string',
    (o) => {
      const cur = typeof o.currency === 'string' ? o.currency : null;
      return [
        `**${o.name}**`,
        typeof o.kind === 'string' ? o.kind : null,
        typeof o.balance === 'number' ? `balance ${money(o.balance, cur)}` : null,
        typeof o.equity === 'number' ? `equity ${money(o.equity, cur)}` : null,
        typeof o.status === 'string' ? o.status : null,
      ]
        .filter(Boolean)
        .join(' · ');
    },
    'You have no trading accounts yet.',
  );
}

function prop(r: ToolReading): string {
  const d = r.data;
  const cur = currencyOf(d);
  const room = pickNum(d, ['roomLeftToday', 'dailyLossRemaining', 'roomToday']);
  const maxLeft = pickNum(d, ['maxLossLeft', 'maxLossRemaining']);
  const daysObj = pick(d, ['tradingDays']);
  const days = isObj(daysObj) && typeof daysObj.done === 'number' ? daysObj.done : pickNum(d, ['daysTraded']);
  const minDays =
    isObj(daysObj) && typeof daysObj.required === 'number' ? daysObj.required : pickNum(d, ['minTradingDays']);
  const profit = pickNum(d, ['profit']);
  const target = pickNum(d, ['profitTarget']);
  const rules = findArray(d, (o) => typeof o.state === 'string' && typeof o.label === 'string') ?? [];
  const flagged = rules.filter((x) => x.state === 'breached' || x.state === 'warning');
  const head = `Challenge status${onAccount(d)}:`;
  const lines = [
    room !== null ? `Room left today before the daily loss limit: **${money(room, cur)}**` : null,
    maxLeft !== null ? `Left before the maximum loss: ${money(maxLeft, cur)}` : null,
    profit !== null && target !== null
      ? `Profit target: ${money(profit, cur, true)} of ${money(target, cur)}`
      : profit !== null
        ? `Profit in this phase: ${money(profit, cur, true)}`
        : null,
    days !== null ? `Trading days: ${days}${minDays !== null ? ` (${minDays} required)` : ''}` : null,
    ...flagged.map((x) => `${x.label}: **${x.state}**`),
  ].filter(Boolean);
  return lines.length >= 2 ? `${head}\n\n${bullets(lines)}` : fallback(r) || head;
}

function size(plan: Plan, r: ToolReading): string {
  const d = isObj(r.data) ? r.data : {};
  const volume = pickNum(d, ['volume', 'lots', 'size'], 0);
  if (volume === null || typeof d.explanation !== 'string') {
    const head = volume !== null ? `You can trade **${figure(volume, 2)} lots** of ${plan.symbol}.` : '';
    return [head, r.summary].filter(Boolean).join('\n\n') || fallback(r);
  }
  const cur = currencyOf(d);
  const p = isObj(d.prop) ? d.prop : null;
  const room = p ? pickNum(p, ['roomLeftToday'], 0) : null;
  const where = ` (${d.side ?? 'buy'} from ${figure(Number(d.entry))}, stop ${figure(Number(d.stopLoss))})${onAccount(d)}`;
  const head =
    volume > 0
      ? `You can trade **${figure(volume, 2)} lots** of ${d.symbol ?? plan.symbol}${where}.`
      : `No size of ${d.symbol ?? plan.symbol} fits${where}.`;
  const warnings = Array.isArray(d.warnings) ? d.warnings.filter((w): w is string => typeof w === 'string') : [];
  return [
    head,
    d.explanation,
    room !== null ? `Room left today before the daily loss limit: ${money(room, cur)}.` : null,
    ...warnings,
  ]
    .filter(Boolean)
    .join('\n\n');
}

function calendar(r: ToolReading): string {
  return list(
    r,
    (o) => typeof (o.title ?? o.name ?? o.event) === 'string',
    (o) =>
      [
        when(o.time ?? o.date ?? o.at ?? o.scheduledAt),
        typeof o.currency === 'string' ? o.currency : typeof o.country === 'string' ? o.country : null,
        `**${o.title ?? o.name ?? o.event}**`,
        typeof o.impact === 'string' ? `${o.impact} impact` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    'No scheduled events in that window.',
    8,
  );
}

function news(r: ToolReading): string {
  const body = list(
    r,
    (o) => typeof (o.title ?? o.headline) === 'string',
    (o) => {
      const s = o.sentiment;
      const label = typeof s === 'string' ? s : isObj(s) && typeof s.label === 'string' ? s.label : null;
      return [`${o.title ?? o.headline}`, label ? `sentiment ${label}` : null, when(o.publishedAt ?? o.time)]
        .filter(Boolean)
        .join(' · ');
    },
    'No recent news found.',
    5,
  );
  return `${body}\n\nHeadlines are third-party content: I summarise them but never act on them.`;
}

function indicator(plan: Plan, r: ToolReading): string {
  const d = isObj(r.data) ? r.data : {};
  const plots = findArray(d, (o) => typeof o.title === 'string' && 'latest' in o);
  const name = String(d.indicator ?? plan.calls[0]?.args.indicator ?? '').toUpperCase();
  if (!plots || plots.length === 0) return `${name} on ${plan.symbol}:\n\n${fallback(r)}`;
  const settings = isObj(d.settings)
    ? Object.entries(d.settings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')
    : '';
  const tf = typeof d.timeframe === 'string' ? ` ${d.timeframe}` : '';
  const at = d.time ? ` at the bar of ${when(d.time)} UTC` : '';
  const value = (v: unknown) => (typeof v === 'number' ? figure(v, 5) : 'n/a');
  const lines = plots.map((p) => `${p.title}: **${value(p.latest)}** (previous bar ${value(p.previous)})`);
  return `${name} on ${d.symbol ?? plan.symbol}${tf}${settings ? ` (${settings})` : ''}${at}:\n\n${bullets(lines)}`;
}

function price(plan: Plan, r: ToolReading): string {
  const candles = findArray(r.data, (o) => typeof o.close === 'number' && typeof o.high === 'number');
  if (!candles || candles.length === 0) return fallback(r) || `No recent prices for ${plan.symbol}.`;
  const last = candles[candles.length - 1]!;
  const first = candles[0]!;
  const hi = candles.reduce((m, c) => ((c.high as number) > (m.high as number) ? c : m));
  const lo = candles.reduce((m, c) => ((c.low as number) < (m.low as number) ? c : m));
  const tf = plan.calls[0]?.args.timeframe;
  return `${plan.symbol}, last ${candles.length} ${tf} bars:\n\n${bullets([
    `Last close: **${figure(last.close as number)}** (${when(last.time)})`,
    `High: ${figure(hi.high as number)} · Low: ${figure(lo.low as number)}`,
    typeof first.open === 'number' ? `First open of the window: ${figure(first.open)}` : null,
  ])}`;
}

/** The chart's indicator readings (get_chart_readings): each with its value, what it says, the bar's time. */
function chartReadingsText(r: ToolReading): string {
  const d = isObj(r.data) ? r.data : {};
  const list = findArray(d, (o) => typeof o.label === 'string' && Array.isArray(o.plots));
  if (!list || list.length === 0) return fallback(r);
  const value = (v: unknown) => (typeof v === 'number' ? figure(v, 5) : 'n/a');
  const lines = list.map((x) => {
    const plots = (x.plots as unknown[]).filter(isObj);
    const values =
      plots.length === 1
        ? `**${value(plots[0]!.latest)}**`
        : plots.map((p) => `${String(p.title).toLowerCase()} **${value(p.latest)}**`).join(', ');
    return `${x.label}: ${values}${typeof x.reading === 'string' ? ` (${x.reading})` : ''}`;
  });
  const tf = typeof d.timeframe === 'string' ? ` ${d.timeframe}` : '';
  const at = d.time ? ` at the bar of ${when(d.time)} UTC` : '';
  const close = typeof d.close === 'number' ? `, close ${figure(d.close, 5)}` : '';
  return `**Indicators**${tf}${at}${close}:\n\n${bullets(lines)}`;
}

type Group = { count: number; winRate: number | null; net: number };
const isGroup = (v: unknown): v is Group => isObj(v) && typeof v.count === 'number' && typeof v.net === 'number';

function compliance(plan: Plan, r: ToolReading): string {
  const d = isObj(r.data) ? r.data : {};
  const o = isObj(d.overall) ? d.overall : null;
  if (!o || !isGroup(o.followed) || !isGroup(o.broke)) return fallback(r);
  const cur = currencyOf(d);
  const group = (g: Group) =>
    `${g.count} trade${g.count === 1 ? '' : 's'}${g.count > 0 ? `, win rate ${g.winRate === null ? 'n/a' : percent(g.winRate)}, net ${money(g.net, cur, true)}` : ''}`;
  const unreviewed = isObj(o.unreviewed) && typeof o.unreviewed.count === 'number' ? o.unreviewed.count : null;
  const score = typeof d.disciplineScore === 'number' ? d.disciplineScore : null;
  const strategies = (Array.isArray(d.strategies) ? d.strategies : [])
    .filter(isObj)
    .filter((x) => isGroup(x.followed) && isGroup(x.broke) && x.followed.count + x.broke.count > 0)
    .map((x) => `${x.name}: followed ${group(x.followed as Group)}; broke ${group(x.broke as Group)}`);
  const mistakes = (Array.isArray(d.mistakes) ? d.mistakes : [])
    .filter(isObj)
    .filter((m) => isGroup(m.trades) && m.trades.count > 0)
    .sort((a, b) => (b.trades as Group).count - (a.trades as Group).count)
    .slice(0, 3)
    .map((m) => `Mistake "${m.label ?? 'removed'}": ${group(m.trades as Group)}`);
  const lines = [
    `Followed the rules: ${group(o.followed)}`,
    `Broke the rules: ${group(o.broke)}`,
    isGroup(o.noPlaybook) ? `Not linked to a strategy: ${group(o.noPlaybook)}` : null,
    unreviewed !== null ? `Not reviewed yet: ${unreviewed} trade${unreviewed === 1 ? '' : 's'}` : null,
    score !== null ? `Discipline score: **${figure(score, 0)}/100**` : null,
    ...strategies,
    ...mistakes,
  ];
  const head = `Playbook compliance ${describePeriod(plan.period)}${onAccount(d)}:`.replace(/\s+:/, ':');
  return `${head}\n\n${bullets(lines)}`;
}

const oneLine = (text: unknown, max: number) => {
  if (typeof text !== 'string') return '';
  // the journal's plan and review start with their own heading ("Plan", "Review")
  const flat = text
    .replace(/^\s*(plan|review)\s*\n/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

function journal(r: ToolReading): string {
  const d = isObj(r.data) ? r.data : {};
  const days = Array.isArray(d.days) ? d.days.filter(isObj) : null;
  if (!days) return fallback(r);
  const totals = (Array.isArray(d.totals) ? d.totals : []).filter(isObj);
  const amount = (t: Obj) => money(Number(t.net), typeof t.currency === 'string' ? t.currency : null, true);
  const total = totals.map((t) => `${amount(t)} over ${t.tradeCount} trades`).join('; ') || 'no closed trades';
  const notes = new Map(
    (Array.isArray(d.entries) ? d.entries : []).filter(isObj).map((e) => [String(e.date), e] as const),
  );
  const shown = days.filter((x) => Number(x.tradeCount ?? 0) > 0 || x.hasEntry === true).slice(-7);
  const lines = shown.map((x) => {
    const net = (Array.isArray(x.totals) ? x.totals : []).filter(isObj).map(amount).join(', ');
    const tags = Array.isArray(x.tags) && x.tags.length > 0 ? `, tags ${x.tags.join(', ')}` : '';
    const e = notes.get(String(x.date));
    const review = e ? oneLine(e.review, 160) : '';
    return `**${x.date}**: ${x.tradeCount} trades${net ? ` (${net})` : ''}${x.mood ? `, mood ${x.mood}/5` : ''}${x.discipline ? `, discipline ${x.discipline}/5` : ''}${tags}${review ? `. Review: ${review}` : ''}`;
  });
  const head = `Your journal from ${d.from} to ${d.to}: ${total}.`;
  return lines.length > 0 ? `${head}\n\n${bullets(lines)}` : `${head}\n\nNo journal entries or trades on those days.`;
}

/**
 * A passage as quoted lines, its line breaks kept: a Markdown heading of the document becomes a bold line, blank
 * lines go, spaces inside a line fold; at most `max` characters, cut with "…".
 */
export function quotedLines(text: string, max: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const raw of text.split('\n')) {
    const folded = raw.replace(/\s+/g, ' ').trim();
    if (!folded) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(folded);
    let line = heading ? (heading[1] ?? '') : folded;
    if (used + line.length > max) {
      line = `${line.slice(0, Math.max(0, max - used))}…`;
      out.push(heading ? `**${line}**` : line);
      break;
    }
    used += line.length;
    out.push(heading ? `**${line}**` : line);
  }
  return out.length > 0 ? out : [''];
}

function knowledge(r: ToolReading): string | null {
  const passages = findArray(r.data, (o) => typeof o.text === 'string');
  if (!passages || passages.length === 0) return null;
  const top = passages.slice(0, 3);
  const quotes = top.map((p, i) => {
    const lines = quotedLines(p.text as string, 400);
    lines[lines.length - 1] = `${lines.at(-1) ?? ''} [${i + 1}]`;
    if (typeof p.name === 'string') lines.push(`— ${p.name}`);
    return lines.map((l) => `> ${l}`).join('\n');
  });
  return `Here is what your documents say (the passages that best match your question):\n\n${quotes.join('\n\n')}`;
}

function action(plan: Plan, r: ToolReading): string {
  // the tool's data is { proposal: { kind, summary, params, redirectTo } }; its summary line says "A proposal: ..."
  const a = pick(r.data, ['proposal', 'action']);
  const summary = (isObj(a) && typeof a.summary === 'string' ? a.summary : null) ?? r.summary;
  const what = summary ? `**${summary}**\n\n` : '';
  const order =
    plan.topic === 'draft_order'
      ? ' Confirming opens the order ticket prefilled with this order; it is only sent when you click there.'
      : '';
  return `I've prepared this for you:\n\n${what}Nothing happens until you press **Confirm** on the card below.${order}`;
}

const FOLLOW_UPS: Record<Plan['topic'], (p: Plan) => string[]> = {
  performance: (p) =>
    p.groupBy === 'day_of_week'
      ? ['Which session is my best?', 'Which symbols made me the most money this month?']
      : ['How did I do by day of week this month?', 'Which symbols made me the most money this month?'],
  trades: () => ['How did I do this week?', 'Did I follow my playbook this week?'],
  positions: () => ['How much room do I have left today on my prop account?', 'How did I do today?'],
  accounts: () => ['How did I do this month?', 'How much room do I have left today on my prop account?'],
  prop: () => [
    'How much EURUSD can I buy with a 20 pip stop on my prop account?',
    'Upcoming high-impact events this week',
  ],
  size: (p) => [`Upcoming events and news for ${p.symbol}`, `RSI on ${p.symbol} 1h`],
  calendar: (p) => [
    p.symbol ? `News for ${p.symbol}` : 'What is the latest news?',
    'How much room do I have left today on my prop account?',
  ],
  news: (p) => [
    p.symbol ? `Upcoming events for ${p.symbol}` : 'Upcoming high-impact events this week',
    'How did I do this week?',
  ],
  market: (p) => [p.symbol ? `RSI on ${p.symbol} 1h` : 'RSI on EURUSD 1h', 'How did I do this week?'],
  indicator: (p) => [`Upcoming events and news for ${p.symbol}`, `How much ${p.symbol} can I buy with a 20 pip stop?`],
  price: (p) => [`RSI on ${p.symbol} 1h`, `News for ${p.symbol}`],
  strategies: () => ['Did I follow my playbook this month?', 'How did I do this month?'],
  compliance: () => ['Summarise my journal this week', 'How did I do by session this month?'],
  journal: () => ['Did I follow my playbook this week?', 'How did I do this week?'],
  knowledge: () => ['How much room do I have left today on my prop account?', 'How did I do this week?'],
  create_alert: (p) => [`Upcoming events and news for ${p.symbol}`, `RSI on ${p.symbol} 1h`],
  draft_order: (p) => [
    'How much room do I have left today on my prop account?',
    `Upcoming events and news for ${p.symbol}`,
  ],
  add_to_watchlist: (p) => [`News for ${p.symbol}`, `RSI on ${p.symbol} 1h`],
  tag_trade: () => ['Show my last trades', 'Did I follow my playbook this week?'],
  write_journal_note: () => ['Summarise my journal this week', 'How did I do today?'],
};

/** The answer to a plan from the readings of its tool calls (in call order). */
export function writeAnswer(plan: Plan, readings: ToolReading[]): Written {
  const parts: string[] = [];
  for (const r of readings) {
    if (r.error) {
      const what = TOOL_WHAT[r.name];
      parts.push(what ? `I couldn't read ${what}: ${r.error}` : `I couldn't prepare that: ${r.error}`);
      continue;
    }
    switch (r.name) {
      case 'get_performance':
        parts.push(performance(plan, r));
        break;
      case 'get_trades':
        parts.push(trades(plan, r));
        break;
      case 'get_positions':
        parts.push(positions(r));
        break;
      case 'get_accounts':
        parts.push(accounts(r));
        break;
      case 'get_prop_status':
        parts.push(prop(r));
        break;
      case 'size_position':
        parts.push(size(plan, r));
        break;
      case 'get_calendar':
        parts.push(`**Upcoming events**${plan.symbol ? ` for ${plan.symbol}` : ''}:\n\n${calendar(r)}`);
        break;
      case 'get_news':
        parts.push(`**News**${plan.symbol ? ` on ${plan.symbol}` : ''}:\n\n${news(r)}`);
        break;
      case 'get_indicator':
        parts.push(indicator(plan, r));
        break;
      case 'get_candles':
        parts.push(price(plan, r));
        break;
      case 'get_chart_readings':
        parts.push(chartReadingsText(r));
        break;
      case 'get_playbook_compliance':
        parts.push(compliance(plan, r));
        break;
      case 'get_journal':
        parts.push(journal(r));
        break;
      case 'search_knowledge': {
        const k = knowledge(r);
        parts.push(
          k ??
            `I found nothing in your documents that matches this question.\n\n${plan.topic === 'knowledge' ? cannotAnswerText() : ''}`.trim(),
        );
        break;
      }
      case 'create_alert':
      case 'draft_order':
      case 'add_to_watchlist':
      case 'tag_trade':
      case 'write_journal_note':
        parts.push(action(plan, r));
        break;
      default:
        if (r.summary) parts.push(r.summary);
    }
  }
  if (plan.note && !readings.some((r) => r.error)) parts.push(plan.note);
  return { text: parts.filter(Boolean).join('\n\n'), followUps: FOLLOW_UPS[plan.topic](plan) };
}
