import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, InvoicePage } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { mockFetch } from '../../../test/fetch-mock';
import { INVOICES_PAGE_SIZE, InvoicesSection } from './invoices-section';

beforeEach(() => {
  // jsdom lays nothing out: give the table's scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const STORE = 'GET /user-data/v1/store/workspace/table.billing.invoices';
const nothingSaved = { status: 404, body: { statusCode: 404, code: 'USER_DATA_NOT_FOUND', message: 'Nothing saved.' } };

function invoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `TD-2026-${String(n).padStart(6, '0')}`,
    status: 'paid',
    currency: 'EUR',
    lines: [{ description: 'Pro plan, monthly', quantity: 1, unitAmount: '19.00', amount: '19.00' }],
    subtotal: '19.00',
    discount: '0.00',
    couponCode: null,
    tax: '3.99',
    taxRatePercent: '21',
    reverseCharge: false,
    total: '22.99',
    refunded: '0.00',
    testMode: false,
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    issuedAt: '2026-03-01T08:00:00.000Z',
    paidAt: '2026-03-01T08:01:00.000Z',
    ...overrides,
  };
}

const page = (invoices: Invoice[], total = invoices.length, p = 1): InvoicePage => ({
  invoices,
  total,
  page: p,
  limit: INVOICES_PAGE_SIZE,
});

describe('InvoicesSection', { timeout: 20_000 }, () => {
  it('lists the invoices with status, VAT, total and a PDF link; test-mode ones are labelled', async () => {
    mockFetch({
      [STORE]: nothingSaved,
      'GET /customer/invoices': {
        body: page([
          invoice(2, { status: 'open', paidAt: null, testMode: true }),
          invoice(1, { reverseCharge: true, tax: '0.00', taxRatePercent: '0', total: '19.00' }),
          invoice(3, { refunded: '5.00' }),
        ]),
      },
    });
    renderWithStore(<InvoicesSection />);
    const grid = await screen.findByRole('grid', { name: 'Invoices' });
    const first = (await within(grid).findByText('TD-2026-000002')).closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('Test mode')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toBeInTheDocument();
    expect(within(first).getByText('€3.99 (21%)')).toBeInTheDocument();
    expect(within(first).getByText('€22.99')).toBeInTheDocument();
    const second = within(grid).getByText('TD-2026-000001').closest('[role="row"]') as HTMLElement;
    expect(within(second).getByText('Reverse charge')).toBeInTheDocument();
    expect(within(second).getByText('Paid')).toBeInTheDocument();
    expect(within(second).queryByText('Test mode')).toBeNull();
    const third = within(grid).getByText('TD-2026-000003').closest('[role="row"]') as HTMLElement;
    expect(within(third).getByText('Partly refunded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download invoice TD-2026-000001 (PDF)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/customer\/invoices\/00000000-0000-4000-8000-000000000001\/download$/),
    );
    expect(screen.getByText(/issued by the built-in test payment provider/)).toBeInTheDocument();
  });

  it('says when there are none, and pages through many', async () => {
    const server = mockFetch({
      [STORE]: nothingSaved,
      'GET /customer/invoices': (req) =>
        req.query.get('page') === '2'
          ? { body: page([invoice(1)], INVOICES_PAGE_SIZE + 1, 2) }
          : { body: page([invoice(51)], INVOICES_PAGE_SIZE + 1) },
    });
    renderWithStore(<InvoicesSection />);
    await screen.findByText('TD-2026-000051');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('TD-2026-000001');
    expect(server.callsTo('GET', '/customer/invoices').map((c) => c.query.get('page'))).toEqual(['1', '2']);

    vi.unstubAllGlobals();
    mockFetch({ [STORE]: nothingSaved, 'GET /customer/invoices': { body: page([]) } });
    renderWithStore(<InvoicesSection />);
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
  });
});
