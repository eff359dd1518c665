import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../shared/format/numbers';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { TradingAccountsDialog } from '../../trading/accounts/accounts-dialog';
import { closeAccountsDialog, openAccountsDialog } from '../../trading/accounts-dialog-store';
import { ACCOUNT_ID } from '../../trading/test/trading-fixtures';
import { challenge, FIRM_ID, propAccount } from '../test/prop-fixtures';

afterEach(() => {
  act(() => closeAccountsDialog());
  vi.unstubAllGlobals();
});

const firms = {
  firms: [
    {
      id: FIRM_ID,
      name: 'Two-Step Evaluation',
      description: 'A two-phase evaluation.',
      note: 'Modelled on public rules; no partner.',
      challengeCount: 1,
    },
  ],
};

function routes(create: Parameters<typeof mockFetch>[0][string]) {
  return mockFetch({
    'GET /accounts': { body: { accounts: [propAccount()] } },
    'GET /trading/firms': { body: firms },
    [`GET /trading/firms/${FIRM_ID}/challenges`]: { body: { challenges: [challenge] } },
    'POST /accounts': create,
    [`PUT /accounts/${ACCOUNT_ID}/connect`]: { body: propAccount() },
  });
}

describe('prop firm view of the trading accounts dialog', () => {
  it('shows the challenge rules in words for the size chosen, and starts the challenge', async () => {
    const api = routes({ status: 201, body: propAccount() });
    const user = userEvent.setup();
    renderWithStore(<TradingAccountsDialog />);
    act(() => openAccountsDialog('add_account'));
    const add = await screen.findByRole('dialog', { name: 'Add an account' });
    await user.click(within(add).getByRole('button', { name: 'Start a prop-firm challenge' }));
    const form = await screen.findByRole('form', { name: 'Start a prop-firm challenge' });
    const rules = await within(form).findByRole('region', { name: 'Rules of the phase' });
    expect(rules).toHaveTextContent(`Profit target: 10 % (${formatMoney(1000, 'USD')})`);
    await user.click(within(form).getByRole('combobox', { name: 'Size' }));
    await user.click(await screen.findByRole('option', { name: formatMoney(25_000, 'USD') }));
    expect(rules).toHaveTextContent(`Profit target: 10 % (${formatMoney(2500, 'USD')})`);
    expect(rules).toHaveTextContent(`equity may never fall below ${formatMoney(22_500, 'USD')}`);
    await user.click(within(form).getByRole('button', { name: 'Start challenge' }));
    await waitFor(() => expect(api.callsTo('POST', '/accounts')).toHaveLength(1));
    expect(api.callsTo('POST', '/accounts')[0]?.body).toEqual({
      kind: 'prop',
      name: 'Two-Step Evaluation 25,000',
      firm: FIRM_ID,
      challenge: challenge.id,
      phase: 'phase_1',
      currency: 'USD',
      size: 25_000,
    });
    // made active, then back on the list, which names the firm, challenge and phase
    const list = await screen.findByRole('dialog', { name: 'Trading accounts' });
    expect(await within(list).findByRole('listitem', { name: 'Challenge 10k' })).toHaveTextContent(
      'Two-Step Evaluation · Two-Step Evaluation · Phase 1 · In progress',
    );
  });

  it("shows the server's refusal of a field under that field", async () => {
    routes(
      errorBody(422, 'PROP_INVALID_FIELD', 'size must be one of the challenge’s account sizes.', {
        fields: [{ field: 'size', message: 'size must be one of 10000, 25000, 50000.' }],
      }),
    );
    const user = userEvent.setup();
    renderWithStore(<TradingAccountsDialog />);
    act(() => openAccountsDialog('prop_firm'));
    const form = await screen.findByRole('form', { name: 'Start a prop-firm challenge' });
    await within(form).findByRole('region', { name: 'Rules of the phase' });
    await user.click(within(form).getByRole('button', { name: 'Start challenge' }));
    expect(await within(form).findByText('size must be one of 10000, 25000, 50000.')).toBeVisible();
  });
});
