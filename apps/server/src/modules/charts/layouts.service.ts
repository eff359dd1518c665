import {
  type CreateLayoutBody,
  defaultChartSettings,
  LAYOUT_MAX_PER_USER,
  type Layout,
  type LayoutSlot,
  type LayoutSlotBody,
  type UpdateLayoutBody,
} from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { normalizeIndicators, resolveInstrument } from './chart-inputs.js';
import { type ChartingEvents, noChartingEvents } from './charting-events.js';
import { chartNotFound, chartsError, versionConflict } from './charts.errors.js';
import type { ChartsRepository } from './charts.repository.js';
import type { ChartLayoutRow, StoredLayoutSlot } from './charts.table.js';
import type { LayoutsRepository } from './layouts.repository.js';

/** What a slot shows besides its instrument: a chart type and indicators. */
type SlotLook = Pick<LayoutSlot, 'type' | 'indicators'>;

/**
 * A stored layout as answered. A slot naming a saved chart shows that chart's type and indicators (`looks`, by
 * chart id): the saved chart wins over what the slot keeps, which only counts once the chart is gone. A slot
 * stored before slots kept a type and indicators reads as candles with none.
 */
export function toLayout(row: ChartLayoutRow, looks: ReadonlyMap<string, SlotLook> = new Map()): Layout {
  return {
    id: row.id,
    name: row.name,
    count: row.count,
    direction: row.direction,
    charts: row.charts.map((slot) => ({
      chartId: slot.chartId,
      symbol: slot.symbol,
      source: slot.source,
      timeframe: slot.timeframe,
      ...((slot.chartId ? looks.get(slot.chartId) : undefined) ?? {
        type: slot.type ?? defaultChartSettings.chartType,
        indicators: slot.indicators ?? [],
      }),
    })),
    sync: row.sync,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The most indicators on one chart of the slots (checked against the plan's indicators per chart). */
const mostIndicators = (slots: readonly StoredLayoutSlot[]) =>
  Math.max(0, ...slots.map((s) => s.indicators?.length ?? 0));

const noSync: Layout['sync'] = { symbol: false, interval: false, crosshair: false, time: false };
const notFound = () => chartsError('LAYOUT_NOT_FOUND', 'No layout of yours has this id.');

/** Layouts of 1, 2, 4 or 8 charts; a slot's saved chart must be the caller's; saves are version-checked. */
export function createLayoutsService(deps: {
  repo: LayoutsRepository;
  charts: ChartsRepository;
  clock: Clock;
  events?: ChartingEvents;
  limits?: { maxLayouts: number };
  /** The plan's saved layouts and charts per layout (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, charts, clock } = deps;
  const events = deps.events ?? noChartingEvents;
  const max = deps.limits?.maxLayouts ?? LAYOUT_MAX_PER_USER;

  async function slots(userId: string, list: readonly LayoutSlotBody[]): Promise<StoredLayoutSlot[]> {
    const out: StoredLayoutSlot[] = [];
    for (const [n, slot] of list.entries()) {
      const instrument = resolveInstrument(slot.symbol, slot.source, {
        symbol: `charts.${n}.symbol`,
        source: `charts.${n}.source`,
      });
      if (slot.chart_id && !(await charts.find(userId, slot.chart_id))) throw chartNotFound(`charts.${n}.chart_id`);
      out.push({
        chartId: slot.chart_id ?? null,
        symbol: instrument.symbol,
        source: instrument.source,
        timeframe: slot.timeframe,
        type: slot.type ?? defaultChartSettings.chartType,
        indicators: normalizeIndicators(slot.indicators ?? [], `charts.${n}.indicators`),
      });
    }
    return out;
  }

  /** Layouts as answered, each slot naming a saved chart showing that chart's type and indicators. */
  async function answer(userId: string, rows: readonly ChartLayoutRow[]): Promise<Layout[]> {
    const ids = [...new Set(rows.flatMap((r) => r.charts.flatMap((s) => (s.chartId ? [s.chartId] : []))))];
    const looks = new Map<string, SlotLook>(
      (await charts.looksOf(userId, ids)).map((c) => [
        c.id,
        { type: { ...defaultChartSettings, ...c.settings }.chartType, indicators: c.indicators },
      ]),
    );
    return rows.map((row) => toLayout(row, looks));
  }
  const answerOne = async (userId: string, row: ChartLayoutRow) => (await answer(userId, [row]))[0]!;

  return {
    async list(userId: string): Promise<Layout[]> {
      return answer(userId, await repo.list(userId));
    },

    async get(userId: string, id: string): Promise<Layout> {
      const row = await repo.find(userId, id);
      if (!row) throw notFound();
      return answerOne(userId, row);
    },

    async create(userId: string, body: CreateLayoutBody): Promise<Layout> {
      const chartsOf = await slots(userId, body.charts);
      const held = await repo.count(userId);
      const gate = await deps.entitlements?.gate(userId, 'saved_layouts');
      await deps.entitlements?.assertBelow(userId, 'charts_per_layout', body.count - 1);
      const most = mostIndicators(chartsOf);
      if (most > 0) await deps.entitlements?.assertBelow(userId, 'indicators_per_chart', most - 1);
      if (held >= max) {
        throw chartsError(
          'LAYOUT_LIMIT_REACHED',
          `You already keep ${max} layouts, the most allowed; delete one before saving another.`,
        );
      }
      const now = clock.now();
      const row: ChartLayoutRow = {
        id: newId(),
        userId,
        name: body.name,
        count: body.count,
        direction: body.direction ?? 'horizontal',
        charts: chartsOf,
        sync: { ...noSync, ...body.sync },
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await repo.insert(row, gate);
      return answerOne(userId, row);
    },

    async update(userId: string, id: string, body: UpdateLayoutBody): Promise<Layout> {
      const current = await repo.find(userId, id);
      if (!current) throw notFound();
      // a layout past the plan's saved layouts (after a downgrade) is read-only
      await deps.entitlements?.assertEditable(userId, 'saved_layouts', id, () => repo.counted(userId));
      if (body.version !== current.version) {
        throw versionConflict('LAYOUT_VERSION_CONFLICT', 'layout', body.version, current.version);
      }
      const patch: Parameters<LayoutsRepository['updateAtVersion']>[3] = { updatedAt: clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.direction !== undefined) patch.direction = body.direction;
      if (body.sync !== undefined) patch.sync = { ...current.sync, ...body.sync };
      if (body.count !== undefined && body.charts !== undefined) {
        if (body.count > current.count)
          await deps.entitlements?.assertBelow(userId, 'charts_per_layout', body.count - 1);
        patch.count = body.count;
        patch.charts = await slots(userId, body.charts);
        // as on a saved chart, a downgrade keeps a layout's indicators; only adding past the plan's number is refused
        const most = mostIndicators(patch.charts);
        if (most > mostIndicators(current.charts))
          await deps.entitlements?.assertBelow(userId, 'indicators_per_chart', most - 1);
      }
      const saved = await repo.updateAtVersion(userId, id, body.version, patch);
      if (!saved) {
        const now = await repo.find(userId, id);
        if (!now) throw notFound();
        throw versionConflict('LAYOUT_VERSION_CONFLICT', 'layout', body.version, now.version);
      }
      events(userId, { resource: 'layout', id, version: saved.version });
      return answerOne(userId, saved);
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound();
      events(userId, { resource: 'layout', id, version: null });
    },
  };
}
export type LayoutsService = ReturnType<typeof createLayoutsService>;
