import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithStore } from '../test/render-with-store';
import { DataTable, type DataTableColumn, moveRow } from './data-table';

type Trade = { id: string; symbol: string; side: 'Buy' | 'Sell'; volume: number; pnl: number | null };

const columns: DataTableColumn<Trade>[] = [
  { id: 'symbol', header: 'Symbol', value: (t) => t.symbol, hideable: false },
  { id: 'side', header: 'Side', value: (t) => t.side },
  { id: 'volume', header: 'Volume', value: (t) => t.volume, numeric: true, format: (t) => t.volume.toFixed(2) },
  { id: 'pnl', header: 'P/L', value: (t) => t.pnl, numeric: true },
];

const trades: Trade[] = [
  { id: 't1', symbol: 'EURUSD', side: 'Buy', volume: 9, pnl: 12.5 },
  { id: 't2', symbol: 'XAUUSD', side: 'Sell', volume: 10, pnl: null },
  { id: 't3', symbol: 'BTCUSD', side: 'Buy', volume: 0.5, pnl: -3 },
];

const manyTrades: Trade[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: `t${i}`,
  symbol: `SYM${String(i).padStart(5, '0')}`,
  side: i % 2 ? 'Sell' : 'Buy',
  volume: i,
  pnl: i - 5000,
}));

const STORE = '/user-data/v1/store/workspace/table.trades';
const notFound = { status: 404, body: { statusCode: 404, code: 'USER_DATA_NOT_FOUND', message: 'Nothing saved.' } };

function columnHeaders(): string[] {
  return screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
}
function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');
}
function symbols(): string[] {
  const at = columnHeaders().indexOf('Symbol');
  return bodyRows().map((r) => within(r).getAllByRole('gridcell')[at]?.textContent ?? '');
}

beforeEach(() => {
  // jsdom lays nothing out: give the scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('renders only a window of 10,000 rows, and says how many there are', () => {
    mockFetch({});
    renderWithStore(
      <DataTable label="Trades" columns={columns} rows={manyTrades} getRowId={(t) => t.id} height={640} />,
    );
    const grid = screen.getByRole('grid', { name: 'Trades' });
    expect(grid).toHaveAttribute('aria-rowcount', '10001');
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
    expect(symbols()[0]).toBe('SYM00000');
  });

  it('sorts by a header: numbers numerically, empty values last, and says so with aria-sort', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithStore(<DataTable label="Trades" columns={columns} rows={trades} getRowId={(t) => t.id} />);
    const volume = screen.getByRole('columnheader', { name: 'Volume' });
    expect(volume).toHaveAttribute('aria-sort', 'none');

    await user.click(volume);
    // Numbers sort descending first (largest first).
    expect(volume).toHaveAttribute('aria-sort', 'descending');
    expect(symbols()).toEqual(['XAUUSD', 'EURUSD', 'BTCUSD']);
    await user.click(volume);
    expect(volume).toHaveAttribute('aria-sort', 'ascending');
    expect(symbols()).toEqual(['BTCUSD', 'EURUSD', 'XAUUSD']);

    await user.click(screen.getByRole('columnheader', { name: 'P/L' }));
    expect(symbols()).toEqual(['EURUSD', 'BTCUSD', 'XAUUSD']);
    await user.click(screen.getByRole('columnheader', { name: 'P/L' }));
    expect(symbols()).toEqual(['BTCUSD', 'EURUSD', 'XAUUSD']);
  });

  it('right-aligns numbers with tabular figures', () => {
    mockFetch({});
    renderWithStore(<DataTable label="Trades" columns={columns} rows={trades} getRowId={(t) => t.id} />);
    const volumeCell = within(bodyRows()[0]!).getAllByRole('gridcell')[2]!;
    expect(volumeCell).toHaveTextContent('9.00');
    expect(getComputedStyle(volumeCell).textAlign).toBe('right');
    expect(getComputedStyle(volumeCell).getPropertyValue('font-variant-numeric')).toBe('tabular-nums');
    expect(getComputedStyle(within(bodyRows()[0]!).getAllByRole('gridcell')[0]!).textAlign).not.toBe('right');
  });

  it('lets one column take the room the others leave, in its header and its cells, never below its width', () => {
    mockFetch({});
    const filled = columns.map((c) => (c.id === 'side' ? { ...c, width: 200, fill: true } : c));
    renderWithStore(<DataTable label="Trades" columns={filled} rows={trades} getRowId={(t) => t.id} />);
    const grow = (cell: HTMLElement) => getComputedStyle(cell).flexGrow;
    const side = screen.getByRole('columnheader', { name: 'Side' });
    expect(grow(side)).toBe('1');
    expect(side.style.width).toBe('200px');
    expect(grow(screen.getByRole('columnheader', { name: 'Symbol' }))).toBe('0');
    const cells = within(bodyRows()[0]!).getAllByRole('gridcell');
    expect(cells.map(grow)).toEqual(['0', '1', '0', '0']);
  });

  it('moves a focused cell with the keyboard through 10,000 rows and activates a row with Enter', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const onRowActivate = vi.fn();
    renderWithStore(
      <DataTable
        label="Trades"
        columns={columns}
        rows={manyTrades}
        getRowId={(t) => t.id}
        onRowActivate={onRowActivate}
      />,
    );
    // The toolbar's Columns button, then the grid.
    await user.tab();
    await user.tab();
    const first = screen.getByRole('columnheader', { name: 'Symbol' });
    expect(first).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('SYM00000');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveTextContent('0.00');
    await user.keyboard('{End}');
    expect(document.activeElement).toHaveTextContent('-5000');
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveTextContent('SYM00000');

    await user.keyboard('{PageDown}');
    // 600 px of rows at 36 px, less the header, less one row of overlap: 14 rows on.
    expect(document.activeElement).toHaveTextContent('SYM00014');
    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement).toHaveTextContent('4999');
    expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '10001');
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(document.activeElement).toHaveTextContent('SYM00000');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(onRowActivate).toHaveBeenCalledWith(manyTrades[1]);

    // Only the focused cell is in the tab order.
    expect(screen.getByRole('grid').querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it('sorts from a header with Enter and resizes and moves a column with Alt+arrows', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithStore(<DataTable label="Trades" columns={columns} rows={trades} getRowId={(t) => t.id} />);
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    const side = screen.getByRole('columnheader', { name: 'Side' });
    expect(side).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(side).toHaveAttribute('aria-sort', 'ascending');
    expect(symbols()).toEqual(['EURUSD', 'BTCUSD', 'XAUUSD']);

    const width = Number.parseInt(side.style.width, 10);
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(Number.parseInt(screen.getByRole('columnheader', { name: 'Side' }).style.width, 10)).toBe(width + 16);

    await user.keyboard('{Alt>}{Shift>}{ArrowRight}{/Shift}{/Alt}');
    expect(columnHeaders()).toEqual(['Symbol', 'Volume', 'Side', 'P/L']);
    expect(screen.getByRole('columnheader', { name: 'Side' })).toHaveFocus();
  });

  it('hides and reorders columns from the Columns menu, and saves them for the user', async () => {
    const api = mockFetch({ [`GET ${STORE}`]: notFound, [`PUT ${STORE}`]: (req) => ({ body: { payload: req.body } }) });
    const user = userEvent.setup();
    const view = renderWithStore(
      <DataTable label="Trades" columns={columns} rows={trades} getRowId={(t) => t.id} persistKey="trades" />,
    );
    await screen.findByRole('grid', { name: 'Trades' });

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = screen.getByRole('dialog', { name: 'Columns of Trades' });
    expect(within(menu).getByRole('checkbox', { name: 'Symbol' })).toBeDisabled();
    await user.click(within(menu).getByRole('checkbox', { name: 'Side' }));
    await user.click(within(menu).getByRole('button', { name: 'Move P/L left' }));
    await user.keyboard('{Escape}');
    expect(columnHeaders()).toEqual(['Symbol', 'P/L', 'Volume']);

    // Saved after a pause, or at once when the table goes away: the last save holds both changes.
    view.unmount();
    await waitFor(() =>
      expect(api.callsTo('PUT', STORE).at(-1)?.body).toEqual({
        version: 1,
        state: { order: ['symbol', 'side', 'pnl', 'volume'], hidden: ['side'], widths: {}, sort: [] },
      }),
    );
  });

  it('restores the saved columns and sort, fitted to the columns of today', async () => {
    mockFetch({
      [`GET ${STORE}`]: {
        body: {
          payload: {
            name: 'table.trades',
            version: 1,
            state: {
              order: ['pnl', 'gone', 'symbol'],
              hidden: ['volume'],
              widths: { pnl: 200 },
              sort: [{ id: 'pnl', desc: true }],
            },
            updatedAt: '2026-03-02T09:30:00.000Z',
          },
        },
      },
    });
    renderWithStore(
      <DataTable label="Trades" columns={columns} rows={trades} getRowId={(t) => t.id} persistKey="trades" />,
    );
    await screen.findByRole('grid', { name: 'Trades' });
    expect(columnHeaders()).toEqual(['P/L', 'Symbol', 'Side']);
    expect(screen.getByRole('columnheader', { name: 'P/L' })).toHaveStyle({ width: '200px' });
    expect(screen.getByRole('columnheader', { name: 'P/L' })).toHaveAttribute('aria-sort', 'descending');
    expect(symbols()).toEqual(['EURUSD', 'BTCUSD', 'XAUUSD']);
  });

  it('falls back to the defaults when the saved columns are unreadable', async () => {
    mockFetch({
      [`GET ${STORE}`]: {
        body: { payload: { name: 'table.trades', version: 1, state: { order: 'nonsense' }, updatedAt: '' } },
      },
    });
    renderWithStore(
      <DataTable label="Trades" columns={columns} rows={trades} getRowId={(t) => t.id} persistKey="trades" />,
    );
    await screen.findByRole('grid', { name: 'Trades' });
    expect(columnHeaders()).toEqual(['Symbol', 'Side', 'Volume', 'P/L']);
  });

  it('shows loading, error with a retry, and empty states', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const view = renderWithStore(
      <DataTable label="Trades" columns={columns} rows={[]} getRowId={(t) => t.id} status="loading" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading trades');
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');

    view.rerender(
      <DataTable
        label="Trades"
        columns={columns}
        rows={[]}
        getRowId={(t) => t.id}
        status="error"
        error={{ message: 'The server could not be reached.', onRetry }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The trades could not be loaded.');
    expect(alert).toHaveTextContent('The server could not be reached.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();

    view.rerender(
      <DataTable
        label="Trades"
        columns={columns}
        rows={[]}
        getRowId={(t) => t.id}
        empty={{ title: 'No trades yet.', description: 'Closed trades show here.' }}
      />,
    );
    expect(screen.getByText('No trades yet.')).toBeVisible();
    expect(screen.getByText('Closed trades show here.')).toBeVisible();
  });

  it('exports the rows as sorted and the columns as shown, raw values by default', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithStore(
      <DataTable label="Trades" columns={columns} rows={trades} getRowId={(t) => t.id} exportName="trades" />,
    );
    await user.click(screen.getByRole('columnheader', { name: 'Volume' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]!);
    });
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    // A UTF-8 byte-order mark first, so spreadsheet programs read the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Symbol,Side,Volume,P/L\r\nXAUUSD,Sell,10,\r\nEURUSD,Buy,9,12.5\r\nBTCUSD,Buy,0.5,-3\r\n',
    );
  });

  it('reorders rows in their own order: Alt+Up/Down from a cell, or a drag; not while sorted', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const onReorderRows = vi.fn();
    function Ordered() {
      const [rows, setRows] = useState(trades);
      return (
        <DataTable
          label="Trades"
          columns={columns}
          rows={rows}
          getRowId={(t) => t.id}
          rowTestId={(t) => `row-${t.symbol}`}
          onReorderRows={(ids) => {
            onReorderRows(ids);
            setRows(ids.map((id) => rows.find((r) => r.id === id)!));
          }}
        />
      );
    }
    renderWithStore(<Ordered />);
    expect(screen.getByTestId('row-EURUSD')).toHaveAttribute('draggable', 'true');
    await user.click(within(bodyRows()[0]!).getAllByRole('gridcell')[1]!);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(onReorderRows).toHaveBeenLastCalledWith(['t2', 't1', 't3']);
    expect(symbols()).toEqual(['XAUUSD', 'EURUSD', 'BTCUSD']);
    // The focus moves with the row, so Alt+Down again moves it on.
    expect(document.activeElement?.closest('[role=row]')).toBe(screen.getByTestId('row-EURUSD'));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(symbols()).toEqual(['XAUUSD', 'BTCUSD', 'EURUSD']);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(onReorderRows).toHaveBeenCalledTimes(2);

    // Drag BTCUSD onto XAUUSD: it takes that place; the line over the target says it lands above it.
    const data = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByTestId('row-BTCUSD'), { dataTransfer: data });
    fireEvent.dragOver(screen.getByTestId('row-XAUUSD'), { dataTransfer: data });
    expect(screen.getByTestId('row-XAUUSD')).toHaveClass('dt-row-drop-target');
    expect(screen.getByTestId('row-BTCUSD')).toHaveClass('dt-row-dragged');
    fireEvent.drop(screen.getByTestId('row-XAUUSD'), { dataTransfer: data });
    expect(onReorderRows).toHaveBeenLastCalledWith(['t3', 't2', 't1']);
    expect(symbols()).toEqual(['BTCUSD', 'XAUUSD', 'EURUSD']);
    // Down the list, the line is under the target: the row lands below it.
    fireEvent.dragStart(screen.getByTestId('row-BTCUSD'), { dataTransfer: data });
    fireEvent.dragOver(screen.getByTestId('row-XAUUSD'), { dataTransfer: data });
    expect(screen.getByTestId('row-XAUUSD')).toHaveClass('dt-row-drop-after');
    fireEvent.drop(screen.getByTestId('row-XAUUSD'), { dataTransfer: data });
    expect(symbols()).toEqual(['XAUUSD', 'BTCUSD', 'EURUSD']);
    // The row pressed to start a drag is the active one, and stays so where it lands.
    await user.click(within(screen.getByTestId('row-EURUSD')).getAllByRole('gridcell')[1]!);
    fireEvent.dragStart(screen.getByTestId('row-EURUSD'), { dataTransfer: data });
    fireEvent.dragOver(screen.getByTestId('row-XAUUSD'), { dataTransfer: data });
    fireEvent.drop(screen.getByTestId('row-XAUUSD'), { dataTransfer: data });
    expect(symbols()).toEqual(['EURUSD', 'XAUUSD', 'BTCUSD']);
    expect(screen.getByTestId('row-EURUSD')).toHaveClass('dt-row-active');

    // Sorted, the rows keep still.
    await user.click(screen.getByRole('columnheader', { name: 'Volume' }));
    expect(screen.getByTestId('row-EURUSD')).not.toHaveAttribute('draggable');
    await user.click(within(bodyRows()[0]!).getAllByRole('gridcell')[1]!);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(onReorderRows).toHaveBeenCalledTimes(5);
  });

  it('moveRow moves one id to an index, clamped', () => {
    expect(moveRow(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(moveRow(['a', 'b', 'c'], 'c', -4)).toEqual(['c', 'a', 'b']);
    const same = ['a', 'b'];
    expect(moveRow(same, 'b', 5)).toBe(same);
  });

  it('leaves a column out of the export and hides a header visually when asked', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const withActions: DataTableColumn<Trade>[] = [
      columns[0]!,
      { id: 'actions', header: 'Actions', value: () => null, exported: false, headerHidden: true, sortable: false },
    ];
    renderWithStore(
      <DataTable label="Trades" columns={withActions} rows={trades} getRowId={(t) => t.id} exportName="trades" />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe('Symbol\r\nEURUSD\r\nXAUUSD\r\nBTCUSD\r\n');
  });
});
