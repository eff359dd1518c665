import { findIndicator, volumeProfile } from '@tradedesk/core';
import { describe, expect, it, vi } from 'vitest';
import type { Candle } from '../model/candles';
import { PROFILE_COLORS, VolumeProfilePrimitive, visibleProfile } from './volume-profile-primitive';

const bars: Candle[] = Array.from({ length: 50 }, (_, i) => {
  const open = 1.1 + Math.sin(i / 5) * 0.01;
  const close = open + (i % 3 === 0 ? -0.002 : 0.003);
  return {
    time: 1_700_000_000 + i * 900,
    open,
    close,
    high: Math.max(open, close) + 0.001,
    low: Math.min(open, close) - 0.001,
    volume: 100 + i * 10,
  };
});

function arrays(list: readonly Candle[]) {
  const of = (k: keyof Candle) => Float64Array.from(list, (b) => b[k]);
  return {
    time: of('time'),
    open: of('open'),
    high: of('high'),
    low: of('low'),
    close: of('close'),
    volume: of('volume'),
  };
}

const settings = { rows: 12, valueAreaPercent: 70 };

describe('visible range volume profile', () => {
  it('draws in the catalogue’s colours', () => {
    const color = (id: string) =>
      findIndicator('volumeProfile')!.definition.outputs.find((o) => o.id === id)!.style.color;
    expect(PROFILE_COLORS).toEqual({
      up: color('up'),
      down: color('down'),
      poc: color('poc'),
      valueArea: color('valueAreaHigh'),
    });
  });

  it('covers the bars in view only, as packages/core computes it', () => {
    const p = visibleProfile(bars, { from: 9.4, to: 30.6 }, settings)!;
    const expected = volumeProfile(arrays(bars.slice(10, 31)), 0, 20, settings);
    expect({ ...p, from: 0, to: 20 }).toEqual(expected);
    expect([p.from, p.to]).toEqual([10, 30]);
    expect(p.valueAreaLow).toBeLessThanOrEqual(p.poc);
    expect(p.valueAreaHigh).toBeGreaterThanOrEqual(p.poc);
  });

  it('is clamped to the loaded bars, and empty when none are in view', () => {
    expect(visibleProfile(bars, { from: -20, to: 200 }, settings)!.totalVolume).toBeCloseTo(
      bars.reduce((s, b) => s + b.volume, 0),
      6,
    );
    expect(visibleProfile(bars, { from: 60, to: 80 }, settings)).toBeNull();
    expect(visibleProfile(bars, null, settings)).toBeNull();
  });

  it('is computed again only after the range or the bars changed, and drawn only while the indicator is on', () => {
    let range = { from: 0, to: 20 };
    const source = { bars: () => bars, visibleRange: () => range, priceToY: (p: number) => 500 - p * 100 };
    const spy = vi.spyOn(source, 'bars');
    const layer = new VolumeProfilePrimitive(source);
    const requestUpdate = vi.fn();
    layer.attached({ requestUpdate } as never);
    expect(layer.paneViews()).toHaveLength(0);
    expect(layer.profile()).toBeNull();

    layer.setSettings(settings);
    expect(requestUpdate).toHaveBeenCalledTimes(1);
    expect(layer.paneViews()).toHaveLength(1);
    const first = layer.profile()!;
    layer.profile();
    expect(spy).toHaveBeenCalledTimes(1);
    range = { from: 20, to: 40 };
    layer.invalidate();
    expect(layer.profile()!.from).toBe(20);
    expect(layer.profile()).not.toEqual(first);
    expect(spy).toHaveBeenCalledTimes(2);

    layer.setSettings(null);
    expect(layer.paneViews()).toHaveLength(0);
  });
});
