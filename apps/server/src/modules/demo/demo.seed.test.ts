import type {
  AccountGoals,
  AccountSnapshot,
  Approach,
  ArticlePage,
  ChartFetch,
  ChartList,
  ChartTemplateList,
  ComplianceResponse,
  ConversationPage,
  FeedPage,
  JournalCalendar,
  JournalDayView,
  JournalMistakeList,
  JournalTradeList,
  LayoutList,
  SocialProfile,
  Strategy,
  StrategyList,
  TradeList,
  TradingAccount,
  WatchlistList,
} from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, createTestDatabase } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { propAccounts } from '../prop/prop.table.js';
import { createStrategiesRepository } from '../strategies/strategies.repository.js';
import { createStrategiesService } from '../strategies/strategies.service.js';
import { comparable, DEMO_JOURNAL_DAYS } from './demo.journal.js';
import { DEMO_PROP_ACCOUNT_NAME, DEMO_PROP_STRATEGY } from './demo.prop.js';
import { DEMO_USER } from './demo.seed.js';
import { DEMO_ARTICLE_TITLE } from './demo.social.js';
import { DEMO_STRATEGY_NAMES, demoStrategyRefs, rsiMeanReversionGraph } from './demo.strategies.js';
import { DEMO_ACCOUNT_NAME, DEMO_STRATEGY } from './demo.trading.js';

describe('demo data', () => {
  it('creates the README demo user on an empty database, once, and it can sign in at once', async () => {
    const first = await createTestApp({ config: { seedDemo: true } });
    const second = await createTestApp({ config: { seedDemo: true }, database: first.database });
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ status: 'signed_in', user: { username: 'demo', status: 'active' } });
    const taken = await second.app.inject({ method: 'GET', url: '/api/profile/username/demo' });
    expect(taken.json()).toEqual({ username: 'demo', available: false });

    // the demo community (issue 15 item 9), made once: the second start added nothing
    const tokens = (
      await second.app.inject({
        method: 'POST',
        url: '/api/customer/login',
        payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
      })
    ).json().tokens as { accessToken: string };
    const headers = { authorization: `Bearer ${tokens.accessToken}` };
    const get = async <T>(url: string) =>
      (await second.app.inject({ method: 'GET', url: `/api${url}`, headers })).json() as T;
    const feed = await get<FeedPage>('/profile/feed?filter=from_anyone&limit=50');
    const authors = feed.items.map((p) => p.author.username);
    expect(new Set(authors)).toEqual(new Set(['maria_fx', 'kenji_gold', 'olivia_quant', 'sam_scalps', 'lena_prop']));
    expect(feed.items).toHaveLength(6);
    const ideas = feed.items.filter((p) => p.trade);
    expect(ideas.map((p) => p.trade?.status).sort()).toEqual(['closed', 'open']);
    expect(ideas.every((p) => p.trade?.verified && p.author.username === 'kenji_gold')).toBe(true);
    const poll = feed.items.find((p) => p.poll);
    expect(poll?.poll).toMatchObject({ question: 'Where does $XAUUSD close the week?', myVote: null });
    const euro = feed.items.find((p) => p.symbols.some((s) => s.ticker === 'EURUSD'));
    expect(euro).toMatchObject({ counts: { likes: 2, comments: 3 }, liked: true });
    const kenji = await get<SocialProfile>(`/profile/${ideas[0]?.author.id}`);
    expect(kenji.verifiedIdeas).toMatchObject({ ideas: 2, open: 1, closed: 1 });
    const articles = await get<ArticlePage>('/community/articles?tab=all');
    expect(articles.items.map((a) => a.title)).toEqual([DEMO_ARTICLE_TITLE]);
    const conversations = await get<ConversationPage>('/communities/messenger/conversations');
    expect(conversations.items).toHaveLength(1);
    expect(conversations.items[0]).toMatchObject({ peer: { username: 'maria_fx' }, unreadCount: 2 });
    // every demo seed runs here (trading replay, challenge, strategies, journal): slow on a loaded machine
  }, 120_000);

  it('gives the demo user a charting workspace, once: watchlist, chart with indicators and drawings, layout, template', async () => {
    const clock = createManualClock('2026-03-04T14:07:00Z');
    const first = await createTestApp({ config: { seedDemo: true }, build: { clock } });
    // a second start on the same database adds nothing
    const { app } = await createTestApp({ config: { seedDemo: true }, build: { clock }, database: first.database });
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
    });
    const headers = { authorization: `Bearer ${login.json().tokens.accessToken}` };
    const get = async <T>(url: string) => (await app.inject({ method: 'GET', url: `/api${url}`, headers })).json() as T;

    const { watchlists } = await get<WatchlistList>('/watchlist');
    expect(watchlists).toHaveLength(1);
    expect(watchlists[0]).toMatchObject({ isDefault: true });
    expect(watchlists[0]?.symbols.length).toBeGreaterThanOrEqual(10);
    expect(new Set(watchlists[0]?.symbols.map((s) => s.source))).toEqual(
      new Set(['FOREX', 'COMMODITIES', 'INDICES', 'STOCKS', 'CRYPTO']),
    );

    const { charts } = await get<ChartList>('/charts');
    expect(charts).toHaveLength(1);
    const chart = charts[0]!;
    expect(chart).toMatchObject({ symbol: 'EURUSD', source: 'FOREX', timeframe: '15m' });
    expect(chart.indicators.map((i) => i.name)).toEqual(['rsi', 'bollinger']);
    const opened = await get<ChartFetch>(`/charts/${chart.id}/fetch`);
    expect(opened.drawings.map((d) => d.tool)).toEqual(['trend_line', 'rectangle', 'long_position']);
    expect(opened.template).toMatchObject({ isDefault: true, kind: 'chart' });
    // the drawings sit on the simulated bars before "now"
    const lastBar = Math.floor(clock.now().getTime() / 1000 / 900) * 900;
    expect(opened.drawings[2]?.points[0]?.time).toBeLessThanOrEqual(lastBar);

    const { layouts } = await get<LayoutList>('/layouts');
    expect(layouts).toHaveLength(1);
    expect(layouts[0]).toMatchObject({
      count: 2,
      charts: [{ chartId: chart.id, symbol: 'EURUSD' }, { symbol: 'XAUUSD' }],
    });
    const { templates } = await get<ChartTemplateList>('/templates');
    expect(templates.filter((t) => t.isDefault)).toHaveLength(1);

    // two strategies with approaches across the status groups; the RSI one carries its rule as a graph
    const strategies = await get<StrategyList>('/strategies');
    expect(strategies.total).toBe(2);
    const byName = new Map(strategies.items.map((s) => [s.name, s]));
    const rsi = byName.get(DEMO_STRATEGY_NAMES.rsiMeanReversion) as Strategy;
    expect(rsi).toMatchObject({ indicators: ['rsi', 'atr'], graph: rsiMeanReversionGraph(), approaches: 2 });
    expect(byName.get(DEMO_STRATEGY_NAMES.londonBreakout)).toMatchObject({
      symbols: ['EURUSD', 'GBPUSD'],
      approaches: 3,
    });
    const user = login.json().user as { id: string };
    const service = createStrategiesService({
      repo: createStrategiesRepository(app.ctx.db),
      clock,
      storage: app.ctx.storage,
      charts: { get: async () => ({ symbol: 'EURUSD', timeframe: '15m' }) },
    });
    const refs = await demoStrategyRefs(service, user.id);
    expect(refs.rsiMeanReversion?.strategyId).toBe(rsi.id);
    expect(refs.londonBreakout?.approaches.map((a) => a.status)).toEqual(['entry', 'management', 'exit']);
    const itemId = refs.londonBreakout?.approaches[0]?.checklistItemIds[0] as string;
    expect(await service.checklistItem(user.id, itemId)).toMatchObject({
      text: 'Marked the 00:00-07:00 UTC high and low',
      strategyId: refs.londonBreakout?.strategyId,
    });
  }, 120_000);

  it('is seeded once when two processes start together on one database', async () => {
    const { database } = await createTestDatabase();
    const apps = await Promise.all([1, 2].map(() => createTestApp({ config: { seedDemo: true }, database })));
    const app = apps[0]!.app;
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
    });
    const headers = { authorization: `Bearer ${login.json().tokens.accessToken}` };
    for (const [url, key] of [
      ['/api/watchlist', 'watchlists'],
      ['/api/charts', 'charts'],
      ['/api/layouts', 'layouts'],
      ['/api/templates', 'templates'],
    ] as const) {
      const list = (await app.inject({ method: 'GET', url, headers })).json()[key] as unknown[];
      expect(list, url).toHaveLength(1);
    }
  }, 120_000);

  it('is not created when SEED_DEMO is off', async () => {
    const { app } = await createTestApp({ config: { seedDemo: false } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('demo trading account', () => {
  it('replays four weeks of the demo strategy through the virtual broker: closed trades, two open positions, balance = start + deals', async () => {
    // a Wednesday afternoon: FX, gold and US500 traded on the weekdays before, crypto open now
    const clock = createManualClock('2026-03-04T14:07:00Z');
    const first = await createTestApp({ config: { seedDemo: true }, build: { clock } });
    const { app } = await createTestApp({ config: { seedDemo: true }, build: { clock }, database: first.database });
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
    });
    const headers = { authorization: `Bearer ${login.json().tokens.tradingAccessToken}` };
    const get = async <T>(url: string) => {
      const res = await app.inject({ method: 'GET', url: `/api${url}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };

    // once, also after a second start on the same database
    const { accounts } = await get<{ accounts: TradingAccount[] }>('/accounts');
    const demo = accounts.filter((a) => a.name === DEMO_ACCOUNT_NAME);
    expect(demo).toHaveLength(1);
    const account = demo[0]!;
    expect(account).toMatchObject({ currency: 'USD', startingBalance: 100_000 });

    const closed = await get<TradeList>(`/trading/accounts/${account.token}/trades?status=closed&limit=200`);
    // 19 weekdays in the four weeks, three instruments each (some days a market holiday or no signal)
    expect(closed.total).toBeGreaterThanOrEqual(30);
    const symbols = new Set(closed.trades.map((t) => t.symbol));
    expect(symbols).toEqual(new Set(DEMO_STRATEGY.instruments.map((i) => i.symbol)));
    const opened = closed.trades.map((t) => Date.parse(t.entryTimestamp));
    expect(Math.min(...opened)).toBeLessThan(clock.now().getTime() - 21 * 86_400_000);
    // each trade opened at 10:00 UTC and closed by 16:00 UTC the same day, at the simulated market's prices
    for (const t of closed.trades) {
      const open = new Date(t.entryTimestamp);
      expect(open.getUTCHours()).toBe(DEMO_STRATEGY.openHourUtc);
      const close = new Date(t.closedAt!);
      expect(close.getTime() - open.getTime()).toBeLessThanOrEqual(6 * 3_600_000);
    }
    // winners and losers both: the rule is a rule, not a script of good outcomes
    expect(closed.trades.some((t) => t.net > 0)).toBe(true);
    expect(closed.trades.some((t) => t.net < 0)).toBe(true);

    const state = await get<AccountSnapshot>(`/middleware/${account.token}/accounts/1`);
    expect(state.positions.map((p) => p.symbol).sort()).toEqual(['BTCUSD', 'ETHUSD']);
    expect(state.positions.every((p) => p.stopLoss !== null && p.takeProfit !== null)).toBe(true);
    // the balance is the start plus every booked deal (closed trades' net, and the open ones' commissions)
    const all = await get<TradeList>(`/trading/accounts/${account.token}/trades?status=all&limit=200`);
    const booked = all.trades.reduce((sum, t) => sum + Math.round(t.net * 100), 0);
    expect(Math.round(state.account.balance * 100)).toBe(100_000 * 100 + booked);

    // journal days on the most recent days of those trades, each trade annotated (once, after the second start)
    const main = { authorization: `Bearer ${login.json().tokens.accessToken}` };
    const journal = async <T>(url: string) => {
      const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: main });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const cal = await journal<JournalCalendar>(
      `/journal/calendar?from=2026-02-01&to=2026-03-04&account_ids=${account.id}`,
    );
    const entries = cal.days.filter((d) => d.hasEntry);
    // the most recent days, more than DEMO_JOURNAL_DAYS only when the playbook's reviews needed them to compare
    expect(entries.length).toBeGreaterThanOrEqual(DEMO_JOURNAL_DAYS);
    expect(entries.every((d) => d.tradeCount > 0 && d.hasNotes && d.mood !== null)).toBe(true);
    // the most recent trading days, and the mood follows the day's booked result
    const traded = cal.days.filter((d) => d.tradeCount > 0).map((d) => d.date);
    expect(entries.map((d) => d.date)).toEqual(traded.slice(-entries.length));
    for (const d of entries) {
      const net = Number(d.totals[0]!.net);
      expect(d.mood).toBe(net > 0 ? 4 : net < 0 ? 2 : 3);
    }
    const day = await journal<JournalDayView>(`/journal/days/${entries.at(-1)!.date}`);
    expect(day.entry!.plan).toContain('Trend rule');
    expect(day.entry!.review).toContain(`${day.trades.length} trades`);
    expect(day.trades.length).toBeGreaterThan(0);
    expect(day.trades.every((t) => t.annotation !== null && t.annotation.rating !== null)).toBe(true);
    const annotated = await journal<JournalTradeList>('/journal/trades?limit=200');
    expect(annotated.total).toBe(entries.reduce((sum, d) => sum + d.tradeCount, 0));
    // the buys on EURUSD and XAUUSD are reviewed against the demo RSI mean reversion's entry approach
    const { items } = await journal<StrategyList>('/strategies?limit=10');
    const rsi = items.find((s) => s.name === DEMO_STRATEGY_NAMES.rsiMeanReversion)!;
    const { approaches } = await journal<{ approaches: Approach[] }>(`/strategies/${rsi.id}/approach`);
    const bounce = approaches.find((a) => a.status === 'entry')!;
    const items6 = bounce.criteria.flatMap((c) => c.conditions.flatMap((d) => d.checklist.map((i) => i.id)));
    const { mistakes } = await journal<JournalMistakeList>('/journal/mistakes');
    const fomo = mistakes.find((m) => m.name === 'FOMO entry')!;
    const reviewed = annotated.trades.filter((t) => t.direction === 'long' && ['EURUSD', 'XAUUSD'].includes(t.symbol));
    expect(reviewed.length).toBeGreaterThan(0);
    for (const t of annotated.trades) {
      const a = t.annotation!;
      if (!reviewed.includes(t)) {
        expect(a.strategyId).toBeNull();
        continue;
      }
      expect([a.strategyId, a.approachId]).toEqual([rsi.id, bounce.id]);
      expect(a.checklistItemIds.every((id) => items6.includes(id))).toBe(true);
      // the demo positions had no stop, no target and fixed lots: those three items are never met
      expect(a.checklistItemIds.some((id) => items6.indexOf(id) >= 3)).toBe(false);
      // FOMO exactly when RSI had not come back above 30 (the third item)
      expect(a.mistakeIds.includes(fomo.id)).toBe(!a.checklistItemIds.includes(items6[2]!));
    }
    // a day's discipline is 4 when one of its trades carries a mistake, else 5
    for (const d of entries) {
      const ofDay = annotated.trades.filter((t) => t.date === d.date);
      expect(d.discipline).toBe(ofDay.some((t) => t.annotation!.mistakeIds.length > 0) ? 4 : 5);
    }
    // the rule-compliance table (Journal -> Details) can compare: an RSI checklist item was met by some reviewed
    // trades and missed by others, and its two groups are those trades
    const compliance = await journal<ComplianceResponse>(`/journal/compliance?account_id=${account.id}`);
    const rsiRules = compliance.strategies.find((s) => s.strategyId === rsi.id)!;
    const bounceRules = rsiRules.approaches.find((a) => a.approachId === bounce.id)!;
    const compared = bounceRules.checklistItems.filter((i) => i.followed.count > 0 && i.broke.count > 0);
    expect(compared.length).toBeGreaterThan(0);
    for (const item of compared) {
      const met = reviewed.filter((t) => t.annotation!.checklistItemIds.includes(item.itemId));
      expect(item.followed.tradeIds.sort()).toEqual(met.map((t) => t.positionId).sort());
      expect(item.followed.count + item.broke.count).toBe(reviewed.length);
    }
    // the trades linked to no strategy and without a mistake are "no playbook", and the discipline score is over
    // the others only
    expect(compliance.overall.noPlaybook.count).toBe(annotated.total - reviewed.length);
    expect(compliance.overall.followed.count + compliance.overall.broke.count).toBe(reviewed.length);
    expect(compliance.discipline.weeks.reduce((n, w) => n + w.reviewed, 0)).toBe(reviewed.length);
    // the metrics' strategy filter finds the same trades
    const byStrategy = await get<{ overview: { tradeIds: string[] } }>(
      `/trading/metrics/${account.id}?strategy=${rsi.id}`,
    );
    expect(byStrategy.overview.tradeIds.sort()).toEqual(reviewed.map((t) => t.positionId).sort());
  }, 120_000);
});

describe('demo journal days', () => {
  it('are comparable when a checklist item was met by some reviewed trades and missed by others', () => {
    const review = (...met: string[]) => ({ approach_id: 'A', checklist_item_ids: met });
    // no item on both sides: I1 met by all, I2 by none; trades linked to no approach do not count
    expect(comparable([review('I1'), review('I1'), { checklist_item_ids: [] }], ['I1', 'I2'])).toBe(false);
    expect(comparable([review('I1'), review('I1', 'I2')], ['I1', 'I2'])).toBe(true);
    expect(comparable([review('I1')], ['I1', 'I2'])).toBe(false);
    expect(comparable([], ['I1'])).toBe(false);
  });
});

describe('demo challenge account', () => {
  it('replays three weeks of trades in phase 1 of the two-step challenge, evaluated by the leader: not breached, room left', async () => {
    const clock = createManualClock('2026-03-04T14:07:00Z');
    const { app } = await createTestApp({ config: { seedDemo: true }, build: { clock } });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
    });
    const headers = { authorization: `Bearer ${login.json().tokens.tradingAccessToken}` };
    const get = async <T>(url: string) => {
      const res = await app.inject({ method: 'GET', url: `/api${url}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const { accounts } = await get<{ accounts: TradingAccount[] }>('/accounts');
    const account = accounts.find((a) => a.name === DEMO_PROP_ACCOUNT_NAME)!;
    expect(account.propFirm).toMatchObject({
      firmId: DEMO_PROP_STRATEGY.firm,
      challengeId: DEMO_PROP_STRATEGY.challenge,
      phase: 'phase_1',
      state: 'active',
      size: 100_000,
    });
    const closed = await get<TradeList>(`/trading/accounts/${account.token}/trades?status=closed&limit=200`);
    expect(closed.total).toBeGreaterThanOrEqual(15);
    const days = new Set(closed.trades.map((t) => t.entryTimestamp.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(10);
    expect(closed.trades.some((t) => t.net > 0) && closed.trades.some((t) => t.net < 0)).toBe(true);

    // the leader's job catches up with every replayed deal and stores its state
    await vi.waitFor(
      async () => {
        const [row] = await app.ctx.db.select().from(propAccounts).where(eq(propAccounts.accountId, account.id));
        expect((row?.evaluation as { dealSeq: number } | undefined)?.dealSeq).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 100 },
    );
    const goals = await get<AccountGoals>(`/trading/objectives/${account.id}`);
    const prop = goals.prop!;
    expect(prop).toMatchObject({ phase: 'phase_1', state: 'active', failed: null, passedPhases: [] });
    expect(prop.tradingDays.done).toBeGreaterThanOrEqual(4);
    expect(prop.balance).not.toBe(100_000);
    expect(prop.balance).toBeGreaterThan(100_000 * (1 - DEMO_PROP_STRATEGY.stopBelowPercent / 100) - 2_000);
    expect(prop.todayPermittedLoss).toBeGreaterThan(0);
    expect(prop.maxPermittedLoss).toBeGreaterThan(5_000);
    expect(prop.profitTarget).toBe(110_000);
  }, 120_000);
});
