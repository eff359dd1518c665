import {
  CALENDAR_NEWS_WINDOW_MINUTES,
  type EconomicEvent,
  type JournalAccount,
  type JournalAnnotation,
  type JournalImage,
  type JournalTrade,
} from '@tradedesk/contracts';
import {
  dateToEpochDay,
  decimalToMinor,
  epochDayToDate,
  findInstrument,
  localToUtcMs,
  minorToDecimal,
  toLocal,
} from '@tradedesk/core';
import type { FileStorage } from '../../platform/storage/storage.js';
import type { MetricsRepository } from '../metrics/metrics.repository.js';
import type { TradingAccountRow, TradingPositionRow } from '../trading/trading.table.js';
import { journalError } from './journal.errors.js';
import type { StrategyLinks } from './journal.links.js';
import type { JournalRepository } from './journal.repository.js';
import type { JournalImageRow, JournalTradeAnnotationRow } from './journal.table.js';

/** The instant a journal date starts at in the zone (the next date's start ends it). */
export function dayStart(zone: string, date: string): Date {
  return new Date(localToUtcMs(zone, dateToEpochDay(date), 0));
}

/** The journal date of an instant in the zone. */
export function dateIn(zone: string, at: Date): string {
  return epochDayToDate(toLocal(zone, at.getTime()).epochDay);
}

/** The next calendar date. */
export function nextDate(date: string): string {
  return epochDayToDate(dateToEpochDay(date) + 1);
}

/** A closed position of one of the user's accounts, with its figures in minor units of the account currency. */
export type ClosedTrade = {
  position: TradingPositionRow;
  account: TradingAccountRow;
  closePrice: number;
  date: string;
  profitMinor: number;
  commissionMinor: number;
  swapMinor: number;
  netMinor: number;
};

export function imageToWire(row: JournalImageRow, storage: FileStorage): JournalImage {
  return {
    id: row.id,
    url: storage.url(row.key),
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}

export function accountToWire(a: TradingAccountRow): JournalAccount {
  return { id: a.id, name: a.name, currency: a.currency, color: a.color, archived: a.archivedAt !== null };
}

/** High-impact economic events of a range, as the calendar service answers them. */
export type NewsOf = (
  fromMs: number,
  toMs: number,
) => Promise<ReadonlyArray<Pick<EconomicEvent, 'id' | 'title' | 'impact' | 'time' | 'currency' | 'instruments'>>>;

const NEWS_WINDOW_MS = CALENDAR_NEWS_WINDOW_MINUTES * 60_000;
/** Past this span the events are read around each trade rather than over the whole range. */
const NEWS_SPAN_MS = 93 * 86_400_000;

/** Whether an event concerns a symbol: one of its instruments, or a currency of the instrument. */
function concerns(event: { currency: string; instruments: readonly string[] }, symbol: string): boolean {
  if (event.instruments.includes(symbol)) return true;
  const i = findInstrument(symbol);
  if (!i) return false;
  return [i.baseCurrency, i.quoteCurrency, i.profitCurrency].includes(event.currency);
}

/** Reads the user's closed trades (through the metrics' reads of the trading tables) and writes them for the wire. */
export function createTradeReader(deps: {
  repo: JournalRepository;
  trading: Pick<MetricsRepository, 'closedPositions' | 'exitPrices'>;
  links: Pick<StrategyLinks, 'existingChecklistItems'>;
  storage: FileStorage;
  /** High-impact economic events of [fromMs, toMs) (the calendar's); trades carry no news tag without it. */
  news?: NewsOf | undefined;
}) {
  const { repo, trading, links, storage } = deps;

  function facts(p: TradingPositionRow, account: TradingAccountRow, exit: number | undefined, zone: string) {
    const minor = (s: string) => decimalToMinor(s, account.currency);
    const profitMinor = minor(p.profit);
    const commissionMinor = minor(p.commission);
    const swapMinor = minor(p.swap);
    return {
      position: p,
      account,
      closePrice: exit ?? p.closePrice ?? p.openPrice,
      date: dateIn(zone, p.closedAt!),
      profitMinor,
      commissionMinor,
      swapMinor,
      netMinor: profitMinor + commissionMinor + swapMinor,
    } satisfies ClosedTrade;
  }

  return {
    /**
     * The user's accounts, or those of `ids` (each must be the user's: else a 404 naming `field`), in the order
     * they were opened.
     */
    async accounts(userId: string, ids: readonly string[] | undefined, field: string): Promise<TradingAccountRow[]> {
      const all = await repo.accountsOf(userId);
      if (!ids || ids.length === 0) return all;
      const byId = new Map(all.map((a) => [a.id, a]));
      for (const id of ids) {
        if (!byId.has(id)) {
          throw journalError.onField(
            field,
            'JOURNAL_ACCOUNT_NOT_FOUND',
            `No trading account of yours has the id ${id}.`,
          );
        }
      }
      const wanted = new Set(ids);
      return all.filter((a) => wanted.has(a.id));
    },

    /** Closed trades of the accounts whose close falls in [from, to), by close time. */
    async closedBetween(accounts: readonly TradingAccountRow[], from: Date, to: Date, zone: string) {
      const ids = accounts.map((a) => a.id);
      const rows = await trading.closedPositions(ids, { from, to });
      if (rows.length === 0) return [];
      // narrowed to these positions unless there are so many that reading them all is the lighter query
      const exits = await trading.exitPrices(ids, rows.length <= 5000 ? rows.map((r) => r.id) : undefined);
      const byId = new Map(accounts.map((a) => [a.id, a]));
      return rows.map((p) => facts(p, byId.get(p.accountId)!, exits.get(p.id), zone));
    },

    /** One closed position as a trade. */
    async one(position: TradingPositionRow, account: TradingAccountRow, zone: string): Promise<ClosedTrade> {
      const exits = await trading.exitPrices([account.id], [position.id]);
      return facts(position, account, exits.get(position.id), zone);
    },

    /** The volume-weighted exit of each of the positions. */
    async exits(positions: readonly TradingPositionRow[]): Promise<Map<string, number>> {
      if (positions.length === 0) return new Map();
      return trading.exitPrices(
        [...new Set(positions.map((p) => p.accountId))],
        positions.map((p) => p.id),
      );
    },

    facts,

    /** The trades with their news tags: high-impact events within 30 minutes of the opening that concern the symbol. */
    async withNews(trades: JournalTrade[]): Promise<JournalTrade[]> {
      const newsOf = deps.news;
      if (!newsOf || trades.length === 0) return trades;
      const opened = trades.map((t) => Date.parse(t.openedAt));
      const from = Math.min(...opened) - NEWS_WINDOW_MS;
      const to = Math.max(...opened) + NEWS_WINDOW_MS + 1;
      const all = to - from <= NEWS_SPAN_MS ? await newsOf(from, to) : undefined;
      const out: JournalTrade[] = [];
      for (const [i, t] of trades.entries()) {
        const at = opened[i]!;
        const events = all ?? (await newsOf(at - NEWS_WINDOW_MS, at + NEWS_WINDOW_MS + 1));
        const news = events
          .filter((e) => Math.abs(Date.parse(e.time) - at) <= NEWS_WINDOW_MS && concerns(e, t.symbol))
          .map((e) => ({ id: e.id, title: e.title, impact: e.impact, time: e.time }));
        out.push({ ...t, news });
      }
      return out;
    },

    /** The annotations of the trades' positions, written for the wire with their screenshots. */
    async annotations(userId: string, positionIds: readonly string[]): Promise<Map<string, JournalAnnotation>> {
      const rows = await repo.annotationsOf(userId, positionIds);
      return this.annotationsToWire(userId, rows);
    },

    async annotationsToWire(
      userId: string,
      rows: readonly JournalTradeAnnotationRow[],
    ): Promise<Map<string, JournalAnnotation>> {
      const images = new Map(
        (await repo.images(userId, [...new Set(rows.flatMap((r) => r.screenshots))])).map((i) => [i.id, i]),
      );
      const items = await links.existingChecklistItems([...new Set(rows.flatMap((r) => r.checklistItemIds))]);
      const out = new Map<string, JournalAnnotation>();
      for (const r of rows) {
        out.set(r.positionId, {
          positionId: r.positionId,
          notes: r.notes,
          screenshots: r.screenshots.flatMap((id) => {
            const image = images.get(id);
            return image ? [imageToWire(image, storage)] : [];
          }),
          strategyId: r.strategyId,
          approachId: r.approachId,
          checklistItemIds: r.checklistItemIds.filter((id) => items.has(id)),
          mistakeIds: r.mistakeIds,
          rating: r.rating,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        });
      }
      return out;
    },

    toWire(t: ClosedTrade, annotation: JournalAnnotation | null): JournalTrade {
      const c = t.account.currency;
      const p = t.position;
      return {
        positionId: p.id,
        accountId: p.accountId,
        currency: c,
        symbol: p.symbol,
        direction: p.side === 'sell' ? 'short' : 'long',
        volume: p.initialVolume,
        openPrice: p.openPrice,
        closePrice: t.closePrice,
        openedAt: p.openedAt.toISOString(),
        closedAt: p.closedAt!.toISOString(),
        date: t.date,
        profit: minorToDecimal(t.profitMinor, c),
        commission: minorToDecimal(t.commissionMinor, c),
        swap: minorToDecimal(t.swapMinor, c),
        net: minorToDecimal(t.netMinor, c),
        annotation,
      };
    },
  };
}
export type TradeReader = ReturnType<typeof createTradeReader>;
