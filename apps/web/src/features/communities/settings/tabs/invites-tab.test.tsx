import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityInvite } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../../shared/test/render-with-store';
import { errorBody, user as me, mockFetch } from '../../../../test/fetch-mock';
import { BOB, CARL, COMMUNITY, community, ME, page, person, TABLE_HEIGHT } from '../test/fixtures';
import { InvitesTab } from './invites-tab';

const base = `/community/${COMMUNITY}`;
const LINK = 'd0000000-0000-4000-8000-000000000001';
const PERSONAL = 'd0000000-0000-4000-8000-000000000002';
const carl = person({ id: CARL, username: 'carl', displayName: 'Carl Chartist' });

function invite(overrides: Partial<CommunityInvite> = {}): CommunityInvite {
  return {
    id: LINK,
    kind: 'link',
    invitee: null,
    createdBy: ME,
    token: 'tok_link_0123456789',
    maxUses: 5,
    uses: 2,
    expiresAt: '2026-03-01T12:00:00.000Z',
    createdAt: '2026-02-22T12:00:00.000Z',
    ...overrides,
  };
}

/** The page's clock, held still (only Date is faked: timers run as usual): the invites above expire after it. */
const NOW = Date.parse('2026-02-25T12:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(TABLE_HEIGHT);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Active invites tab', () => {
  it('invites a person found by search (only searching with a term), and says why the server refused', async () => {
    let refuse = true;
    const net = mockFetch({
      [`GET ${base}/invites`]: { body: page([]) },
      'GET /profile/search/bo': { body: page([person()]) },
      [`POST ${base}/invite/${BOB}`]: () =>
        refuse
          ? errorBody(409, 'COMMUNITY_ALREADY_MEMBER', 'Bob Trader is already a member.')
          : { status: 201, body: invite({ id: PERSONAL, kind: 'person', invitee: person(), maxUses: 1, uses: 0 }) },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<InvitesTab community={community()} myId={me.id} />);
    expect(await screen.findByText('No active invites.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Invite a person' });
    const invite_ = within(form).getByRole('button', { name: 'Invite' });
    expect(invite_).toBeDisabled();
    await user.type(within(form).getByRole('combobox', { name: 'Person to invite' }), 'bo');
    await user.click(await screen.findByRole('option', { name: /Bob Trader/ }));
    expect(net.calls.filter((c) => c.path.startsWith('/profile/search/')).map((c) => c.path)).toEqual([
      '/profile/search/bo',
    ]);
    await user.click(invite_);
    expect(await screen.findByText('Bob Trader is already a member.')).toBeInTheDocument();
    refuse = false;
    await user.click(invite_);
    await waitFor(() => expect(net.callsTo('POST', `${base}/invite/${BOB}`)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Bob Trader is already a member.')).not.toBeInTheDocument());
  });

  it('creates an invite link with an expiry and a number of uses, shows it, and copies it', async () => {
    const net = mockFetch({
      [`GET ${base}/invites`]: { body: page([]) },
      [`POST ${base}/invite-links`]: { status: 201, body: invite({ token: 'tok_new_0123456789' }) },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<InvitesTab community={community()} myId={me.id} />);
    const form = await screen.findByRole('form', { name: 'Create an invite link' });
    const hours = within(form).getByRole('spinbutton', { name: 'Expires after (hours)' });
    expect(hours).toHaveValue(168);
    await user.clear(hours);
    await user.type(hours, '800');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(
      await within(form).findByText('Expires after (hours) must be a whole number from 1 to 720.'),
    ).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '24');
    const uses = within(form).getByRole('spinbutton', { name: 'Maximum uses' });
    await user.clear(uses);
    await user.type(uses, '10');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(net.callsTo('POST', `${base}/invite-links`)).toHaveLength(1));
    expect(net.callsTo('POST', `${base}/invite-links`)[0]?.body).toEqual({ expires_in_hours: 24, max_uses: 10 });
    const link = await screen.findByRole('textbox', { name: 'New invite link' });
    expect(link).toHaveValue(`${window.location.origin}/communities/invite/tok_new_0123456789`);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event stands in a clipboard for the page's.
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        `${window.location.origin}/communities/invite/tok_new_0123456789`,
      ),
    );
  });

  it('lists the open invites with uses and expiry; revoke is offered on own invites, or to member managers', async () => {
    const net = mockFetch({
      [`GET ${base}/invites`]: {
        body: page([
          invite(),
          invite({ id: PERSONAL, kind: 'person', invitee: carl, createdBy: person(), maxUses: 1, uses: 0 }),
        ]),
      },
      [`DELETE ${base}/invites/${LINK}`]: { status: 204 },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(
      <InvitesTab community={community({ myPermissions: ['invite_members', 'view_audit_log'] })} myId={me.id} />,
    );
    const grid = await screen.findByRole('grid', { name: 'Active invites' });
    expect(await within(grid).findByText('2 / 5')).toBeInTheDocument();
    expect(within(grid).getByText('0 / 1')).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'Copy the link of the invite of Carl Chartist' }),
    ).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'Revoke the invite of Carl Chartist' })).not.toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: 'Revoke the invite link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(net.callsTo('DELETE', `${base}/invites/${LINK}`)).toHaveLength(1));
  });

  it('asks for the list again when an invite expires, so it leaves the list while the tab is open', async () => {
    const soon = invite({ id: PERSONAL, kind: 'person', invitee: carl, maxUses: 1, uses: 0 });
    soon.expiresAt = new Date(NOW + 200).toISOString();
    let answers = 0;
    const net = mockFetch({
      [`GET ${base}/invites`]: () => {
        answers += 1;
        return { body: page(answers === 1 ? [soon, invite()] : [invite()]) };
      },
    });
    renderWithStore(<InvitesTab community={community()} myId={me.id} />);
    const grid = await screen.findByRole('grid', { name: 'Active invites' });
    expect(await within(grid).findByText('Carl Chartist')).toBeInTheDocument();
    // asked again a second after the expiry (the page's clock stands still, so once): the server no longer lists it
    await waitFor(() => expect(within(grid).queryByText('Carl Chartist')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(within(grid).getByText('2 / 5')).toBeInTheDocument();
    expect(net.callsTo('GET', `${base}/invites`)).toHaveLength(2);
  });
});
