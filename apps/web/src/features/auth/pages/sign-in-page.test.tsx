import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch, signedInBody } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

const options = (google: boolean, mailbox = false) => ({ body: { google, mailbox } });

async function fillCredentials(email = 'ada@example.com', password = 'secret123') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs in with email and password and goes home', async () => {
    const net = mockFetch({
      'GET /customer/login/options': options(false),
      'POST /customer/login': { body: signedInBody() },
      'GET /customer/configuration': { status: 404, body: {} },
    });
    const { store, history } = renderApp('/sign-in');
    await fillCredentials();
    await waitFor(() => expect(store.getState().auth.status).toBe('signedIn'));
    expect(net.callsTo('POST', '/customer/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret123',
    });
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
  });

  it('shows validation errors on the fields without calling the server', async () => {
    const net = mockFetch({ 'GET /customer/login/options': options(false) });
    renderApp('/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-address');
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/customer/login')).toHaveLength(0);
  });

  it("shows the server's message for wrong credentials", async () => {
    mockFetch({
      'GET /customer/login/options': options(false),
      'POST /customer/login': errorBody(401, 'AUTH_BAD_CREDENTIALS', 'The email or password is incorrect.'),
    });
    const { store } = renderApp('/sign-in');
    await fillCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(store.getState().auth.status).not.toBe('signedIn');
  });

  it('clears the stale message when the user edits, and a new failure replaces it', async () => {
    mockFetch({
      'GET /customer/login/options': options(false),
      'POST /customer/login': errorBody(401, 'AUTH_BAD_CREDENTIALS', 'The email or password is incorrect.'),
    });
    renderApp('/sign-in');
    await fillCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    await userEvent.type(screen.getByLabelText(/^Password/), '4');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
  });

  it('offers to resend the activation mail for a pending account', async () => {
    mockFetch({
      'GET /customer/login/options': options(false),
      'POST /customer/login': errorBody(
        403,
        'AUTH_NOT_ACTIVATED',
        'Confirm your email address with the link we sent before signing in.',
      ),
    });
    renderApp('/sign-in');
    await fillCredentials();
    expect(await screen.findByRole('link', { name: 'Resend the activation email' })).toHaveAttribute(
      'href',
      '/resend-activation',
    );
  });

  it('asks for the second factor when login answers two_factor_required, then signs in', async () => {
    const net = mockFetch({
      'GET /customer/login/options': options(false),
      'POST /customer/login': {
        body: { status: 'two_factor_required', challengeToken: 'chal-1', expiresAt: '2999-01-01T00:00:00Z' },
      },
      'POST /customer/login/2fa': (req) =>
        (req.body as { code: string }).code === '123456'
          ? { body: signedInBody() }
          : errorBody(
              400,
              'AUTH_2FA_CODE_INVALID',
              'The authentication code is wrong or was already used (4 attempts left).',
              {
                fields: [
                  { field: 'code', message: 'The authentication code is wrong or was already used (4 attempts left).' },
                ],
              },
            ),
    });
    const { store } = renderApp('/sign-in');
    await fillCredentials();
    const code = await screen.findByLabelText(/^Authentication code/);
    expect(store.getState().auth.status).not.toBe('signedIn');

    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('The authentication code is wrong or was already used (4 attempts left).'),
    ).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.getState().auth.status).toBe('signedIn'));
    expect(net.callsTo('POST', '/customer/login/2fa').at(-1)?.body).toEqual({
      challenge_token: 'chal-1',
      code: '123456',
    });
  });

  it('asks for the code after a Google sign-in of a two-factor account, then goes where it was headed', async () => {
    const net = mockFetch({
      'GET /customer/login/options': options(true),
      'POST /customer/login/2fa': { body: signedInBody() },
      'GET /customer/configuration': { status: 404, body: {} },
    });
    const { store, history } = renderApp('/sign-in#challenge=chal-g&redirect=%2Fsettings%2Fsecurity');
    const code = await screen.findByLabelText(/^Authentication code/);
    // the challenge leaves the address bar at once
    await waitFor(() => expect(history.location.hash).toBe(''));
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.getState().auth.status).toBe('signedIn'));
    expect(net.callsTo('POST', '/customer/login/2fa')[0]?.body).toEqual({ challenge_token: 'chal-g', code: '654321' });
    await waitFor(() => expect(history.location.pathname).toBe('/settings/security'));
  });

  it('explains a failed Google sign-in and sends the next page along to Google', async () => {
    mockFetch({ 'GET /customer/login/options': options(true) });
    renderApp('/sign-in?error=AUTH_GOOGLE_DENIED&next=%2Fsettings');
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeInTheDocument();
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toMatch(/\/api\/customer\/login\/google\?redirect=%2Fsettings$/);
  });

  it("shows 'Continue with Google' only when the server has Google configured", async () => {
    mockFetch({ 'GET /customer/login/options': options(true) });
    const first = renderApp('/sign-in');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toMatch(/\/api\/customer\/login\/google$/);
    first.unmount();

    mockFetch({ 'GET /customer/login/options': options(false) });
    renderApp('/sign-in');
    await screen.findByRole('button', { name: 'Sign in' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  it('links to the dev mailbox only when the server keeps mail', async () => {
    mockFetch({ 'GET /customer/login/options': options(false, true) });
    renderApp('/sign-in');
    expect(await screen.findByRole('link', { name: 'Open the dev mailbox' })).toHaveAttribute('href', '/dev/mailbox');
  });
});
