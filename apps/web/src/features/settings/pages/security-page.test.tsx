import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConfiguration, mockServer, renderSettings, sessions, validationFailed } from '../test/settings-test-utils';

afterEach(() => vi.unstubAllGlobals());

const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const setup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/TradeDesk:ada@example.com?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};

async function openSecurity() {
  const view = renderSettings('/settings/security');
  const form = await screen.findByRole('form', { name: 'Change password' });
  return { ...view, form };
}

describe('security: password', { timeout: 20_000 }, () => {
  it('checks the new password locally and sends current and new password only', async () => {
    const server = mockServer({ 'PUT /customer/settings/security': { body: { ok: true } } });
    const { user, form } = await openSecurity();

    expect(within(form).getByRole('button', { name: 'Change password' })).toBeDisabled();
    await user.type(within(form).getByLabelText(/Current password/), 'old-secret-1');
    await user.type(within(form).getByLabelText(/^New password/), 'short');
    await user.type(within(form).getByLabelText(/Confirm new password/), 'other');
    expect(within(form).getByRole('progressbar', { name: 'Password strength' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('New password must be at least 8 characters.')).toBeInTheDocument();
    expect(within(form).getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(server.callsTo('PUT /customer/settings/security')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^New password/));
    await user.type(within(form).getByLabelText(/^New password/), 'new-secret-22');
    await user.clear(within(form).getByLabelText(/Confirm new password/));
    await user.type(within(form).getByLabelText(/Confirm new password/), 'new-secret-22');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    await screen.findByText('Your password was changed. Your other sessions were signed out.');
    expect(server.callsTo('PUT /customer/settings/security').map((c) => c.body)).toEqual([
      { current_password: 'old-secret-1', new_password: 'new-secret-22' },
    ]);
    expect(within(form).getByLabelText(/Current password/)).toHaveValue('');
  });

  it('puts a wrong current password on its field', async () => {
    mockServer({
      'PUT /customer/settings/security': validationFailed(
        'current_password',
        'The current password is incorrect.',
        'AUTH_PASSWORD_INVALID',
      ),
    });
    const { user, form } = await openSecurity();

    await user.type(within(form).getByLabelText(/Current password/), 'wrong-1');
    await user.type(within(form).getByLabelText(/^New password/), 'new-secret-22');
    await user.type(within(form).getByLabelText(/Confirm new password/), 'new-secret-22');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(within(form).getByLabelText(/Current password/)).toHaveAccessibleDescription(
        'The current password is incorrect.',
      ),
    );
  });
});

describe('security: two-factor', { timeout: 20_000 }, () => {
  it('enrols: QR code and secret, a wrong code on the field, then the recovery codes once', async () => {
    const server = mockServer({
      'POST /customer/2fa/setup': { body: setup },
      'POST /customer/2fa/confirm': validationFailed(
        'code',
        'The authentication code does not match your authenticator app.',
        'AUTH_2FA_CODE_INVALID',
      ),
    });
    const { user, store } = await openSecurity();
    const section = screen.getByRole('region', { name: 'Two-factor authentication' });
    expect(within(section).getByText('Off')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn on two-factor authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' });
    expect(within(dialog).getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      setup.qrCode,
    );
    expect(within(dialog).getByText(setup.secret)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Authentication code/), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(dialog).findByText('Authentication code must be the 6-digit code of your authenticator app.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /customer/2fa/confirm')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Authentication code/), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Authentication code/)).toHaveAccessibleDescription(
        'The authentication code does not match your authenticator app.',
      ),
    );

    server.on('POST /customer/2fa/confirm', { body: { recoveryCodes } });
    server.on('GET /customer/configuration', { body: makeConfiguration({ privacy: { twofa: true } }) });
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const codesDialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(codesDialog).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(recoveryCodes);
    expect(server.callsTo('POST /customer/2fa/confirm').map((c) => c.body)).toEqual([
      { code: '123459' },
      { code: '123459' },
    ]);
    expect(store.getState().auth.user?.twoFactorEnabled).toBe(true);

    await user.click(within(codesDialog).getByRole('button', { name: 'Copy codes' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(recoveryCodes.join('\n'));

    await user.click(within(codesDialog).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(screen.queryByText(recoveryCodes[0] ?? '')).not.toBeInTheDocument();
  });

  it('turns off with the password and a code, errors on their fields', async () => {
    const server = mockServer({
      'GET /customer/configuration': { body: makeConfiguration({ privacy: { twofa: true } }) },
      'POST /customer/2fa/disable': validationFailed('password', 'The password is incorrect.', 'AUTH_PASSWORD_INVALID'),
    });
    const { user } = await openSecurity();
    const section = screen.getByRole('region', { name: 'Two-factor authentication' });

    await user.click(within(section).getByRole('button', { name: 'Turn off two-factor authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'bad');
    await user.type(within(dialog).getByLabelText(/Authentication or recovery code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Password/)).toHaveAccessibleDescription('The password is incorrect.'),
    );

    server.on('POST /customer/2fa/disable', { body: { ok: true } });
    server.on('GET /customer/configuration', { body: makeConfiguration({ privacy: { twofa: false } }) });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await screen.findByText('Two-factor authentication is off.');
    expect(server.callsTo('POST /customer/2fa/disable').at(-1)?.body).toEqual({ password: 'bad', code: '123456' });
    expect(await within(section).findByText('Off')).toBeInTheDocument();
  });

  it('makes new recovery codes after the password', async () => {
    const server = mockServer({
      'GET /customer/configuration': { body: makeConfiguration({ privacy: { twofa: true } }) },
      'POST /customer/2fa/recovery-codes': { body: { recoveryCodes } },
    });
    const { user } = await openSecurity();

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByText('Password is required.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Password/), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(server.callsTo('POST /customer/2fa/recovery-codes').map((c) => c.body)).toEqual([{ password: 'secret-1' }]);
  });
});

describe('security: sessions', { timeout: 20_000 }, () => {
  it('lists the sessions with this device marked', async () => {
    mockServer();
    await openSecurity();

    const list = await screen.findByRole('list', { name: 'Sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Firefox on Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('IP 192.0.2.10');
    expect(items[1]).toHaveTextContent('Safari on iPhone');
    expect(items[1]).not.toHaveTextContent('This device');
  });

  it('signs out another session after confirmation and keeps this tab signed in', async () => {
    const other = sessions[1];
    const server = mockServer({ 'DELETE /customer/sessions': { body: { revoked: 1, signedOut: false } } });
    const { user, store } = await openSecurity();

    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE /customer/sessions')).toHaveLength(0);

    server.on('GET /customer/sessions', { body: { sessions: sessions.slice(0, 1) } });
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out this session?' })).getByRole('button', {
        name: 'Sign out session',
      }),
    );

    await screen.findByText('The session was signed out.');
    expect(server.callsTo('DELETE /customer/sessions').map((c) => c.query.get('id'))).toEqual([other?.id]);
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(store.getState().auth.status).toBe('signedIn');
  });

  it('signs out everywhere after confirmation and returns to sign-in', async () => {
    const server = mockServer({ 'DELETE /customer/sessions': { body: { revoked: 2, signedOut: true } } });
    const { user, store, router } = await openSecurity();

    await user.click(await screen.findByRole('button', { name: 'Sign out of all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', user: null });
    const [call] = server.callsTo('DELETE /customer/sessions');
    expect(call?.query.has('id')).toBe(false);
    expect(call?.body).toBeUndefined();
  });
});
