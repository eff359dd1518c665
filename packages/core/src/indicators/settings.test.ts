import { describe, expect, it } from 'vitest';
import { findIndicator } from './catalogue.js';
import { validateIndicatorSettings } from './settings.js';
import { isColor, resolveIndicatorStyles } from './styles.js';

describe('validateIndicatorSettings', () => {
  it('fills defaults for missing inputs', () => {
    const r = validateIndicatorSettings('rsi', { period: 21 });
    expect(r).toMatchObject({ ok: true, settings: { period: 21, source: 'close' } });
    expect(validateIndicatorSettings('macd', undefined)).toMatchObject({
      ok: true,
      settings: { fastPeriod: 12, slowPeriod: 26, signalPeriod: 9 },
    });
  });

  it.each([
    ['rsi', { period: 0 }, 'period', 'period must be an integer from 2 to 500.'],
    ['sma', { period: 501 }, 'period', 'period must be an integer from 1 to 500.'],
    ['sma', { period: 2.5 }, 'period', 'period must be an integer from 1 to 500.'],
    ['sma', { period: '20' }, 'period', 'period must be an integer from 1 to 500.'],
    ['bollinger', { deviations: 0 }, 'deviations', 'deviations must be a number from 0.1 to 10.'],
    ['bollinger', { deviations: Number.NaN }, 'deviations', 'deviations must be a number from 0.1 to 10.'],
    ['ema', { source: 'median' }, 'source', 'source must be one of close, open, high, low, hl2, hlc3, ohlc4.'],
    ['pivotPoints', { type: 'demark' }, 'type', 'type must be one of classic, fibonacci, camarilla, woodie.'],
    ['macd', { fastPeriod: 26, slowPeriod: 12 }, 'fastPeriod', 'fastPeriod must be less than slowPeriod.'],
    ['macd', { fastPeriod: 20, slowPeriod: 20 }, 'fastPeriod', 'fastPeriod must be less than slowPeriod.'],
    [
      'rsi',
      { length: 14 },
      'length',
      'length is not an input of Relative Strength Index; its inputs are period, source.',
    ],
    ['obv', { period: 3 }, 'period', 'period is not an input of On Balance Volume; its inputs are source.'],
  ])('%s %j: %s is rejected', (name, settings, field, message) => {
    const r = validateIndicatorSettings(name, settings);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContainEqual({ field, message });
  });

  it('names an unknown indicator and a settings value that is not an object', () => {
    expect(validateIndicatorSettings('rsx', {})).toEqual({
      ok: false,
      errors: [{ field: 'indicator_name', message: 'indicator_name "rsx" is not a known indicator.' }],
    });
    expect(validateIndicatorSettings('rsi', [14])).toEqual({
      ok: false,
      errors: [{ field: 'indicator_settings', message: 'indicator_settings must be an object of input values.' }],
    });
  });

  it('reports every bad field at once', () => {
    const r = validateIndicatorSettings('stoch', { kPeriod: 0, dPeriod: -1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field)).toEqual(['kPeriod', 'dPeriod']);
  });
});

describe('resolveIndicatorStyles', () => {
  const rsi = findIndicator('rsi')!.definition;

  it('keeps defaults without overrides and applies valid ones', () => {
    expect(resolveIndicatorStyles(rsi, undefined)).toEqual({
      ok: true,
      styles: { outputs: rsi.outputs, levels: rsi.levels, fills: rsi.fills },
    });
    const r = resolveIndicatorStyles(rsi, {
      rsi: { color: '#FF0000', lineWidth: 3 },
      level70: { value: 80, visible: false },
    });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.styles.outputs[0]!.style).toMatchObject({ color: '#FF0000', lineWidth: 3, type: 'line' });
      expect(r.styles.levels.find((l) => l.id === 'level70')).toMatchObject({ value: 80, visible: false });
      expect(rsi.outputs[0]!.style.color).not.toBe('#FF0000');
    }
  });

  it.each([
    [{ rsi: { color: 'red' } }, 'rsi.color', 'rsi.color must be a colour such as #2962FF or rgba(41, 98, 255, 0.5).'],
    [{ rsi: { lineWidth: 0 } }, 'rsi.lineWidth', 'rsi.lineWidth must be an integer from 1 to 10.'],
    [{ rsi: { type: 'candles' } }, 'rsi.type', 'rsi.type must be one of line, stepLine, area, histogram.'],
    [
      { rsi: { glow: true } },
      'rsi.glow',
      'glow is not a style property of rsi; use color, lineWidth, lineStyle, visible, type.',
    ],
    [{ level70: { value: 'x' } }, 'level70.value', 'level70.value must be a finite number.'],
    [
      { macd: {} },
      'macd',
      'macd is not a plot of Relative Strength Index; its plots are rsi, level70, level50, level30.',
    ],
    [{ rsi: 3 }, 'rsi', 'rsi must be an object of style properties.'],
  ])('%j is rejected naming %s', (styles, field, message) => {
    const r = resolveIndicatorStyles(rsi, styles);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContainEqual({ field, message });
  });

  it('accepts hex and rgb(a) colours only', () => {
    for (const c of ['#fff', '#00DF80', '#00DF8080', 'rgb(1, 2, 3)', 'rgba(41, 98, 255, 0.08)'])
      expect(isColor(c), c).toBe(true);
    for (const c of ['red', '#12345', 'rgba(1,2,3,2)', 'url(x)', '']) expect(isColor(c), c).toBe(false);
  });
});
