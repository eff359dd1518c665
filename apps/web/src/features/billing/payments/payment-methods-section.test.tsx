import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod, PaymentMethodList } from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api';
import { AppProviders } from '../../../app/providers';
import { createAppStore } from '../../../app/store';
import { type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { signedInState } from '../../../test/render-app';
import { overviewSections } from '../billing-sections';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const card = (id: string, last4: string, isDefault: boolean): PaymentMethod => ({
  id,
  brand: 'visa',
  last4,
  expMonth: 3,
  expYear: 2031,
  isDefault,
});
const list = (methods: PaymentMethod[], kind: 'test' | 'stripe' = 'test'): { body: PaymentMethodList } => ({
  body: { provider: { kind, label: kind === 'test' ? 'Test mode' : 'Stripe' }, methods },
});

/** The overview's payment methods section, as the plan-and-billing page lists it, at /settings/plan_billing. */
function renderSection() {
  const section = overviewSections.find((s) => s.id === 'payment-methods');
  if (!section) throw new Error('the payment methods section is not in billing-sections.ts');
  const store = createAppStore(signedInState());
  store.dispatch(api.util.resetApiState());
  const router = createMemoryRouter(
    [
      { path: '/settings/:page', element: <section.Component /> },
      { path: '/billing/test-mode/session/:id', element: <p>Session page</p> },
    ],
    { initialEntries: ['/settings/plan_billing?tab=overview'] },
  );
  render(
    <AppProviders store={store} withSession={false}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

describe('payment methods section', { timeout: 30_000 }, () => {
  it('lists the cards with the default marked, says test mode, and makes another the default', async () => {
    const net = mockFetch({
      'GET /customer/payment/methods': list([card('tpm_2', '0002', false), card('tpm_1', '4242', true)]),
      'PUT /customer/payment/methods/tpm_2/default': list([card('tpm_2', '0002', true), card('tpm_1', '4242', false)]),
    });
    const { user } = renderSection();
    const cards = await screen.findByRole('list', { name: 'Payment methods' });
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText(/only test cards are taken and nothing is really charged/)).toBeInTheDocument();
    const visa4242 = within(cards).getByRole('listitem', { name: 'Visa ending in 4242' });
    expect(within(visa4242).getByText('Default')).toBeInTheDocument();
    expect(within(visa4242).getByText('Expires 03/2031')).toBeInTheDocument();
    expect(within(visa4242).queryByRole('button', { name: /Make .* the default/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make Visa ending in 0002 the default' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Visa ending in 0002' })).getByText('Default'),
      ).toBeInTheDocument(),
    );
    expect(net.callsTo('PUT', '/customer/payment/methods/tpm_2/default')).toHaveLength(1);
  });

  it('removes a card only after the confirmation', async () => {
    const net = mockFetch({
      'GET /customer/payment/methods': list([card('tpm_1', '4242', true)], 'stripe'),
      'DELETE /customer/payment/methods/tpm_1': list([], 'stripe'),
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Remove Visa ending in 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(dialog).toHaveTextContent('Visa ending in 4242 will no longer be charged.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('DELETE', '/customer/payment/methods/tpm_1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('No payment method yet.')).toBeVisible();
    expect(net.callsTo('DELETE', '/customer/payment/methods/tpm_1')).toHaveLength(1);
    // Stripe's methods are real: no test-mode label
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
  });

  it('adds a card through a session that returns to this page', async () => {
    const net = mockFetch({
      'GET /customer/payment/methods': list([]),
      'GET /customer/payment/session': (req: MockRequest) => ({
        body: { id: 'sess-1', url: `/billing/test-mode/session/sess-1?r=${req.query.get('return_url')}` },
      }),
    });
    const { router, user } = renderSection();
    expect(await screen.findByText('No payment method yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    expect(await screen.findByText('Session page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/billing/test-mode/session/sess-1');
    expect(net.callsTo('GET', '/customer/payment/session').map((c) => c.query.get('return_url'))).toEqual([
      '/settings/plan_billing?tab=overview',
    ]);
  });
});
