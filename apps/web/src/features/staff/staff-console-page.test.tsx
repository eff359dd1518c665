import { screen, within } from '@testing-library/react';
import type { StaffAuditList, StaffUserDetail, StaffUserList } from '@tradedesk/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { visibleSections } from './staff-console-page';
import { type StaffSection, staffSections } from './staff-sections';
import { renderConsole, roles } from './test/staff-test-utils';

beforeEach(() => {
  // jsdom lays nothing out: give the tables' scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const adminOnly: StaffSection = { id: 'test_admin', label: 'Admin things', adminOnly: true, Component: () => null };
beforeAll(() => void staffSections.push(adminOnly));
afterAll(() => void staffSections.splice(staffSections.indexOf(adminOnly), 1));

const ada = {
  id: '00000000-0000-4000-8000-0000000000b1',
  email: 'grace@example.com',
  username: 'grace',
  name: 'Grace Hopper',
  status: 'active' as const,
  role: 'user' as const,
  createdAt: '2026-01-02T10:00:00.000Z',
};
const list: StaffUserList = { items: [ada], page: 1, limit: 20, total: 1 };
const detail: StaffUserDetail = {
  ...ada,
  activatedAt: '2026-01-02T10:05:00.000Z',
  lastSignInAt: null,
  plan: { id: 'pro', name: 'Pro' },
  tradingAccounts: 2,
};
const audit: StaffAuditList = {
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      actorId: '00000000-0000-4000-8000-000000000001',
      actorEmail: 'ada@example.com',
      action: 'user.role',
      targetKind: 'user',
      targetId: ada.id,
      summary: 'Changed the role of grace@example.com from user to staff.',
      createdAt: '2026-02-01T10:00:00.000Z',
    },
  ],
  page: 1,
  limit: 50,
  total: 1,
};

describe('staff console', { timeout: 20_000 }, () => {
  it('lists only the sections of the caller’s role', () => {
    expect(visibleSections(roles.user)).toEqual([]);
    expect(visibleSections(roles.staff).map((s) => s.id)).not.toContain('test_admin');
    expect(visibleSections(roles.admin).map((s) => s.id)).toContain('test_admin');
    expect(visibleSections(roles.staff).map((s) => s.label)).toEqual(
      expect.arrayContaining(['Users', 'Audit log', 'Moderation', 'Partners']),
    );
  });

  it('tells a normal user the page is for staff', async () => {
    renderConsole('/staff', 'user');
    expect(await screen.findByText('This page is for staff')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Staff section' })).not.toBeInTheDocument();
  });

  it('opens the first section by default and hides admin-only sections from staff', async () => {
    const { router } = renderConsole('/staff', 'staff');
    // jsdom is a narrow screen: the sections are a select above the section
    const nav = await screen.findByRole('combobox', { name: 'Staff section' });
    const first = staffSections[0]!.id;
    expect(router.state.location.pathname).toBe(`/staff/${first}`);
    expect(nav).toHaveValue(first);
    expect(within(nav).getByRole('option', { name: 'Audit log' })).toBeInTheDocument();
    expect(within(nav).queryByRole('option', { name: 'Admin things' })).not.toBeInTheDocument();
  });

  it('searches users and shows one without the role editor for staff', async () => {
    const { server, user } = renderConsole('/staff/users', 'staff', {
      'GET /staff/users': { body: list },
      [`GET /staff/users/${ada.id}`]: { body: detail },
    });
    await user.type(await screen.findByRole('searchbox', { name: 'Search users' }), 'grace');
    await vi.waitFor(() => expect(server.callsTo('GET /staff/users').at(-1)?.query.get('q')).toBe('grace'));
    await user.click(await screen.findByRole('link', { name: 'grace@example.com' }));
    expect(await screen.findByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change role' })).not.toBeInTheDocument();
  });

  it('lets an admin change a role after confirming', async () => {
    const { server, user } = renderConsole(`/staff/users/${ada.id}`, 'admin', {
      [`GET /staff/users/${ada.id}`]: { body: detail },
      [`PUT /staff/users/${ada.id}/role`]: { body: { ...detail, role: 'staff' } },
    });
    const change = await screen.findByRole('button', { name: 'Change role' });
    expect(change).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'staff');
    await user.click(change);
    const dialog = await screen.findByRole('dialog', { name: 'Change this account’s role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make staff' }));
    await vi.waitFor(() => expect(server.callsTo(`PUT /staff/users/${ada.id}/role`)).toHaveLength(1));
    expect(server.callsTo(`PUT /staff/users/${ada.id}/role`)[0]?.body).toEqual({ role: 'staff' });
  });

  it('shows the audit log and filters it by action', async () => {
    const { server, user } = renderConsole('/staff/audit', 'staff', { 'GET /staff/audit': { body: audit } });
    expect(await screen.findByText(audit.items[0]!.summary)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'user.role');
    await vi.waitFor(() => expect(server.callsTo('GET /staff/audit').at(-1)?.query.get('action')).toBe('user.role'));
  });
});
