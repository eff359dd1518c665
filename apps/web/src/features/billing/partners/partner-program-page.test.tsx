import { screen, waitFor, within } from '@testing-library/react';
import { AFFILIATE_QUESTIONS, type AffiliateApplicationState, type AffiliateDetails } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, mockServer, renderSettings, validationFailed } from '../../settings/test/settings-test-utils';

afterEach(() => vi.unstubAllGlobals());

const questions = { body: { questions: AFFILIATE_QUESTIONS.map((q) => ({ ...q })) } };
const notAffiliate = errorReply(404, 'PARTNER_NOT_AFFILIATE', 'You are not an affiliate');
const pending: AffiliateApplicationState = {
  application: {
    id: '3b7e3c1e-0000-4000-8000-000000000001',
    status: 'pending',
    createdAt: '2026-05-04T09:00:00.000Z',
    decidedAt: null,
  },
};

const details: AffiliateDetails = {
  status: 'approved',
  code: 'K7QX2MPA',
  link: 'https://tradedesk.example/r/K7QX2MPA',
  commission_percent: '20.00',
  commission_months: 12,
  attribution_days: 30,
  hold_days: 30,
  clicks: 41,
  sign_ups: 7,
  paying_customers: 3,
  earnings: [
    { currency: 'EUR', pending: '4.00', payable: '16.00', paid: '20.00' },
    { currency: 'USD', pending: '24.69', payable: '0.00', paid: '0.00' },
  ],
  payouts: [
    {
      id: '3b7e3c1e-0000-4000-8000-000000000009',
      currency: 'EUR',
      amount: '20.00',
      reference: 'SEPA-001',
      paid_at: '2026-06-03T09:00:00.000Z',
    },
  ],
  approved_at: '2026-05-04T10:00:00.000Z',
};

describe('partner program', { timeout: 20_000 }, () => {
  it('shows the application form to a non-partner without an error toast, sends it, then shows the review', async () => {
    let application: AffiliateApplicationState = { application: null };
    const server = mockServer({
      'GET /affiliates/details': notAffiliate,
      'GET /affiliates/questions': questions,
      'GET /affiliates/request': () => ({ body: application }),
      'POST /affiliates/request': () => {
        application = pending;
        return { status: 201, body: pending.application };
      },
    });
    const { user } = renderSettings('/settings/partner_program');
    const form = await screen.findByRole('form', { name: 'Apply to the partner program' });
    expect(screen.queryByText('You are not an affiliate')).not.toBeInTheDocument();

    // the contracts schema checks before anything is sent
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText('How you will promote TradeDesk is required.')).toBeInTheDocument();
    expect(server.callsTo('POST /affiliates/request')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/How will you promote TradeDesk\?/), 'A weekly newsletter');
    await user.type(within(form).getByLabelText(/Who is your audience/), '5,000 readers');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(/Your application is under review \(sent 4 May 2026\)/)).toBeInTheDocument();
    expect(server.callsTo('POST /affiliates/request').map((c) => c.body)).toEqual([
      { answers: { promotion: 'A weekly newsletter', audience: '5,000 readers', website: '' } },
    ]);
    expect(screen.queryByText('You are not an affiliate')).not.toBeInTheDocument();
  });

  it('puts the server’s field error on its question', async () => {
    mockServer({
      'GET /affiliates/details': notAffiliate,
      'GET /affiliates/questions': questions,
      'GET /affiliates/request': { body: { application: null } },
      'POST /affiliates/request': validationFailed(
        'answers.audience',
        'Your audience must not contain control characters such as line breaks, tabs or NUL.',
      ),
    });
    const { user } = renderSettings('/settings/partner_program');
    const form = await screen.findByRole('form', { name: 'Apply to the partner program' });
    await user.type(within(form).getByLabelText(/How will you promote TradeDesk\?/), 'Posts');
    await user.type(within(form).getByLabelText(/Who is your audience/), 'Traders');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/Who is your audience/)).toHaveAccessibleDescription(
        'Your audience must not contain control characters such as line breaks, tabs or NUL.',
      ),
    );
  });

  it('shows a partner the overview, the link and code with copy, and the payout history', async () => {
    mockServer({ 'GET /affiliates/details': { body: details } });
    const { user } = renderSettings('/settings/partner_program');

    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    for (const [label, value] of [
      ['Clicks', '41'],
      ['Sign-ups', '7'],
      ['Paying customers', '3'],
    ]) {
      expect(screen.getByText(label as string).nextSibling).toHaveTextContent(value as string);
    }
    const earnings = screen.getByRole('table', { name: 'Earnings' });
    expect(
      within(earnings)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['CurrencyPendingPayablePaid out', 'EUR€4.00€16.00€20.00', 'USD$24.69$0.00$0.00']);

    await user.click(screen.getByRole('tab', { name: 'Referral link' }));
    expect(screen.getByRole('textbox', { name: 'Referral link' })).toHaveValue(details.link);
    expect(screen.getByRole('textbox', { name: 'Referral code' })).toHaveValue('K7QX2MPA');
    await user.click(screen.getByRole('button', { name: 'Copy referral code' }));
    // user-event stands in for the clipboard
    expect(await navigator.clipboard.readText()).toBe('K7QX2MPA');
    expect(await screen.findByRole('button', { name: 'Copy referral code' })).toHaveTextContent('Copied');

    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    const payouts = screen.getByRole('table', { name: 'Payout history' });
    expect(
      within(payouts)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DateReferenceAmount', '2026-06-03SEPA-001€20.00']);
  });
});
