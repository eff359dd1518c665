import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../test/fetch-mock';
import { ACCOUNT_ID, tradingAccount } from './test/trading-fixtures';
import { type ActiveAccountState, useActiveAccount } from './use-active-account';

const OTHER = '55555555-5555-4555-8555-555555555555';

let state: ActiveAccountState | null = null;
function Probe() {
  state = useActiveAccount();
  return <p>{state.account ? `active ${state.account.name}` : 'no active account'}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useActiveAccount (spec section 4)', () => {
  it('is the account the server marks active', async () => {
    mockFetch({
      'GET /accounts': { body: { accounts: [tradingAccount({ active: false, id: OTHER }), tradingAccount()] } },
    });
    renderWithStore(<Probe />);
    expect(await screen.findByText('active Practice')).toBeInTheDocument();
    expect(state?.accounts).toHaveLength(2);
  });

  it('is cleared when a switch answers with an error', async () => {
    mockFetch({
      'GET /accounts': {
        body: { accounts: [tradingAccount(), tradingAccount({ id: OTHER, name: 'Live', active: false })] },
      },
      [`PUT /accounts/${OTHER}/connect`]: errorBody(
        503,
        'TRADING_CONNECTOR_UNREACHABLE',
        'The server could not be reached.',
      ),
    });
    renderWithStore(<Probe />);
    await screen.findByText('active Practice');
    await act(async () => {
      await expect(state?.switchTo(OTHER)).rejects.toMatchObject({ code: 'TRADING_CONNECTOR_UNREACHABLE' });
    });
    expect(await screen.findByText('no active account')).toBeInTheDocument();
    expect(state?.accounts.find((a) => a.id === ACCOUNT_ID)?.active).toBe(false);
  });
});
