import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATOR_PERMISSIONS } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../../test/fetch-mock';
import { COMMUNITY, catalogue, community, MOD_ROLE, member, page, ROLES, VIP_ROLE } from '../test/fixtures';
import { changedRole } from './role-editor-dialog';
import { RolesTab } from './roles-tab';

const base = `/community/${COMMUNITY}`;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('changedRole', () => {
  it('sends only what changed, comparing colours normalised and permissions as a set', () => {
    const initial = {
      name: 'VIP',
      description: '',
      color: '#61C3E4',
      display: false,
      permissions: ['post' as const, 'comment' as const],
    };
    expect(changedRole(initial, { ...initial, color: '61c3e4', permissions: ['comment', 'post'] })).toEqual({});
    expect(changedRole(initial, { ...initial, name: 'V', display: true, permissions: ['post'] })).toEqual({
      name: 'V',
      display: true,
      permissions: ['post'],
    });
  });
});

describe('Roles tab', () => {
  it('lists the roles by position with their members, and offers changes only on roles below the caller', async () => {
    mockFetch({
      [`GET ${base}/roles`]: { body: { items: [...ROLES].reverse() } },
      [`GET ${base}/permissions`]: { body: catalogue() },
    });
    renderWithStore(<RolesTab community={community()} />);
    const list = await screen.findByRole('list', { name: 'Roles' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Owner', 'VIP', 'Moderator', 'Member']);
    const owner = within(list).getByRole('listitem', { name: 'Owner' });
    expect(within(owner).queryByRole('button', { name: 'Edit Owner' })).not.toBeInTheDocument();
    expect(within(owner).queryByRole('button', { name: 'Delete Owner' })).not.toBeInTheDocument();
    const memberRow = within(list).getByRole('listitem', { name: 'Member' });
    expect(within(memberRow).getByText('Default')).toBeInTheDocument();
    expect(within(memberRow).getByText(/3 members/)).toBeInTheDocument();
    expect(within(memberRow).getByRole('button', { name: 'Remove Member as the default role' })).toBeInTheDocument();
  });

  it('creates a role with a colour and two permissions; a permission the caller lacks cannot be ticked', async () => {
    const net = mockFetch({
      [`GET ${base}/roles`]: { body: { items: ROLES } },
      [`GET ${base}/permissions`]: { body: catalogue(MODERATOR_PERMISSIONS) },
      [`POST ${base}/roles`]: (req) => {
        const body = req.body as { name: string };
        if (body.name === 'Owner')
          return errorBody(400, 'VALIDATION_FAILED', 'The role is not valid.', {
            fields: [{ field: 'name', message: 'name must differ from the names of the other roles.' }],
          });
        return { status: 201, body: { ...ROLES[3], ...body } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<RolesTab community={community({ myPermissions: [...MODERATOR_PERMISSIONS, 'manage_roles'] })} />);
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a role' });
    // The default colour.
    expect(within(dialog).getByRole('textbox', { name: 'Role colour' })).toHaveValue('#8861E4');
    expect(within(dialog).getByRole('checkbox', { name: 'Manage community' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Manage community' })).toHaveAccessibleDescription(
      /You do not hold this permission/,
    );
    // Pasted rather than typed: each key would redraw the whole checklist.
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Owner');
    await user.click(within(dialog).getByRole('button', { name: 'Use #61E48A' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pin posts' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Moderate posts' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Show its members as a group in the member list' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('name must differ from the names of the other roles.')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.paste('Analyst');
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a role' })).not.toBeInTheDocument());
    expect(net.callsTo('POST', `${base}/roles`).at(-1)?.body).toEqual({
      name: 'Analyst',
      description: '',
      color: '#61E48A',
      display: true,
      permissions: ['pin_posts', 'moderate_posts'],
    });
  });

  it('edits a role (only the changes), makes it the default, shows its members and deletes it after asking', async () => {
    const net = mockFetch({
      [`GET ${base}/roles`]: { body: { items: ROLES } },
      [`GET ${base}/permissions`]: { body: catalogue() },
      [`PUT ${base}/roles/${VIP_ROLE}`]: { body: ROLES[3] },
      [`PUT ${base}/default-role`]: { body: {} },
      [`DELETE ${base}/roles/${VIP_ROLE}`]: { status: 204 },
      [`GET ${base}/member-list/${MOD_ROLE}`]: { body: page([member()]) },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<RolesTab community={community()} />);
    await user.click(await screen.findByRole('button', { name: 'Edit VIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit role VIP' });
    const color = within(dialog).getByRole('textbox', { name: 'Role colour' });
    await user.clear(color);
    await user.type(color, 'abc');
    expect(within(dialog).getByText('Saved as #000ABC')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(net.callsTo('PUT', `${base}/roles/${VIP_ROLE}`)).toHaveLength(1));
    expect(net.callsTo('PUT', `${base}/roles/${VIP_ROLE}`)[0]?.body).toEqual({ color: '#000ABC' });

    await user.click(screen.getByRole('button', { name: 'Make VIP the default role' }));
    await waitFor(() => expect(net.callsTo('PUT', `${base}/default-role`)).toHaveLength(1));
    expect(net.callsTo('PUT', `${base}/default-role`)[0]?.body).toEqual({ role_id: VIP_ROLE });

    await user.click(screen.getByRole('button', { name: 'Members with Moderator' }));
    const members = await screen.findByRole('dialog', { name: 'Members with Moderator' });
    expect(await within(members).findByText('Bob Trader')).toBeInTheDocument();
    await user.click(within(members).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Delete VIP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the role VIP?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete role' }));
    await waitFor(() => expect(net.callsTo('DELETE', `${base}/roles/${VIP_ROLE}`)).toHaveLength(1));
  });
});
