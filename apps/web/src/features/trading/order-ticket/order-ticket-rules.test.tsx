import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { commissionCost, getInstrument, pipValue } from '@tradedesk/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../shared/format/numbers';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { failedStatus, goals, propAccount } from '../../prop/test/prop-fixtures';
import { fakeWsClient } from '../test/fake-ws';
import { ACCOUNT_ID, snapshot, TOKEN } from '../test/trading-fixtures';
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

function routes(prop = goals(), extra: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /accounts': { body: { accounts: [propAccount()] } },
    [`GET /middleware/${TOKEN}/accounts/1`]: { body: snapshot({ equity: 9800, balance: 10000 }) },
    [`GET /trading/objectives/${ACCOUNT_ID}`]: { body: prop },
    'GET /user-data/v1/store/workspace/trading': errorBody(404, 'NOT_FOUND', 'No such document'),
    ...(extra as Record<string, never>),
  });
}

async function marketTicket(lots: string, stopPips: string) {
  const user = userEvent.setup();
  renderWithStore(<OrderPanel symbol="EURUSD" />);
  const ticket = await screen.findByRole('form', { name: 'Order ticket, EURUSD' });
  await user.click(within(ticket).getByRole('tab', { name: 'Market' }));
  const size = within(ticket).getByRole('spinbutton', { name: 'Size (lots)' });
  await user.clear(size);
  await user.type(size, lots);
  if (stopPips) await user.type(within(ticket).getByRole('textbox', { name: 'Stop loss (pips)' }), stopPips);
  return { user, ticket };
}

function ruleFigure(ticket: HTMLElement, label: string): string {
  return within(within(ticket).getByRole('region', { name: 'Rule check' })).getByText(label).nextElementSibling
    ?.textContent as string;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 0, 14, 12)));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('order ticket on a prop account', () => {
  it('warns before sending that a loss at a wide stop breaches the daily loss, and offers the largest size', async () => {
    routes();
    const { user, ticket } = await marketTicket('5', '20');
    // 5 lots lose 20 pips x 10 USD x 5 plus commission both ways: far over the 300 USD left today
    const perLot = 20 * pipValue(eurusd, 'USD', book, 1) + 2 * commissionCost(eurusd, 1, 1.1002, 'USD', book);
    const risk = perLot * 5;
    const alert = await within(ticket).findByRole('alert');
    expect(alert).toHaveTextContent('This order could breach the daily loss limit');
    expect(alert).toHaveTextContent('the account would fail');
    expect(ruleFigure(ticket, 'Daily loss left after a loss at the stop')).toBe(usd(300 - risk));
    expect(ruleFigure(ticket, 'Maximum loss left after a loss at the stop')).toBe(usd(800 - risk));
    expect(ruleFigure(ticket, 'Equity at the stop')).toBe(usd(9800 - risk));
    expect(ruleFigure(ticket, 'Account fails at equity')).toBe(usd(9500));
    const largest = Math.floor(300 / perLot / 0.01) / 100;
    expect(ruleFigure(ticket, 'Largest size within every rule')).toBe(`${largest} lots`);

    await user.click(within(ticket).getByRole('button', { name: `Use ${largest} lots` }));
    expect(within(ticket).getByRole('spinbutton', { name: 'Size (lots)' })).toHaveValue(largest);
    await waitFor(() => expect(within(ticket).queryByText(/could breach/)).not.toBeInTheDocument());
    expect(
      Number.parseFloat(ruleFigure(ticket, 'Daily loss left after a loss at the stop').replace(/[^0-9.-]/g, '')),
    ).toBeGreaterThanOrEqual(0);
  });

  it('stops trading with the reason when the challenge failed', async () => {
    routes(goals(failedStatus()));
    renderWithStore(<OrderPanel symbol="EURUSD" />);
    const ticket = await screen.findByRole('form', { name: 'Order ticket, EURUSD' });
    const stopped = await within(ticket).findByRole('alert');
    expect(stopped).toHaveTextContent('Trading stopped on this account');
    expect(stopped).toHaveTextContent('below the daily loss floor of 9,500.00 USD');
    expect(within(ticket).getByRole('button', { name: /Place buy limit/ })).toBeDisabled();
  });

  it("shows the server's rule refusal under the field it names", async () => {
    routes(goals(), {
      [`PUT /middleware/${TOKEN}/orders`]: errorBody(
        422,
        'PROP_RULE_REFUSED',
        'The order breaks a rule of the challenge.',
        {
          fields: [
            { field: 'volume', message: 'volume must be at most 1 lots on this account; the order is for 2 lots.' },
          ],
        },
      ),
    });
    const { user, ticket } = await marketTicket('2', '');
    await user.click(within(ticket).getByRole('button', { name: 'Buy 2 EURUSD at market' }));
    const size = within(ticket).getByRole('spinbutton', { name: 'Size (lots)' });
    await waitFor(() => expect(size).toHaveAccessibleDescription(/volume must be at most 1 lots on this account/));
    expect(size).toHaveAttribute('aria-invalid', 'true');
  });
});
