import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TradeImport } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../test/fetch-mock';
import { ACCOUNT_ID, tradingAccount } from '../trading/test/trading-fixtures';
import { closeImportDialog, openImportDialog } from './import-dialog-store';
import { LazyImportTradesDialog } from './lazy-import-trades-dialog';

const IMPORT_ID = '77777777-7777-4777-8777-777777777777';
const account = tradingAccount({ kind: 'imported', platform: 'mt5', name: 'Broker X' });

function importState(overrides: Partial<TradeImport> = {}): TradeImport {
  return {
    id: IMPORT_ID,
    accountId: ACCOUNT_ID,
    fileName: 'report.htm',
    format: 'mt5_html',
    status: 'processing',
    total: 6,
    processed: 0,
    progress: 0,
    imported: 0,
    balanceRows: 0,
    duplicates: 0,
    errors: 1,
    warnings: 0,
    problems: [{ line: 19, severity: 'error', message: 'volume "abc" is not a positive number.' }],
    failure: null,
    created: '2026-03-02T09:30:00.000Z',
    finished: null,
    ...overrides,
  };
}

beforeEach(() => {
  // jsdom lays nothing out: give the table's scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

afterEach(() => {
  act(() => closeImportDialog());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  const input = screen.getByTestId('import-file') as HTMLInputElement;
  await user.upload(input, new File(['<html>Positions</html>'], 'report.htm', { type: 'text/html' }));
}

describe('import trades dialog', () => {
  it('uploads the file with the format, then shows the result and the lines with errors', async () => {
    const api = mockFetch({
      [`POST /trading/accounts/${ACCOUNT_ID}/imports`]: { status: 202, body: importState() },
      [`GET /trading/accounts/${ACCOUNT_ID}/imports/${IMPORT_ID}`]: {
        body: importState({ status: 'done', processed: 6, progress: 100, imported: 4, balanceRows: 2, duplicates: 0 }),
      },
    });
    const user = userEvent.setup();
    renderWithStore(<LazyImportTradesDialog />);
    act(() => openImportDialog(account));
    const dialog = await screen.findByRole('dialog', { name: 'Import trades into Broker X' });
    await chooseFile(user);
    expect(within(dialog).getByText('report.htm')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    await within(dialog).findByText('report.htm imported');
    const post = api.calls.find((c) => c.method === 'POST');
    expect(String(post?.body)).toContain('name="format"\r\n\r\nauto');
    expect(String(post?.body)).toContain('<html>Positions</html>');
    const result = within(dialog).getByLabelText('Import result');
    expect(result).toHaveTextContent('Trades imported4');
    expect(result).toHaveTextContent('Balance rows2');
    expect(result).toHaveTextContent('Errors1');
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const table = within(dialog).getByRole('grid', { name: 'Lines with errors or warnings' });
    expect(within(table).getByText('volume "abc" is not a positive number.')).toBeInTheDocument();
    expect(within(table).getByText('19')).toBeInTheDocument();
  });

  it('shows the server’s sentence about a file that is no report', async () => {
    mockFetch({
      [`POST /trading/accounts/${ACCOUNT_ID}/imports`]: errorBody(
        422,
        'TRADE_IMPORT_UNREADABLE',
        'The CSV has no header line naming its columns.',
        { fields: [{ field: 'file', message: 'The CSV has no header line naming its columns.' }] },
      ),
    });
    const user = userEvent.setup();
    renderWithStore(<LazyImportTradesDialog />);
    act(() => openImportDialog(account));
    const dialog = await screen.findByRole('dialog', { name: 'Import trades into Broker X' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('Choose the report to import.')).toBeInTheDocument();
    await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(within(dialog).getByText('The CSV has no header line naming its columns.')).toBeInTheDocument(),
    );
  });
});
