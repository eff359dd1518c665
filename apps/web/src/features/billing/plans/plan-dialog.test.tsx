import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanGateDialog, SEE_PLANS_URL } from '../../../shared/dialogs/plan-gate-dialog';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { mockFetch } from '../../../test/fetch-mock';
import { PlanDialog } from './plan-dialog';

afterEach(() => vi.unstubAllGlobals());

const plan = (id: string, name: string, usd: [string, string], extra: Partial<Plan> = {}): Plan => ({
  id,
  name,
  description: `${name} plan`,
  position: 0,
  prices: [
    { currency: 'USD', monthly: usd[0], yearly: usd[1] },
    { currency: 'EUR', monthly: usd[0], yearly: usd[1] },
  ],
  trialDays: 0,
  entitlements: { watchlists: 5, alerts_price: 10, backtests_per_day: 10, ai_agents: false },
  recommended: false,
  ...extra,
});
const PLANS = [
  plan('free', 'Free', ['0.00', '0.00']),
  plan('pro', 'Pro', ['19.00', '190.00'], {
    recommended: true,
    trialDays: 7,
    entitlements: { watchlists: -1, alerts_price: 100, backtests_per_day: 100, ai_agents: true },
  }),
];

describe('PlanDialog', { timeout: 20_000 }, () => {
  it('compares the plans and hands the choice with interval and currency to the caller', async () => {
    const net = mockFetch({ 'GET /plans': { body: { plans: PLANS } } });
    const onChoose = vi.fn();
    renderWithStore(<PlanDialog open onClose={() => {}} onChoose={onChoose} currentPlanId="free" />);
    const table = await screen.findByRole('table', { name: 'Plan comparison' });
    const row = (name: string) => within(within(table).getByRole('rowheader', { name }).closest('tr')!);
    expect(
      row('Watchlists')
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', 'Unlimited']);
    expect(
      row('Backtests per day')
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10 per day', '100 per day']);
    expect(
      row('AI agents')
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Not included', 'Included']);
    expect(within(table).getByText('$19.00 / month')).toBeInTheDocument();
    expect(within(table).getByText('7-day free trial')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Free: your plan' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(table).getByText('$190.00 / year')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Currency'));
    await user.click(await screen.findByRole('option', { name: 'EUR' }));
    expect(within(table).getByText('€190.00 / year')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Choose Pro' }));
    expect(onChoose).toHaveBeenCalledWith('pro', 'yearly', 'EUR');

    await user.click(screen.getByLabelText('Currency'));
    await user.click(await screen.findByRole('option', { name: 'GBP' }));
    expect(within(table).getAllByText('Not sold in GBP')).toHaveLength(2);
    expect(within(table).getByRole('button', { name: 'Choose Pro' })).toBeDisabled();
    expect(net.calls.filter((c) => c.path === '/plans')).toHaveLength(1);
  });
});

describe('the plan gate dialog', () => {
  it('"See plans" closes it and opens the plan and billing settings with the plans', async () => {
    const onClose = vi.fn();
    const onSeePlans = vi.fn();
    renderWithStore(
      <PlanGateDialog
        kind="featureLimit"
        message="Feature limit reached: ..."
        onClose={onClose}
        onSeePlans={onSeePlans}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'See plans' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSeePlans).toHaveBeenCalled();
  });

  it('goes to the plans page by default', async () => {
    const seen: string[] = [];
    const listener = () => seen.push(`${window.location.pathname}${window.location.search}`);
    window.addEventListener('popstate', listener);
    renderWithStore(<PlanGateDialog kind="accessFeature" message="" onClose={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'See plans' }));
    window.removeEventListener('popstate', listener);
    expect(seen).toEqual([SEE_PLANS_URL]);
  });
});
