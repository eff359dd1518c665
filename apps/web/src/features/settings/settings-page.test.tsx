import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderSettings } from './test/settings-test-utils';

afterEach(() => vi.unstubAllGlobals());

function beforeUnloadPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('settings page', { timeout: 20_000 }, () => {
  it('opens my_account for /settings and for an unknown page', async () => {
    mockServer();
    const { router } = renderSettings('/settings');
    expect(await screen.findByRole('heading', { name: 'My account', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/my_account');

    await router.navigate('/settings/billing_and_stuff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/my_account'));
  });

  it('switches pages with the page select on narrow screens', async () => {
    mockServer();
    const { user, router } = renderSettings('/settings/my_account');
    const select = await screen.findByLabelText('Settings page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'My account',
      'Public profile',
      'Account details',
      'Security',
      'Notifications',
      'Trading accounts',
      'Rules (objectives)',
      'AI assistant',
      'Plan and billing',
      'Partner program',
      'Privacy',
      'Delete account',
    ]);

    await user.selectOptions(select, 'notifications');

    expect(await screen.findByRole('form', { name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/notifications');
  });

  it('lists the pages beside the content on wide screens, marking the open one', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: true,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        addListener: vi.fn(),
        removeListener: vi.fn(),
      })),
    );
    mockServer();
    const { user, router } = renderSettings('/settings/privacy');
    const nav = await screen.findByRole('navigation', { name: 'Settings pages' });
    expect(screen.queryByLabelText('Settings page')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Account details' }));

    expect(await screen.findByRole('form', { name: 'Billing details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/account_details');
    expect(within(nav).getByRole('link', { name: 'Account details' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks before leaving a form with unsaved changes, and keeps them when the user stays', async () => {
    mockServer();
    const { user, router } = renderSettings('/settings/my_account');
    const form = await screen.findByRole('form', { name: 'Personal details' });
    await user.type(within(form).getByLabelText('Phone'), '9');

    await user.selectOptions(screen.getByLabelText('Settings page'), 'security');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings/my_account');
    expect(within(form).getByLabelText('Phone')).toHaveValue('+44 20 7946 00009');
    expect(screen.getByLabelText('Settings page')).toHaveValue('my_account');

    await router.navigate('/');
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('lets the user leave without asking once changes are saved or discarded', async () => {
    mockServer();
    const { user, router } = renderSettings('/settings/my_account');
    const form = await screen.findByRole('form', { name: 'Personal details' });
    await user.type(within(form).getByLabelText('Phone'), '9');
    await user.click(within(form).getByRole('button', { name: 'Discard changes' }));

    await user.selectOptions(screen.getByLabelText('Settings page'), 'privacy');

    expect(await screen.findByRole('form', { name: 'Support access' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/privacy');
  });

  it('makes the browser ask before closing the tab while changes are unsaved', async () => {
    mockServer();
    const { user } = renderSettings('/settings/account_details');
    const form = await screen.findByRole('form', { name: 'Billing details' });
    expect(beforeUnloadPrevented()).toBe(false);

    await user.type(within(form).getByLabelText('City'), 'X');
    expect(beforeUnloadPrevented()).toBe(true);

    await user.click(within(form).getByRole('button', { name: 'Discard changes' }));
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('counts a picked but unsent image as an unsaved change', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
    );
    mockServer();
    const { user, router } = renderSettings('/settings/public_profile');
    await user.upload(await screen.findByLabelText('Avatar file'), new File(['x'], 'me.png', { type: 'image/png' }));

    await router.navigate('/settings/security');

    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/public_profile');
  });
});
