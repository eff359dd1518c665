import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { mockFetch } from '../../../test/fetch-mock';
import type { ChartDrawing } from '../drawings/model';
import { ChartContextMenu, type ChartMenuTarget } from './chart-context-menu';

afterEach(() => vi.unstubAllGlobals());

const line: ChartDrawing = {
  id: 'd1',
  tool: 'trend_line',
  points: [
    { time: 1_700_000_000, price: 1.08 },
    { time: 1_700_003_600, price: 1.09 },
  ],
} as ChartDrawing;

describe("the chart's right-click menu", () => {
  it('offers an alert at the price, and on the drawing under the pointer', async () => {
    mockFetch({});
    const target: ChartMenuTarget = { x: 100, y: 100, price: 1.08512, priceText: '1.08512', drawing: line };
    const atPrice = vi.fn();
    const onDrawing = vi.fn();
    renderWithStore(
      <ChartContextMenu target={target} onClose={vi.fn()} onAlertAtPrice={atPrice} onAlertOnDrawing={onDrawing} />,
    );
    const menu = screen.getByRole('menu', { name: 'Chart actions' });
    expect(menu).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: /Add alert on this drawing/ }));
    expect(onDrawing).toHaveBeenCalledWith(target, line);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add alert at 1.08512' }));
    expect(atPrice).toHaveBeenCalledWith(target);
  });

  it('has no drawing item away from a drawing', () => {
    mockFetch({});
    renderWithStore(
      <ChartContextMenu
        target={{ x: 1, y: 1, price: 2, priceText: '2.00', drawing: null }}
        onClose={vi.fn()}
        onAlertAtPrice={vi.fn()}
        onAlertOnDrawing={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Add alert at 2.00']);
  });
});
