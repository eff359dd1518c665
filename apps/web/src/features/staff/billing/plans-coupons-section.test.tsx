import { screen, within } from '@testing-library/react';
import type { StaffCatalogue, StaffCoupon } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/staff-test-utils';

beforeEach(() => {
  // jsdom lays nothing out: give the tables' scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => vi.restoreAllMocks());

const catalogue: StaffCatalogue = {
  plans: [
    {
      id: 'pro',
      name: 'Pro',
      description: 'For active traders.',
      position: 1,
      trialDays: 14,
      recommended: true,
      active: true,
      entitlements: { watchlists: 10, trade_import: false },
      prices: [{ currency: 'USD', monthly: '19.00', yearly: '190.00' }],
    },
  ],
  addons: [],
};
const welcome: StaffCoupon = {
  id: '00000000-0000-4000-8000-0000000000c1',
  code: 'WELCOME20',
  description: '20 % off once',
  percentOff: 20,
  amountOff: null,
  currency: null,
  duration: 'once',
  durationMonths: null,
  planIds: [],
  maxRedemptions: null,
  expiresAt: null,
  active: true,
  uses: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const handlers = {
  'GET /staff/billing/catalogue': { body: catalogue },
  'GET /staff/billing/coupons': { body: { coupons: [welcome] } },
};

describe('Plans and coupons', { timeout: 20_000 }, () => {
  it('is not listed to staff who are not admins', async () => {
    renderConsole('/staff', 'staff');
    const nav = await screen.findByRole('combobox', { name: 'Staff section' });
    expect(within(nav).queryByRole('option', { name: 'Plans and coupons' })).not.toBeInTheDocument();
  });

  it('edits a plan and shows the server’s sentence when it refuses', async () => {
    const refused = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'trial_days must be at most 365.',
        details: { fields: [{ field: 'trial_days', message: 'trial_days must be at most 365.' }] },
      },
    };
    let replies = 0;
    const { server, user } = renderConsole('/staff/billing', 'admin', {
      ...handlers,
      'PUT /staff/billing/plans/pro': () => (replies++ === 0 ? refused : { body: catalogue.plans[0] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the plan Pro' });
    const trial = within(dialog).getByRole('spinbutton', { name: 'Trial days' });
    await user.clear(trial);
    await user.type(trial, '400');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Trade import' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'USD monthly' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'USD monthly' }), '24.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('trial_days must be at most 365.')).toBeInTheDocument();
    expect(server.callsTo('PUT /staff/billing/plans/pro')[0]?.body).toMatchObject({
      trial_days: 400,
      active: true,
      entitlements: { watchlists: 10, trade_import: true },
      prices: [{ currency: 'USD', monthly: '24.00', yearly: '190.00' }],
    });
    await user.clear(trial);
    await user.type(trial, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds a coupon and deactivates one after confirming', async () => {
    const { server, user } = renderConsole('/staff/billing', 'admin', {
      ...handlers,
      'POST /staff/billing/coupons': { status: 201, body: { ...welcome, code: 'SPRING' } },
      'POST /staff/billing/coupons/WELCOME20/deactivate': { body: { ...welcome, active: false } },
    });
    expect(await screen.findByText('WELCOME20')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a coupon' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'SPRING');
    await user.type(within(dialog).getByRole('textbox', { name: 'Percent off' }), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Add coupon' }));
    await vi.waitFor(() => expect(server.callsTo('POST /staff/billing/coupons')).toHaveLength(1));
    expect(server.callsTo('POST /staff/billing/coupons')[0]?.body).toEqual({
      code: 'SPRING',
      percent_off: 15,
      duration: 'once',
    });

    await user.click(await screen.findByRole('button', { name: 'Deactivate WELCOME20' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate coupon WELCOME20?' });
    expect(server.callsTo('POST /staff/billing/coupons/WELCOME20/deactivate')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await vi.waitFor(() => expect(server.callsTo('POST /staff/billing/coupons/WELCOME20/deactivate')).toHaveLength(1));
  });
});
