import {
  CHART_DEFAULTS,
  type ChartIndicator,
  type ChartIndicatorBody,
  type ChartInstrument,
  type ChartSettings,
  type ChartSettingsBody,
  type ChartSource,
} from '@tradedesk/contracts';
import { findInstrument, resolveIndicatorStyles, validateIndicatorSettings } from '@tradedesk/core';
import { newId } from '../../platform/ids.js';
import { chartsError } from './charts.errors.js';

/**
 * What the charts module checks beyond the request schemas: instruments against the catalogue and
 * indicators against the indicator catalogue (packages/core), each failure a 400 naming the field.
 */

/** The catalogue instrument of `symbol`; `source`, when given, must be the instrument's. */
export function resolveInstrument(
  symbol: string,
  source: ChartSource | undefined,
  fields: { symbol: string; source: string } = { symbol: 'symbol', source: 'source' },
): ChartInstrument {
  const instrument = findInstrument(symbol);
  if (!instrument) {
    throw chartsError.onField(
      fields.symbol,
      'CHART_INVALID_INSTRUMENT',
      `Symbol "${symbol}" is not an instrument of the catalogue; search the symbols for one.`,
    );
  }
  if (source && source !== instrument.source) {
    throw chartsError.onField(
      fields.source,
      'CHART_INVALID_INSTRUMENT',
      `Source must be ${instrument.source} for ${instrument.id} (it is not a ${source} instrument).`,
    );
  }
  return {
    symbol: instrument.id,
    source: instrument.source,
    name: instrument.name,
    description: instrument.description,
    digits: instrument.digits,
    exchange: instrument.exchange,
  };
}

export const defaultInstrument = () => resolveInstrument(CHART_DEFAULTS.symbol, CHART_DEFAULTS.source);

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
function camelKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [camel(k), v]));
}

/**
 * Indicators as the catalogue knows them: canonical id, every input (defaults filled in), style overrides
 * checked. Input and plot ids may arrive snake_cased (the web client's bodies are), and are stored camelCase.
 */
export function normalizeIndicators(list: readonly ChartIndicatorBody[], field = 'indicators'): ChartIndicator[] {
  const seen = new Set<string>();
  return list.map((body, n) => {
    const at = `${field}.${n}`;
    const settings = camelKeys(body.settings ?? {});
    const checked = validateIndicatorSettings(body.name, settings);
    if (!checked.ok) {
      const [error] = checked.errors;
      if (!error || error.field === 'indicator_name') {
        throw chartsError.onField(
          `${at}.name`,
          'CHART_INVALID_INDICATOR',
          `Indicator name "${body.name}" is not an indicator of the catalogue.`,
        );
      }
      throw chartsError.onField(`${at}.settings.${error.field}`, 'CHART_INVALID_INDICATOR', error.message);
    }
    const definition = checked.entry.definition;
    const styles = Object.fromEntries(
      Object.entries(body.styles ?? {}).map(([plot, style]) => [camel(plot), camelKeys(style)]),
    );
    const resolved = resolveIndicatorStyles(definition, styles);
    if (!resolved.ok) {
      const [error] = resolved.errors;
      throw chartsError.onField(
        `${at}.styles.${error?.field ?? ''}`.replace(/\.$/, ''),
        'CHART_INVALID_INDICATOR',
        error?.message ?? `The styles of ${definition.name} are not valid.`,
      );
    }
    const id = body.id ?? `${definition.id}-${newId().slice(0, 8)}`;
    if (seen.has(id)) {
      throw chartsError.onField(
        `${at}.id`,
        'CHART_INVALID_INDICATOR',
        `Indicator id "${id}" is used twice on this chart.`,
      );
    }
    seen.add(id);
    return { id, name: definition.id, settings: { ...checked.settings }, styles, visible: body.visible };
  });
}

/** Chart settings with the keys of `body` applied over `base`. */
export function applySettings(base: ChartSettings, body: ChartSettingsBody | undefined): ChartSettings {
  if (!body) return base;
  const next = { ...base };
  if (body.chart_type !== undefined) next.chartType = body.chart_type;
  if (body.show_volume !== undefined) next.showVolume = body.show_volume;
  if (body.show_grid !== undefined) next.showGrid = body.show_grid;
  if (body.show_legend !== undefined) next.showLegend = body.show_legend;
  if (body.price_scale !== undefined) next.priceScale = body.price_scale;
  if (body.crosshair !== undefined) next.crosshair = body.crosshair;
  if (body.autosave !== undefined) next.autosave = body.autosave;
  if (body.journal !== undefined) next.journal = body.journal;
  if (body.template_id !== undefined) next.templateId = body.template_id;
  if (body.visible_range !== undefined) next.visibleRange = body.visible_range;
  return next;
}
