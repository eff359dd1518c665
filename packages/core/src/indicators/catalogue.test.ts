import { describe, expect, it } from 'vitest';
import { findIndicator, INDICATORS, indicatorGroupCounts, listIndicators } from './catalogue.js';
import { defaultIndicatorSettings, validateIndicatorSettings } from './settings.js';
import { INDICATOR_GROUPS } from './types.js';

const REQUIRED = [
  'sma',
  'ema',
  'wma',
  'hma',
  'vwma',
  'dema',
  'tema',
  'kama',
  't3',
  'ichimoku',
  'supertrend',
  'psar',
  'dmi',
  'aroon',
  'rsi',
  'stoch',
  'stochRsi',
  'macd',
  'cci',
  'williamsR',
  'roc',
  'momentum',
  'trix',
  'ultimateOscillator',
  'mfi',
  'obv',
  'vwap',
  'accumulationDistribution',
  'chaikinMoneyFlow',
  'chaikinOscillator',
  'volumeProfile',
  'atr',
  'natr',
  'bollinger',
  'bollingerPercentB',
  'bollingerWidth',
  'keltner',
  'donchian',
  'stdDev',
  'historicalVolatility',
  'pivotPoints',
  'zigzag',
  'fractals',
  'heikinAshi',
  'zScore',
  'linearRegressionChannel',
];

describe('indicator catalogue', () => {
  it('holds at least 50 indicators including every one the spec names, in all six groups', () => {
    expect(INDICATORS.length).toBeGreaterThanOrEqual(50);
    for (const id of REQUIRED) expect(findIndicator(id), id).toBeDefined();
    const counts = indicatorGroupCounts();
    for (const g of INDICATOR_GROUPS) expect(counts[g], g).toBeGreaterThan(0);
  });

  it('has unique ids and short names, so a short name finds one indicator', () => {
    const ids = INDICATORS.map((e) => e.definition.id.toLowerCase());
    const shorts = INDICATORS.map((e) => e.definition.shortName.toLowerCase());
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(shorts).size).toBe(shorts.length);
    expect(findIndicator('RSI')?.definition.id).toBe('rsi');
    expect(findIndicator('BB')?.definition.id).toBe('bollinger');
    expect(findIndicator('nope')).toBeUndefined();
  });

  it('gives every input a default inside its bounds and every plot a style', () => {
    for (const e of INDICATORS) {
      const d = e.definition;
      expect(validateIndicatorSettings(d.id, defaultIndicatorSettings(e)).ok, d.id).toBe(true);
      for (const i of d.inputs) {
        if (i.type === 'int' || i.type === 'float') {
          expect(i.min, `${d.id}.${i.id}`).toBeLessThanOrEqual(i.default);
          expect(i.default, `${d.id}.${i.id}`).toBeLessThanOrEqual(i.max);
          expect(i.step).toBeGreaterThan(0);
        }
      }
      expect(d.outputs.length, d.id).toBeGreaterThan(0);
      const plotIds = [...d.outputs, ...d.levels, ...d.fills].map((p) => p.id);
      expect(new Set(plotIds).size, `${d.id} plot ids`).toBe(plotIds.length);
      for (const f of d.fills) {
        expect(plotIds).toContain(f.from);
        expect(plotIds).toContain(f.to);
      }
      expect(d.description.endsWith('.'), `${d.id} description`).toBe(true);
    }
  });

  it('offers the price sources on moving averages and RSI levels 70/30', () => {
    const sma = findIndicator('sma')!.definition;
    expect(sma.inputs.find((i) => i.id === 'source')).toMatchObject({
      type: 'source',
      default: 'close',
      options: ['close', 'open', 'high', 'low', 'hl2', 'hlc3', 'ohlc4'],
    });
    expect(sma.overlay).toBe(true);
    const rsi = findIndicator('rsi')!.definition;
    expect(rsi.overlay).toBe(false);
    expect(rsi.levels.map((l) => l.value)).toEqual([70, 50, 30]);
  });

  it('lists page 1 with limit 100 by default and pages, searches and filters by group', () => {
    const all = listIndicators();
    expect(all).toMatchObject({ page: 1, limit: 100, total: INDICATORS.length });
    expect(all.items.length).toBe(INDICATORS.length);
    const p2 = listIndicators({ page: 2, limit: 10 });
    expect(p2.items.map((d) => d.id)).toEqual(INDICATORS.slice(10, 20).map((e) => e.definition.id));
    expect(listIndicators({ page: 99, limit: 10 }).items).toEqual([]);
    const bands = listIndicators({ search: 'BOLLINGER' });
    expect(bands.items.map((d) => d.id)).toEqual(['bollinger', 'bollingerWidth', 'bollingerPercentB']);
    const vol = listIndicators({ group: 'volume' });
    expect(vol.items.every((d) => d.group === 'volume')).toBe(true);
    expect(vol.total).toBe(indicatorGroupCounts().volume);
    expect(listIndicators({ group: 'trend', search: 'rsi' }).total).toBe(0);
  });
});
