import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

async function fill(values: Partial<Record<'first' | 'last' | 'username' | 'email' | 'password', string>> = {}) {
  await userEvent.type(await screen.findByLabelText(/^First name/), values.first ?? 'Ada');
  await userEvent.type(screen.getByLabelText(/^Last name/), values.last ?? 'Lovelace');
  await userEvent.type(screen.getByLabelText(/^Username/), values.username ?? 'ada');
  await userEvent.type(screen.getByLabelText(/^Email/), values.email ?? 'ada@example.com');
  await userEvent.type(
    screen.getByLabelText(/^Password/, { selector: 'input' }),
    values.password ?? 'Analytical-Engine-42',
  );
}

describe('sign-up page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the snake_case body and says to check the mail (the answer never says whether the address was new)', async () => {
    const net = mockFetch({
      'GET /profile/username/ada': { body: { username: 'ada', available: true } },
      'POST /customer': {
        status: 202,
        body: { ok: true, message: 'Check your inbox at ada@example.com: we sent a mail with the next step.' },
      },
    });
    renderApp('/sign-up');
    await fill();
    expect(await screen.findByText('This username is available.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(net.callsTo('POST', '/customer')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'Analytical-Engine-42',
    });
  });

  it('checks username availability once typing pauses and marks a taken name', async () => {
    const net = mockFetch({
      'GET /profile/username/taken_name': { body: { username: 'taken_name', available: false } },
    });
    renderApp('/sign-up');
    await userEvent.type(await screen.findByLabelText(/^Username/), 'taken_name');
    expect(await screen.findByText('This username is taken.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    // debounced: one request for the whole word, not one per keystroke
    expect(net.calls.filter((c) => c.path.startsWith('/profile/username/'))).toHaveLength(1);
  });

  it("shows the password strength by the server's rule while typing", async () => {
    mockFetch({});
    renderApp('/sign-up');
    const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
    await userEvent.type(password, 'abc');
    expect(screen.getByText('Password strength: Too short')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'password1');
    expect(
      await screen.findByText(
        'Password strength: Too easy to guess — The password is too common or too easy to guess. Choose a less common password.',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'Tr0ub4dor&Horse!');
    expect(await screen.findByText('Password strength: Strong')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '100');
  });

  it('refuses a common password, or one holding the username, before sending', async () => {
    const net = mockFetch({
      'GET /profile/username/ada_lovelace': { body: { username: 'ada_lovelace', available: true } },
    });
    renderApp('/sign-up');
    await fill({ username: 'ada_lovelace', password: 'qwertyuiop' });
    await screen.findByText('This username is available.');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const field = screen.getByLabelText(/^Password/, { selector: 'input' });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getAllByText('The password is too common or too easy to guess. Choose a less common password.').length,
    ).toBeGreaterThan(0);
    await userEvent.clear(field);
    await userEvent.type(field, 'my-ada_lovelace-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      (await screen.findAllByText('The password must not contain your email address or username.')).length,
    ).toBeGreaterThan(0);
    expect(net.callsTo('POST', '/customer')).toHaveLength(0);
  });

  it("puts the server's field errors on the fields", async () => {
    mockFetch({
      'GET /profile/username/ada': { body: { username: 'ada', available: true } },
      'POST /customer': errorBody(409, 'USER_USERNAME_TAKEN', 'This username is taken.', {
        fields: [{ field: 'username', message: 'This username is taken.' }],
      }),
    });
    renderApp('/sign-up');
    await fill();
    await screen.findByText('This username is available.');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This username is taken.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('maps a 400 VALIDATION_FAILED with several fields onto each field', async () => {
    mockFetch({
      'GET /profile/username/ada': { body: { username: 'ada', available: true } },
      'POST /customer': errorBody(400, 'VALIDATION_FAILED', 'Password must be at most 128 characters.', {
        fields: [
          { field: 'password', message: 'Password must be at most 128 characters.' },
          { field: 'last_name', message: 'Last name is required.' },
        ],
      }),
    });
    renderApp('/sign-up');
    await fill();
    await screen.findByText('This username is available.');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Password must be at most 128 characters.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Last name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('validates with the contract schema before sending', async () => {
    const net = mockFetch({});
    renderApp('/sign-up');
    await fill({ password: 'short', email: 'ada.example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/customer')).toHaveLength(0);
  });
});
