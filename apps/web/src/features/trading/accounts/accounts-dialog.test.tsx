import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { closeAccountsDialog, openAccountsDialog } from '../accounts-dialog-store';
import { ACCOUNT_ID, tradingAccount } from '../test/trading-fixtures';
import { TradingAccountsDialog } from './accounts-dialog';

const OTHER = '55555555-5555-4555-8555-555555555555';

afterEach(() => {
  act(() => closeAccountsDialog());
  vi.unstubAllGlobals();
});

function accounts() {
  return [
    tradingAccount(),
    tradingAccount({ id: OTHER, token: 'tok_other', name: 'Swing', active: false, color: '#00AA55' }),
  ];
}

function open(view: Parameters<typeof openAccountsDialog>[0] = 'main_view', id: string | null = null) {
  renderWithStore(<TradingAccountsDialog />);
  act(() => openAccountsDialog(view, id));
}

describe('trading accounts dialog', () => {
  it('lists my accounts (status all) and switches to another', async () => {
    const api = mockFetch({
      'GET /accounts': (req: MockRequest) => ({
        body: { accounts: req.query.get('status') === 'archived' ? [] : accounts() },
      }),
      [`PUT /accounts/${OTHER}/connect`]: { body: tradingAccount({ id: OTHER, name: 'Swing' }) },
    });
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Trading accounts' });
    expect(within(dialog).getByRole('tab', { name: 'My accounts', selected: true })).toBeInTheDocument();
    const swing = await within(dialog).findByRole('listitem', { name: 'Swing' });
    expect(within(dialog).getByRole('listitem', { name: 'Practice' })).toHaveTextContent('Active');
    expect(api.calls.find((c) => c.path === '/accounts')?.query.get('status')).toBe('all');
    await user.click(within(swing).getByRole('button', { name: 'Switch to Swing' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT' && c.path.endsWith('/connect'))).toBe(true));
  });

  it('renames in place', async () => {
    const api = mockFetch({
      'GET /accounts': { body: { accounts: accounts() } },
      [`PUT /accounts/${ACCOUNT_ID}`]: { body: tradingAccount({ name: 'Main' }) },
    });
    const user = userEvent.setup();
    open();
    const row = await screen.findByRole('listitem', { name: 'Practice' });
    await user.click(within(row).getByRole('button', { name: 'Rename Practice' }));
    const field = within(row).getByRole('textbox', { name: 'Account name' });
    await user.clear(field);
    await user.type(field, 'Main{Enter}');
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Main' }));
  });

  it('deletes only after the confirmation', async () => {
    const api = mockFetch({
      'GET /accounts': { body: { accounts: accounts() } },
      [`DELETE /accounts/${OTHER}/delete`]: { body: { ok: true } },
    });
    const user = userEvent.setup();
    open();
    const row = await screen.findByRole('listitem', { name: 'Swing' });
    await user.click(within(row).getByRole('button', { name: 'Delete Swing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Swing?' });
    expect(confirm).toHaveTextContent('all its orders, positions and deals');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/delete'))).toBe(true));
  });

  it('shows the server refusal of an archive (open positions)', async () => {
    mockFetch({
      'GET /accounts': { body: { accounts: accounts() } },
      [`DELETE /accounts/${ACCOUNT_ID}/archive`]: errorBody(
        409,
        'TRADING_ACCOUNT_HAS_OPEN_ITEMS',
        'The account has 1 open positions and 0 pending orders; close and cancel them before archiving it.',
      ),
    });
    const user = userEvent.setup();
    open();
    const row = await screen.findByRole('listitem', { name: 'Practice' });
    await user.click(within(row).getByRole('button', { name: 'Archive Practice' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Archive Practice?' })).getByRole('button', { name: 'Archive' }),
    );
    expect(await within(row).findByText(/1 open positions and 0 pending orders/)).toBeInTheDocument();
  });

  it('resets a virtual account after a confirmation that says all history is deleted', async () => {
    const api = mockFetch({
      'GET /accounts': { body: { accounts: accounts() } },
      [`POST /trading/accounts/${ACCOUNT_ID}/reset`]: { body: tradingAccount() },
    });
    const user = userEvent.setup();
    open('account_settings', ACCOUNT_ID);
    await user.click(await screen.findByRole('button', { name: 'Reset' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset Practice?' });
    expect(confirm).toHaveTextContent('All history is deleted');
    await user.click(within(confirm).getByRole('button', { name: 'Reset and delete history' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ confirm: true }));
  });

  it('opens a virtual account with the default colour, and makes it active', async () => {
    const created = tradingAccount({ id: OTHER, name: 'Practice 2', active: false });
    const api = mockFetch({
      'GET /accounts': { body: { accounts: [] } },
      'POST /accounts': { status: 201, body: created },
      [`PUT /accounts/${OTHER}/connect`]: { body: { ...created, active: true } },
    });
    const user = userEvent.setup();
    open('open_account');
    const form = await screen.findByRole('form', { name: 'Open a virtual account' });
    expect(within(form).getByRole('textbox', { name: 'Colour' })).toHaveValue('#8861E4');
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Practice 2');
    await user.click(within(form).getByRole('button', { name: 'Open virtual account' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/connect'))).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'virtual',
      name: 'Practice 2',
      color: '#8861E4',
      type: 'demo',
      currency: 'USD',
      starting_balance: 10000,
      custom_balance: false,
      leverage: 100,
      margin_mode: 'hedging',
    });
  });

  it('connecting an account with no connector shows the server message, no fake connection', async () => {
    mockFetch({
      'GET /trading/platforms': {
        body: { platforms: [{ id: 'mt5', name: 'MetaTrader 5', type: 'metatrader', connectorAvailable: false }] },
      },
      'POST /accounts': errorBody(
        400,
        'TRADING_NO_CONNECTOR',
        'MetaTrader 5 accounts cannot be connected: this server has no broker connector for MetaTrader 5. Open a virtual account instead.',
      ),
    });
    const user = userEvent.setup({ delay: null });
    open('connect_existing');
    const form = await screen.findByRole('form', { name: 'Connect an existing account' });
    expect(
      await within(form).findByText(/no broker connector for MetaTrader 5: connecting will be refused/),
    ).toBeInTheDocument();
    await user.type(within(form).getByRole('combobox', { name: /^Server/ }), 'Broker-Demo');
    await user.type(within(form).getByRole('textbox', { name: /^Account number/ }), '123456');
    await user.type(within(form).getByLabelText(/^Password/), 'secret-pass');
    await user.click(within(form).getByRole('button', { name: 'Connect account' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'this server has no broker connector for MetaTrader 5',
    );
  }, 40_000);
});
