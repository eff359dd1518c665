import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getInstrument, marginRequired, pipValue } from '@tradedesk/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../shared/format/numbers';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { fakeWsClient } from '../test/fake-ws';
import { snapshot, TOKEN, tradingAccount } from '../test/trading-fixtures';
import { OrderPanel } from './order-ticket';

const ws = fakeWsClient();
vi.mock('../../../shared/ws/ws-client', () => ({ getWsClient: () => ws }));
vi.mock('../../../shared/ws/use-market-channel', () => ({
  useLiveQuote: (symbol: string | null) => ({
    status: 'live',
    data: { symbol, bid: 1.1, ask: 1.1002, time: 1, open: true },
  }),
}));

const eurusd = getInstrument('EURUSD');
const book = new Map([['EURUSD', { bid: 1.1, ask: 1.1002 }]]);
const usd = (n: number) => formatMoney(n, 'USD');

function routes(extra: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /accounts': { body: { accounts: [tradingAccount()] } },
    [`GET /middleware/${TOKEN}/accounts/1`]: { body: snapshot() },
    'GET /user-data/v1/store/workspace/trading': errorBody(404, 'NOT_FOUND', 'No such document'),
    ...(extra as Record<string, never>),
  });
}

async function openTicket() {
  renderWithStore(<OrderPanel symbol="EURUSD" />);
  const ticket = await screen.findByRole('form', { name: 'Order ticket, EURUSD' });
  await waitFor(() => expect(within(ticket).getByLabelText('Order figures')).toHaveTextContent('Entry'));
  return ticket;
}

function figure(ticket: HTMLElement, label: string): string {
  const dt = within(within(ticket).getByLabelText('Order figures')).getByText(label);
  return dt.nextElementSibling?.textContent ?? '';
}

beforeEach(() => {
  // A Wednesday at noon: the EURUSD market is open.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 0, 14, 12)));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('order panel', () => {
  it('opens on the order tab with a limit order of 1 lot', async () => {
    routes();
    const ticket = await openTicket();
    expect(screen.getByRole('tab', { name: 'Order', selected: true })).toBeInTheDocument();
    expect(within(ticket).getByRole('tab', { name: 'Limit', selected: true })).toBeInTheDocument();
    expect(within(ticket).getByRole('spinbutton', { name: 'Size (lots)' })).toHaveValue(1);
  });

  it('shows the money at risk, reward and margin core computes, before sending', async () => {
    routes();
    const user = userEvent.setup();
    const ticket = await openTicket();
    await user.click(within(ticket).getByRole('tab', { name: 'Market' }));
    await user.type(within(ticket).getByRole('textbox', { name: 'Stop loss (pips)' }), '20');
    await user.type(within(ticket).getByRole('textbox', { name: 'Take profit (pips)' }), '30');
    const pip = pipValue(eurusd, 'USD', book, 1);
    await waitFor(() => expect(figure(ticket, 'Money at risk')).toBe(usd(20 * pip)));
    expect(figure(ticket, 'Reward')).toBe(usd(30 * pip));
    expect(figure(ticket, 'Risk:reward')).toBe('1:1.50');
    expect(figure(ticket, 'Pip value')).toBe(usd(pip));
    expect(figure(ticket, 'Margin required')).toBe(
      usd(marginRequired(eurusd, 'buy', 1, 1.1002, 'USD', book, 100).amount),
    );
    // the stop loss's price is derived from the pips
    expect(within(ticket).getByText('At 1.09820')).toBeInTheDocument();
  });

  it('refuses a size below the minimum with the rule, without sending', async () => {
    const api = routes();
    const user = userEvent.setup();
    const ticket = await openTicket();
    await user.click(within(ticket).getByRole('tab', { name: 'Market' }));
    const size = within(ticket).getByRole('spinbutton', { name: 'Size (lots)' });
    await user.clear(size);
    await user.type(size, '0.001');
    await user.click(within(ticket).getByRole('button', { name: /at market/ }));
    expect(await within(ticket).findByText(/volume must be at least 0\.01/i)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT' && c.path.endsWith('/orders'))).toBe(false);
  });

  it('shows the server refusal under the ticket, and a retry after no answer reuses the Idempotency-Key', async () => {
    const sent: MockRequest[] = [];
    let answer = 0;
    routes({
      [`PUT /middleware/${TOKEN}/orders`]: (req: MockRequest) => {
        sent.push(req);
        answer += 1;
        if (answer === 1) throw new TypeError('network down');
        return errorBody(
          400,
          'TRADING_NOT_ENOUGH_MARGIN',
          'Not enough free margin: the order needs 1,100.20 USD and 950.00 USD is free.',
        );
      },
    });
    const user = userEvent.setup();
    const ticket = await openTicket();
    await user.click(within(ticket).getByRole('tab', { name: 'Market' }));
    const send = within(ticket).getByRole('button', { name: 'Buy 1 EURUSD at market' });
    await user.click(send);
    expect(await within(ticket).findByRole('alert')).toHaveTextContent('The server could not be reached');
    await user.click(send);
    expect(await within(ticket).findByText(/Not enough free margin: the order needs 1,100.20 USD/)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    const key = sent[0]?.headers.get('idempotency-key');
    expect(key).toBeTruthy();
    expect(sent[1]?.headers.get('idempotency-key')).toBe(key);
    expect(sent[0]?.body).toMatchObject({
      symbol: 'EURUSD',
      side: 'buy',
      type: 'market',
      size: 1,
      requested_price: 1.1002,
    });
  });

  it('asks once before turning one-click trading on, and saves the choice', async () => {
    const api = routes({
      'PUT /user-data/v1/store/workspace/trading': (req: MockRequest) => ({
        body: {
          payload: { name: 'trading', version: 1, state: (req.body as { state: unknown }).state, updatedAt: '' },
        },
      }),
    });
    const user = userEvent.setup();
    const ticket = await openTicket();
    await user.click(within(ticket).getByRole('switch', { name: 'One-click trading' }));
    const confirm = await screen.findByRole('dialog', { name: 'Turn on one-click trading?' });
    expect(confirm).toHaveTextContent('send a market order at once');
    await user.click(within(confirm).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(within(ticket).getByRole('switch', { name: 'One-click trading' })).toBeChecked());
    const saved = api.calls.find((c) => c.method === 'PUT' && c.path.includes('/workspace/trading'));
    expect(saved?.body).toMatchObject({ state: { oneClick: true, oneClickConfirmed: true } });
    expect(within(ticket).getByRole('button', { name: /Buy EURUSD at 1\.10020 \(one click/ })).toBeInTheDocument();
  });

  it('asks for an account when none is active', async () => {
    routes({ 'GET /accounts': { body: { accounts: [tradingAccount({ active: false })] } } });
    renderWithStore(<OrderPanel symbol="EURUSD" />);
    expect(await screen.findByText('No active trading account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trading accounts' })).toBeInTheDocument();
  });
});
