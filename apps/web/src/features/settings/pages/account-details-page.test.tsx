import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConfiguration, mockServer, renderSettings, validationFailed } from '../test/settings-test-utils';

afterEach(() => vi.unstubAllGlobals());

async function openBilling() {
  const view = renderSettings('/settings/account_details');
  const form = await screen.findByRole('form', { name: 'Billing details' });
  return { ...view, form };
}

describe('account_details', { timeout: 20_000 }, () => {
  it('shows the saved billing details', async () => {
    mockServer();
    const { form } = await openBilling();

    expect(within(form).getByLabelText('Company')).toHaveValue('Engines Ltd');
    expect(within(form).getByLabelText('Chamber of Commerce number')).toHaveValue('12345678');
    expect(within(form).getByLabelText('VAT number')).toHaveValue('GB123456789');
    expect(within(form).getByLabelText('Country')).toHaveValue('United Kingdom (GB)');
    expect(within(form).getByLabelText('Address')).toHaveValue('1 Byron Street');
    expect(within(form).getByLabelText('City')).toHaveValue('London');
    expect(within(form).getByLabelText('State or province')).toHaveValue('');
    expect(within(form).getByLabelText('ZIP or postal code')).toHaveValue('W1 1AA');
  });

  it('sends the changed fields with the country as its ISO code', async () => {
    const server = mockServer({
      'PUT /customer/settings/billing': { body: makeConfiguration({ billing: { country: 'NL', city: 'Utrecht' } }) },
    });
    const { user, form } = await openBilling();

    const country = within(form).getByLabelText('Country');
    await user.clear(country);
    await user.type(country, 'Netherl');
    await user.click(await screen.findByRole('option', { name: 'Netherlands (NL)' }));
    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Utrecht');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Your billing details were saved.');
    expect(server.callsTo('PUT /customer/settings/billing').map((c) => c.body)).toEqual([
      { country: 'NL', city: 'Utrecht' },
    ]);
  });

  it('shows validation errors and sends nothing', async () => {
    const server = mockServer();
    const { user, form } = await openBilling();

    await user.type(within(form).getByLabelText('ZIP or postal code'), ' 12345678901234567890');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByText('ZIP or postal code must be at most 20 characters.')).toBeInTheDocument();
    expect(server.callsTo('PUT /customer/settings/billing')).toHaveLength(0);
  });

  it('puts the server’s field error on its field', async () => {
    mockServer({ 'PUT /customer/settings/billing': validationFailed('vat', 'VAT number is not a valid VAT number.') });
    const { user, form } = await openBilling();

    await user.type(within(form).getByLabelText('VAT number'), 'X');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(within(form).getByLabelText('VAT number')).toHaveAccessibleDescription(
        'VAT number is not a valid VAT number.',
      ),
    );
  });
});
