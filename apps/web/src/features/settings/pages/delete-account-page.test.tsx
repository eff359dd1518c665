import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderSettings, validationFailed } from '../test/settings-test-utils';

afterEach(() => vi.unstubAllGlobals());

async function openDialog() {
  const view = renderSettings('/settings/delete_account');
  await view.user.click(await screen.findByRole('button', { name: /Delete account/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { ...view, dialog };
}

describe('delete account', { timeout: 20_000 }, () => {
  it('explains what is removed', async () => {
    mockServer();
    renderSettings('/settings/delete_account');
    const section = await screen.findByRole('region', { name: 'What deleting removes' });
    expect(section).toHaveTextContent('ada@example.com');
    expect(section).toHaveTextContent('every session');
    expect(section).toHaveTextContent('This cannot be undone');
  });

  it('requires the password before asking the server', async () => {
    const server = mockServer();
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText('Password is required.')).toBeInTheDocument();
    expect(server.callsTo('DELETE /customer/delete')).toHaveLength(0);
  });

  it('shows a wrong password on the field and keeps the account', async () => {
    mockServer({
      'DELETE /customer/delete': validationFailed(
        'password',
        'The password is incorrect.',
        'SETTINGS_PASSWORD_INCORRECT',
      ),
    });
    const { user, dialog, store } = await openDialog();

    await user.type(within(dialog).getByLabelText(/Password/), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Password/)).toHaveAccessibleDescription('The password is incorrect.'),
    );
    expect(store.getState().auth.status).toBe('signedIn');
  });

  it('deletes with the password, clears the session and returns to sign-in', async () => {
    const server = mockServer({ 'DELETE /customer/delete': { body: { ok: true } } });
    // biome-ignore lint/suspicious/noDocumentCookie: sets the marker cookie as the server's answer would
    document.cookie = 'signed_in=1; path=/';
    const { user, dialog, store, router } = await openDialog();

    await user.type(within(dialog).getByLabelText(/Password/), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(server.callsTo('DELETE /customer/delete').map((c) => c.body)).toEqual([{ password: 'secret-1' }]);
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', user: null });
    expect(store.getState().api.queries).toEqual({});
    expect(document.cookie).not.toContain('signed_in=1');
  });

  it('asks for the word DELETE when the account has no password (Google sign-in)', async () => {
    const server = mockServer({
      'DELETE /customer/delete': validationFailed(
        'confirm',
        'This account has no password: type the word DELETE to confirm.',
        'SETTINGS_CONFIRM_REQUIRED',
      ),
    });
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText(/Password/), 'anything');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const confirm = await screen.findByLabelText(/Type DELETE to confirm/);

    server.on('DELETE /customer/delete', { body: { ok: true } });
    await user.type(confirm, 'delete');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Type the word DELETE to confirm.')).toBeInTheDocument();

    await user.clear(confirm);
    await user.type(confirm, 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(server.callsTo('DELETE /customer/delete').at(-1)?.body).toEqual({ confirm: 'DELETE' });
  });
});
