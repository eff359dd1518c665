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

/** The wire style (snake_case) as the drawing model keeps it. */
function toStyle(body: DrawingStyleBody): Drawing['style'] {
  const style: Drawing['style'] = {};
  if (body.color !== undefined) style.color = body.color;
  if (body.line_width !== undefined) style.lineWidth = body.line_width;
  if (body.line_style !== undefined) style.lineStyle = body.line_style;
  if (body.fill_color !== undefined) style.fillColor = body.fill_color;
  if (body.text_color !== undefined) style.textColor = body.text_color;
  if (body.font_size !== undefined) style.fontSize = body.font_size;
  if (body.extend_left !== undefined) style.extendLeft = body.extend_left;
  if (body.extend_right !== undefined) style.extendRight = body.extend_right;
  if (body.show_labels !== undefined) style.showLabels = body.show_labels;
  if (body.fib_levels !== undefined) style.fibLevels = body.fib_levels;
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

  async function chartAndSymbol(userId: string, chartId: string, symbol: string | undefined) {
    const chart = await charts.find(userId, chartId);
    if (!chart) throw chartNotFound('chart_id');
    return { chart, symbol: symbol ? resolveInstrument(symbol, undefined).symbol : chart.symbol };
  }

  async function owned(userId: string, id: string): Promise<ChartDrawingRow> {
    const row = await repo.find(userId, id);
    if (!row) throw chartsError('DRAWING_NOT_FOUND', 'No drawing of yours has this id.');
    return row;
  }

  return {
    async list(userId: string, query: DrawingsQuery): Promise<Drawing[]> {
      const { chart, symbol } = await chartAndSymbol(userId, query.chart_id, query.symbol);
      return (await repo.list(userId, chart.id, symbol)).map(toDrawing);
    },

    async get(userId: string, id: string): Promise<Drawing> {
      return toDrawing(await owned(userId, id));
    },

    async create(userId: string, body: CreateDrawingBody): Promise<Drawing> {
      const { chart, symbol } = await chartAndSymbol(userId, body.chart_id, body.symbol);
      if ((await repo.count(userId, chart.id, symbol)) >= max) {
        throw chartsError(
          'DRAWING_LIMIT_REACHED',
          `This chart already has ${max} drawings on ${symbol}, the most allowed; delete one before drawing another.`,
        );
      }
      const now = clock.now();
      const row = await repo.insert({
        id: newId(),
        userId,
        chartId: chart.id,
        symbol,
        ...shapeOf(body),
        createdAt: now,
        updatedAt: now,
      });
      return toDrawing(row);
    },

    async update(userId: string, id: string, body: DrawingShapeBody): Promise<Drawing> {
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
