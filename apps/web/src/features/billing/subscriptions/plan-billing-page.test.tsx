import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutQuote, Plan, Subscription } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, mockServer, renderSettings, validationFailed } from '../../settings/test/settings-test-utils';
import { navigation } from './subscriptions-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const price = (monthly: string, yearly: string) => ({ currency: 'USD' as const, monthly, yearly });
const plans: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Start',
    position: 0,
    prices: [price('0.00', '0.00')],
    trialDays: 0,
    entitlements: {},
    recommended: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'More',
    position: 1,
    prices: [price('19.00', '190.00')],
    trialDays: 0,
    entitlements: {},
    recommended: true,
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'Most',
    position: 2,
    prices: [price('49.00', '490.00')],
    trialDays: 0,
    entitlements: {},
    recommended: false,
  },
];

const proSub: Subscription = {
  id: '11111111-1111-4111-8111-111111111111',
  planId: 'pro',
  planName: 'Pro',
  interval: 'monthly',
  currency: 'USD',
  status: 'active',
  addons: [],
  price: '19.00',
  currentPeriodStart: '2026-04-01T00:00:00.000Z',
  currentPeriodEnd: '2026-05-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  endsAt: null,
  trialEnd: null,
  coupon: null,
  retryCount: 0,
  nextRetryAt: null,
  scheduledChange: null,
  createdAt: '2026-04-01T00:00:00.000Z',
  canceledAt: null,
};

function quoteFor(body: { subscription: string; coupon?: string }): CheckoutQuote {
  const discounted = body.coupon === 'WELCOME20';
  return {
    planId: body.subscription,
    currency: 'USD',
    interval: 'monthly',
    trialDays: 0,
    subtotal: '19.00',
    discount: discounted ? '3.80' : '0.00',
    tax: discounted ? '3.19' : '3.99',
    taxRatePercent: '21.00',
    total: discounted ? '18.39' : '22.99',
    coupon: discounted
      ? { code: 'WELCOME20', description: '20 % off once', duration: 'once', durationMonths: null }
      : null,
  };
}

function billingServer(subscriptions: Subscription[], extra: Parameters<typeof mockServer>[0] = {}) {
  const state = { subscriptions };
  const server = mockServer({
    'GET /plans': { body: { plans } },
    'GET /addons': { body: { addons: [] } },
    'GET /subscriptions': () => ({ body: { subscriptions: state.subscriptions, providerLabel: 'Test mode' } }),
    ...extra,
  });
  return { server, state };
}

describe('plan and billing', { timeout: 20_000 }, () => {
  it('checkout: the server’s quote with tax, a coupon checked by the server, then the payment session without a card', async () => {
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => {});
    const { server } = billingServer([], {
      'POST /subscriptions': (call) => {
        const body = call.body as { preview: boolean; subscription: string; coupon?: string };
        if (body.preview) return { body: quoteFor(body) };
        return errorReply(409, 'SUBSCRIPTION_NO_PAYMENT_METHOD', 'Add a payment method before you subscribe.');
      },
      'POST /customer/subscriptions/coupon': (call) =>
        (call.body as { coupon: string }).coupon === 'WELCOME20'
          ? {
              body: {
                coupon: { code: 'WELCOME20', description: '20 % off once', duration: 'once', durationMonths: null },
                planId: 'pro',
                interval: 'monthly',
                currency: 'USD',
                priceBefore: '19.00',
                discount: '3.80',
                priceAfter: '15.20',
              },
            }
          : validationFailed('coupon', 'Coupon OLD10 expired on 2026-03-01.', 'COUPON_EXPIRED'),
      'GET /customer/payment/session': { body: { id: 's1', url: '/billing/test-mode/session/s1' } },
    });
    const { user } = renderSettings('/settings/plan_billing');

    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Free plan')).toBeInTheDocument();
    await user.click(within(current).getByRole('button', { name: 'See plans' }));
    // the plan choice first: the plans slice's comparison, then the checkout of the chosen plan
    const choice = await screen.findByRole('dialog', { name: 'Choose a plan' });
    expect(within(choice).getByRole('button', { name: 'Free: your plan' })).toBeDisabled();
    await user.click(await within(choice).findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: /Subscribe/ });
    expect(within(dialog).getByText('Test mode')).toBeInTheDocument();
    expect(await within(dialog).findByText('22.99 USD')).toBeInTheDocument();
    expect(within(dialog).getByText('Total per month')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Coupon'), 'OLD10');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Coupon OLD10 expired on 2026-03-01.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Coupon'));
    await user.type(within(dialog).getByLabelText('Coupon'), 'WELCOME20');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('WELCOME20: 20 % off once')).toBeInTheDocument();
    expect(await within(dialog).findByText('18.39 USD')).toBeInTheDocument();
    // a one-time coupon: the total is the first month's, not every month's
    expect(within(dialog).getByText('Total for the first month, then without the coupon')).toBeInTheDocument();
    expect(server.callsTo('POST /customer/subscriptions/coupon').at(-1)?.body).toEqual({
      coupon: 'WELCOME20',
      item_price_id: 'pro:monthly',
      currency: 'USD',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Pay 18.39 USD' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/billing/test-mode/session/s1'));
    expect(server.callsTo('POST /subscriptions').at(-1)?.body).toMatchObject({
      subscription: 'pro',
      interval: 'monthly',
      currency: 'USD',
      coupon: 'WELCOME20',
      preview: false,
    });
    expect(server.callsTo('GET /customer/payment/session')[0]?.query.get('return_url')).toMatch(
      /\/settings\/plan_billing\?plans=open$/,
    );
  });

  it('a card that needs confirmation goes to its action URL', async () => {
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => {});
    billingServer([], {
      'POST /subscriptions': (call) =>
        (call.body as { preview: boolean }).preview
          ? { body: quoteFor({ subscription: 'pro' }) }
          : {
              status: 201,
              body: {
                subscription: { ...proSub, status: 'incomplete' },
                invoice: null,
                payment: { status: 'requires_action', actionUrl: '/billing/test-mode/authenticate/ch_1' },
              },
            },
    });
    const { user } = renderSettings('/settings/plan_billing?plans=open');
    const choice = await screen.findByRole('dialog', { name: 'Choose a plan' });
    await user.click(await within(choice).findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: /Subscribe/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Pay 22.99 USD' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/billing/test-mode/authenticate/ch_1'));
  });

  it('cancels after confirming (the date shown), then offers to reactivate', async () => {
    const { server, state } = billingServer([proSub], {
      'POST /subscriptions/11111111-1111-4111-8111-111111111111/cancel': () => {
        state.subscriptions = [{ ...proSub, cancelAtPeriodEnd: true, endsAt: proSub.currentPeriodEnd }];
        return { body: state.subscriptions[0] };
      },
    });
    const { user } = renderSettings('/settings/plan_billing');
    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Pro plan')).toBeInTheDocument();
    expect(within(current).getByText(/^Renews on /)).toBeInTheDocument();

    await user.click(within(current).getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(within(confirm).getByText(/stays until it ends on /)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(/^Your subscription ends on /)).toBeInTheDocument();
    expect(await within(current).findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(within(current).getByText(/^Ends on /)).toBeInTheDocument();
    expect(server.callsTo(`POST /subscriptions/${proSub.id}/cancel`)).toHaveLength(1);
  });

  it('changing plan shows the proration from the server before confirming', async () => {
    const { server } = billingServer([proSub], {
      [`POST /subscriptions/${proSub.id}/modify`]: (call) =>
        (call.body as { preview: boolean }).preview
          ? {
              body: {
                currency: 'USD',
                planId: 'premium',
                effective: 'now',
                effectiveAt: '2026-04-16T00:00:00.000Z',
                remainingSeconds: 1_296_000,
                periodSeconds: 2_592_000,
                oldPrice: '19.00',
                newPrice: '49.00',
                amountDue: '15.00',
                tax: '3.15',
                total: '18.15',
              },
            }
          : {
              body: {
                subscription: { ...proSub, planId: 'premium', planName: 'Premium', price: '49.00' },
                invoice: null,
                payment: { status: 'succeeded', actionUrl: null },
              },
            },
    });
    const { user } = renderSettings('/settings/plan_billing?tab=payment_plan');
    const table = await screen.findByRole('table', { name: 'Plans' });
    expect(within(table).getByText('Current plan')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Choose Premium' }));

    const dialog = await screen.findByRole('dialog', { name: /^Change plan/ });
    expect(within(dialog).getByText('Test mode')).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        /you pay 15\.00 USD \+ 3\.15 USD tax = 18\.15 USD today; then 49\.00 USD per month/,
      ),
    ).toBeInTheDocument();
    expect(server.callsTo(`POST /subscriptions/${proSub.id}/modify`).map((c) => c.body)).toEqual([
      { plan: 'premium', preview: true },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay 18.15 USD and change' }));
    expect(await screen.findByText('You are now on the Premium plan.')).toBeInTheDocument();
    expect(server.callsTo(`POST /subscriptions/${proSub.id}/modify`).at(-1)?.body).toEqual({
      plan: 'premium',
      preview: false,
    });
  });

  it('switches the interval of the current plan, monthly to yearly, with the credit shown before paying', async () => {
    const { server } = billingServer([proSub], {
      // the overview's other sections load too (a failing one would toast over the outcome)
      'GET /customer/invoices': { body: { invoices: [], total: 0, page: 1, limit: 10 } },
      'GET /customer/payment/methods': { body: { provider: { kind: 'test', label: 'Test mode' }, methods: [] } },
      [`POST /subscriptions/${proSub.id}/modify`]: (call) =>
        (call.body as { preview: boolean }).preview
          ? {
              body: {
                currency: 'USD',
                planId: 'pro',
                interval: 'yearly',
                effective: 'now',
                effectiveAt: '2026-04-11T00:00:00.000Z',
                periodEnd: '2027-04-11T00:00:00.000Z',
                remainingSeconds: 1_728_000,
                periodSeconds: 2_592_000,
                oldPrice: '19.00',
                newPrice: '190.00',
                credit: '12.67',
                amountDue: '177.33',
                tax: '37.24',
                total: '214.57',
              },
            }
          : {
              body: {
                subscription: { ...proSub, interval: 'yearly', price: '190.00' },
                invoice: null,
                payment: { status: 'succeeded', actionUrl: null },
              },
            },
    });
    const { user } = renderSettings('/settings/plan_billing');
    const current = await screen.findByRole('region', { name: 'Current plan' });
    await user.click(within(current).getByRole('button', { name: 'Change plan' }));
    const plansDialog = await screen.findByRole('dialog', { name: 'Choose a plan' });
    // the current plan at the current interval is not a choice; at the other interval it is
    expect(await within(plansDialog).findByRole('button', { name: 'Pro: your plan' })).toBeDisabled();
    await user.click(within(plansDialog).getByRole('button', { name: 'Yearly' }));
    await user.click(within(plansDialog).getByRole('button', { name: 'Switch Pro to yearly' }));

    const dialog = await screen.findByRole('dialog', { name: /^Change plan/ });
    expect(
      await within(dialog).findByText(
        /less 12\.67 USD unused of this period\. You pay 177\.33 USD \+ 37\.24 USD tax = 214\.57 USD today; then 190\.00 USD per year/,
      ),
    ).toBeInTheDocument();
    expect(server.callsTo(`POST /subscriptions/${proSub.id}/modify`).map((c) => c.body)).toEqual([
      { interval: 'yearly', preview: true },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay 214.57 USD and change' }));
    expect(await screen.findByText('You are now on the Pro plan, billed yearly.')).toBeInTheDocument();
    expect(server.callsTo(`POST /subscriptions/${proSub.id}/modify`).at(-1)?.body).toEqual({
      interval: 'yearly',
      preview: false,
    });
  });
});
