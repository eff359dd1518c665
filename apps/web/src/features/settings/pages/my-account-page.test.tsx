import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorReply,
  makeConfiguration,
  mockServer,
  renderSettings,
  validationFailed,
} from '../test/settings-test-utils';

afterEach(() => vi.unstubAllGlobals());

async function openForm() {
  const view = renderSettings('/settings/my_account');
  const form = await screen.findByRole('form', { name: 'Personal details' });
  return { ...view, form };
}

describe('my_account', { timeout: 20_000 }, () => {
  it('shows a loading state, then the saved values with the email read-only', async () => {
    mockServer();
    renderSettings('/settings/my_account');
    expect(screen.getByRole('status', { name: 'Loading settings' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Personal details' });

    expect(within(form).getByLabelText(/First name/)).toHaveValue('Ada');
    expect(within(form).getByLabelText(/Last name/)).toHaveValue('Lovelace');
    expect(within(form).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Phone')).toHaveValue('+44 20 7946 0000');
    await waitFor(() => expect(within(form).getByLabelText('Time zone')).toHaveValue('(GMT+00:00) London'));
    expect(within(form).getByRole('radio', { name: /24-hour/ })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it('sends only the changed fields, in snake_case, and confirms with a toast', async () => {
    const server = mockServer({
      'PUT /customer/settings/general': {
        body: makeConfiguration({ general: { firstName: 'Augusta', timeFormat: '12h', timeZone: 'Asia/Tokyo' } }),
      },
    });
    const { user, form, store } = await openForm();

    const firstName = within(form).getByLabelText(/First name/);
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(within(form).getByRole('radio', { name: /12-hour/ }));
    const zone = within(form).getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: '(GMT+09:00) Tokyo' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Your account settings were saved.');
    expect(server.callsTo('PUT /customer/settings/general').map((c) => c.body)).toEqual([
      { first_name: 'Augusta', time_format: '12h', time_zone: 'Asia/Tokyo' },
    ]);
    // Saved values are the new baseline, and the account menu's name follows.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled());
    expect(store.getState().auth.user?.firstName).toBe('Augusta');
  });

  it('shows validation errors on the fields and sends nothing', async () => {
    const server = mockServer();
    const { user, form } = await openForm();

    await user.clear(within(form).getByLabelText(/First name/));
    await user.type(within(form).getByLabelText('Phone'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByText('First name is required.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText(/^Phone must be a phone number/)).toBeInTheDocument();
    expect(server.callsTo('PUT /customer/settings/general')).toHaveLength(0);
  });

  it('puts the server’s field error on its field', async () => {
    mockServer({
      'PUT /customer/settings/general': validationFailed('last_name', 'Last name must be at most 60 characters.'),
    });
    const { user, form } = await openForm();

    await user.type(within(form).getByLabelText(/Last name/), '-Byron');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const lastName = within(form).getByLabelText(/Last name/);
    await waitFor(() => expect(lastName).toHaveAttribute('aria-invalid', 'true'));
    expect(lastName).toHaveAccessibleDescription('Last name must be at most 60 characters.');
    // The edit is kept so it can be corrected.
    expect(lastName).toHaveValue('Lovelace-Byron');
  });

  it('replaces the toast of an earlier save when a later save fails', async () => {
    const server = mockServer({ 'PUT /customer/settings/general': { body: makeConfiguration() } });
    const { user, form } = await openForm();

    await user.type(within(form).getByLabelText('Phone'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your account settings were saved.');

    server.on('PUT /customer/settings/general', validationFailed('phone', 'Phone must be at most 32 characters.'));
    await user.type(within(form).getByLabelText('Phone'), '2');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const failed = await screen.findByRole('alert', { name: 'Your changes were not saved' });
    expect(failed).toHaveTextContent('Correct the marked fields and save again.');
    expect(screen.queryByText('Your account settings were saved.')).not.toBeInTheDocument();
  });

  it('clears a failure no field owns as soon as the user edits the form', async () => {
    mockServer({
      'PUT /customer/settings/general': errorReply(409, 'SETTINGS_CONFLICT', 'The settings changed meanwhile.'),
    });
    const { user, form } = await openForm();

    await user.type(within(form).getByLabelText('Phone'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The settings changed meanwhile.');
    await user.type(within(form).getByLabelText('Phone'), '2');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('discards changes back to the saved values', async () => {
    mockServer();
    const { user, form } = await openForm();

    await user.type(within(form).getByLabelText('Phone'), '1');
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeEnabled();
    await user.click(within(form).getByRole('button', { name: 'Discard changes' }));

    expect(within(form).getByLabelText('Phone')).toHaveValue('+44 20 7946 0000');
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    const server = mockServer({
      'GET /customer/configuration': errorReply(503, 'UNAVAILABLE', 'Database unavailable'),
    });
    const { user } = renderSettings('/settings/my_account');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your settings could not be loaded');
    server.on('GET /customer/configuration', { body: makeConfiguration() });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('form', { name: 'Personal details' })).toBeInTheDocument();
  });
});
