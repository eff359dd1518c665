import {
  type CreateWatchlistBody,
  type SharedWatchlist,
  type UpdateWatchlistBody,
  WATCHLIST_DEFAULT_NAME,
  WATCHLIST_MAX_PER_USER,
  WATCHLIST_MAX_SYMBOLS,
  type Watchlist,
  type WatchlistSymbol,
  type WatchlistSymbolBody,
} from '@tradedesk/contracts';
import { findInstrument, type Instrument } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { newId, newToken } from '../../platform/ids.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { watchlistError, watchlistNotFound } from './watchlists.errors.js';
import type { WatchlistQueries, WatchlistsRepository, WatchlistWithSymbols } from './watchlists.repository.js';
import type { WatchlistSymbolRow } from './watchlists.table.js';

function symbolOf(row: WatchlistSymbolRow): WatchlistSymbol {
  const instrument = findInstrument(row.ticker);
  return {
    id: row.id,
    source: row.source as WatchlistSymbol['source'],
    ticker: row.ticker,
    name: instrument?.name ?? row.ticker,
    digits: instrument?.digits ?? 2,
    addedAt: row.addedAt.toISOString(),
  };
}

export function toWatchlist(row: WatchlistWithSymbols): Watchlist {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    shareToken: row.shareToken,
    symbols: row.symbols.map(symbolOf),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The catalogue instrument of `{ source, ticker }`; a 400 naming the field otherwise. */
function instrumentOf(input: WatchlistSymbolBody, field = ''): Instrument {
  const instrument = findInstrument(input.ticker);
  if (!instrument) {
    throw watchlistError.onField(
      `${field}ticker`,
      'WATCHLIST_INVALID_SYMBOL',
      `Ticker "${input.ticker}" is not an instrument of the catalogue; search the symbols for one.`,
    );
  }
  if (instrument.source !== input.source) {
    throw watchlistError.onField(
      `${field}source`,
      'WATCHLIST_INVALID_SYMBOL',
      `Source must be ${instrument.source} for ${instrument.id} (it is not a ${input.source} instrument).`,
    );
  }
  return instrument;
}

const duplicate = (ticker: string, field = 'ticker') =>
  watchlistError.onField(field, 'WATCHLIST_SYMBOL_DUPLICATE', `${ticker} is already in this watchlist.`);

/**
 * Watchlists: ownership (another user's list is answered as missing), symbols from the catalogue, a ticker
 * once per list, exactly one default while the user has any list, and the public read-only share link.
 */
export function createWatchlistsService(deps: {
  repo: WatchlistsRepository;
  clock: Clock;
  limits?: { maxLists: number; maxSymbols: number };
  /** The plan's watchlists limit (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, clock } = deps;
  const limits = deps.limits ?? { maxLists: WATCHLIST_MAX_PER_USER, maxSymbols: WATCHLIST_MAX_SYMBOLS };

  async function owned(q: WatchlistQueries, userId: string, id: string): Promise<WatchlistWithSymbols> {
    const row = await q.find(userId, id);
    if (!row) throw watchlistNotFound();
    return row;
  }

  /** A new list with these instruments, default when the user has no default yet. */
  async function insertList(q: WatchlistQueries, userId: string, name: string, instruments: Instrument[]) {
    if ((await q.count(userId)) >= limits.maxLists) {
      throw watchlistError(
        'WATCHLIST_LIMIT_REACHED',
        `You already keep ${limits.maxLists} watchlists, the most allowed; delete one before making another.`,
      );
    }
    const now = clock.now();
    const id = newId();
    await q.insert(
      { id, userId, name, isDefault: !(await q.hasDefault(userId)), shareToken: null, createdAt: now, updatedAt: now },
      instruments.map((i, position) => ({
        id: newId(),
        watchlistId: id,
        source: i.source,
        ticker: i.id,
        position,
        addedAt: now,
      })),
    );
    return toWatchlist(await owned(q, userId, id));
  }

  /** The plan's limit, read before the transaction (the catalogue is read outside it) and held inside it. */
  const planGate = (userId: string) => deps.entitlements?.gate(userId, 'watchlists');

  /** A list past the plan's limit (after a downgrade) is read-only: 423 before any change to it. */
  const assertEditable = async (userId: string, id: string) =>
    deps.entitlements?.assertEditable(userId, 'watchlists', id, () => repo.counted(userId));

  return {
    async list(userId: string): Promise<Watchlist[]> {
      return (await repo.list(userId)).map(toWatchlist);
    },

    async get(userId: string, id: string): Promise<Watchlist> {
      return toWatchlist(await owned(repo, userId, id));
    },

    async create(userId: string, body: CreateWatchlistBody): Promise<Watchlist> {
      const instruments: Instrument[] = [];
      for (const [n, item] of (body?.symbols ?? []).entries()) {
        const instrument = instrumentOf(item, `symbols.${n}.`);
        if (instruments.some((i) => i.id === instrument.id)) throw duplicate(instrument.id, `symbols.${n}.ticker`);
        instruments.push(instrument);
      }
      const gate = await planGate(userId);
      return repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        if (gate) await tx.holdPlanLimit(gate, userId);
        return insertList(tx, userId, body?.name ?? WATCHLIST_DEFAULT_NAME, instruments);
      });
    },

    /** Adds `{ source, ticker }` at the end; a ticker already in the list is refused (409). */
    async addSymbol(userId: string, id: string, body: WatchlistSymbolBody): Promise<Watchlist> {
      const instrument = instrumentOf(body);
      await assertEditable(userId, id);
      return repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        const list = await owned(tx, userId, id);
        if (list.symbols.some((s) => s.ticker === instrument.id)) throw duplicate(instrument.id);
        if (list.symbols.length >= limits.maxSymbols) {
          throw watchlistError(
            'WATCHLIST_SYMBOL_LIMIT_REACHED',
            `This watchlist already has ${limits.maxSymbols} symbols, the most allowed; remove one before adding another.`,
          );
        }
        const now = clock.now();
        const last = list.symbols.at(-1)?.position ?? -1;
        try {
          await tx.addSymbol({
            id: newId(),
            watchlistId: id,
            source: instrument.source,
            ticker: instrument.id,
            position: last + 1,
            addedAt: now,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicate(instrument.id);
          throw error;
        }
        await tx.update(userId, id, { updatedAt: now });
        return toWatchlist(await owned(tx, userId, id));
      });
    },

    async removeSymbol(userId: string, id: string, symbolId: string): Promise<Watchlist> {
      await assertEditable(userId, id);
      return repo.transaction(async (tx) => {
        await owned(tx, userId, id);
        if (!(await tx.deleteSymbol(id, symbolId))) {
          throw watchlistError('WATCHLIST_SYMBOL_NOT_FOUND', 'This watchlist has no symbol with this id.');
        }
        await tx.update(userId, id, { updatedAt: clock.now() });
        return toWatchlist(await owned(tx, userId, id));
      });
    },

    /** A copy named "<name> (copy)" with the same symbols, not shared and not the default. */
    async duplicate(userId: string, id: string): Promise<Watchlist> {
      await owned(repo, userId, id);
      const gate = await planGate(userId);
      return repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        if (gate) await tx.holdPlanLimit(gate, userId);
        const list = await owned(tx, userId, id);
        const instruments = list.symbols.flatMap((s) => findInstrument(s.ticker) ?? []);
        const name = `${list.name.slice(0, 53)} (copy)`;
        return insertList(tx, userId, name, instruments);
      });
    },

    async makeDefault(userId: string, id: string): Promise<Watchlist> {
      await assertEditable(userId, id);
      return repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        await owned(tx, userId, id);
        await tx.clearDefault(userId, id);
        await tx.update(userId, id, { isDefault: true });
        return toWatchlist(await owned(tx, userId, id));
      });
    },

    /** Rename, reorder (`symbol_ids`: every symbol id once, in the new order), share or stop sharing. */
    async update(userId: string, id: string, body: UpdateWatchlistBody): Promise<Watchlist> {
      await assertEditable(userId, id);
      return repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        const list = await owned(tx, userId, id);
        const patch: Parameters<WatchlistQueries['update']>[2] = { updatedAt: clock.now() };
        if (body.name !== undefined) patch.name = body.name;
        if (body.shared === true && !list.shareToken) patch.shareToken = newToken(24);
        if (body.shared === false) patch.shareToken = null;
        if (body.symbol_ids !== undefined) {
          const ids = body.symbol_ids;
          const known = new Set(list.symbols.map((s) => s.id));
          if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((s) => !known.has(s))) {
            throw watchlistError.onField(
              'symbol_ids',
              'WATCHLIST_INVALID_ORDER',
              `symbol_ids must list every symbol of this watchlist exactly once (it has ${known.size}).`,
            );
          }
          for (const [position, symbolId] of ids.entries()) await tx.setPosition(id, symbolId, position);
        }
        await tx.update(userId, id, patch);
        return toWatchlist(await owned(tx, userId, id));
      });
    },

    /** Deletes a list; when it was the default, the oldest list left becomes the default. */
    async delete(userId: string, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        const removed = await tx.delete(userId, id);
        if (!removed) throw watchlistNotFound();
        if (!removed.isDefault) return;
        const next = await tx.oldest(userId);
        if (next) await tx.update(userId, next.id, { isDefault: true });
      });
    },

    /** The public read-only view of a shared list; an unknown or revoked token is not found. */
    async shared(token: string): Promise<SharedWatchlist> {
      const list = await repo.findByToken(token);
      if (!list) throw watchlistError('WATCHLIST_SHARE_NOT_FOUND', 'This share link does not exist or was revoked.');
      return {
        name: list.name,
        symbols: list.symbols.map((s) => {
          const { id: _id, addedAt: _added, ...rest } = symbolOf(s);
          return rest;
        }),
        updatedAt: list.updatedAt.toISOString(),
      };
    },
  };
}
export type WatchlistsService = ReturnType<typeof createWatchlistsService>;
