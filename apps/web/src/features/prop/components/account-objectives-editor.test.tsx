import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { ACCOUNT_ID } from '../../trading/test/trading-fixtures';
import { catalogue, propAccount } from '../test/prop-fixtures';
import { AccountObjectivesSettings } from './account-objectives-editor';

const OBJECTIVE_ID = '77777777-7777-4777-8777-777777777777';
const path = `/trading/objectives/${ACCOUNT_ID}/${OBJECTIVE_ID}`;

afterEach(() => vi.unstubAllGlobals());

function routes(extra: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /accounts': {
      body: {
        accounts: [
          propAccount({
            objectives: [
              {
                objectiveId: OBJECTIVE_ID,
                kind: 'max_trades_per_day',
                name: 'Maximum trades per day',
                unit: 'trades',
                value: 5,
              },
            ],
            rules: [
              {
                rule: 'daily_loss',
                label: 'Daily loss 5%',
                description: 'Equity may not fall more than 5 % below the day’s base.',
                breach: 'hard',
              },
            ],
          }),
        ],
      },
    },
    'GET /market/objectives': { body: { objectives: catalogue } },
    'GET /trading/objectives': { body: { objectives: [] } },
    ...(extra as Record<string, never>),
  });
}

describe('rule tab (objectives) of the account settings', () => {
  it("lists the firm's rules and changes an objective's value within the catalogue's bounds", async () => {
    const api = routes({ [`PUT ${path}`]: { body: {} } });
    const user = userEvent.setup();
    renderWithStore(<AccountObjectivesSettings />);
    expect(await screen.findByText('Equity may not fall more than 5 % below the day’s base.')).toBeVisible();
    const row = screen.getByRole('form', { name: 'Maximum trades per day' });
    const value = within(row).getByRole('textbox', { name: 'Maximum trades per day value' });
    expect(value).toHaveValue('5');
    await user.clear(value);
    await user.type(value, '0');
    await user.click(within(row).getByRole('button', { name: 'Save Maximum trades per day' }));
    expect(within(row).getByText('Maximum trades per day must be between 1 and 100.')).toBeVisible();
    expect(api.callsTo('PUT', path)).toHaveLength(0);
    await user.clear(value);
    await user.type(value, '8');
    await user.click(within(row).getByRole('button', { name: 'Save Maximum trades per day' }));
    await waitFor(() => expect(api.callsTo('PUT', path)[0]?.body).toEqual({ value: 8 }));
  });

  it("shows the server's refusal of the value on the field, and removes an objective", async () => {
    const api = routes({
      [`PUT ${path}`]: errorBody(422, 'PROP_INVALID_VALUE', 'value must be between 1 and 100.', {
        fields: [{ field: 'value', message: 'value must be a whole number of trades.' }],
      }),
      [`DELETE ${path}`]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithStore(<AccountObjectivesSettings />);
    const row = await screen.findByRole('form', { name: 'Maximum trades per day' });
    await user.click(within(row).getByRole('button', { name: 'Save Maximum trades per day' }));
    expect(await within(row).findByText('value must be a whole number of trades.')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Remove Maximum trades per day' }));
    await waitFor(() => expect(api.callsTo('DELETE', path)).toHaveLength(1));
  });
});
