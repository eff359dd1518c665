import { describe, expect, it } from 'vitest';
import { storedColor, toHex } from './appearance';

describe('appearance colours', () => {
  it.each([
    ['#2962FF', undefined, '#2962ff'],
    ['#2962FF66', undefined, '#2962ff'],
    ['#abc', undefined, '#aabbcc'],
    ['rgb(0, 223, 128)', undefined, '#00df80'],
    // the theme's faint grid, as it looks over the dark background
    ['rgba(255,255,255,0.05)', '#0e1116', '#1a1d22'],
    ['not a colour', undefined, '#000000'],
  ])('%s over %s shows as %s in a colour input', (color, background, hex) => {
    expect(toHex(color, background)).toBe(hex);
  });

  it('keeps volume colours see-through', () => {
    expect(storedColor('volumeUpColor', '#2962ff')).toBe('#2962ff66');
    expect(storedColor('upColor', '#2962ff')).toBe('#2962ff');
  });
});
