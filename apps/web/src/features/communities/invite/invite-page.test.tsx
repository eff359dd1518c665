import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { communitySummary, person } from '../directory/directory-fixtures';
import { inviteProblem } from './invite-page';

const FIRST = { timeout: 15_000 };
const TOKEN = 'tok_abcdefghijklmnop';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const preview = (membership: 'none' | 'member' = 'none') => ({
  body: {
    community: communitySummary({ handle: 'vip-room', name: 'VIP Room', visibility: 'hidden', membership }),
    invitedBy: person(),
    expiresAt: '2999-01-08T10:00:00.000Z',
  },
});

describe('invite problems', () => {
  it('words each failure', () => {
    const e = (status: number, code: string, message = '') => ({ status, code, message });
    expect(inviteProblem(e(404, 'COMMUNITY_INVITE_NOT_FOUND')).title).toBe('This invite was not found.');
    expect(inviteProblem(e(410, 'COMMUNITY_INVITE_INVALID')).text).toBe(
      'This invite has expired or was already used. Ask for a new one.',
    );
    expect(inviteProblem(e(403, 'COMMUNITY_BANNED', 'Banned: spam.'))).toEqual({
      title: 'You are banned from this community.',
      text: 'Banned: spam.',
    });
    expect(inviteProblem(e(0, 'NETWORK_ERROR', 'The server could not be reached.')).title).toBe(
      'The invite could not be used.',
    );
  });
});

describe('invite page', () => {
  it('previews the invite and joins on Accept', async () => {
    const net = mockFetch({
      [`GET /community/invites/${TOKEN}`]: preview(),
      'POST /community/accept-invite': { body: { status: 'joined' } },
    });
    const { history } = renderApp(`/communities/invite/${TOKEN}`, signedInState());
    expect(await screen.findByRole('heading', { level: 1, name: 'VIP Room' }, FIRST)).toBeVisible();
    expect(screen.getByText('Bob Trader (@bob) invited you to join')).toBeInTheDocument();
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    expect(screen.getByText(/The invite expires/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invite' }));
    await waitFor(() => expect(history.location.pathname).toBe('/communities/vip-room'));
    expect(net.callsTo('POST', '/community/accept-invite')[0]?.body).toEqual({ token: TOKEN });
  });

  it('says clearly when the invite expired or was used', async () => {
    mockFetch({
      [`GET /community/invites/${TOKEN}`]: errorBody(
        410,
        'COMMUNITY_INVITE_INVALID',
        'This invite has expired or was already used.',
      ),
    });
    renderApp(`/communities/invite/${TOKEN}`, signedInState());
    expect(await screen.findByText('This invite can no longer be used.', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText('This invite has expired or was already used.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover communities' })).toBeInTheDocument();
  });

  it('refuses a banned person with the server’s reason', async () => {
    mockFetch({
      [`GET /community/invites/${TOKEN}`]: preview(),
      'POST /community/accept-invite': errorBody(403, 'COMMUNITY_BANNED', 'You are banned from VIP Room: spam.'),
    });
    renderApp(`/communities/invite/${TOKEN}`, signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the invite' }, FIRST));
    expect(await screen.findByText('You are banned from this community.')).toBeInTheDocument();
    expect(screen.getByText('You are banned from VIP Room: spam.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept the invite' })).toBeDisabled();
  });

  it('tells a member they already belong, with the way in', async () => {
    mockFetch({ [`GET /community/invites/${TOKEN}`]: preview('member') });
    renderApp(`/communities/invite/${TOKEN}`, signedInState());
    expect(await screen.findByText('You are already a member of VIP Room.', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the community' })).toHaveAttribute('href', '/communities/vip-room');
    expect(screen.queryByRole('button', { name: 'Accept the invite' })).not.toBeInTheDocument();
  });
});
