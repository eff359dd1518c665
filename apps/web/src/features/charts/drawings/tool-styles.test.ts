import { afterEach, describe, expect, it } from 'vitest';
import { rememberToolStyle, toolStyle } from './tool-styles';

describe('tool styles', () => {
  afterEach(() => localStorage.clear());

  it('starts a tool’s next drawing with the style last given to one', () => {
    expect(toolStyle('rectangle')).toEqual({});
    rememberToolStyle('rectangle', { color: '#FF0000', lineWidth: 3 });
    expect(toolStyle('rectangle')).toEqual({ color: '#FF0000', lineWidth: 3 });
    expect(toolStyle('ellipse')).toEqual({});
  });

  it('ignores a stored value that is not a valid style', () => {
    localStorage.setItem('chart.drawingStyle.ray', '{"lineWidth": 99}');
    expect(toolStyle('ray')).toEqual({});
    localStorage.setItem('chart.drawingStyle.ray', 'not json');
    expect(toolStyle('ray')).toEqual({});
  });
});
