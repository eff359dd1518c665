import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_PERMISSIONS, MODERATOR_PERMISSIONS } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { canManage, tabOf, visibleTabs } from './settings-tabs';
import { COMMUNITY, community, member, page, person, TABLE_HEIGHT } from './test/fixtures';

/** The first find of a test waits for the lazy route's chunk, slow on a busy machine. */
const FIRST = { timeout: 15_000 };
const BY_HANDLE = '/community/by-handle/fx-club';

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(TABLE_HEIGHT);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('settings tabs', () => {
  it('shows a tab only to holders of its permission, and none to someone who manages nothing', () => {
    expect(canManage(MEMBER_PERMISSIONS)).toBe(false);
    expect(visibleTabs(MEMBER_PERMISSIONS)).toEqual([]);
    expect(visibleTabs(MODERATOR_PERMISSIONS)).toEqual(['members', 'invites', 'audit']);
    expect(visibleTabs(['manage_channels'])).toEqual(['channels']);
    expect(visibleTabs(['ban_members'])).toEqual(['members']);
    const q = (s: string) => new URLSearchParams(s);
    expect(tabOf(q('tab=roles'), ['members', 'roles'])).toBe('roles');
    expect(tabOf(q('tab=roles'), ['members', 'invites'])).toBe('members');
    expect(tabOf(q(''), ['overall', 'members'])).toBe('overall');
    expect(tabOf(q('tab=overall'), [])).toBeUndefined();
  });
});

describe('community settings page', () => {
  it('tells a member without a manage permission that they cannot manage the community', async () => {
    const net = mockFetch({
      [`GET ${BY_HANDLE}`]: { body: community({ owner: person(), myPermissions: [...MEMBER_PERMISSIONS] }) },
    });
    renderApp('/communities/fx-club/settings?tab=members', signedInState());
    expect(await screen.findByText('You cannot manage this community.', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to FX Club' })).toHaveAttribute('href', '/communities/fx-club');
    expect(net.calls.filter((c) => c.path.startsWith(`/community/${COMMUNITY}/`))).toHaveLength(0);
  });

  it('says so when the community is not found (or hidden from the caller)', async () => {
    mockFetch({ [`GET ${BY_HANDLE}`]: errorBody(404, 'COMMUNITY_NOT_FOUND', 'This community was not found.') });
    renderApp('/communities/fx-club/settings', signedInState());
    expect(await screen.findByText('This community was not found.', {}, FIRST)).toBeInTheDocument();
  });

  it("gives a moderator only the tabs of the moderator's permissions, and falls back from one they lack", async () => {
    mockFetch({
      [`GET ${BY_HANDLE}`]: { body: community({ owner: person(), myPermissions: [...MODERATOR_PERMISSIONS] }) },
      [`GET /community/${COMMUNITY}/members`]: { body: page([member()]) },
      [`GET /community/${COMMUNITY}/roles`]: { body: { items: [] } },
      [`GET /community/${COMMUNITY}/requests`]: { body: page([]) },
      [`GET /community/${COMMUNITY}/banmembers`]: { body: page([]) },
    });
    renderApp('/communities/fx-club/settings?tab=roles', signedInState());
    const tabs = await screen.findByRole('tablist', { name: 'Community settings' }, FIRST);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Active members', 'Active invites', 'Audit log']);
    expect(screen.getByRole('tab', { name: 'Active members', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Settings of FX Club', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Bob Trader')).toBeInTheDocument();
  });

  it('saves only the changed details of the Overall tab, with the field errors the server names', async () => {
    let current = community();
    const net = mockFetch({
      [`GET ${BY_HANDLE}`]: () => ({ body: current }),
      [`PUT /community/${COMMUNITY}/settings`]: (req) => {
        const body = req.body as { name?: string };
        if (body.name === 'Taken name')
          return errorBody(400, 'VALIDATION_FAILED', 'The settings are not valid.', {
            fields: [{ field: 'name', message: 'name must not be the name of another community.' }],
          });
        current = community({ ...current, ...body });
        return { body: current };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/communities/fx-club/settings', signedInState());
    const form = await screen.findByRole('form', { name: 'Community details' }, FIRST);
    expect(screen.getByRole('tab', { name: 'Overall', selected: true })).toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Taken name');
    await user.click(save);
    expect(await within(form).findByText('name must not be the name of another community.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'FX Majors');
    await user.click(within(form).getByRole('radio', { name: /^Hidden/ }));
    await user.click(save);
    await waitFor(() => expect(net.callsTo('PUT', `/community/${COMMUNITY}/settings`)).toHaveLength(2));
    expect(net.callsTo('PUT', `/community/${COMMUNITY}/settings`)[1]?.body).toEqual({
      name: 'FX Majors',
      visibility: 'hidden',
    });
    expect(await screen.findByRole('heading', { name: 'Settings of FX Majors' })).toBeInTheDocument();
  });

  it('lets the owner delete the community after typing its handle, then restore it during the grace period', async () => {
    let current = community();
    const net = mockFetch({
      [`GET ${BY_HANDLE}`]: () => ({ body: current }),
      [`DELETE /community/${COMMUNITY}`]: (req) => {
        if ((req.body as { confirm: string }).confirm !== 'fx-club')
          return errorBody(400, 'COMMUNITY_CONFIRM_MISMATCH', 'confirm must be the community handle.');
        current = community({ deletionScheduledFor: '2026-03-08T00:00:00.000Z' });
        return { body: current };
      },
      [`POST /community/${COMMUNITY}/restore`]: () => {
        current = community();
        return { body: current };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/communities/fx-club/settings?tab=overall', signedInState());
    await user.click(await screen.findByRole('button', { name: 'Delete community' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: 'Delete FX Club?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete community' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type fx-club to confirm' }), 'fx-club');
    await user.click(confirm);
    await waitFor(() => expect(net.callsTo('DELETE', `/community/${COMMUNITY}`)).toHaveLength(1));
    expect(net.callsTo('DELETE', `/community/${COMMUNITY}`)[0]?.body).toEqual({ confirm: 'fx-club' });

    expect(await screen.findByText(/will be deleted for good on/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(net.callsTo('POST', `/community/${COMMUNITY}/restore`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Delete community' })).toBeInTheDocument();
  });

  it('does not offer a non-owner manager the ownership transfer or the deletion', async () => {
    mockFetch({
      [`GET ${BY_HANDLE}`]: { body: community({ owner: person(), myPermissions: ['manage_community'] }) },
    });
    renderApp('/communities/fx-club/settings', signedInState());
    expect(await screen.findByRole('form', { name: 'Community details' }, FIRST)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overall', 'Display']);
    expect(screen.queryByRole('button', { name: 'Delete community' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Transfer ownership' })).not.toBeInTheDocument();
  });

  it('transfers ownership to a member picked by search, confirmed with the handle', async () => {
    const net = mockFetch({
      [`GET ${BY_HANDLE}`]: { body: community() },
      [`GET /community/${COMMUNITY}/members`]: (req) => ({
        body: page(
          req.query.get('search') === 'bo'
            ? [member()]
            : [member(), member({ user: person({ id: 'x', username: 'zed', displayName: 'Zed' }) })],
        ),
      }),
      [`POST /community/${COMMUNITY}/transfer-ownership`]: { body: community() },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/communities/fx-club/settings', signedInState());
    const section = await screen.findByRole('region', { name: 'Transfer ownership' }, FIRST);
    await user.type(within(section).getByRole('combobox', { name: 'New owner' }), 'bo');
    await waitFor(() =>
      expect(net.callsTo('GET', `/community/${COMMUNITY}/members`).some((c) => c.query.get('search') === 'bo')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: /Bob Trader/ }));
    // The empty search is never sent, nor the picked member's name.
    expect(
      net.callsTo('GET', `/community/${COMMUNITY}/members`).some((c) => c.query.get('search')?.startsWith('Bob')),
    ).toBe(false);
    expect(net.callsTo('GET', `/community/${COMMUNITY}/members`).every((c) => c.query.get('search') !== '')).toBe(true);
    await user.click(within(section).getByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give FX Club to Bob Trader?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type fx-club to confirm' }), 'FX-CLUB');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(net.callsTo('POST', `/community/${COMMUNITY}/transfer-ownership`)).toHaveLength(1));
    expect(net.callsTo('POST', `/community/${COMMUNITY}/transfer-ownership`)[0]?.body).toEqual({
      member_id: member().user.id,
      confirm: 'fx-club',
    });
  });
});
