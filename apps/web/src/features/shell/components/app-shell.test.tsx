import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';

describe('app shell', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('switches the theme from the top bar, keeps it locally and saves it on the account', async () => {
    const net = mockFetch({ 'PUT /customer/theme': { body: { theme: 'light' } } });
    const { store } = renderApp('/', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to light theme' }));
    expect(store.getState().theme.mode).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    await waitFor(() => expect(net.callsTo('PUT', '/customer/theme')[0]?.body).toEqual({ theme: 'light' }));
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('shows whether the theme follows the system, and turns it on and off from the account menu', async () => {
    mockFetch({ 'PUT /customer/theme': { body: {} } });
    const { store } = renderApp('/', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: /account menu/ }));
    const sync = screen.getByRole('menuitemcheckbox', { name: /sync with system/ });
    expect(sync).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(sync);
    expect(store.getState().theme.mode).toBe('sync');

    await userEvent.click(screen.getByRole('button', { name: /account menu/ }));
    const again = screen.getByRole('menuitemcheckbox', { name: /sync with system/ });
    expect(again).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(again);
    expect(store.getState().theme.mode).not.toBe('sync');
  });

  it("opens the keyboard shortcuts with '?' and lists only shortcuts that work", async () => {
    mockFetch({});
    renderApp('/', signedInState());
    await screen.findByRole('button', { name: /account menu/ });
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Go to settings')).toBeInTheDocument();
    expect(within(dialog).getByText('Toggle dark and light theme')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
  });

  it('shows the notifications bell with the unread count in the top bar', async () => {
    mockFetch({
      'GET /notifications': { body: { notifications: [], total: 4, unreadCount: 4, page: 1, limit: 20 } },
    });
    renderApp('/', signedInState());
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  });
});
