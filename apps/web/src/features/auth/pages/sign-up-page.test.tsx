import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch, user } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

async function fill(values: Partial<Record<'first' | 'last' | 'username' | 'email' | 'password', string>> = {}) {
  await userEvent.type(await screen.findByLabelText(/^First name/), values.first ?? 'Ada');
  await userEvent.type(screen.getByLabelText(/^Last name/), values.last ?? 'Lovelace');
  await userEvent.type(screen.getByLabelText(/^Username/), values.username ?? 'ada');
  await userEvent.type(screen.getByLabelText(/^Email/), values.email ?? 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), values.password ?? 'engine42');
}

describe('sign-up page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates the account with the snake_case body and says to check the mail', async () => {
    const net = mockFetch({
      'GET /profile/username/ada': { body: { username: 'ada', available: true } },
      'POST /customer': { status: 201, body: { user: { ...user, status: 'pending' } } },
    });
    renderApp('/sign-up');
    await fill();
    expect(await screen.findByText('This username is available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(net.callsTo('POST', '/customer')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'engine42',
    });
  });

  it('checks username availability once typing pauses and marks a taken name', async () => {
    const net = mockFetch({
      'GET /profile/username/taken_name': { body: { username: 'taken_name', available: false } },
    });
    renderApp('/sign-up');
    await userEvent.type(await screen.findByLabelText(/^Username/), 'taken_name');
    expect(await screen.findByText('This username is taken')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    // debounced: one request for the whole word, not one per keystroke
    expect(net.calls.filter((c) => c.path.startsWith('/profile/username/'))).toHaveLength(1);
  });

  it('shows the password strength while typing', async () => {
    mockFetch({});
    renderApp('/sign-up');
    const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
    await userEvent.type(password, 'abc');
    expect(screen.getByText('Password strength: Too short')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'Tr0ub4dor&Horse!');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '100');
  });

  it("puts the server's field errors on the fields", async () => {
    mockFetch({
      'GET /profile/username/ada': { body: { username: 'ada', available: true } },
      'POST /customer': errorBody(409, 'USER_EMAIL_TAKEN', 'email: an account with this e-mail already exists'),
    });
    renderApp('/sign-up');
    await fill();
    await screen.findByText('This username is available');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('an account with this e-mail already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('maps a 400 VALIDATION_FAILED with several fields onto each field', async () => {
    mockFetch({
      'GET /profile/username/ada': { body: { username: 'ada', available: true } },
      'POST /customer': errorBody(400, 'VALIDATION_FAILED', 'password: must contain a digit', {
        fields: [
          { field: 'password', message: 'must contain a digit' },
          { field: 'last_name', message: 'is required' },
        ],
      }),
    });
    renderApp('/sign-up');
    await fill();
    await screen.findByText('This username is available');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('must contain a digit')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Last name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('validates with the contract schema before sending', async () => {
    const net = mockFetch({});
    renderApp('/sign-up');
    await fill({ password: 'short' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('must be at least 8 characters')).toBeInTheDocument();
    expect(net.callsTo('POST', '/customer')).toHaveLength(0);
  });
});
