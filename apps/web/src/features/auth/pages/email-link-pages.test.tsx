import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch, user } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

const accepted = { body: { ok: true, message: 'If the address has an account, a link is on its way.' } };

describe('forgot password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server to mail a reset link and shows its answer', async () => {
    const net = mockFetch({ 'POST /customer/forgot': accepted });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a link is on its way');
    expect(net.callsTo('POST', '/customer/forgot')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('shows a rate-limit answer on the form', async () => {
    mockFetch({ 'POST /customer/forgot': errorBody(429, 'RATE_LIMITED', 'Too many attempts. Try again in 1 minute.') });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 1 minute.');
  });
});

describe('resend activation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server to mail a new activation link', async () => {
    const net = mockFetch({ 'POST /customer/resend': accepted });
    renderApp('/resend-activation');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send activation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a link is on its way');
    expect(net.callsTo('POST', '/customer/resend')).toHaveLength(1);
  });
});

describe('reset password', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function choose(password: string, confirm = password) {
    await userEvent.type(await screen.findByLabelText(/^New password/), password);
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('sends the token from the link with the new password', async () => {
    const net = mockFetch({ 'POST /customer/reset': { body: { ok: true, message: 'Password changed' } } });
    renderApp('/reset-password?token=tok-123');
    await choose('engine42new');
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/customer/reset')[0]?.body).toEqual({ token: 'tok-123', password: 'engine42new' });
  });

  it('requires the confirmation to match', async () => {
    const net = mockFetch({});
    renderApp('/reset-password?token=tok-123');
    await choose('engine42new', 'engine42neW');
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/customer/reset')).toHaveLength(0);
  });

  it('says a used link is dead and offers a new one instead of the form', async () => {
    mockFetch({ 'POST /customer/reset': errorBody(400, 'AUTH_LINK_USED', 'This link was already used.') });
    renderApp('/reset-password?token=tok-123');
    await choose('engine42new');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link was already used.');
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
  });

  it('keeps the form for a password the server refuses', async () => {
    mockFetch({
      'POST /customer/reset': errorBody(400, 'VALIDATION_FAILED', 'Password is too common.', {
        fields: [{ field: 'password', message: 'Password is too common.' }],
      }),
    });
    renderApp('/reset-password?token=tok-123');
    await choose('engine42new');
    expect(await screen.findByText('Password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
  });

  it('explains a link without token', async () => {
    mockFetch({});
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is incomplete');
  });
});

describe('activation landing page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('activates with the token of the link, once', async () => {
    const net = mockFetch({ 'POST /customer/activate': { body: { user } } });
    renderApp('/activate?token=act-1');
    expect(await screen.findByText(/Your account is active/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(net.callsTo('POST', '/customer/activate')).toEqual([expect.objectContaining({ body: { token: 'act-1' } })]);
  });

  it('says a link of an active account is spent on nothing and offers sign-in, not a new link', async () => {
    mockFetch({
      'POST /customer/activate': errorBody(
        409,
        'AUTH_ALREADY_ACTIVE',
        'This account is already active. Sign in with your email and password.',
      ),
    });
    renderApp('/activate?token=used');
    expect(await screen.findByRole('heading', { name: 'Account already active' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This account is already active.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByRole('link', { name: 'Send a new activation link' })).not.toBeInTheDocument();
  });

  it('shows why an expired link failed and offers a new one', async () => {
    mockFetch({
      'POST /customer/activate': errorBody(400, 'AUTH_LINK_EXPIRED', 'This link has expired. Ask for a new one.'),
    });
    renderApp('/activate?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This link has expired\. Ask for a new one\.$/);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Send a new activation link' })).toHaveAttribute(
        'href',
        '/resend-activation',
      ),
    );
  });
});
