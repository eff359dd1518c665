import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../shared/format/numbers';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { mockFetch } from '../../../test/fetch-mock';
import { ACCOUNT_ID, tradingAccount } from '../../trading/test/trading-fixtures';
import { catalogue, failedStatus, goals, propAccount } from '../test/prop-fixtures';
import { ObjectivesTab } from './objectives-tab';

type Handler = (e: { channel: string; event: string; data: unknown }) => void;
const handlers = new Map<string, Handler>();
const ws = {
  start: vi.fn(),
  stop: vi.fn(),
  connected: true,
  subscribe: vi.fn((channel: string, handler: Handler) => {
    handlers.set(channel, handler);
    return () => handlers.delete(channel);
  }),
  onOpen: vi.fn(() => () => undefined),
  onClose: vi.fn(() => () => undefined),
};
vi.mock('../../../shared/ws/ws-client', () => ({ getWsClient: () => ws }));

const usd = (n: number) => formatMoney(n, 'USD');
const OBJECTIVE_ID = '77777777-7777-4777-8777-777777777777';

function render() {
  renderWithStore(
    <MemoryRouter>
      <ObjectivesTab />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Noon UTC on Wednesday 14 January 2026: 11 hours before midnight in Prague.
  vi.setSystemTime(new Date(Date.UTC(2026, 0, 14, 12)));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  handlers.clear();
});

describe('objectives tab', () => {
  it("shows a challenge's rules with today's permitted loss, the floors, trading days and the reset countdown", async () => {
    mockFetch({
      'GET /accounts': { body: { accounts: [propAccount()] } },
      [`GET /trading/objectives/${ACCOUNT_ID}`]: { body: goals() },
      'GET /market/objectives': { body: { objectives: catalogue } },
      'GET /trading/objectives': { body: { objectives: [] } },
    });
    render();
    const rules = await screen.findByRole('region', { name: 'Challenge rules' });
    expect(
      within(rules).getByRole('heading', { name: /Two-Step Evaluation · Two-Step Evaluation · Phase 1/ }),
    ).toBeVisible();
    const figures = within(rules).getByLabelText('Challenge figures');
    const figure = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(figure("Today's permitted loss")).toBe(usd(300));
    expect(figure('Maximum permitted loss')).toBe(usd(800));
    expect(figure('Fails at equity')).toBe(usd(9500));
    expect(figure('Equity floor')).toBe(usd(9000));
    expect(figure('Trading days')).toBe('2 of 4');
    const daily = within(rules).getByRole('row', { name: 'Daily loss' });
    expect(daily).toHaveTextContent(`${usd(200)} of ${usd(500)}`);
    expect(within(daily).getByRole('progressbar', { name: 'Daily loss progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    // the reset: midnight in Prague is 23:00 UTC (the user's zone by default), 11 hours away
    const timer = within(rules).getByRole('timer', { name: 'Daily reset' });
    expect(timer).toHaveTextContent('Daily reset in 11 h 00 min 00 s');
    expect(timer).toHaveTextContent(/23:00 your time \(UTC\)/);
    expect(timer).toHaveTextContent(/00:00 firm time \(GMT\+1, Europe\/Prague\)/);
  });

  it('shows the failure at once when the rules event says the account failed', async () => {
    mockFetch({
      'GET /accounts': { body: { accounts: [propAccount()] } },
      [`GET /trading/objectives/${ACCOUNT_ID}`]: { body: goals() },
      'GET /market/objectives': { body: { objectives: catalogue } },
      'GET /trading/objectives': { body: { objectives: [] } },
    });
    render();
    await screen.findByRole('region', { name: 'Challenge rules' });
    expect(screen.queryByText('Challenge failed')).not.toBeInTheDocument();
    await waitFor(() => expect(handlers.has(`account:${ACCOUNT_ID}`)).toBe(true));
    act(() => handlers.get(`account:${ACCOUNT_ID}`)?.({ channel: '', event: 'rules', data: goals(failedStatus()) }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Challenge failed');
    expect(alert).toHaveTextContent('below the daily loss floor of 9,500.00 USD');
    expect(alert).toHaveTextContent(`at an equity of ${usd(9480)}`);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it("shows a plain account's own objectives (broken with its warning) and adds one within the catalogue's bounds", async () => {
    const api = mockFetch({
      'GET /accounts': { body: { accounts: [tradingAccount()] } },
      [`GET /trading/objectives/${ACCOUNT_ID}`]: {
        body: goals(null, [
          {
            objectiveId: OBJECTIVE_ID,
            kind: 'daily_profit_goal',
            name: 'Daily profit goal',
            unit: 'currency',
            value: 150,
            state: 'broken',
            current: -40,
            progress: 0,
            warning: 'Today is at a loss.',
          },
        ]),
      },
      'GET /market/objectives': { body: { objectives: catalogue } },
      'GET /trading/objectives': { body: { objectives: [] } },
      'POST /trading/objectives': {
        status: 201,
        body: {
          id: '88888888-8888-4888-8888-888888888888',
          kind: 'max_trades_per_day',
          name: 'Maximum trades per day',
          unit: 'trades',
          value: 3,
          created: '',
          updated: '',
        },
      },
      [`POST /trading/objectives/${ACCOUNT_ID}/88888888-8888-4888-8888-888888888888`]: { status: 201, body: {} },
    });
    const user = userEvent.setup();
    render();
    const mine = await screen.findByRole('list', { name: 'Your objectives' });
    const goal = within(mine).getByRole('listitem', { name: 'Daily profit goal' });
    expect(goal).toHaveTextContent('Broken');
    expect(goal).toHaveTextContent('Warning: Today is at a loss.');
    expect(screen.getByText(/not in a prop-firm challenge/)).toBeVisible();

    const form = screen.getByRole('form', { name: 'Add an objective' });
    const value = within(form).getByRole('textbox', { name: 'Value' });
    await user.type(value, '500');
    await user.click(within(form).getByRole('button', { name: 'Add objective' }));
    expect(within(form).getByText('Maximum trades per day must be between 1 and 100.')).toBeVisible();
    expect(api.callsTo('POST', '/trading/objectives')).toHaveLength(0);

    await user.clear(value);
    await user.type(value, '3');
    await user.click(within(form).getByRole('button', { name: 'Add objective' }));
    await waitFor(() =>
      expect(
        api.callsTo('POST', `/trading/objectives/${ACCOUNT_ID}/88888888-8888-4888-8888-888888888888`),
      ).toHaveLength(1),
    );
    expect(api.callsTo('POST', '/trading/objectives')[0]?.body).toEqual({ kind: 'max_trades_per_day', value: 3 });
    expect(
      api.callsTo('POST', `/trading/objectives/${ACCOUNT_ID}/88888888-8888-4888-8888-888888888888`)[0]?.body,
    ).toEqual({ value: 3 });
  });
});
