import type {
  AccountGoals,
  AiAction,
  AiAnswer,
  AiChat,
  AiChatDetail,
  AiStreamEvent,
  IndicatorCalculation,
  JournalCalendar,
  MetricsResponse,
  TradingAccount,
} from '@tradedesk/contracts';
import { COMPLIANCE_PATH, type ComplianceResponse } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db.js';
import { DEMO_PROP_ACCOUNT_NAME } from '../demo/demo.prop.js';
import { DEMO_USER } from '../demo/demo.seed.js';
import { DEMO_ACCOUNT_NAME } from '../demo/demo.trading.js';
import { coreCalendar, createSimulatedWriter } from '../news/news.ingest.js';
import { createNewsRepository } from '../news/news.repository.js';
import { tradingOrders, tradingPositions } from '../trading/trading.table.js';
import { users } from '../users/users.table.js';
import { DEMO_AGENT_NAME } from './agents/demo/seed.js';
import { TRADING_RULES_GUIDE_NAME } from './agents/demo/trading-rules-guide.js';
import { money, percent } from './analyst/read.js';
import { DEMO_AI_FOLDER } from './chats/demo.js';

/**
 * The AI assistant end to end on the demo data, as a fresh start with SEED_DEMO on and no model configured: the
 * demo user's seeded chats and agent, and the built-in analyst's documented questions answered through the real
 * chat routes, tools and services, each answer's figures checked against the service the screen shows them from.
 * One app, one seeded user, shared by every test of the file.
 */

const clock = createManualClock('2026-03-04T14:07:00Z'); // a Wednesday
let app: FastifyInstance;
let database: Database;
let headers: { authorization: string };
/** The trading session's token: the trading routes (accounts, metrics, objectives) take it. */
let tradingHeaders: { authorization: string };
let zone: string;
let virtual: TradingAccount;
let prop: TradingAccount;
let chatId: string;

async function get<T>(url: string): Promise<T> {
  const trading = url.startsWith('/accounts') || url.startsWith('/trading/');
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: trading ? tradingHeaders : headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function ask(content: string): Promise<AiAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/ai/chats/${chatId}/messages`,
    headers,
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AiAnswer;
}

function sse(body: string): AiStreamEvent[] {
  return body
    .split('\n\n')
    .map((frame) => frame.split('\n').find((l) => l.startsWith('data: ')))
    .filter((l): l is string => l !== undefined)
    .map((l) => JSON.parse(l.slice(6)) as AiStreamEvent);
}

const metricsOf = (accountId: string, from: string, to: string) =>
  get<MetricsResponse>(`/trading/metrics/${accountId}?from=${from}&to=${to}&tz=${encodeURIComponent(zone)}`);

async function openOrdersAndPositions(accountId: string): Promise<number> {
  const [orders, positions] = await Promise.all([
    database.db.select().from(tradingOrders).where(eq(tradingOrders.accountId, accountId)),
    database.db.select().from(tradingPositions).where(eq(tradingPositions.accountId, accountId)),
  ]);
  return orders.length + positions.length;
}

beforeAll(async () => {
  ({ app, database } = await createTestApp({ config: { seedDemo: true }, build: { clock } }));
  const login = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
  });
  headers = { authorization: `Bearer ${login.json().tokens.accessToken}` };
  tradingHeaders = { authorization: `Bearer ${login.json().tokens.tradingAccessToken}` };
  const [demo] = await database.db.select().from(users).where(eq(users.email, DEMO_USER.email));
  zone = demo!.timeZone;
  const { accounts } = await get<{ accounts: TradingAccount[] }>('/accounts');
  virtual = accounts.find((a) => a.name === DEMO_ACCOUNT_NAME)!;
  prop = accounts.find((a) => a.name === DEMO_PROP_ACCOUNT_NAME)!;
  expect(virtual && prop).toBeTruthy();
  // the simulated news of the last 30 days (a running server writes it each minute on the leader)
  await createSimulatedWriter({
    repo: createNewsRepository(database.db),
    calendar: coreCalendar,
    now: () => clock.now().getTime(),
  }).run();
  const chat = await app.inject({ method: 'POST', url: '/api/ai/chats', headers, payload: {} });
  expect(chat.statusCode, chat.body).toBe(201);
  chatId = (chat.json() as AiChat).id;
}, 120_000);

describe('the demo user’s AI assistant, seeded on a fresh start', () => {
  it('has a performance review with real figures and a chart, and a pre-trade check ending in a drafted order within the prop limits', async () => {
    const { chats } = await get<{ chats: AiChat[] }>('/ai/chats');
    const review = chats.find((c) => c.title === 'Weekly performance review');
    const check = chats.find((c) => c.title.startsWith('Pre-trade check'));
    expect(review?.pinned).toBe(true);
    expect(check?.folderId).toBeTruthy();

    const reviewed = await get<AiChatDetail>(`/ai/chats/${review!.id}`);
    const answers = reviewed.messages.filter((e) => !e.isUser);
    expect(answers).toHaveLength(2);
    const week = answers[0]!;
    const m = await metricsOf(virtual.id, week.Date_interval!.start_date, week.Date_interval!.end_date);
    expect(m.overview.count).toBeGreaterThan(0);
    expect(week.text).toContain(money(m.overview.net, 'USD', true));
    expect(week.text).toContain(`Trades: ${m.overview.count}`);
    expect(week.chart_type).toBe('equity');
    expect(answers[1]!.chart_type).toBe('day_of_week');
    expect(answers.every((a) => a.model.builtIn && a.json_answer !== null)).toBe(true);

    const checked = await get<AiChatDetail>(`/ai/chats/${check!.id}`);
    const last = checked.messages.at(-1)!;
    expect(last.isUser).toBe(false);
    expect(last.actions).toHaveLength(1);
    const draft = last.actions[0]!;
    expect(draft).toMatchObject({ kind: 'draft_order', status: 'proposed', fromContent: false });
    expect(draft.params).toMatchObject({ account_id: prop.id, symbol: 'EURUSD', side: 'buy' });
    const goals = await get<AccountGoals>(`/trading/objectives/${prop.id}`);
    const room = goals.prop!.todayPermittedLoss!;
    const volume = Number(draft.params.volume);
    const stopPips = Math.abs(Number(draft.params.entry) - Number(draft.params.stop_loss)) / 0.0001;
    expect(volume).toBeGreaterThan(0);
    // EURUSD on a USD account: 10 USD a pip per lot
    expect(volume * stopPips * 10).toBeLessThanOrEqual(room + 1e-6);
    expect(Math.round(stopPips)).toBe(20);

    const { folders } = await get<{ folders: { id: string; name: string }[] }>('/ai/folders');
    expect(folders.find((f) => f.name === DEMO_AI_FOLDER)?.id).toBe(check!.folderId);
  });

  it('has the agent "Trading rules coach" with the guide as knowledge; asked about the guide, it answers citing it', async () => {
    const { agents } = await get<{ agents: { id: string; name: string; knowledge: { name?: string }[] }[] }>(
      '/ai/agents',
    );
    const coach = agents.find((a) => a.name === DEMO_AGENT_NAME);
    expect(coach).toBeTruthy();
    expect(JSON.stringify(coach!.knowledge)).toContain(TRADING_RULES_GUIDE_NAME);
    const res = await app.inject({
      method: 'POST',
      url: `/api/ai/agents/${coach!.id}/chat`,
      headers,
      payload: { content: 'What does the guide say about the news blackout?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = sse(res.body).find((e) => e.type === 'answer');
    expect(answer?.type).toBe('answer');
    const a = (answer as { answer: AiAnswer }).answer;
    expect(a.text).toMatch(/\[1\]/);
    expect(a.text.toLowerCase()).toContain('blackout');
    expect(a.sources[0]).toMatchObject({ n: 1, kind: 'knowledge', title: TRADING_RULES_GUIDE_NAME });
  });
});

type Check = (a: AiAnswer) => Promise<void>;

describe('the built-in analyst answers the documented questions with the real figures', () => {
  const table: [string, Check][] = [
    [
      'How did I do this week?',
      async (a) => {
        expect(a.Date_interval).toEqual({ start_date: '2026-03-02', end_date: '2026-03-04' });
        const m = await metricsOf(virtual.id, '2026-03-02', '2026-03-04');
        expect(m.overview.count).toBeGreaterThan(0);
        expect(a.text).toContain(`Net P/L: **${money(m.overview.net, m.currency, true)}**`);
        expect(a.text).toContain(`Trades: ${m.overview.count}`);
        expect(a.text).toContain(`Win rate: ${percent(m.overview.winRate!)}`);
        expect(a.chart_type).toBe('equity');
        expect(a.json_answer?.rows).toEqual(
          expect.arrayContaining([expect.objectContaining({ value: expect.any(Number) })]),
        );
        expect(a.Currency_symbol).toBe(m.currency);
        expect(a.redirect_to).toContain(`/metrics?account=${virtual.id}`);
        expect(a.A && a.B).toBeTruthy();
      },
    ],
    [
      'How did I do by day of week this month?',
      async (a) => {
        expect(a.chart_type).toBe('day_of_week');
        const m = await metricsOf(virtual.id, '2026-03-01', '2026-03-04');
        const rows = a.json_answer?.rows as { label: string; value: number; count: number }[];
        expect(rows.map((r) => [r.value, r.count])).toEqual(m.dayOfWeek.map((d) => [d.net, d.count]));
        const best = [...m.dayOfWeek].sort((x, y) => y.net - x.net)[0]!;
        expect(a.text).toContain(money(best.net, m.currency, true));
      },
    ],
    [
      'Which symbols made me the most money this month?',
      async (a) => {
        expect(a.chart_type).toBe('symbol_allocation');
        const m = await metricsOf(virtual.id, '2026-03-01', '2026-03-04');
        const rows = a.json_answer?.rows as { label: string; value: number }[];
        expect(rows.map((r) => [r.label, r.value])).toEqual(m.symbols.map((s) => [s.symbol, s.net]));
      },
    ],
    [
      'Which session is my best this month?',
      async (a) => {
        expect(a.chart_type).toBe('bars');
        const m = await metricsOf(virtual.id, '2026-03-01', '2026-03-04');
        const rows = a.json_answer?.rows as { label: string; value: number }[];
        expect(rows.map((r) => [r.label, r.value])).toEqual(m.timeAnalysis.bySession.map((b) => [b.session, b.net]));
      },
    ],
    [
      'Performance by hour this month',
      async (a) => {
        expect(a.chart_type).toBe('time');
        const m = await metricsOf(virtual.id, '2026-03-01', '2026-03-04');
        const rows = a.json_answer?.rows as { value: number; count: number }[];
        expect(rows.map((r) => [r.value, r.count])).toEqual(m.timeAnalysis.byHour.map((b) => [b.net, b.count]));
      },
    ],
    [
      'Set an alert on EURUSD at 1.0900',
      async (a) => {
        expect(a.actions).toHaveLength(1);
        expect(a.actions[0]).toMatchObject({ kind: 'create_alert', status: 'proposed', result: null });
        expect(a.text).toContain(a.actions[0]!.summary);
      },
    ],
    [
      'How much room do I have left today on my prop account?',
      async (a) => {
        const { prop: p } = await get<AccountGoals>(`/trading/objectives/${prop.id}`);
        expect(a.text).toContain(
          `Room left today before the daily loss limit: **${money(p!.todayPermittedLoss!, 'USD')}**`,
        );
        expect(a.text).toContain(money(p!.maxPermittedLoss!, 'USD'));
        expect(a.text).toContain(prop.name);
      },
    ],
    [
      'How much EURUSD can I buy with a 20 pip stop on my prop account?',
      async (a) => {
        const volume = Number(/\*\*([\d.]+) lots\*\*/.exec(a.text)?.[1]);
        const { prop: p } = await get<AccountGoals>(`/trading/objectives/${prop.id}`);
        expect(volume).toBeGreaterThan(0);
        expect(volume * 20 * 10).toBeLessThanOrEqual(p!.todayPermittedLoss!);
        expect(a.text).toContain(prop.name);
        expect(a.actions).toEqual([]);
      },
    ],
    [
      'Buy EURUSD with stop 1.0800 on my prop account',
      async (a) => {
        expect(a.actions).toHaveLength(1);
        const d = a.actions[0] as AiAction;
        expect(d).toMatchObject({ kind: 'draft_order', status: 'proposed', result: null });
        expect(d.params).toMatchObject({ account_id: prop.id, symbol: 'EURUSD', side: 'buy', stop_loss: 1.08 });
        const { prop: p } = await get<AccountGoals>(`/trading/objectives/${prop.id}`);
        const risk = Number(d.params.volume) * ((Number(d.params.entry) - 1.08) / 0.0001) * 10;
        expect(risk).toBeLessThanOrEqual(p!.todayPermittedLoss! + 1e-6);
        expect(Number(d.params.money_at_risk)).toBeLessThanOrEqual(p!.todayPermittedLoss!);
        expect(a.text).toContain(d.summary);
        expect(a.text).not.toContain('A proposal:');
        expect(d.redirectTo).toContain('/chart?symbol=EURUSD');
      },
    ],
    [
      'Upcoming events for EURUSD',
      async (a) => {
        expect(a.event_ids.length).toBeGreaterThan(0);
        const { events } = await get<{ events: { id: string; title: string; currency: string }[] }>(
          `/market/calendar/economic?from=${clock.now().toISOString()}&to=2026-03-11T14:07:00.000Z&limit=200`,
        );
        const eurusd = events.filter((e) => e.currency === 'EUR' || e.currency === 'USD').slice(0, 20);
        expect(a.event_ids.slice(0, eurusd.length)).toEqual(eurusd.map((e) => e.id));
        for (const e of eurusd.slice(0, 8)) expect(a.text).toContain(e.title);
      },
    ],
    [
      'News on NVDA',
      async (a) => {
        const { items } = await get<{ items: { id: string; title: string }[] }>('/market/news?symbols=NVDA&limit=10');
        expect(items.length).toBeGreaterThan(0);
        expect(a.news_ids).toEqual(items.map((i) => i.id));
        for (const i of items.slice(0, 5)) expect(a.text).toContain(i.title);
        expect(a.actions).toEqual([]);
      },
    ],
    [
      'RSI on EURUSD 1h',
      async (a) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/indicators/calculation',
          headers,
          payload: { symbol: 'EURUSD', timeframe: '1h', indicator_name: 'rsi', limit: 300 },
        });
        expect(res.statusCode, res.body).toBe(200);
        const calc = res.json() as IndicatorCalculation;
        const latest = calc.series[0]!.values.at(-1)!;
        expect(latest).toBeTypeOf('number');
        const shown = Number(/\*\*([\d.]+)\*\*/.exec(a.text)?.[1]);
        expect(shown).toBeCloseTo(latest, 5);
        expect(a.redirect_to).toBe('/chart?symbol=EURUSD&timeframe=1h');
      },
    ],
    [
      'Did I follow my playbook this month?',
      async (a) => {
        const c = await get<ComplianceResponse>(
          `${COMPLIANCE_PATH}?account_id=${virtual.id}&from=2026-03-01&to=2026-03-04&tz=${encodeURIComponent(zone)}`,
        );
        const n = (k: number) => `${k} trade${k === 1 ? '' : 's'}`;
        expect(a.text).toContain(`Followed the rules: ${n(c.overall.followed.count)}`);
        expect(a.text).toContain(`Broke the rules: ${n(c.overall.broke.count)}`);
        if (c.overall.broke.count > 0) expect(a.text).toContain(money(c.overall.broke.net, c.currency, true));
        expect(a.chart_type).toBe('bars');
      },
    ],
    [
      'Summarise my journal this week',
      async (a) => {
        const cal = await get<JournalCalendar>('/journal/calendar?from=2026-03-02&to=2026-03-04');
        expect(cal.totals.length).toBeGreaterThan(0);
        for (const t of cal.totals)
          expect(a.text).toContain(`${money(Number(t.net), t.currency, true)} over ${t.tradeCount} trades`);
        for (const d of cal.days.filter((x) => x.tradeCount > 0)) expect(a.text).toContain(`**${d.date}**`);
        expect(a.text).not.toMatch(/Plan: Plan/);
      },
    ],
    [
      'Will EURUSD go up tomorrow?',
      async (a) => {
        expect(a.text).toMatch(/^I can't answer that/);
        expect(a.text).toContain('How did I do this week?');
        expect(a.steps).toEqual([]);
        expect(a.model).toMatchObject({ builtIn: true, label: 'Built-in analyst' });
      },
    ],
  ];

  it.each(table)('%s', async (question, check) => {
    const before = await openOrdersAndPositions(prop.id);
    const answer = await ask(question);
    if (process.env.SHOW_ANSWERS) console.log(`=== ${question}\n${answer.text}`);
    expect(answer.model.builtIn).toBe(true);
    await check(answer);
    // nothing is ever sent from a chat
    expect(await openOrdersAndPositions(prop.id)).toBe(before);
  });

  it('streams the same answer with its tool steps (the stream route)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/ai/chats/${chatId}/stream`,
      headers,
      payload: { content: 'How did I do this week?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = sse(res.body);
    expect(events[0]?.type).toBe('start');
    expect(events.some((e) => e.type === 'step' && e.step.tool === 'get_performance')).toBe(true);
    const answer = events.at(-1);
    expect(answer?.type).toBe('answer');
    const m = await metricsOf(virtual.id, '2026-03-02', '2026-03-04');
    expect((answer as { answer: AiAnswer }).answer.text).toContain(money(m.overview.net, m.currency, true));
  });
});
