import { randomUUID } from 'node:crypto';
import {
  type Chart,
  JOURNAL_DEFAULT_MISTAKES,
  type JournalCalendar,
  type JournalDayView,
  type JournalImage,
  type JournalMistake,
  type JournalMistakeList,
  type JournalTrade,
  type JournalTradeList,
  type PlaceOrderResult,
  type TradeList,
  type TradingAccount,
  type TradingDeal,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import {
  strategies,
  strategyApproaches,
  strategyChecklistItems,
  strategyConditions,
  strategyCriteria,
} from '../strategies/strategies.table.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let usd: TradingAccount;
let eur: TradingAccount;
let bobs: TradingAccount;
// Monday 2 March 2026 (New York is UTC-5 until 8 March); the clock moves only when a test moves it
const clock = createManualClock('2026-03-02T14:30:00Z');
const ids = { a: '', b: '', late: '', next: '', open: '', bobs: '' };
type Playbook = { strategy: string; approach: string; item: string; otherApproach: string };
let adas: Playbook;
let bobsPlaybook: Playbook;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A main-API call (the journal) with the user's access token. */
function api(user: SignedInUser | null, method: Method, url: string, payload?: object) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? { authorization: `Bearer ${user.accessToken}` } : {},
    ...(payload === undefined ? {} : { payload }),
  });
}
/** A trading call with the user's trading token. */
function trading(user: SignedInUser, method: Method, url: string, payload?: object) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${user.tradingAccessToken}` },
    ...(payload === undefined ? {} : { payload }),
  });
}
async function ok<T>(res: Awaited<ReturnType<typeof api>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function openAccount(user: SignedInUser, body: object = {}): Promise<TradingAccount> {
  return ok<TradingAccount>(
    await trading(user, 'POST', '/accounts', { kind: 'virtual', name: 'Practice', ...body }),
    201,
  );
}
async function place(user: SignedInUser, account: TradingAccount, body: object): Promise<string> {
  const res = await trading(user, 'PUT', `/middleware/${account.token}/orders`, { type: 'market', size: 1, ...body });
  return (await ok<PlaceOrderResult>(res)).position!.id;
}
async function close(user: SignedInUser, account: TradingAccount, positionId: string) {
  await ok(
    await trading(user, 'PUT', `/middleware/${account.token}/orders/positions/close`, { position_id: positionId }),
  );
}
async function relogin(user: SignedInUser): Promise<SignedInUser> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: user.email, password: user.password, return_tokens: true },
  });
  const tokens = (await ok<{ tokens: Record<string, string> }>(login)).tokens;
  return { ...user, accessToken: tokens.accessToken!, tradingAccessToken: tokens.tradingAccessToken! };
}
async function moveTo(iso: string) {
  clock.set(iso);
  [ada, bob] = await Promise.all([relogin(ada), relogin(bob)]);
}

/** A strategy with two approaches, one criterion, one condition and one checklist item, written to its tables. */
async function playbookOf(userId: string): Promise<Playbook> {
  const at = clock.now();
  const p = { strategy: randomUUID(), approach: randomUUID(), item: randomUUID(), otherApproach: randomUUID() };
  const criterion = randomUUID();
  const condition = randomUUID();
  const db = app.ctx.db;
  await db
    .insert(strategies)
    .values({ id: p.strategy, userId, name: 'Breakout', description: '', createdAt: at, updatedAt: at });
  for (const id of [p.approach, p.otherApproach]) {
    await db.insert(strategyApproaches).values({
      id,
      strategyId: p.strategy,
      userId,
      name: 'Entry',
      description: '',
      status: 'entry',
      createdAt: at,
      updatedAt: at,
    });
  }
  await db.insert(strategyCriteria).values({ id: criterion, approachId: p.approach, name: 'Trend', createdAt: at });
  await db
    .insert(strategyConditions)
    .values({ id: condition, criterionId: criterion, text: 'Above the 200 EMA', createdAt: at });
  await db
    .insert(strategyChecklistItems)
    .values({ id: p.item, conditionId: condition, text: 'Daily trend up', position: 0, createdAt: at });
  return p;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
function multipart(data: Buffer, filename = 'chart.png', contentType = 'image/png') {
  const boundary = '----journaltest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function uploadImage(user: SignedInUser): Promise<JournalImage> {
  const body = multipart(PNG);
  const res = await app.inject({
    method: 'POST',
    url: '/api/journal/images',
    headers: { ...body.headers, authorization: `Bearer ${user.accessToken}` },
    payload: body.payload,
  });
  return ok<JournalImage>(res, 201);
}

const cents = (n: number) => Math.round(n * 100);
/** "-12.34" as cents, exactly. */
const decimalCents = (s: string) => {
  expect(s).toMatch(/^-?\d+\.\d{2}$/);
  const [whole, frac] = s.replace('-', '').split('.');
  const c = Number(whole) * 100 + Number(frac);
  return s.startsWith('-') ? -c : c;
};

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
  await ok(await api(ada, 'PUT', '/customer/settings/general', { time_zone: 'America/New_York' }));
  usd = await openAccount(ada);
  eur = await openAccount(ada, { currency: 'EUR', name: 'Euro' });
  bobs = await openAccount(bob);

  // Mon 14:30Z (09:30 New York) buy 1 EURUSD, closed 15:00Z
  ids.a = await place(ada, usd, { symbol: 'EURUSD', side: 'buy' });
  ids.bobs = await place(bob, bobs, { symbol: 'EURUSD', side: 'buy' });
  await moveTo('2026-03-02T15:00:00Z');
  await close(ada, usd, ids.a);
  await close(bob, bobs, ids.bobs);
  // Mon 16:00Z sell 1 EURUSD, closed 18:00Z
  await moveTo('2026-03-02T16:00:00Z');
  ids.b = await place(ada, usd, { symbol: 'EURUSD', side: 'sell' });
  // on the euro account: buy 0.5 GBPUSD at 18:00Z, closed Tue 03:00Z = Mon 22:00 in New York
  await moveTo('2026-03-02T18:00:00Z');
  await close(ada, usd, ids.b);
  ids.late = await place(ada, eur, { symbol: 'GBPUSD', side: 'buy', size: 0.5 });
  await moveTo('2026-03-03T03:00:00Z');
  await close(ada, eur, ids.late);
  // Tue 14:00Z buy 1 EURUSD, closed 15:00Z; then one left open
  await moveTo('2026-03-03T14:00:00Z');
  ids.next = await place(ada, usd, { symbol: 'EURUSD', side: 'buy' });
  await moveTo('2026-03-03T15:00:00Z');
  await close(ada, usd, ids.next);
  ids.open = await place(ada, usd, { symbol: 'EURUSD', side: 'buy', size: 0.1 });
  await moveTo('2026-03-04T12:00:00Z');
  adas = await playbookOf(ada.userId);
  bobsPlaybook = await playbookOf(bob.userId);
}, 120_000);

async function booked(account: TradingAccount) {
  return (await ok<TradeList>(await trading(ada, 'GET', `/trading/accounts/${account.id}/trades?status=closed`)))
    .trades;
}

describe('GET /journal/calendar', () => {
  it('adds each day’s closed trades per account and per currency, on the close date in the user’s zone', async () => {
    const usdTrades = await booked(usd);
    const eurTrades = await booked(eur);
    // hand-computed gross profit of the EURUSD trades on the USD account: price move x 100,000 x 1 lot
    for (const id of [ids.a, ids.b, ids.next]) {
      const detail = await ok<{ trade: { profit: number; side: string }; deals: TradingDeal[] }>(
        await trading(ada, 'GET', `/trading/accounts/${usd.id}/trades/${id}`),
      );
      const open = detail.deals.find((d) => d.kind === 'trade' && d.entry === 'in')!;
      const out = detail.deals.find((d) => d.kind === 'trade' && d.entry === 'out')!;
      const dir = detail.trade.side === 'buy' ? 1 : -1;
      expect(cents(detail.trade.profit)).toBe(Math.round((out.price! - open.price!) * dir * 100_000 * 100));
    }
    const net = (trades: typeof usdTrades, id: string) => cents(trades.find((t) => t.id === id)!.net);
    const monUsd = net(usdTrades, ids.a) + net(usdTrades, ids.b);
    const monEur = net(eurTrades, ids.late);
    const tueUsd = net(usdTrades, ids.next);

    const cal = await ok<JournalCalendar>(await api(ada, 'GET', '/journal/calendar?from=2026-03-01&to=2026-03-31'));
    expect(cal.timeZone).toBe('America/New_York');
    // both accounts were opened at the same instant: in id order then
    const accountOrder = [usd.id, eur.id].sort();
    expect(cal.accounts.map((a) => a.id)).toEqual(accountOrder);
    expect(cal.days.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-03']);
    const [mon, tue] = cal.days;
    // the GBPUSD trade closed at 03:00 UTC on the 3rd: 22:00 on the 2nd in New York
    expect(mon!.tradeCount).toBe(3);
    const perAccount = { [usd.id]: [usd.id, 'USD', monUsd, 2], [eur.id]: [eur.id, 'EUR', monEur, 1] };
    expect(mon!.accounts.map((a) => [a.accountId, a.currency, decimalCents(a.net), a.tradeCount])).toEqual(
      accountOrder.map((id) => perAccount[id]),
    );
    expect(mon!.totals.map((t) => [t.currency, decimalCents(t.net)])).toEqual([
      ['EUR', monEur],
      ['USD', monUsd],
    ]);
    const monNets = [net(usdTrades, ids.a), net(usdTrades, ids.b), monEur];
    expect(mon!.wins).toBe(monNets.filter((n) => n > 0).length);
    expect(mon!.losses).toBe(monNets.filter((n) => n < 0).length);
    expect(mon!.wins + mon!.losses + mon!.breakEven).toBe(3);
    expect(tue!.tradeCount).toBe(1);
    expect(tue!.totals).toEqual([expect.objectContaining({ currency: 'USD', tradeCount: 1 })]);
    expect(decimalCents(tue!.totals[0]!.net)).toBe(tueUsd);
    expect([mon!.hasNotes, mon!.hasEntry, mon!.mood, mon!.tags]).toEqual([false, false, null, []]);
    expect(cal.totals.map((t) => [t.currency, decimalCents(t.net), t.tradeCount])).toEqual([
      ['EUR', monEur, 1],
      ['USD', monUsd + tueUsd, 3],
    ]);
  });

  it('shows the chosen accounts only, and refuses another user’s account naming account_ids', async () => {
    const cal = await ok<JournalCalendar>(
      await api(ada, 'GET', `/journal/calendar?from=2026-03-02&to=2026-03-02&account_ids=${eur.id}`),
    );
    expect(cal.accounts.map((a) => a.id)).toEqual([eur.id]);
    expect(cal.days.map((d) => [d.date, d.tradeCount])).toEqual([['2026-03-02', 1]]);
    expectFieldError(await api(ada, 'GET', `/journal/calendar?from=2026-03-02&to=2026-03-02&account_ids=${bobs.id}`), {
      status: 404,
      code: 'JOURNAL_ACCOUNT_NOT_FOUND',
      field: 'account_ids',
    });
    // bob sees his own trade only
    const his = await ok<JournalCalendar>(await api(bob, 'GET', '/journal/calendar?from=2026-03-01&to=2026-03-31'));
    expect(his.days.map((d) => d.tradeCount)).toEqual([1]);
  });

  it('names the field of a bad range', async () => {
    expectFieldError(await api(ada, 'GET', '/journal/calendar?to=2026-03-02'), { field: 'from' });
    expectFieldError(await api(ada, 'GET', '/journal/calendar?from=2026-03-05&to=2026-03-02'), {
      field: 'to',
      message: 'to must not be before from.',
    });
    expectFieldError(await api(ada, 'GET', '/journal/calendar?from=2025-01-01&to=2026-03-02'), { field: 'to' });
    expectFieldError(await api(ada, 'GET', '/journal/calendar?from=2026-02-30&to=2026-03-02'), {
      field: 'from',
      message: 'from must be a date such as 2026-03-01.',
    });
    expectFieldError(await api(ada, 'GET', '/journal/calendar?from=2026-03-01&to=2026-03-02&account_ids=x'), {
      field: 'account_ids',
    });
    expect((await api(null, 'GET', '/journal/calendar?from=2026-03-01&to=2026-03-02')).statusCode).toBe(401);
  });
});

describe('/journal/days/{date}', () => {
  it('a day without an entry lists its trades; PUT writes the entry, GET reads it back, DELETE removes it', async () => {
    const empty = await ok<JournalDayView>(await api(ada, 'GET', '/journal/days/2026-03-02'));
    expect(empty.entry).toBeNull();
    expect(empty.trades.map((t) => t.positionId)).toEqual([ids.a, ids.b, ids.late]);
    expect(empty.trades.every((t) => t.date === '2026-03-02' && t.annotation === null)).toBe(true);
    const late = empty.trades[2]!;
    expect([late.currency, late.symbol, late.direction, late.volume]).toEqual(['EUR', 'GBPUSD', 'long', 0.5]);
    const bookedLate = (await booked(eur)).find((t) => t.id === ids.late)!;
    expect(decimalCents(late.net)).toBe(cents(bookedLate.net));
    expect(decimalCents(late.profit) + decimalCents(late.commission) + decimalCents(late.swap)).toBe(
      decimalCents(late.net),
    );

    const image = await uploadImage(ada);
    const chart = await ok<Chart>(await api(ada, 'POST', '/charts', { symbol: 'GBPUSD', timeframe: '1h' }), 201);
    const saved = await ok<JournalDayView>(
      await api(ada, 'PUT', '/journal/days/2026-03-02', {
        account_ids: [usd.id],
        plan: '<h2>Plan</h2><p>Trade the <strong>London</strong> open</p>',
        review: '<p>Followed the plan</p>',
        mood: 4,
        discipline: 5,
        tags: ['london', 'trend'],
        snapshots: [
          { kind: 'image', image_id: image.id },
          { kind: 'chart', chart_id: chart.id, caption: 'H1 before the open' },
        ],
      }),
    );
    expect(saved.entry).toMatchObject({
      date: '2026-03-02',
      accountIds: [usd.id],
      plan: '<h2>Plan</h2><p>Trade the <strong>London</strong> open</p>',
      mood: 4,
      discipline: 5,
      tags: ['london', 'trend'],
    });
    expect(saved.entry!.snapshots).toEqual([
      { kind: 'image', image },
      { kind: 'chart', chartId: chart.id, caption: 'H1 before the open', symbol: 'GBPUSD', timeframe: '1h' },
    ]);
    // the entry's accounts choose the trades shown
    expect(saved.accounts.map((a) => a.id)).toEqual([usd.id]);
    expect(saved.trades.map((t) => t.positionId)).toEqual([ids.a, ids.b]);
    // account_ids in the query shows others
    const both = await ok<JournalDayView>(
      await api(ada, 'GET', `/journal/days/2026-03-02?account_ids=${usd.id},${eur.id}`),
    );
    expect(both.trades).toHaveLength(3);

    // a field left out keeps its value
    const changed = await ok<JournalDayView>(await api(ada, 'PUT', '/journal/days/2026-03-02', { mood: null }));
    expect(changed.entry).toMatchObject({ mood: null, discipline: 5, tags: ['london', 'trend'] });
    expect(changed.entry!.snapshots).toHaveLength(2);

    const cal = await ok<JournalCalendar>(await api(ada, 'GET', '/journal/calendar?from=2026-03-02&to=2026-03-02'));
    expect(cal.days[0]).toMatchObject({
      hasEntry: true,
      hasNotes: true,
      mood: null,
      discipline: 5,
      tags: ['london', 'trend'],
    });
    // a day with an entry and no trades is in the calendar too
    await ok(await api(ada, 'PUT', '/journal/days/2026-03-07', { plan: '<p>Weekend review</p>' }));
    const week = await ok<JournalCalendar>(await api(ada, 'GET', '/journal/calendar?from=2026-03-07&to=2026-03-07'));
    expect(week.days).toEqual([expect.objectContaining({ date: '2026-03-07', tradeCount: 0, hasNotes: true })]);

    // bob does not see ada's entry
    expect((await ok<JournalDayView>(await api(bob, 'GET', '/journal/days/2026-03-02'))).entry).toBeNull();
    const removed = await ok<JournalDayView>(await api(ada, 'DELETE', '/journal/days/2026-03-02'));
    expect(removed.entry).toBeNull();
    expect(removed.trades).toHaveLength(3);
    const again = await api(ada, 'DELETE', '/journal/days/2026-03-02');
    expect([again.statusCode, again.json().code]).toEqual([404, 'JOURNAL_DAY_NOT_FOUND']);
  });

  it('refuses another user’s image, chart or account naming the field', async () => {
    const hisImage = await uploadImage(bob);
    const hisChart = await ok<Chart>(await api(bob, 'POST', '/charts', {}), 201);
    expectFieldError(
      await api(ada, 'PUT', '/journal/days/2026-03-03', { snapshots: [{ kind: 'image', image_id: hisImage.id }] }),
      { status: 404, code: 'JOURNAL_IMAGE_NOT_FOUND', field: 'snapshots' },
    );
    expectFieldError(
      await api(ada, 'PUT', '/journal/days/2026-03-03', { snapshots: [{ kind: 'chart', chart_id: hisChart.id }] }),
      { status: 404, code: 'JOURNAL_CHART_NOT_FOUND', field: 'snapshots' },
    );
    expectFieldError(await api(ada, 'PUT', '/journal/days/2026-03-03', { account_ids: [bobs.id] }), {
      status: 404,
      code: 'JOURNAL_ACCOUNT_NOT_FOUND',
      field: 'account_ids',
    });
    expect((await api(ada, 'GET', '/journal/days/2026-03-03')).json().entry).toBeNull();
  });

  it('names the field of bad input', async () => {
    const put = (body: object, date = '2026-03-03') => api(ada, 'PUT', `/journal/days/${date}`, body);
    expectFieldError(await put({ mood: 6 }), {
      field: 'mood',
      message: 'mood must be a whole number from 1 to 5, or null.',
    });
    expectFieldError(await put({ discipline: 2.5 }), { field: 'discipline' });
    expectFieldError(await put({ tags: ['a', 'A'] }), { field: 'tags', message: 'tags must not repeat a tag.' });
    expectFieldError(await put({ plan: 'x'.repeat(50_001) }), { field: 'plan' });
    expectFieldError(await put({ snapshots: [{ kind: 'video' }] }), { field: 'snapshots.0.kind' });
    expectFieldError(await put({ mood: 3 }, '2026-13-01'), { field: 'date' });
    expectFieldError(await put({ colour: 'red' }), { field: 'colour' });
    // hostile text in rich text is refused before it reaches the database
    const nul = await app.inject({
      method: 'PUT',
      url: '/api/journal/days/2026-03-03',
      headers: { authorization: `Bearer ${ada.accessToken}`, 'content-type': 'application/json' },
      payload: String.raw`{"plan":"a\u0000b"}`,
    });
    expectFieldError(nul, { field: 'plan', message: /plan must not contain control characters/ });
  });
});

describe('rich text is sanitized', () => {
  it('drops scripts, event handlers, styles and javascript: links; keeps StarterKit’s tags and safe links', async () => {
    const hostile =
      '<p onclick="steal()">Entry <script>alert(1)</script><em>late</em></p>' +
      '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">click</a>' +
      '<a href="https://example.com/setup" onmouseover="x()">setup</a><style>p{display:none}</style>' +
      '<iframe src="https://evil.example"></iframe><ul><li>one</li></ul><pre><code>rsi &lt; 30</code></pre>';
    const day = await ok<JournalDayView>(await api(ada, 'PUT', '/journal/days/2026-03-03', { review: hostile }));
    const review = day.entry!.review;
    expect(review).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|<img|<style|<iframe|alert/i);
    expect(review).toContain('<p>Entry <em>late</em></p>');
    expect(review).toContain(
      '<a href="https://example.com/setup" rel="noopener noreferrer nofollow" target="_blank">setup</a>',
    );
    expect(review).toContain('<ul><li>one</li></ul><pre><code>rsi &lt; 30</code></pre>');
    const trade = await ok<JournalTrade>(
      await api(ada, 'PUT', `/journal/trades/${ids.next}`, {
        notes: '<p>Good<script>x()</script></p><a href="JaVaScRiPt:x()">l</a>',
      }),
    );
    expect(trade.annotation!.notes).not.toMatch(/script|javascript/i);
    expect(trade.annotation!.notes.startsWith('<p>Good</p>')).toBe(true);
    await ok(await api(ada, 'DELETE', `/journal/trades/${ids.next}`));
  });
});

describe('/journal/trades', () => {
  it('annotates a trade with notes, screenshots, strategy, approach, checklist items, mistakes and a rating', async () => {
    const { mistakes } = await ok<JournalMistakeList>(await api(ada, 'GET', '/journal/mistakes'));
    const shot = await uploadImage(ada);
    const trade = await ok<JournalTrade>(
      await api(ada, 'PUT', `/journal/trades/${ids.a}`, {
        notes: '<p>Clean break of the range</p>',
        screenshots: [shot.id],
        strategy_id: adas.strategy,
        approach_id: adas.approach,
        checklist_item_ids: [adas.item],
        mistake_ids: [mistakes[0]!.id],
        rating: 4,
      }),
    );
    expect(trade.positionId).toBe(ids.a);
    expect(trade.annotation).toMatchObject({
      notes: '<p>Clean break of the range</p>',
      screenshots: [shot],
      strategyId: adas.strategy,
      approachId: adas.approach,
      checklistItemIds: [adas.item],
      mistakeIds: [mistakes[0]!.id],
      rating: 4,
    });
    // the day lists it with its annotation, and the calendar says it has notes
    const day = await ok<JournalDayView>(await api(ada, 'GET', '/journal/days/2026-03-02'));
    expect(day.trades.find((t) => t.positionId === ids.a)!.annotation!.rating).toBe(4);
    const cal = await ok<JournalCalendar>(await api(ada, 'GET', '/journal/calendar?from=2026-03-02&to=2026-03-02'));
    expect(cal.days[0]!.hasNotes).toBe(true);

    // a field left out keeps its value; a new strategy (none) drops the approach and checklist items
    const rated = await ok<JournalTrade>(await api(ada, 'PUT', `/journal/trades/${ids.a}`, { rating: 2 }));
    expect(rated.annotation).toMatchObject({ rating: 2, strategyId: adas.strategy, checklistItemIds: [adas.item] });
    await ok(await api(ada, 'PUT', `/journal/trades/${ids.late}`, { strategy_id: adas.strategy, rating: 5 }));
    await ok(await api(ada, 'PUT', `/journal/trades/${ids.next}`, { rating: 3 }));

    const list = await ok<JournalTradeList>(await api(ada, 'GET', `/journal/trades?strategy_id=${adas.strategy}`));
    expect(list.total).toBe(2);
    expect(list.trades.map((t) => t.positionId)).toEqual([ids.late, ids.a]);
    const onUsd = await ok<JournalTradeList>(
      await api(ada, 'GET', `/journal/trades?account_id=${usd.id}&from=2026-03-03&to=2026-03-03`),
    );
    expect(onUsd.trades.map((t) => t.positionId)).toEqual([ids.next]);
    const paged = await ok<JournalTradeList>(await api(ada, 'GET', '/journal/trades?limit=1&page=2'));
    expect([paged.total, paged.trades.map((t) => t.positionId)]).toEqual([3, [ids.late]]);
    expect((await ok<JournalTradeList>(await api(bob, 'GET', '/journal/trades'))).total).toBe(0);

    const cleared = await ok<JournalTrade>(await api(ada, 'PUT', `/journal/trades/${ids.late}`, { strategy_id: null }));
    expect(cleared.annotation).toMatchObject({ strategyId: null, approachId: null, checklistItemIds: [], rating: 5 });
    const gone = await ok<JournalTrade>(await api(ada, 'DELETE', `/journal/trades/${ids.late}`));
    expect(gone.annotation).toBeNull();
    const twice = await api(ada, 'DELETE', `/journal/trades/${ids.late}`);
    expect([twice.statusCode, twice.json().code]).toEqual([404, 'JOURNAL_ANNOTATION_NOT_FOUND']);
  });

  it('another user’s position is a 404, and so is any link that is not the caller’s', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await api(bob, method, `/journal/trades/${ids.a}`, method === 'PUT' ? { rating: 1 } : undefined);
      expect([res.statusCode, res.json().code]).toEqual([404, 'JOURNAL_TRADE_NOT_FOUND']);
    }
    expect((await api(ada, 'GET', `/journal/trades/${ids.a}`)).json().annotation.rating).toBe(2);
    const put = (body: object) => api(ada, 'PUT', `/journal/trades/${ids.next}`, body);
    expectFieldError(await put({ strategy_id: bobsPlaybook.strategy }), {
      status: 404,
      code: 'JOURNAL_STRATEGY_NOT_FOUND',
      field: 'strategy_id',
    });
    expectFieldError(await put({ strategy_id: adas.strategy, approach_id: bobsPlaybook.approach }), {
      status: 404,
      code: 'JOURNAL_APPROACH_NOT_FOUND',
      field: 'approach_id',
    });
    expectFieldError(await put({ strategy_id: adas.strategy, checklist_item_ids: [bobsPlaybook.item] }), {
      status: 404,
      code: 'JOURNAL_CHECKLIST_ITEM_NOT_FOUND',
      field: 'checklist_item_ids',
    });
    const bobsMistakes = await ok<JournalMistakeList>(await api(bob, 'GET', '/journal/mistakes'));
    expectFieldError(await put({ mistake_ids: [bobsMistakes.mistakes[0]!.id] }), {
      status: 404,
      code: 'JOURNAL_MISTAKE_NOT_FOUND',
      field: 'mistake_ids',
    });
    const hisShot = await uploadImage(bob);
    expectFieldError(await put({ screenshots: [hisShot.id] }), {
      status: 404,
      code: 'JOURNAL_IMAGE_NOT_FOUND',
      field: 'screenshots',
    });
    expectFieldError(await put({ approach_id: adas.approach }), {
      status: 400,
      code: 'JOURNAL_INVALID_FIELD',
      field: 'approach_id',
      message: 'approach_id needs strategy_id: an approach belongs to a strategy.',
    });
    expectFieldError(await put({ rating: 0 }), { field: 'rating' });
    expectFieldError(await put({ mistake_ids: ['nope'] }), {
      field: 'mistake_ids.0',
      message: 'Each of mistake_ids must be a mistake id (a UUID).',
    });
    const empty = await put({});
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Send at least one field to change.']);
    // a position still open is not a trade of the journal yet
    const open = await api(ada, 'PUT', `/journal/trades/${ids.open}`, { rating: 1 });
    expect([open.statusCode, open.json().code]).toEqual([409, 'JOURNAL_TRADE_OPEN']);
    const unknown = await api(ada, 'PUT', `/journal/trades/${randomUUID()}`, { rating: 1 });
    expect(unknown.statusCode).toBe(404);
    expectFieldError(await api(ada, 'GET', '/journal/trades/not-an-id'), { field: 'positionId' });
    // nothing of these was written
    expect((await api(ada, 'GET', `/journal/trades/${ids.next}`)).json().annotation).toMatchObject({
      strategyId: null,
      mistakeIds: [],
      screenshots: [],
      rating: 3,
    });
  });
});

describe('/journal/mistakes', () => {
  it('starts with the defaults; add, rename and delete (taking it off every trade)', async () => {
    const { mistakes } = await ok<JournalMistakeList>(await api(bob, 'GET', '/journal/mistakes'));
    expect(mistakes.map((m) => m.name)).toEqual([...JOURNAL_DEFAULT_MISTAKES]);
    const added = await ok<JournalMistake>(await api(bob, 'POST', '/journal/mistakes', { name: 'Revenge trade' }), 201);
    expectFieldError(await api(bob, 'POST', '/journal/mistakes', { name: 'revenge TRADE' }), {
      status: 409,
      code: 'JOURNAL_MISTAKE_DUPLICATE',
      field: 'name',
    });
    expectFieldError(await api(bob, 'POST', '/journal/mistakes', { name: ' ' }), { field: 'name' });
    const renamed = await ok<JournalMistake>(
      await api(bob, 'PUT', `/journal/mistakes/${added.id}`, { name: 'Revenge' }),
    );
    expect(renamed.name).toBe('Revenge');
    expectFieldError(await api(bob, 'PUT', `/journal/mistakes/${added.id}`, { name: 'oversized' }), {
      status: 409,
      field: 'name',
    });
    // ada cannot touch bob's
    expect((await api(ada, 'PUT', `/journal/mistakes/${added.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await api(ada, 'DELETE', `/journal/mistakes/${added.id}`)).statusCode).toBe(404);

    await ok(await api(bob, 'PUT', `/journal/trades/${ids.bobs}`, { mistake_ids: [added.id, mistakes[1]!.id] }));
    await ok(await api(bob, 'DELETE', `/journal/mistakes/${added.id}`));
    const trade = await ok<JournalTrade>(await api(bob, 'GET', `/journal/trades/${ids.bobs}`));
    expect(trade.annotation!.mistakeIds).toEqual([mistakes[1]!.id]);
    // deleting every default does not bring them back
    for (const m of mistakes) await ok(await api(bob, 'DELETE', `/journal/mistakes/${m.id}`));
    expect((await ok<JournalMistakeList>(await api(bob, 'GET', '/journal/mistakes'))).mistakes).toEqual([]);
  });
});

describe('POST /journal/images', () => {
  it('keeps an image read from its bytes, refuses anything else', async () => {
    const image = await uploadImage(ada);
    expect([image.contentType, image.width, image.height, image.sizeBytes]).toEqual(['image/png', 1, 1, PNG.length]);
    const served = await app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const text = multipart(Buffer.from('<svg onload="alert(1)"></svg>'), 'chart.png', 'image/png');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/journal/images',
      headers: { ...text.headers, authorization: `Bearer ${ada.accessToken}` },
      payload: text.payload,
    });
    expectFieldError(refused, { status: 415, code: 'JOURNAL_UPLOAD_TYPE', field: 'file' });
    const json = await api(ada, 'POST', '/journal/images', { file: 'x' });
    expectFieldError(json, { status: 400, code: 'JOURNAL_UPLOAD_MISSING', field: 'file' });
  });
});
