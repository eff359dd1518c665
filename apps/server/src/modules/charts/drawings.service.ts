import {
  type CreateDrawingBody,
  DRAWINGS_MAX_PER_CHART_SYMBOL,
  type Drawing,
  type DrawingShapeBody,
  type DrawingStyleBody,
  type DrawingsQuery,
} from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import { resolveInstrument } from './chart-inputs.js';
import { chartNotFound, chartsError } from './charts.errors.js';
import type { ChartsRepository } from './charts.repository.js';
import type { ChartDrawingRow } from './charts.table.js';
import type { DrawingsRepository } from './drawings.repository.js';

export function toDrawing(row: ChartDrawingRow): Drawing {
  const drawing: Drawing = {
    id: row.id,
    chartId: row.chartId,
    symbol: row.symbol,
    tool: row.tool,
    points: row.points,
    style: row.style,
    locked: row.locked,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.text !== null) drawing.text = row.text;
  return drawing;
}

/** The wire style (snake_case, or the model's camelCase) as the drawing model keeps it. */
function toStyle(body: DrawingStyleBody): Drawing['style'] {
  const style: Drawing['style'] = {};
  const set = <K extends keyof Drawing['style']>(key: K, value: Drawing['style'][K] | undefined) => {
    if (value !== undefined) style[key] = value;
  };
  set('color', body.color);
  set('lineWidth', body.line_width ?? body.lineWidth);
  set('lineStyle', body.line_style ?? body.lineStyle);
  set('fillColor', body.fill_color ?? body.fillColor);
  set('textColor', body.text_color ?? body.textColor);
  set('fontSize', body.font_size ?? body.fontSize);
  set('extendLeft', body.extend_left ?? body.extendLeft);
  set('extendRight', body.extend_right ?? body.extendRight);
  set('showLabels', body.show_labels ?? body.showLabels);
  set('fibLevels', body.fib_levels ?? body.fibLevels);
  return style;
}

function shapeOf(body: DrawingShapeBody) {
  return {
    tool: body.tool,
    points: body.points,
    style: toStyle(body.style),
    text: body.text ?? null,
    locked: body.locked,
    hidden: body.hidden,
  };
}

/** Drawings per chart and symbol: the chart must be the caller's; another user's drawing is answered as missing. */
export function createDrawingsService(deps: {
  repo: DrawingsRepository;
  charts: ChartsRepository;
  clock: Clock;
  limits?: { maxPerChartSymbol: number };
}) {
  const { repo, charts, clock } = deps;
  const max = deps.limits?.maxPerChartSymbol ?? DRAWINGS_MAX_PER_CHART_SYMBOL;

  /** The chart (the caller's, else 404 naming chart_id) or none, and the symbol its drawings are kept under. */
  async function chartAndSymbol(userId: string, chartId: string | null | undefined, symbol: string | undefined) {
    const known = symbol ? resolveInstrument(symbol, undefined).symbol : undefined;
    if (!chartId) return { chartId: null, symbol: known! };
    const chart = await charts.find(userId, chartId);
    if (!chart) throw chartNotFound('chart_id');
    return { chartId: chart.id, symbol: known ?? chart.symbol };
  }

  async function owned(userId: string, id: string): Promise<ChartDrawingRow> {
    const row = await repo.find(userId, id);
    if (!row) throw chartsError('DRAWING_NOT_FOUND', 'No drawing of yours has this id.');
    return row;
  }

  return {
    async list(userId: string, query: DrawingsQuery): Promise<Drawing[]> {
      const { chartId, symbol } = await chartAndSymbol(userId, query.chart_id, query.symbol);
      return (await repo.list(userId, chartId, symbol)).map(toDrawing);
    },

    async get(userId: string, id: string): Promise<Drawing> {
      return toDrawing(await owned(userId, id));
    },

    async create(userId: string, body: CreateDrawingBody): Promise<Drawing> {
      const { chartId, symbol } = await chartAndSymbol(userId, body.chart_id, body.symbol);
      if ((await repo.count(userId, chartId, symbol)) >= max) {
        throw chartsError(
          'DRAWING_LIMIT_REACHED',
          `There are already ${max} drawings on ${symbol} here, the most allowed; delete one before drawing another.`,
        );
      }
      const now = clock.now();
      const row = await repo.insert({
        id: newId(),
        userId,
        chartId,
        symbol,
        ...shapeOf(body),
        createdAt: now,
        updatedAt: now,
      });
      return toDrawing(row);
    },

    async update(userId: string, id: string, body: DrawingShapeBody): Promise<Drawing> {
      const current = await owned(userId, id);
      if (body.chart_id !== undefined && body.chart_id !== current.chartId) {
        throw chartsError.onField(
          'chart_id',
          'DRAWING_MOVED',
          'chart_id must be the drawing’s own chart: a drawing stays on its chart.',
        );
      }
      if (body.symbol !== undefined && resolveInstrument(body.symbol, undefined).symbol !== current.symbol) {
        throw chartsError.onField(
          'symbol',
          'DRAWING_MOVED',
          'Symbol must be the drawing’s own: a drawing stays on its symbol.',
        );
      }
      const row = await repo.update(userId, id, { ...shapeOf(body), updatedAt: clock.now() });
      if (!row) throw chartsError('DRAWING_NOT_FOUND', 'No drawing of yours has this id.');
      return toDrawing(row);
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw chartsError('DRAWING_NOT_FOUND', 'No drawing of yours has this id.');
    },
  };
}
export type DrawingsService = ReturnType<typeof createDrawingsService>;
