import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestModeCharge, TestModeSession } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';

const FIRST = { timeout: 15_000 };
const SESSION = '11111111-2222-4333-8444-555555555555';
const REF = 'tch_0123456789abcdef01234567';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const session = (patch: Partial<TestModeSession> = {}): TestModeSession => ({
  id: SESSION,
  label: 'Test mode',
  status: 'open',
  returnUrl: 'http://localhost:8080/watchlists?from=billing',
  expiresAt: '2999-01-01T00:00:00.000Z',
  ...patch,
});

const charge = (patch: Partial<TestModeCharge> = {}): TestModeCharge => ({
  ref: REF,
  label: 'Test mode',
  amount: '49.00',
  currency: 'USD',
  description: 'Premium, monthly',
  status: 'requires_action',
  card: { brand: 'visa', last4: '3155' },
  ...patch,
});

const method = { id: 'tpm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };

describe('test-mode session page', { timeout: 30_000 }, () => {
  it('is labelled test mode, lists the test cards and adds the chosen one, then returns', async () => {
    const net = mockFetch({
      [`GET /billing/test-mode/sessions/${SESSION}`]: { body: session() },
      [`POST /billing/test-mode/sessions/${SESSION}/card`]: {
        status: 201,
        body: { method, returnUrl: session().returnUrl },
      },
    });
    const { history } = renderApp(`/billing/test-mode/session/${SESSION}`, signedInState());
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a test card' }, FIRST)).toBeVisible();
    expect(screen.getAllByText('Test mode').length).toBeGreaterThan(0);
    const cards = screen.getByRole('list', { name: 'Test cards' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('4242 4242 4242 4242 Payments succeed.'),
      expect.stringContaining('4000 0000 0000 0002 Payments are declined.'),
      expect.stringContaining('4000 0025 0000 3155 Payments ask you to authenticate first'),
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.click(screen.getByLabelText('Expiry month'));
    await user.paste('12');
    await user.click(screen.getByLabelText('Expiry year'));
    await user.paste('2030');
    await user.click(screen.getByLabelText('CVC'));
    await user.paste('123');
    await user.click(screen.getByRole('button', { name: 'Add test card' }));
    await waitFor(() =>
      expect(`${history.location.pathname}${history.location.search}`).toBe('/watchlists?from=billing'),
    );
    expect(net.callsTo('POST', `/billing/test-mode/sessions/${SESSION}/card`).map((c) => c.body)).toEqual([
      { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' },
    ]);
  });

  it('checks the fields before sending and puts the server’s field error on its field', async () => {
    const net = mockFetch({
      [`GET /billing/test-mode/sessions/${SESSION}`]: { body: session() },
      [`POST /billing/test-mode/sessions/${SESSION}/card`]: errorBody(
        400,
        'PAYMENT_CARD_INVALID',
        'Card number must be one of the test cards listed on this page: test mode takes no real cards.',
        {
          fields: [
            {
              field: 'number',
              message: 'Card number must be one of the test cards listed on this page: test mode takes no real cards.',
            },
          ],
        },
      ),
    });
    renderApp(`/billing/test-mode/session/${SESSION}`, signedInState());
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Card number', {}, FIRST));
    await user.paste('5555 5555 5555 4444');
    await user.click(screen.getByLabelText('Expiry month'));
    await user.paste('13');
    await user.click(screen.getByLabelText('Expiry year'));
    await user.paste('2030');
    await user.click(screen.getByLabelText('CVC'));
    await user.paste('12');
    await user.click(screen.getByRole('button', { name: 'Add test card' }));
    expect(screen.getByLabelText('Expiry month')).toHaveAccessibleDescription('Expiry month must be from 1 to 12.');
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription('CVC must be 3 or 4 digits.');
    expect(net.callsTo('POST', `/billing/test-mode/sessions/${SESSION}/card`)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Expiry month'));
    await user.click(screen.getByLabelText('Expiry month'));
    await user.paste('1');
    await user.click(screen.getByLabelText('CVC'));
    await user.paste('3');
    await user.click(screen.getByRole('button', { name: 'Add test card' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
        /^Card number must be one of the test cards/,
      ),
    );
    expect(net.callsTo('POST', `/billing/test-mode/sessions/${SESSION}/card`)).toHaveLength(1);
  });

  it('says why a session cannot be opened (another user’s: the server’s 404)', async () => {
    mockFetch({
      [`GET /billing/test-mode/sessions/${SESSION}`]: errorBody(
        404,
        'PAYMENT_SESSION_NOT_FOUND',
        'No payment session of yours has this id.',
      ),
    });
    renderApp(`/billing/test-mode/session/${SESSION}`, signedInState());
    expect(
      await screen.findByText(
        'No payment session of yours has this id. Start again from your payment methods.',
        {},
        FIRST,
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('says when the session was used or expired, and offers no form', async () => {
    mockFetch({ [`GET /billing/test-mode/sessions/${SESSION}`]: { body: session({ status: 'expired' }) } });
    renderApp(`/billing/test-mode/session/${SESSION}`, signedInState());
    expect(
      await screen.findByText('This session has expired. Start again from your payment methods.', {}, FIRST),
    ).toBeVisible();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});

describe('test-mode authentication page', { timeout: 30_000 }, () => {
  it('shows the payment, labelled test mode, and approves it', async () => {
    const net = mockFetch({
      [`GET /billing/test-mode/authenticate/${REF}`]: { body: charge() },
      [`POST /billing/test-mode/authenticate/${REF}`]: { body: charge({ status: 'succeeded' }) },
    });
    renderApp(`/billing/test-mode/authenticate/${REF}`, signedInState());
    expect(await screen.findByRole('heading', { level: 1, name: 'Authenticate this payment' }, FIRST)).toBeVisible();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('Test mode: no bank is involved')).toBeInTheDocument();
    expect(await screen.findByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 3155')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve authentication' }));
    expect(await screen.findByText('The payment succeeded.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve authentication' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to plan and billing' })).toHaveAttribute(
      'href',
      '/settings/plan_billing',
    );
    expect(net.callsTo('POST', `/billing/test-mode/authenticate/${REF}`).map((c) => c.body)).toEqual([
      { outcome: 'approve' },
    ]);
  });

  it('fails it, and shows the server’s refusal', async () => {
    const net = mockFetch({
      [`GET /billing/test-mode/authenticate/${REF}`]: { body: charge() },
      [`POST /billing/test-mode/authenticate/${REF}`]: errorBody(
        409,
        'PAYMENT_CHARGE_NOT_AWAITING_AUTHENTICATION',
        'This payment is no longer waiting for authentication: it has succeeded.',
      ),
    });
    renderApp(`/billing/test-mode/authenticate/${REF}`, signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Fail authentication' }, FIRST));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment is no longer waiting for authentication: it has succeeded.',
    );
    expect(net.callsTo('POST', `/billing/test-mode/authenticate/${REF}`).map((c) => c.body)).toEqual([
      { outcome: 'fail' },
    ]);
  });
});
