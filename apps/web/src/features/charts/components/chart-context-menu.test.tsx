import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { closeAlertDialog } from '../../alerts/alert-dialog-store';
import { AlertsHost } from '../../alerts/alerts-host';
import type { ChartDrawing } from '../drawings/model';
import { useChartDrawings } from '../hooks/use-chart-drawings';
import { ChartAlertMenu, ChartContextMenu, type ChartMenuTarget } from './chart-context-menu';

afterEach(() => {
  vi.unstubAllGlobals();
  closeAlertDialog();
});

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

const SERVER_ID = '22222222-2222-4222-8222-222222222222';
const noSettings = {
  'GET /user-data/v1/store/workspace/alerts-settings': errorBody(404, 'NOT_FOUND', 'No such document'),
};

/** A 15m EURUSD pane's menu (the drawing `d1` is saved as SERVER_ID) beside the shell's alerts host. */
function renderPaneMenu(target: ChartMenuTarget) {
  function Pane() {
    const [menu, setMenu] = useState<ChartMenuTarget | null>(target);
    return (
      <ChartAlertMenu
        target={menu}
        onClose={() => setMenu(null)}
        chart={{
          symbol: 'EURUSD',
          timeframe: '15m',
          digits: 5,
          saveDrawing: async (id) => (id === 'd1' ? SERVER_ID : null),
        }}
      />
    );
  }
  return renderWithStore(
    <MemoryRouter>
      <Pane />
      <AlertsHost />
    </MemoryRouter>,
  );
}

describe("the chart pane's alert menu", () => {
  it('"Add alert on this drawing" creates a drawing alert on the drawing\'s server id, on the pane\'s timeframe', async () => {
    const net = mockFetch({ ...noSettings, 'POST /alerts': { status: 201, body: {} } });
    renderPaneMenu({ x: 10, y: 10, price: 1.085, priceText: '1.08500', drawing: line });
    await userEvent.click(screen.getByRole('menuitem', { name: /Add alert on this drawing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    expect(within(dialog).getByText('Trend line on EURUSD')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.callsTo('POST', '/alerts')).toHaveLength(1));
    expect(net.callsTo('POST', '/alerts')[0]?.body).toMatchObject({
      type: 'drawing',
      condition: { drawing_id: SERVER_ID, operator: 'crossing' },
      interval: '15m',
    });
  });

  it('"Add alert at" a price on a 15m chart creates a crossing alert with interval 15m', async () => {
    const net = mockFetch({ ...noSettings, 'POST /alerts': { status: 201, body: {} } });
    renderPaneMenu({ x: 10, y: 10, price: 1.08512, priceText: '1.08512', drawing: null });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add alert at 1.08512' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveValue('1.08512');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.callsTo('POST', '/alerts')).toHaveLength(1));
    expect(net.callsTo('POST', '/alerts')[0]?.body).toMatchObject({
      type: 'price',
      symbol: 'EURUSD',
      condition: { operator: 'crossing', value: 1.08512 },
      interval: '15m',
    });
  });
});

/**
 * A pane with the chart's real drawings (useChartDrawings over the mocked /drawings): the line is drawn once the
 * saved drawings are loaded, and its menu opens at once, before the drawing's save has answered.
 */
function renderDrawingPane() {
  function Pane() {
    const drawings = useChartDrawings({ symbol: 'EURUSD', chartId: null });
    const [menu, setMenu] = useState<ChartMenuTarget | null>(null);
    const loaded = drawings.status === 'succeeded';
    const { commit } = drawings;
    useEffect(() => {
      if (!loaded) return;
      commit([line]);
      setMenu({ x: 10, y: 10, price: 1.085, priceText: '1.08500', drawing: line });
    }, [loaded, commit]);
    return (
      <ChartAlertMenu
        target={menu}
        onClose={() => setMenu(null)}
        chart={{ symbol: 'EURUSD', timeframe: '15m', digits: 5, saveDrawing: drawings.saveDrawing }}
      />
    );
  }
  return renderWithStore(
    <MemoryRouter>
      <Pane />
      <AlertsHost />
    </MemoryRouter>,
  );
}

describe('an alert on a drawing not saved yet', () => {
  it('saves the drawing first (once, waiting for the save under way), then creates the alert on its server id', async () => {
    const saved = { ...line, id: SERVER_ID, symbol: 'EURUSD', chartId: null };
    const net = mockFetch({
      ...noSettings,
      'GET /drawings': { body: { drawings: [] } },
      'POST /drawings': { status: 201, body: saved, delayMs: 150 },
      'POST /alerts': { status: 201, body: {} },
    });
    renderDrawingPane();
    await userEvent.click(await screen.findByRole('menuitem', { name: /Add alert on this drawing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    expect(net.callsTo('POST', '/drawings')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.callsTo('POST', '/alerts')).toHaveLength(1));
    expect(net.callsTo('POST', '/alerts')[0]?.body).toMatchObject({
      type: 'drawing',
      condition: { drawing_id: SERVER_ID },
      interval: '15m',
    });
    expect(net.callsTo('POST', '/drawings')).toHaveLength(1);
  });

  it('says why when the drawing cannot be saved, and opens no alert form', async () => {
    const net = mockFetch({
      ...noSettings,
      'GET /drawings': { body: { drawings: [] } },
      'POST /drawings': errorBody(400, 'DRAWING_INVALID', 'points must hold 1 to 100 points.'),
    });
    const { store } = renderDrawingPane();
    await userEvent.click(await screen.findByRole('menuitem', { name: /Add alert on this drawing/ }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        variant: 'error',
        message: 'The drawing could not be saved, so no alert can be set on it yet.',
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Create alert' })).not.toBeInTheDocument();
    expect(net.callsTo('POST', '/alerts')).toHaveLength(0);
  });
});
