import {
  type ChartingSaved,
  DEFAULT_INDICATOR_COLLECTION_NAME,
  type IndicatorCollection,
  type IndicatorCollectionsBody,
  type ManualSetup,
  type ManualSetupsBody,
  RECENT_INSTRUMENTS_MAX,
  type RecentInstrument,
  type RecentInstrumentsBody,
  type UserDataStore,
} from '@tradedesk/contracts';
import { findIndicator, findInstrument, type Instrument, setupLevelsProblem } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { userDataError } from './user-data.errors.js';
import type { UserDataRepository } from './user-data.repository.js';

/**
 * The store's fixed entries: `activeCharts/manualSetups`, `indicators/indicatorCollections` and
 * `instrument/recentlyList`. Each is checked (instruments and indicators against the catalogues), saved as
 * the next version, and refused with 409 when the client's `version` is not the saved one.
 */

type Entry<T> = { value: T; version: number; updatedAt: string | null };

const keys = {
  manualSetups: { store: 'activeCharts', name: 'manualSetups' },
  indicatorCollections: { store: 'indicators', name: 'indicatorCollections' },
  recentlyList: { store: 'instrument', name: 'recentlyList' },
} as const satisfies Record<string, { store: UserDataStore; name: string }>;
type EntryName = keyof typeof keys;
/** Where the manual setups are kept (the tracker job reads and updates them). */
export const MANUAL_SETUPS_KEY = keys.manualSetups;

const labels: Record<EntryName, string> = {
  manualSetups: 'manual setups',
  indicatorCollections: 'indicator collections',
  recentlyList: 'recent instruments',
};

function instrumentOf(symbol: string, source: string | undefined, field: string): Instrument {
  const instrument = findInstrument(symbol);
  if (!instrument) {
    throw userDataError.onField(
      `${field}.symbol`,
      'USER_DATA_INVALID_ENTRY',
      `Symbol "${symbol}" is not an instrument of the catalogue.`,
    );
  }
  if (source && source !== instrument.source) {
    throw userDataError.onField(
      `${field}.source`,
      'USER_DATA_INVALID_ENTRY',
      `Source must be ${instrument.source} for ${instrument.id} (it is not a ${source} instrument).`,
    );
  }
  return instrument;
}

/** A setup as saved: setups saved before the trade idea existed lack its fields. */
export type StoredSetup = Partial<ManualSetup> & Pick<ManualSetup, 'id' | 'name' | 'symbol' | 'source' | 'timeframe'>;

/** A saved setup with every field (null where an older save has none). */
export function normaliseSetup(s: StoredSetup): ManualSetup {
  return {
    id: s.id,
    name: s.name,
    symbol: s.symbol,
    source: s.source,
    timeframe: s.timeframe,
    chartId: s.chartId ?? null,
    direction: s.direction ?? null,
    entryFrom: s.entryFrom ?? null,
    entryTo: s.entryTo ?? null,
    stopLoss: s.stopLoss ?? null,
    takeProfit: s.takeProfit ?? null,
    strategyId: s.strategyId ?? null,
    status: s.status ?? null,
    statusAt: s.statusAt ?? null,
    statusPrice: s.statusPrice ?? null,
  };
}

type SetupIdea = Pick<ManualSetup, 'direction' | 'entryFrom' | 'entryTo' | 'stopLoss' | 'takeProfit' | 'strategyId'>;

/** The trade idea of a setup's body: the zone low to high, levels on the right side of it for the direction. */
function setupIdea(item: ManualSetupsBody['state'][number], field: string): SetupIdea {
  const from = item.entry_from ?? item.entry_to ?? null;
  const to = item.entry_to ?? item.entry_from ?? null;
  const idea: SetupIdea = {
    direction: item.direction ?? null,
    entryFrom: from === null || to === null ? null : Math.min(from, to),
    entryTo: from === null || to === null ? null : Math.max(from, to),
    stopLoss: item.stop_loss ?? null,
    takeProfit: item.take_profit ?? null,
    strategyId: item.strategy_id ?? null,
  };
  const levels = idea.entryFrom !== null || idea.stopLoss !== null || idea.takeProfit !== null;
  if (levels && idea.direction === null) {
    throw userDataError.onField(
      `${field}.direction`,
      'USER_DATA_INVALID_ENTRY',
      'direction is needed with an entry, stop or target (long or short).',
    );
  }
  if (idea.direction !== null && idea.entryFrom === null && (idea.stopLoss !== null || idea.takeProfit !== null)) {
    throw userDataError.onField(
      `${field}.entry_from`,
      'USER_DATA_INVALID_ENTRY',
      'entry_from is needed with a stop or target (the entry price, or one end of the entry zone).',
    );
  }
  if (idea.direction !== null && idea.entryFrom !== null && idea.entryTo !== null) {
    const problem = setupLevelsProblem({
      direction: idea.direction,
      entryFrom: idea.entryFrom,
      entryTo: idea.entryTo,
      stopLoss: idea.stopLoss,
      takeProfit: idea.takeProfit,
    });
    if (problem) throw userDataError.onField(`${field}.${problem.field}`, 'USER_DATA_INVALID_ENTRY', problem.message);
  }
  return idea;
}

/** Same symbol, direction and levels: the tracker's status still holds. */
function sameIdea(a: ManualSetup, b: ManualSetup): boolean {
  return (
    a.symbol === b.symbol &&
    a.direction === b.direction &&
    a.entryFrom === b.entryFrom &&
    a.entryTo === b.entryTo &&
    a.stopLoss === b.stopLoss &&
    a.takeProfit === b.takeProfit
  );
}

export function createUserDataEntries(deps: {
  repo: UserDataRepository;
  clock: Clock;
  /** Tells the user's other tabs that an entry was saved (the `charting.saved` event). */
  onSaved?: (userId: string, saved: ChartingSaved) => void;
}) {
  const { repo, clock } = deps;

  async function read<T>(userId: string, name: EntryName): Promise<Entry<T> | undefined> {
    const row = await repo.find({ userId, ...keys[name] });
    return row ? { value: row.state as T, version: row.version, updatedAt: row.updatedAt.toISOString() } : undefined;
  }

  async function save<T>(userId: string, name: EntryName, value: T, expected: number | undefined): Promise<Entry<T>> {
    const key = { userId, ...keys[name] };
    const row = await repo.saveNextVersion(key, value, clock.now(), expected);
    if (!row) {
      const saved = (await repo.find(key))?.version ?? 0;
      throw userDataError.onField(
        'version',
        'USER_DATA_VERSION_CONFLICT',
        `Your ${labels[name]} were saved elsewhere in the meantime (version ${saved}; this change was made to ` +
          `version ${expected}). Reload them and make the change again.`,
      );
    }
    deps.onSaved?.(userId, { resource: name, id: null, version: row.version });
    return { value: row.state as T, version: row.version, updatedAt: row.updatedAt.toISOString() };
  }

  const empty = <T>(value: T): Entry<T> => ({ value, version: 0, updatedAt: null });

  return {
    async manualSetups(userId: string): Promise<Entry<ManualSetup[]>> {
      const entry = (await read<StoredSetup[]>(userId, 'manualSetups')) ?? empty([]);
      return { ...entry, value: entry.value.map(normaliseSetup) };
    },

    /**
     * Saves the setups. A setup that keeps its id, symbol, direction and levels keeps the tracker's status; a new
     * or changed one with a direction and an entry starts watching now.
     */
    async saveManualSetups(userId: string, body: ManualSetupsBody): Promise<Entry<ManualSetup[]>> {
      const before = new Map(
        ((await read<StoredSetup[]>(userId, 'manualSetups'))?.value ?? []).map((s) => [s.id, normaliseSetup(s)]),
      );
      const now = clock.now().toISOString();
      const seen = new Set<string>();
      const state = body.state.map((item, n): ManualSetup => {
        const instrument = instrumentOf(item.symbol, item.source, `state.${n}`);
        if (seen.has(item.id)) {
          throw userDataError.onField(
            `state.${n}.id`,
            'USER_DATA_INVALID_ENTRY',
            `Setup id "${item.id}" is used twice.`,
          );
        }
        seen.add(item.id);
        const setup: ManualSetup = {
          id: item.id,
          name: item.name ?? `${instrument.id} ${item.timeframe}`,
          symbol: instrument.id,
          source: instrument.source,
          timeframe: item.timeframe,
          chartId: item.chart_id ?? null,
          ...setupIdea(item, `state.${n}`),
          status: null,
          statusAt: null,
          statusPrice: null,
        };
        if (setup.direction !== null && setup.entryFrom !== null) {
          const old = before.get(setup.id);
          if (old && old.status !== null && sameIdea(old, setup)) {
            setup.status = old.status;
            setup.statusAt = old.statusAt;
            setup.statusPrice = old.statusPrice;
          } else {
            setup.status = 'watching';
            setup.statusAt = now;
          }
        }
        return setup;
      });
      return save(userId, 'manualSetups', state, body.version);
    },

    /** 404 while none are saved: the client then creates the default "Favorite" collection. */
    async indicatorCollections(userId: string): Promise<Entry<IndicatorCollection[]>> {
      const entry = await read<IndicatorCollection[]>(userId, 'indicatorCollections');
      if (!entry) {
        throw userDataError(
          'USER_DATA_NOT_FOUND',
          `You have no indicator collections yet; save one (the default is "${DEFAULT_INDICATOR_COLLECTION_NAME}").`,
        );
      }
      return entry;
    },

    async saveIndicatorCollections(
      userId: string,
      body: IndicatorCollectionsBody,
    ): Promise<Entry<IndicatorCollection[]>> {
      const seen = new Set<string>();
      const list = body.list.map((item, n): IndicatorCollection => {
        if (seen.has(item.id)) {
          throw userDataError.onField(
            `list.${n}.id`,
            'USER_DATA_INVALID_ENTRY',
            `Collection id "${item.id}" is used twice.`,
          );
        }
        seen.add(item.id);
        const indicators: string[] = [];
        for (const [i, name] of item.indicators.entries()) {
          const entry = findIndicator(name);
          if (!entry) {
            throw userDataError.onField(
              `list.${n}.indicators.${i}`,
              'USER_DATA_INVALID_ENTRY',
              `Indicator "${name}" is not an indicator of the catalogue.`,
            );
          }
          // a favourite added twice is kept once
          if (!indicators.includes(entry.definition.id)) indicators.push(entry.definition.id);
        }
        return { id: item.id, tabName: item.tab_name, indicators };
      });
      return save(userId, 'indicatorCollections', list, body.version);
    },

    async recentlyList(userId: string): Promise<Entry<RecentInstrument[]>> {
      return (await read<RecentInstrument[]>(userId, 'recentlyList')) ?? empty([]);
    },

    /** Newest first: the first 4 distinct instruments of the list are kept. */
    async saveRecentlyList(userId: string, body: RecentInstrumentsBody): Promise<Entry<RecentInstrument[]>> {
      const list: RecentInstrument[] = [];
      for (const [n, item] of body.list.entries()) {
        const instrument = instrumentOf(item.symbol, item.source, `list.${n}`);
        if (list.length >= RECENT_INSTRUMENTS_MAX || list.some((r) => r.symbol === instrument.id)) continue;
        list.push({
          symbol: instrument.id,
          source: instrument.source,
          name: instrument.name,
          digits: instrument.digits,
        });
      }
      return save(userId, 'recentlyList', list, body.version);
    },
  };
}
export type UserDataEntries = ReturnType<typeof createUserDataEntries>;
