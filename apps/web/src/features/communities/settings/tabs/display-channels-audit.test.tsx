import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityChannel } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../../shared/test/render-with-store';
import { mockFetch } from '../../../../test/fetch-mock';
import { COMMUNITY, community, ME, MOD_ROLE, person, ROLES, TABLE_HEIGHT, VIP_ROLE } from '../test/fixtures';
import { AuditTab, actionLabel } from './audit-tab';
import { ChannelsTab } from './channels-tab';
import { changedDisplay, DisplayTab } from './display-tab';

const base = `/community/${COMMUNITY}`;
const GENERAL = 'e0000000-0000-4000-8000-000000000001';
const STAFF = 'e0000000-0000-4000-8000-000000000002';

function channel(overrides: Partial<CommunityChannel> = {}): CommunityChannel {
  return {
    id: GENERAL,
    communityId: COMMUNITY,
    name: 'general',
    topic: 'Anything goes',
    kind: 'text',
    private: false,
    roleIds: [],
    position: 1,
    canWrite: true,
    unread: 0,
    mentions: 0,
    lastMessageAt: null,
    ...overrides,
  };
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(TABLE_HEIGHT);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Display tab', () => {
  it('sends only the changed display settings', async () => {
    const s = { showMemberCount: true, showOnlineMembers: false, accentColor: '#8861E4', welcomeMessage: '' };
    expect(changedDisplay(s, { ...s, accentColor: '#8861e4' })).toEqual({});
    const net = mockFetch({ [`PUT ${base}/settings`]: { body: community() } });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<DisplayTab community={community()} />);
    const form = screen.getByRole('form', { name: 'Display settings' });
    await user.click(within(form).getByRole('switch', { name: 'Show the member count' }));
    await user.click(within(form).getByRole('button', { name: 'Use #E49A61' }));
    await user.type(within(form).getByRole('textbox', { name: 'Welcome message' }), 'Hello!');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', `${base}/settings`)).toHaveLength(1));
    expect(net.callsTo('PUT', `${base}/settings`)[0]?.body).toEqual({
      show_member_count: false,
      accent_color: '#E49A61',
      welcome_message: 'Hello!',
    });
  });
});

describe('Channels tab', () => {
  it('lists channels, creates a private one for picked roles, and deletes one after asking', async () => {
    const net = mockFetch({
      [`GET ${base}/channels`]: {
        body: {
          items: [
            channel(),
            channel({
              id: STAFF,
              name: 'staff',
              private: true,
              roleIds: [MOD_ROLE],
              position: 2,
              kind: 'announcements',
            }),
          ],
        },
      },
      [`GET ${base}/roles`]: { body: { items: ROLES } },
      [`POST ${base}/channels`]: (req) => ({ status: 201, body: channel({ ...(req.body as object) }) }),
      [`DELETE ${base}/channels/${STAFF}`]: { status: 204 },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<ChannelsTab community={community()} />);
    const list = await screen.findByRole('list', { name: 'Channels' });
    const staff = within(list).getByRole('listitem', { name: '#staff' });
    expect(within(staff).getByText('Private')).toBeInTheDocument();
    expect(within(staff).getByText('Announcements')).toBeInTheDocument();
    expect(await within(staff).findByText('Seen by: Moderator')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a channel' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'VIP Room');
    await user.click(within(dialog).getByRole('switch', { name: /^Private/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'VIP' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    expect(
      await within(dialog).findByText('name must be 1 to 30 lower-case letters, digits or dashes.'),
    ).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'vip-room');
    await user.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(net.callsTo('POST', `${base}/channels`)).toHaveLength(1));
    expect(net.callsTo('POST', `${base}/channels`)[0]?.body).toEqual({
      name: 'vip-room',
      topic: '',
      kind: 'text',
      private: true,
      role_ids: [VIP_ROLE],
    });

    await user.click(within(staff).getByRole('button', { name: 'Delete #staff' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete #staff?' })).getByRole('button', {
        name: 'Delete channel',
      }),
    );
    await waitFor(() => expect(net.callsTo('DELETE', `${base}/channels/${STAFF}`)).toHaveLength(1));
  });
});

describe('Audit log tab', () => {
  it('shows the entries a page at a time', async () => {
    expect(actionLabel('role.default_set')).toBe('Role default set');
    const entry = (n: number) => ({
      id: `f0000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
      action: 'member.banned' as const,
      actor: ME,
      target: person(),
      summary: `ada banned bob for 7 days: spam ${n}`,
      details: {},
      createdAt: '2026-02-03T10:00:00.000Z',
    });
    const net = mockFetch({
      [`GET ${base}/audit`]: (req) => {
        const p = Number(req.query.get('page') ?? 1);
        return { body: { items: [entry(p)], page: p, limit: 20, total: 25 } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<AuditTab community={community()} />);
    const grid = await screen.findByRole('grid', { name: 'Audit log' });
    expect(await within(grid).findByText('ada banned bob for 7 days: spam 1')).toBeInTheDocument();
    expect(within(grid).getByText('Member banned')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(grid).findByText('ada banned bob for 7 days: spam 2')).toBeInTheDocument();
    expect(net.callsTo('GET', `${base}/audit`).at(-1)?.query.get('page')).toBe('2');
  });
});
