import type {
  JournalCalendar,
  JournalCalendarDay,
  JournalCalendarQuery,
  JournalDay,
  JournalDayBody,
  JournalDayView,
  JournalSnapshot,
  JournalTradeList,
  JournalTradesQuery,
} from '@tradedesk/contracts';
import { minorToDecimal } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { UsersService } from '../users/users.service.js';
import { journalError } from './journal.errors.js';
import type { JournalRepository } from './journal.repository.js';
import { richTextHasText, sanitizeRichText } from './journal.sanitize.js';
import type { JournalDayRow, JournalSnapshotRef } from './journal.table.js';
import {
  accountToWire,
  type ClosedTrade,
  dayStart,
  imageToWire,
  nextDate,
  type TradeReader,
} from './journal.trades.js';

type Counts = { netMinor: number; tradeCount: number; wins: number; losses: number; breakEven: number };
const emptyCounts = (): Counts => ({ netMinor: 0, tradeCount: 0, wins: 0, losses: 0, breakEven: 0 });
function add(c: Counts, netMinor: number) {
  c.netMinor += netMinor;
  c.tradeCount++;
  if (netMinor > 0) c.wins++;
  else if (netMinor < 0) c.losses++;
  else c.breakEven++;
}
function countsToWire(c: Counts, currency: string) {
  return {
    net: minorToDecimal(c.netMinor, currency),
    tradeCount: c.tradeCount,
    wins: c.wins,
    losses: c.losses,
    breakEven: c.breakEven,
  };
}

/**
 * Journal days and the calendar: a day's entry (plan, review, mood, discipline, tags, snapshots) and every
 * closed trade of that day, found in the user's trading accounts (nothing is imported).
 */
export function createJournalService(deps: {
  repo: JournalRepository;
  reader: TradeReader;
  users: Pick<UsersService, 'getById'>;
  charts: Pick<ChartsService, 'get' | 'list'>;
  storage: FileStorage;
  clock: Clock;
}) {
  const { repo, reader, users, charts, storage, clock } = deps;

  const zoneOf = async (userId: string) => (await users.getById(userId)).timeZone;

  async function snapshotsToWire(userId: string, refs: readonly JournalSnapshotRef[]): Promise<JournalSnapshot[]> {
    if (refs.length === 0) return [];
    const images = new Map(
      (
        await repo.images(
          userId,
          refs.flatMap((r) => (r.kind === 'image' ? [r.imageId] : [])),
        )
      ).map((i) => [i.id, i]),
    );
    const chartRefs = refs.some((r) => r.kind === 'chart');
    const chartsById = new Map(chartRefs ? (await charts.list(userId)).map((c) => [c.id, c]) : []);
    return refs.flatMap((r): JournalSnapshot[] => {
      if (r.kind === 'image') {
        const image = images.get(r.imageId);
        return image ? [{ kind: 'image', image: imageToWire(image, storage) }] : [];
      }
      const chart = chartsById.get(r.chartId);
      return [
        {
          kind: 'chart',
          chartId: r.chartId,
          caption: r.caption,
          symbol: chart?.symbol ?? null,
          timeframe: chart?.timeframe ?? null,
        },
      ];
    });
  }

  async function dayToWire(userId: string, row: JournalDayRow): Promise<JournalDay> {
    return {
      date: row.date,
      accountIds: row.accountIds,
      plan: row.plan,
      review: row.review,
      mood: row.mood,
      discipline: row.discipline,
      tags: row.tags,
      snapshots: await snapshotsToWire(userId, row.snapshots),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The snapshots as kept, after checking every image and chart is the user's. */
  async function checkedSnapshots(userId: string, body: NonNullable<JournalDayBody['snapshots']>) {
    const imageIds = body.flatMap((s) => (s.kind === 'image' ? [s.image_id] : []));
    const owned = new Set((await repo.images(userId, imageIds)).map((i) => i.id));
    const refs: JournalSnapshotRef[] = [];
    for (const s of body) {
      if (s.kind === 'image') {
        if (!owned.has(s.image_id)) {
          throw journalError.onField(
            'snapshots',
            'JOURNAL_IMAGE_NOT_FOUND',
            `No journal image of yours has the id ${s.image_id}.`,
          );
        }
        refs.push({ kind: 'image', imageId: s.image_id });
      } else {
        try {
          await charts.get(userId, s.chart_id);
        } catch {
          throw journalError.onField(
            'snapshots',
            'JOURNAL_CHART_NOT_FOUND',
            `No chart of yours has the id ${s.chart_id}.`,
          );
        }
        refs.push({ kind: 'chart', chartId: s.chart_id, caption: s.caption ? s.caption : null });
      }
    }
    return refs;
  }

  async function view(
    userId: string,
    date: string,
    accountIds: readonly string[] | undefined,
  ): Promise<JournalDayView> {
    const zone = await zoneOf(userId);
    const row = await repo.day(userId, date);
    let accounts: Awaited<ReturnType<TradeReader['accounts']>>;
    if (accountIds && accountIds.length > 0) accounts = await reader.accounts(userId, accountIds, 'account_ids');
    else {
      // the entry's accounts, less any since deleted; all of them when it names none (or none is left)
      const all = await reader.accounts(userId, undefined, 'account_ids');
      const kept = new Set(row?.accountIds ?? []);
      const chosen = all.filter((a) => kept.has(a.id));
      accounts = chosen.length > 0 ? chosen : all;
    }
    const trades = await reader.closedBetween(accounts, dayStart(zone, date), dayStart(zone, nextDate(date)), zone);
    const annotations = await reader.annotations(
      userId,
      trades.map((t) => t.position.id),
    );
    return {
      date,
      timeZone: zone,
      accounts: accounts.map(accountToWire),
      entry: row ? await dayToWire(userId, row) : null,
      trades: await reader.withNews(trades.map((t) => reader.toWire(t, annotations.get(t.position.id) ?? null))),
    };
  }

  return {
    /** GET /journal/days/{date}. */
    day: (userId: string, date: string, accountIds?: readonly string[]) => view(userId, date, accountIds),

    /** PUT /journal/days/{date}: creates or changes the entry (fields left out keep their value). */
    async saveDay(userId: string, date: string, body: JournalDayBody): Promise<JournalDayView> {
      const before = await repo.day(userId, date);
      const now = clock.now();
      if (body.account_ids && body.account_ids.length > 0)
        await reader.accounts(userId, body.account_ids, 'account_ids');
      const snapshots = body.snapshots ? await checkedSnapshots(userId, body.snapshots) : undefined;
      const row: JournalDayRow = {
        id: before?.id ?? newId(),
        userId,
        date,
        accountIds: body.account_ids ?? before?.accountIds ?? [],
        plan: body.plan !== undefined ? sanitizeRichText(body.plan) : (before?.plan ?? ''),
        review: body.review !== undefined ? sanitizeRichText(body.review) : (before?.review ?? ''),
        mood: body.mood !== undefined ? body.mood : (before?.mood ?? null),
        discipline: body.discipline !== undefined ? body.discipline : (before?.discipline ?? null),
        tags: body.tags ?? before?.tags ?? [],
        snapshots: snapshots ?? before?.snapshots ?? [],
        createdAt: before?.createdAt ?? now,
        updatedAt: now,
      };
      await repo.upsertDay(row);
      return view(userId, date, undefined);
    },

    /** DELETE /journal/days/{date}: removes the entry (the trades and their annotations stay). */
    async deleteDay(userId: string, date: string): Promise<JournalDayView> {
      if (!(await repo.deleteDay(userId, date))) {
        throw journalError('JOURNAL_DAY_NOT_FOUND', `You have no journal entry on ${date}.`);
      }
      return view(userId, date, undefined);
    },

    /** GET /journal/calendar: per day of the range, the trades' figures per account and per currency, and the entry. */
    async calendar(userId: string, q: JournalCalendarQuery): Promise<JournalCalendar> {
      const zone = await zoneOf(userId);
      const accounts = await reader.accounts(userId, q.account_ids, 'account_ids');
      const [trades, entries] = await Promise.all([
        reader.closedBetween(accounts, dayStart(zone, q.from), dayStart(zone, nextDate(q.to)), zone),
        repo.daysBetween(userId, q.from, q.to),
      ]);
      const annotations = await repo.annotationsOf(
        userId,
        trades.map((t) => t.position.id),
      );
      const noted = new Set(annotations.filter((a) => richTextHasText(a.notes)).map((a) => a.positionId));

      type DayAcc = { byAccount: Map<string, Counts>; byCurrency: Map<string, Counts>; all: Counts; noted: boolean };
      const days = new Map<string, DayAcc>();
      const rangeByCurrency = new Map<string, Counts>();
      const dayOf = (date: string) => {
        let d = days.get(date);
        if (!d) {
          d = { byAccount: new Map(), byCurrency: new Map(), all: emptyCounts(), noted: false };
          days.set(date, d);
        }
        return d;
      };
      const bucket = (m: Map<string, Counts>, key: string) => {
        let c = m.get(key);
        if (!c) {
          c = emptyCounts();
          m.set(key, c);
        }
        return c;
      };
      for (const t of trades as ClosedTrade[]) {
        const d = dayOf(t.date);
        add(bucket(d.byAccount, t.account.id), t.netMinor);
        add(bucket(d.byCurrency, t.account.currency), t.netMinor);
        add(d.all, t.netMinor);
        add(bucket(rangeByCurrency, t.account.currency), t.netMinor);
        if (noted.has(t.position.id)) d.noted = true;
      }
      const entryByDate = new Map(entries.map((e) => [e.date, e]));
      for (const e of entries) dayOf(e.date);

      const currencyOf = new Map(accounts.map((a) => [a.id, a.currency]));
      const order = new Map(accounts.map((a, i) => [a.id, i]));
      const out: JournalCalendarDay[] = [...days.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([date, d]) => {
          const entry = entryByDate.get(date);
          return {
            date,
            accounts: [...d.byAccount.entries()]
              .sort(([a], [b]) => order.get(a)! - order.get(b)!)
              .map(([accountId, c]) => ({
                accountId,
                currency: currencyOf.get(accountId)!,
                ...countsToWire(c, currencyOf.get(accountId)!),
              })),
            totals: [...d.byCurrency.entries()]
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([currency, c]) => ({ currency, ...countsToWire(c, currency) })),
            tradeCount: d.all.tradeCount,
            wins: d.all.wins,
            losses: d.all.losses,
            breakEven: d.all.breakEven,
            hasNotes: d.noted || (entry ? richTextHasText(entry.plan) || richTextHasText(entry.review) : false),
            hasEntry: entry !== undefined,
            mood: entry?.mood ?? null,
            discipline: entry?.discipline ?? null,
            tags: entry?.tags ?? [],
          };
        });
      return {
        from: q.from,
        to: q.to,
        timeZone: zone,
        accounts: accounts.map(accountToWire),
        days: out,
        totals: [...rangeByCurrency.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([currency, c]) => ({ currency, ...countsToWire(c, currency) })),
      };
    },

    /** GET /journal/trades: the user's annotated closed trades, newest close first. */
    async annotatedTrades(userId: string, q: JournalTradesQuery): Promise<JournalTradeList> {
      const zone = await zoneOf(userId);
      const accounts = await reader.accounts(userId, q.account_id ? [q.account_id] : undefined, 'account_id');
      const { total, rows } = await repo.annotatedTrades(userId, {
        accountIds: accounts.map((a) => a.id),
        from: q.from ? dayStart(zone, q.from) : undefined,
        to: q.to ? dayStart(zone, nextDate(q.to)) : undefined,
        strategyId: q.strategy_id,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      const byId = new Map(accounts.map((a) => [a.id, a]));
      const annotations = await reader.annotationsToWire(
        userId,
        rows.map((r) => r.annotation),
      );
      const exits = await reader.exits(rows.map((r) => r.position));
      return {
        timeZone: zone,
        page: q.page,
        limit: q.limit,
        total,
        trades: await reader.withNews(
          rows.map((r) =>
            reader.toWire(
              reader.facts(r.position, byId.get(r.position.accountId)!, exits.get(r.position.id), zone),
              annotations.get(r.position.id) ?? null,
            ),
          ),
        ),
      };
    },
  };
}
export type JournalService = ReturnType<typeof createJournalService>;
