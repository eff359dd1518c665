import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../../shared/test/render-with-store';
import { errorBody, user as me, mockFetch } from '../../../../test/fetch-mock';
import {
  BOB,
  CARL,
  COMMUNITY,
  community,
  ME,
  MEMBER_ROLE,
  member,
  page,
  person,
  ROLES,
  role,
  TABLE_HEIGHT,
  VIP_ROLE,
} from '../test/fixtures';
import { MembersTab } from './members-tab';

const base = `/community/${COMMUNITY}`;
const carl = person({ id: CARL, username: 'carl', displayName: 'Carl Chartist' });

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(TABLE_HEIGHT);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return {
    [`GET ${base}/members`]: (req: { query: URLSearchParams }) => {
      const all = [
        member({
          user: ME,
          manageable: false,
          roles: [{ id: ROLES[0]!.roleId, name: 'Owner', color: '#E4616B', position: 1000 }],
        }),
        member(),
        member({ user: carl, manageable: false }),
      ];
      const search = req.query.get('search');
      return { body: page(search ? all.filter((m) => m.user.username.startsWith(search)) : all) };
    },
    [`GET ${base}/roles`]: {
      body: {
        items: [
          ...ROLES,
          role({
            roleId: 'a0000000-0000-4000-8000-000000000009',
            name: 'Elder',
            position: 50,
            editable: false,
            assignable: false,
          }),
        ],
      },
    },
    [`GET ${base}/requests`]: { body: page([]) },
    [`GET ${base}/banmembers`]: { body: page([]) },
    ...extra,
  };
}

describe('Active members tab', () => {
  it('lists members with role chips, searches only with a term, and offers actions only on manageable members', async () => {
    const net = mockFetch(routes());
    renderWithStore(<MembersTab community={community()} myId={me.id} />);
    const grid = await screen.findByRole('grid', { name: 'Members' });
    expect(await within(grid).findByText('Bob Trader')).toBeInTheDocument();
    expect(within(grid).getAllByText('Member').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Ban Bob Trader' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ban Carl Chartist' })).not.toBeInTheDocument();
    // Oneself: roles (below one's own) but never remove or ban.
    expect(screen.getByRole('button', { name: 'Roles of Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).not.toBeInTheDocument();
    expect(net.callsTo('GET', `${base}/members`)[0]?.query.has('search')).toBe(false);

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'ca');
    await waitFor(() => expect(net.callsTo('GET', `${base}/members`).at(-1)?.query.get('search')).toBe('ca'));
    expect(await within(grid).findByText('Carl Chartist')).toBeInTheDocument();
    await waitFor(() => expect(within(grid).queryByText('Bob Trader')).not.toBeInTheDocument());
  });

  it('assigns and unassigns roles from the menu, which lists only the roles the caller may hand out', async () => {
    const net = mockFetch(
      routes({
        [`POST ${base}/assign-role`]: { body: {} },
        [`POST ${base}/unassign-role`]: { body: {} },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithStore(<MembersTab community={community()} myId={me.id} />);
    await user.click(await screen.findByRole('button', { name: 'Roles of Bob Trader' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items.map((i) => i.textContent)).toEqual(['Moderator', 'Member', 'VIP']);
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Member' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'VIP' }));
    await waitFor(() => expect(net.callsTo('POST', `${base}/assign-role`)).toHaveLength(1));
    expect(net.callsTo('POST', `${base}/assign-role`)[0]?.body).toEqual({ member_id: BOB, role_id: VIP_ROLE });

    await user.click(screen.getByRole('button', { name: 'Roles of Bob Trader' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemcheckbox', { name: 'Member' }));
    await waitFor(() => expect(net.callsTo('POST', `${base}/unassign-role`)).toHaveLength(1));
    expect(net.callsTo('POST', `${base}/unassign-role`)[0]?.body).toEqual({ member_id: BOB, role_id: MEMBER_ROLE });
  });

  it('offers a moderator only the roles they may give, and a held role they may only take away', async () => {
    const SCOUT = 'a0000000-0000-4000-8000-00000000000a';
    const ANALYST = 'a0000000-0000-4000-8000-00000000000b';
    const net = mockFetch(
      routes({
        [`GET ${base}/members`]: {
          body: page([
            member({
              roles: [
                { id: SCOUT, name: 'Scout', color: '#61C3E4', position: 1 },
                { id: MEMBER_ROLE, name: 'Member', color: '#61C3E4', position: 1 },
              ],
            }),
          ]),
        },
        [`GET ${base}/roles`]: {
          body: {
            items: [
              ROLES[0],
              { ...ROLES[1], editable: false, assignable: false },
              // grant permissions the moderator lacks: the server refuses to give them (and says so here)
              role({ roleId: ANALYST, name: 'Analyst', position: 1, editable: false, assignable: false }),
              role({ roleId: SCOUT, name: 'Scout', position: 1, editable: false, assignable: false }),
              { ...ROLES[2], editable: false, assignable: true },
            ],
          },
        },
        [`POST ${base}/unassign-role`]: { body: {} },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithStore(
      <MembersTab
        community={community({
          myRoles: [{ id: ROLES[1]!.roleId, name: 'Moderator', color: '#61C3E4', position: 2 }],
          myPermissions: ['manage_members', 'ban_members', 'invite_members'],
        })}
        myId={me.id}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Roles of Bob Trader' }));
    expect(screen.getByText('1 member')).toBeInTheDocument();
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((i) => i.textContent),
    ).toEqual(['Scout', 'Member']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Scout' }));
    await waitFor(() => expect(net.callsTo('POST', `${base}/unassign-role`)).toHaveLength(1));
    expect(net.callsTo('POST', `${base}/unassign-role`)[0]?.body).toEqual({ member_id: BOB, role_id: SCOUT });
  });

  it('bans with a reason and a duration after asking, and shows the refusal in the dialog', async () => {
    let refuse = true;
    const net = mockFetch(
      routes({
        [`POST ${base}/ban/${BOB}`]: () =>
          refuse
            ? errorBody(
                403,
                'COMMUNITY_ROLE_HIERARCHY',
                'You cannot ban a member whose role is equal to or above yours.',
              )
            : { body: {} },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithStore(<MembersTab community={community()} myId={me.id} />);
    await user.click(await screen.findByRole('button', { name: 'Ban Bob Trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Bob Trader?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByRole('combobox', { name: 'Duration' }));
    await user.click(await screen.findByRole('option', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(
      await within(dialog).findByText('You cannot ban a member whose role is equal to or above yours.'),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ban Bob Trader?' })).not.toBeInTheDocument());
    expect(net.callsTo('POST', `${base}/ban/${BOB}`).at(-1)?.body).toEqual({ reason: 'Spam', duration_days: 7 });
  });

  it('removes a member after confirming', async () => {
    const net = mockFetch(routes({ [`DELETE ${base}/remove/${BOB}`]: { status: 204 } }));
    const user = userEvent.setup({ delay: null });
    renderWithStore(<MembersTab community={community()} myId={me.id} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Bob Trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bob Trader?' });
    expect(net.callsTo('DELETE', `${base}/remove/${BOB}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(net.callsTo('DELETE', `${base}/remove/${BOB}`)).toHaveLength(1));
  });

  it('accepts and rejects join requests, and lifts a ban', async () => {
    const request = (id: string, who: typeof carl) => ({
      id,
      user: who,
      message: 'Let me in',
      createdAt: '2026-02-02T10:00:00.000Z',
    });
    const R1 = 'b0000000-0000-4000-8000-000000000001';
    const R2 = 'b0000000-0000-4000-8000-000000000002';
    const net = mockFetch(
      routes({
        [`GET ${base}/requests`]: { body: page([request(R1, carl), request(R2, person())]) },
        [`POST ${base}/accept/${R1}`]: { body: {} },
        [`POST ${base}/reject/${R2}`]: { body: {} },
        [`GET ${base}/banmembers`]: {
          body: page([
            { user: carl, reason: 'Spam', bannedBy: ME, createdAt: '2026-02-03T00:00:00.000Z', until: null },
          ]),
        },
        [`DELETE ${base}/unban/${CARL}`]: { status: 204 },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithStore(<MembersTab community={community()} myId={me.id} />);
    const requests = await screen.findByRole('list', { name: 'Join requests' });
    expect(within(requests).getAllByText('“Let me in”')).toHaveLength(2);
    await user.click(within(requests).getByRole('button', { name: 'Accept Carl Chartist' }));
    await user.click(within(requests).getByRole('button', { name: 'Reject Bob Trader' }));
    await waitFor(() => expect(net.callsTo('POST', `${base}/reject/${R2}`)).toHaveLength(1));
    expect(net.callsTo('POST', `${base}/accept/${R1}`)).toHaveLength(1);

    const bans = await screen.findByRole('grid', { name: 'Banned people' });
    expect(await within(bans).findByText('Spam')).toBeInTheDocument();
    expect(within(bans).getByText('Until lifted')).toBeInTheDocument();
    await user.click(within(bans).getByRole('button', { name: 'Unban Carl Chartist' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unban Carl Chartist?' })).getByRole('button', {
        name: 'Unban',
      }),
    );
    await waitFor(() => expect(net.callsTo('DELETE', `${base}/unban/${CARL}`)).toHaveLength(1));
  });

  it('shows a ban-only moderator neither the requests nor the role menu', async () => {
    const net = mockFetch(routes());
    renderWithStore(<MembersTab community={community({ myPermissions: ['ban_members'] })} myId={me.id} />);
    expect(await screen.findByRole('button', { name: 'Ban Bob Trader' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Roles of Bob Trader' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Join requests' })).not.toBeInTheDocument();
    expect(net.callsTo('GET', `${base}/requests`)).toHaveLength(0);
    expect(net.callsTo('GET', `${base}/roles`)).toHaveLength(0);
  });
});
