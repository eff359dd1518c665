import type { TemplateSettings } from '@tradedesk/contracts';
import type { ChartColors } from '../components/chart-engine';

/** A chart template's appearance fields with their labels, in the editor's order. */
export const colorFields = [
  ['upColor', 'Up candle'],
  ['downColor', 'Down candle'],
  ['wickUpColor', 'Up wick'],
  ['wickDownColor', 'Down wick'],
  ['borderUpColor', 'Up border'],
  ['borderDownColor', 'Down border'],
  ['volumeUpColor', 'Volume up'],
  ['volumeDownColor', 'Volume down'],
  ['backgroundColor', 'Background'],
  ['textColor', 'Scale text'],
  ['gridColor', 'Grid'],
  ['crosshairColor', 'Crosshair'],
] as const satisfies readonly (readonly [keyof TemplateSettings, string])[];

export type ColorField = (typeof colorFields)[number][0];

/** Volume bars keep the theme's see-through look: a picked colour is stored at 40% opacity. */
export const VOLUME_ALPHA = '66';

/**
 * A CSS colour as `#rrggbb` for a colour input (which has no alpha); what cannot be read gives black. A
 * see-through `rgba()` (the theme's faint grid) is shown as it looks over `background`.
 */
export function toHex(color: string, background?: string): string {
  const rgba = /^rgba\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)[\s,/]+([\d.]+)\s*\)$/i.exec(color);
  if (rgba && background && Number(rgba[4]) < 1) {
    const a = Number(rgba[4]);
    const under = toHex(background);
    const channel = (i: number) =>
      Math.round(Number(rgba[i + 1]) * a + Number.parseInt(under.slice(1 + i * 2, 3 + i * 2), 16) * (1 - a));
    return `#${[0, 1, 2].map((i) => Math.min(255, channel(i)).toString(16).padStart(2, '0')).join('')}`;
  }
  const hex = /^#([0-9a-f]{6})/i.exec(color);
  if (hex) return `#${hex[1]!.toLowerCase()}`;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color);
  if (rgb) {
    return `#${[rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0')).join('')}`;
  }
  return '#000000';
}

/** The colour each field shows when the template leaves it to the theme. */
export function themeColor(field: ColorField, c: ChartColors, a: TemplateSettings): string {
  const up = a.upColor ?? c.up;
  const down = a.downColor ?? c.down;
  switch (field) {
    case 'upColor':
    case 'wickUpColor':
    case 'borderUpColor':
    case 'volumeUpColor':
      return up;
    case 'downColor':
    case 'wickDownColor':
    case 'borderDownColor':
    case 'volumeDownColor':
      return down;
    case 'backgroundColor':
      return c.background;
    case 'textColor':
      return c.text;
    case 'gridColor':
      return c.grid;
    case 'crosshairColor':
      return c.text;
  }
}

/** The value a colour input's pick is stored as (volume colours keep their opacity). */
export function storedColor(field: ColorField, hex: string): string {
  return field === 'volumeUpColor' || field === 'volumeDownColor' ? `${hex}${VOLUME_ALPHA}` : hex;
}
