import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { fakeWsClient } from '../test/fake-ws';
import { snapshot, TOKEN, tradingAccount } from '../test/trading-fixtures';
import { OrderPanel } from './order-ticket';

/** The ticket's "Alert" button opens the shell's alert dialog with a crossing alert at the ticket's price. */

const ws = fakeWsClient();
const opened = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/ws/ws-client', () => ({ getWsClient: () => ws }));
vi.mock('../../../shared/ws/use-market-channel', () => ({
  useLiveQuote: (symbol: string | null) => ({
    status: 'live',
    data: { symbol, bid: 1.1, ask: 1.1002, time: 1, open: true },
  }),
}));
vi.mock('../../alerts/alert-dialog-store', () => ({ openAlertDialog: opened }));

async function openTicket() {
  mockFetch({
    'GET /accounts': { body: { accounts: [tradingAccount()] } },
    [`GET /middleware/${TOKEN}/accounts/1`]: { body: snapshot() },
    'GET /user-data/v1/store/workspace/trading': errorBody(404, 'NOT_FOUND', 'No such document'),
  });
  renderWithStore(<OrderPanel symbol="EURUSD" />);
  const ticket = await screen.findByRole('form', { name: 'Order ticket, EURUSD' });
  await waitFor(() => expect(within(ticket).getByLabelText('Order figures')).toHaveTextContent('Entry'));
  return ticket;
}

beforeEach(() => {
  // A Wednesday at noon: the EURUSD market is open.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 0, 14, 12)));
  opened.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the order ticket's Alert button", () => {
  it('prefills a crossing alert at the live ask for a market buy, and at the bid for a market sell', async () => {
    const user = userEvent.setup();
    const ticket = await openTicket();
    await user.click(within(ticket).getByRole('tab', { name: 'Market' }));
    await user.click(within(ticket).getByRole('button', { name: 'Alert' }));
    expect(opened).toHaveBeenLastCalledWith({ kind: 'price', symbol: 'EURUSD', price: 1.1002, digits: 5 });
    await user.click(within(ticket).getByRole('button', { name: 'Sell' }));
    await user.click(within(ticket).getByRole('button', { name: 'Alert' }));
    expect(opened).toHaveBeenLastCalledWith({ kind: 'price', symbol: 'EURUSD', price: 1.1, digits: 5 });
  });

  it("prefills a crossing alert at a pending order's price", async () => {
    const user = userEvent.setup();
    const ticket = await openTicket();
    await user.click(within(ticket).getByRole('tab', { name: 'Limit' }));
    const limit = within(ticket).getByRole('textbox', { name: 'Limit price' });
    await user.clear(limit);
    await user.type(limit, '1.09500');
    await user.click(within(ticket).getByRole('button', { name: 'Alert' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenLastCalledWith({ kind: 'price', symbol: 'EURUSD', price: 1.095, digits: 5 });
  });
});
