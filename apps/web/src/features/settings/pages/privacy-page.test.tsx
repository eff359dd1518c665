import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConfiguration, mockServer, renderSettings, validationFailed } from '../test/settings-test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('privacy', { timeout: 20_000 }, () => {
  it('shows support access as a switch, and leaves two-factor to the security page', async () => {
    mockServer({
      'GET /customer/configuration': { body: makeConfiguration({ privacy: { support: true, twofa: true } }) },
    });
    renderSettings('/settings/privacy');
    const form = await screen.findByRole('form', { name: 'Support access' });

    expect(within(form).getByRole('switch', { name: 'Allow support to access my account' })).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Two-factor authentication' })).not.toBeInTheDocument();
  });

  it('sends only support, never twofa', async () => {
    const server = mockServer({
      'PUT /customer/settings/privacy': { body: makeConfiguration({ privacy: { support: true } }) },
    });
    const { user } = renderSettings('/settings/privacy');
    const form = await screen.findByRole('form', { name: 'Support access' });

    await user.click(within(form).getByRole('switch', { name: 'Allow support to access my account' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Your privacy settings were saved.');
    expect(server.callsTo('PUT /customer/settings/privacy').map((c) => c.body)).toEqual([{ support: true }]);
  });

  it('puts the server’s error for support on the switch', async () => {
    mockServer({
      'PUT /customer/settings/privacy': validationFailed('support', 'support must be true or false.'),
    });
    const { user } = renderSettings('/settings/privacy');
    const form = await screen.findByRole('form', { name: 'Support access' });

    await user.click(within(form).getByRole('switch', { name: 'Allow support to access my account' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByText('support must be true or false.')).toBeInTheDocument();
  });
});
